import CHarfBuzz
import CaliperTestSupport
import Testing

@testable import Caliper

/// What the pair path keeps, fills and stores besides its pairs, against HarfBuzz: the
/// windows around ligature starters a table keeps (`PairWindows`), a range with a few pairs
/// missing, filled pair by pair (`Shaper.fewPairs`) rather than shaped whole, and pieces
/// stored straight from the table (`Shaper.storePairs`).
@Suite struct PairWindowsTests {
  static let file = "NotoSans-Regular.ttf"
  static let script = HB_SCRIPT_LATIN
  static let run = TextRun(range: 0..<Int.max, face: 0, script: script.rawValue, level: 0)

  /// HarfBuzz's values for `string` shaped alone, folded per scalar.
  static func expected(_ string: [Unicode.Scalar], _ font: Font) -> [Int64] {
    PairShapingTests.packed(
      PairShapingTests.shape(string.map(\.value), font, script), count: string.count)
  }

  /// The HarfBuzz calls `body` makes (`ShapingLog`, debug builds: a pair filled alone is
  /// not one of them, a window or a whole range is).
  static func calls(_ body: () -> Void) -> Int {
    let log = ShapingLog()
    ShapingLog.$current.withValue(log) { body() }
    return log.calls.count
  }

  /// Strings around Noto Sans's `f` (its ligature starter: fi, fl, ff…), each whole a
  /// window: x f y for every x and y of a hex-like alphabet with `i` and `l`. Asked once,
  /// HarfBuzz shapes each window and the table keeps it; asked again, the pair path makes
  /// no HarfBuzz call and still gives HarfBuzz's values, though the strings differ from
  /// one another in one scalar at either end of their window.
  @Test func keptWindowsAreHarfBuzz() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + Self.file)
    let shaper = PairShapingTests.warmShaper(font, Self.script)
    let alphabet = Array("0a9il".unicodeScalars)
    let strings: [[Unicode.Scalar]] = alphabet.flatMap { x in alphabet.map { y in [x, "f", y] } }
    #expect(strings.count < PairWindows.capacity)
    var windowCalls: [Int] = []
    for _ in 0..<2 {
      windowCalls.append(
        Self.calls {
          for string in strings {
            let packed = shaper.pairPiece(string, range: 0..<3, run: Self.run, font: font)
            #expect(
              packed == Self.expected(string, font), "\(String(String.UnicodeScalarView(string)))")
          }
        })
    }
    let table = try #require(
      shaper.pairAttempt(strings[0], range: 0..<3, run: Self.run, font: font, fill: true)?.table)
    // Every string a window of its own (f starts a ligature before i and l only, but a
    // window is cut from before each starter the next scalar may continue).
    #expect(table.windows.count > 0)
    #expect(windowCalls[0] == table.windows.count && windowCalls[1] == 0, "\(windowCalls)")
  }

  /// A range with a pair or two the table has not seen, after the rest of its pairs were
  /// learnt: filled pair by pair (no HarfBuzz call over the range), HarfBuzz's values; a
  /// range of many new pairs is shaped whole and learnt from, as before.
  @Test func fewMissingPairsAreFilledOneByOne() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + Self.file)
    let shaper = PairShapingTests.warmShaper(font, Self.script)
    // No f, i or j: Noto Sans starts ligatures and contextual rules at those.
    let learnt = Array("abcdeghkmnopqrstuvwxyz".unicodeScalars)
    let oneNew = Array("abcdeghkmnoPqrstuvwxyz".unicodeScalars)  // (o, P) and (P, q)
    let manyNew = Array(learnt.reversed())
    for (string, wholeCalls) in [(learnt, 1), (oneNew, 0), (manyNew, 1), (manyNew, 0)] {
      let range = 0..<string.count
      var packed: [Int64] = []
      let calls = Self.calls {
        packed = shaper.shapePiece(string, range: range, context: range, run: Self.run, font: font)
      }
      #expect(packed == Self.expected(string, font))
      #expect(calls == wholeCalls, "\(String(String.UnicodeScalarView(string))): \(calls)")
    }
  }

  /// Random strings of printable ASCII (one word up to 200 scalars, or words between
  /// spaces), prepared twice in a library with the pair path (the first time learning the
  /// pairs, so pieces start on the direct store and leave it at a missing pair; the second
  /// time stored straight from the table) and in one without: the same prefix sums, cluster
  /// starts and unsafe-to-break flags. Each of their scalars starts a grapheme (UAX #29's
  /// GB999), which `storePairs` takes for granted in place of the shaping loop's scan.
  @Test func storedPairsAreTheShapingLoops() throws {
    let limits = CacheLimits(preparedBytes: 0)
    let pairs = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    let harfBuzz = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    harfBuzz.shapes.setPairs(false)
    let style = TextStyle(size: 16, fonts: [.file(TestFonts.directory + "/" + Self.file)])
    let strings = RandomScalars.strings(
      rounds: 300, longest: 200, taken: (0x21...0x7E).map(UInt32.init), refused: [0x20],
      seed: 0x5707_e0a1
    ).map { String(String.UnicodeScalarView($0)) }
    for _ in 0..<2 {
      for string in strings {
        let (left, right) = (
          try pairs.prepare(string, style: style), try harfBuzz.prepare(string, style: style)
        )
        #expect(PairShapingTests.sameShaping(left, right), "\(string)")
        #expect(left.analysis.graphemeStart.allSatisfy { $0 }, "\(string)")
      }
    }
  }
}
