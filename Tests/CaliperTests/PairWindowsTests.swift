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

  /// The HarfBuzz calls `body` makes (`ShapingLog`: a pair filled alone is not one of
  /// them, a window or a whole range is); nil in an optimized build (the sanitizers'), which
  /// has no log, so that only debug builds check the counts (`logged`).
  static func calls(_ body: () -> Void) -> Int? {
    #if DEBUG
      let log = ShapingLog()
      ShapingLog.$current.withValue(log) { body() }
      return log.calls.count
    #else
      body()
      return nil
    #endif
  }

  /// `count` where `calls` counts (debug builds), else nil.
  static func logged(_ count: Int) -> Int? {
    #if DEBUG
      return count
    #else
      return nil
    #endif
  }

  /// Strings around Noto Sans's `f` (its ligature starter: ff, fi, fl…): x f y and x f y z
  /// for x, y and z of an alphabet with `f`, `i` and `l`, a window each where y continues a
  /// ligature of `f`. Asked once, HarfBuzz shapes each window and the table keeps it, one
  /// entry a distinct window (strings that differ in one scalar at either end of their
  /// window are apart); asked again, the pair path makes no HarfBuzz call and still gives
  /// HarfBuzz's values.
  @Test func keptWindowsAreHarfBuzz() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + Self.file)
    let shaper = PairShapingTests.warmShaper(font, Self.script)
    let alphabet = Array("0aV9fil".unicodeScalars)
    let threes: [[Unicode.Scalar]] = alphabet.flatMap { x in alphabet.map { y in [x, "f", y] } }
    let strings = threes + threes.map { $0 + ["T"] }
    let simple = LigatureStarterTests.simple(font, Self.script)
    // The distinct windows these strings have (`Shaper.addWindow`'s, as the pair path
    // finds them).
    var windows = Set<[Unicode.Scalar]>()
    for string in strings {
      var found: [Range<Int>] = []
      string.withUnsafeBufferPointer { buffer in
        for index in string.indices where simple.startsLigatures(string[index].value) {
          Shaper.addWindow(at: index, string.indices, buffer, simple, to: &found)
        }
      }
      for window in found { windows.insert(Array(string[window])) }
    }
    #expect(windows.count > 10 && windows.count < PairWindows.capacity, "\(windows.count)")
    var windowCalls: [Int?] = []
    for _ in 0..<2 {
      windowCalls.append(
        Self.calls {
          for string in strings {
            let range = 0..<string.count
            let packed = shaper.pairPiece(string, range: range, run: Self.run, font: font)
            #expect(
              packed == Self.expected(string, font), "\(String(String.UnicodeScalarView(string)))")
          }
        })
    }
    let table = try #require(
      shaper.pairAttempt(strings[0], range: 0..<3, run: Self.run, font: font, fill: true)?.table)
    #expect(table.windows.count == windows.count, "\(table.windows.count)")
    #expect(windowCalls == [Self.logged(windows.count), Self.logged(0)], "\(windowCalls)")
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
      #expect(
        calls == Self.logged(wholeCalls),
        "\(String(String.UnicodeScalarView(string))): \(String(describing: calls))")
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

  /// `storePairs` where the range has a pair the table lacks, after kerned pairs it has
  /// (Noto Sans kerns "AV" and "VA", so HarfBuzz marks the second of each unsafe to break):
  /// false, and no flag set (the general path that shapes the range next sets only the flags
  /// that are set), whether the fast pass or the general one gave up; where the table has
  /// them all, HarfBuzz's values.
  @Test func storePairsLeavesNoFlagWhereItFails() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + Self.file)
    let shaper = PairShapingTests.warmShaper(font, Self.script)
    let learnt = Array("AVAVAVAV".unicodeScalars)
    _ = shaper.shapePiece(learnt, range: 0..<8, context: 0..<8, run: Self.run, font: font)
    var stored = ShapedText(count: 8, size: 16)
    #expect(shaper.storePairs(learnt, range: 0..<8, run: Self.run, font: font, into: &stored))
    let expected = Self.expected(learnt, font)
    #expect((0..<8).map { stored.unsafeBefore[$0] } == expected.map(ShapedPiece.unsafeBefore))
    #expect(expected.contains(where: ShapedPiece.unsafeBefore))
    // "AVAVAVAé": a scalar not for the pair path ends the fast pass, and `pairPlan` refuses
    // the range, so only the fast pass's own clearing leaves no flag.
    let strings = ["AVAVAVAVq", "AVAVAVAqV", "AVAVfAVAV", "AVAVAVAé"]
    for string in strings.map({ Array($0.unicodeScalars) }) {
      var output = ShapedText(count: string.count, size: 16)
      let range = 0..<string.count
      #expect(!shaper.storePairs(string, range: range, run: Self.run, font: font, into: &output))
      #expect(
        range.allSatisfy { !output.unsafeBefore[$0] }, "\(String(String.UnicodeScalarView(string)))"
      )
    }
  }

  /// A starter before a scalar that continues its ligature ("ff": the second `f` is a
  /// starter too, so the range's kinds alone do not send it to the general path, as they do
  /// "fi", whose `i` is not simple beside a starter) goes through its window, never through
  /// a pair entry, on the direct store's one pass as on the general one: with every other
  /// entry of "xaffyT" filled and a wrong one written for (f, f), which the table never
  /// holds (`Shaper.learn` skips it; HarfBuzz's answer for it refuses the table),
  /// `storePairs` gives HarfBuzz's values.
  @Test func startersWithTheirLigatureGoThroughWindows() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + Self.file)
    let shaper = PairShapingTests.warmShaper(font, Self.script)
    let string = Array("xaffyT".unicodeScalars)
    let range = 0..<string.count
    let expected = Self.expected(string, font)
    // Its pairs outside the window (x a, a f, f y, y T, T alone) from a string with none.
    let around = Array("xafyT".unicodeScalars)
    #expect(
      shaper.pairPiece(around, range: 0..<5, run: Self.run, font: font)
        == Self.expected(around, font))
    #expect(shaper.pairPiece(string, range: range, run: Self.run, font: font) == expected)
    let attempt = shaper.pairAttempt(string, range: range, run: Self.run, font: font, fill: false)
    let table = try #require(attempt)
    #expect(table.packed == expected && table.windows == [1..<min(6, 3 + table.table.simple.reach)])
    table.table.fill(
      PairTable.index(0x66, 0x66), with: try #require(PairTable.Entry(advance: 1, unsafe: true)))
    var stored = ShapedText(count: string.count, size: 16)
    #expect(shaper.storePairs(string, range: range, run: Self.run, font: font, into: &stored))
    var general = ShapedText(count: string.count, size: 16)
    general.store(expected[...], at: 0, font: font, scalars: string)
    #expect(stored.advances == general.advances)
    #expect(range.allSatisfy { stored.unsafeBefore[$0] == general.unsafeBefore[$0] })
    #expect(range.allSatisfy { stored.clusterStart[$0] == general.clusterStart[$0] })
  }

  /// `storePairs` counts no ask toward its plan's table analysis (`PairTableMemo`): a
  /// piece it cannot store goes on to the shaping loop, which asks once for it. Past
  /// `asksBeforeAnalysis` stores and no other ask the table is still not made; as many
  /// asks make it.
  @Test func storePairsCountsNoAsk() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + Self.file)
    let shaper = Shaper(style: TextStyle(size: 16), pairs: true)
    let string = Array("abcdeg".unicodeScalars)
    for _ in 0...PairTableMemo.asksBeforeAnalysis {
      var output = ShapedText(count: string.count, size: 16)
      #expect(!shaper.storePairs(string, range: 0..<6, run: Self.run, font: font, into: &output))
    }
    #expect(shaper.pairTable(run: Self.run, font: font, asking: false) == nil)
    for _ in 0..<PairTableMemo.asksBeforeAnalysis {
      _ = shaper.pairTable(run: Self.run, font: font)
    }
    #expect(shaper.pairTable(run: Self.run, font: font, asking: false) != nil)
  }
}
