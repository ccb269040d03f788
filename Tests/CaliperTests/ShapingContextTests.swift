import CHarfBuzz
import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// Pieces shaped alone where HarfBuzz's context cannot change them (`ShapingContext`): a
/// run of one scalar and a word at a run's edge whose neighbours join nothing, or whose
/// script's shaper reads no context. Checked against HarfBuzz asked with and without
/// context, and against the in-context path (the same texts prepared with no shape cache,
/// which shapes every run whole with the paragraph as context).
@Suite struct ShapingContextTests {
  static let beh: Unicode.Scalar = "\u{0628}"

  /// Beh (dual-joining) shaped alone and with `before` and `after` around it, in Noto Sans
  /// Arabic with the Arabic shaper: the packed advances and flags.
  static func beh(before: [Unicode.Scalar], after: [Unicode.Scalar], font: Font)
    -> (alone: [Int64], inContext: [Int64])
  {
    let scalars = before + [beh] + after
    let range = before.count..<before.count + 1
    let run = TextRun(
      range: 0..<scalars.count, face: 0, script: HB_SCRIPT_ARABIC.rawValue, level: 1)
    let shaper = Shaper(style: TextStyle(size: 16))
    let boundaries = [Bool](repeating: true, count: scalars.count + 1)
    let alone = shaper.shape(
      scalars, boundaries: boundaries, range: range, context: false, run: run, font: font)
    let inContext = shaper.shape(
      scalars, boundaries: boundaries, range: range, context: true, run: run, font: font)
    return (alone, inContext)
  }

  /// Every scalar `joinsNothing` takes, as the nearest context of a beh with a beh beyond
  /// it on the same side, leaves the beh as HarfBuzz shapes it alone (a joining scalar
  /// would make it initial or final, a transparent one would let the beh beyond reach it).
  /// The set-up sees joining: a tatweel, a ZWJ, an Arabic letter and a mark before a beh
  /// each change it.
  @Test func joinsNothingAgreesWithHarfBuzz() throws {
    let font = try Font(path: TestFonts.directory + "/NotoSansArabic-Regular.ttf")
    for joining: UInt32 in [0x0640, 0x200D, 0x0628, 0x0627] {
      let scalar = Unicode.Scalar(joining)!
      #expect(!Shaper.joinsNothing(joining))
      let (alone, after) = Self.beh(before: [], after: [scalar, Self.beh], font: font)
      #expect(alone != after, "\(String(joining, radix: 16))")
    }
    let mark = Self.beh(before: [], after: ["\u{0300}", Self.beh], font: font)
    #expect(mark.alone != mark.inContext)
    #expect(!Shaper.joinsNothing(0x0300))
    let values =
      Array(0x20..<0x3100) + Array(stride(from: 0x3100, to: 0x10000, by: 5))
    var taken = 0
    for value in values where Shaper.joinsNothing(UInt32(value)) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      taken += 1
      let after = Self.beh(before: [], after: [scalar, Self.beh], font: font)
      #expect(after.alone == after.inContext, "U+\(String(value, radix: 16)) after")
      let before = Self.beh(before: [Self.beh, scalar], after: [], font: font)
      #expect(before.alone == before.inContext, "U+\(String(value, radix: 16)) before")
    }
    #expect(taken > 10_000)
  }

  /// The corpora's paragraphs with Arabic, Devanagari or CJK text, and random strings of
  /// Arabic, Syriac, Mongolian and N'Ko letters, tatweels, joiners, marks, spaces, no-break
  /// spaces, punctuation, Devanagari, ideographs, Latin and bidi overrides and isolates
  /// (an Arabic run under U+202D is one HarfBuzz reverses: `Shaper.reversesBuffer`), and
  /// such runs at the edges that once measured otherwise (a review's inputs).
  static let texts: [String] = {
    let files = [
      TestFonts.root + "/Benchmarks/Corpus/fallback-heavy.txt",
      TestFonts.root + "/Benchmarks/Corpus/synthetic-mixed.txt",
      TestFonts.fixtures + "/multilingual-sample.txt",
      TestFonts.fixtures + "/chromium-corpus.txt",
    ]
    let corpus = files.flatMap { file in
      ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
        .filter { line in
          line.unicodeScalars.contains { (0x0600...0x09FF).contains($0.value) }
        }
    }
    let alphabet: [UInt32] = [
      0x0628, 0x0627, 0x0644, 0x0629, 0x064A, 0x0640, 0x064E, 0x060C, 0x061F, 0x0661, 0x200D,
      0x200C, 0x0712, 0x0710, 0x1820, 0x07CA, 0x0020, 0x0020, 0x0020, 0x002E, 0x0028, 0x0029,
      0x0915, 0x093E, 0x0947, 0x094D, 0x0964, 0x4E2D, 0x6587, 0x3002, 0x0061, 0x0062, 0x0301,
      0x05D0, 0x00AD, 0x00A0, 0x202D, 0x202E, 0x202C, 0x2066, 0x2067, 0x2069,
    ]
    let random = RandomScalars.strings(
      rounds: 3_000, longest: 12, taken: alphabet, refused: [], seed: 0x5A17_C0DE
    ).map { String(String.UnicodeScalarView($0)) }
    let overrides = [
      "\u{202D}سلام\u{00A0}\u{202C}عليكم", "\u{202D}ب\u{00A0}\u{202C}ب",
      "\u{202D}سلام \u{202C}عليكم", "\u{202D}ب.\u{202C}ب", "\u{202E}abc\u{202C}ب",
    ]
    return corpus + random + overrides
  }()

  /// How many pieces of `text` shape alone only by `ShapingContext`: runs of one scalar in
  /// a script whose shaper may join, and words at a run's edge, not between spaces.
  static func newlyAlone(_ text: PreparedText) -> Int {
    let scalars = text.analysis.scalars
    // A prepared text keeps no grapheme-start array; its answer per offset does.
    let boundaries = (0...scalars.count).map { $0 == scalars.count || text.isGraphemeStart($0) }
    return text.runs.reduce(0) { count, run in
      guard let font = text.cascadeFonts[run.face] else { return count }
      let pieces = Shaper(style: text.shapingStyle(ofFace: run.face)).pieces(
        run, scalars: scalars, font: font, cacheEnabled: text.storage.shapedByWord)
      if run.range.count == 1 {
        return count + (pieces == .wordsAlone && !Shaper.readsNoContext(run.script) ? 1 : 0)
      }
      guard pieces == .words || pieces == .wordsAlone else { return count }
      var start = run.range.lowerBound
      var found = 0
      while start < run.range.upperBound {
        let piece = Shaper.piece(
          from: start, in: run, scalars: scalars, boundaries: boundaries,
          pieces: pieces)
        let (low, high) = (piece.range.lowerBound, piece.range.upperBound)
        let spaced =
          (low == 0 || scalars[low - 1].value == 0x20)
          && (high == scalars.count || scalars[high - 1].value == 0x20
            || scalars[high].value == 0x20)
        if !piece.context && !spaced { found += 1 }
        start = high
      }
      return count + found
    }
  }

  /// Each piece alone (through the shape cache) gives what its run whole gives with the
  /// paragraph as context: every scalar's advance (the prefix sums, exactly), cluster
  /// starts and unsafe offsets, and the glyphs drawn for every line at two widths.
  @Test func piecesShapeAsTheirRunInContext() throws {
    let pieces = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let whole = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    #expect(Self.texts.count > 3_100)
    let style = TextStyle(size: 16)
    var alone = 0
    var lines = 0
    for text in Self.texts {
      let byPiece = try pieces.prepare(text, style: style)
      let byRun = try whole.prepare(text, style: style)
      alone += Self.newlyAlone(byPiece)
      let quoted = text.unicodeScalars.map { String($0.value, radix: 16) }
      #expect(byPiece.storage.prefix == byRun.storage.prefix, "\(quoted)")
      #expect(byPiece.storage.clusterStart == byRun.storage.clusterStart, "\(quoted)")
      #expect(byPiece.storage.unsafeBefore == byRun.storage.unsafeBefore, "\(quoted)")
      for width in [90.0, 330] {
        let first = byPiece.measure(ProposedViewSize(width: width, height: nil)).lines
        let second = byRun.measure(ProposedViewSize(width: width, height: nil)).lines
        #expect(first.map(\.range) == second.map(\.range), "\(quoted)")
        for (one, other) in zip(first, second) {
          let drawn = byPiece.glyphRuns(in: one).flatMap(\.glyphs)
          let expected = byRun.glyphRuns(in: other).flatMap(\.glyphs)
          #expect(drawn == expected, "\(quoted) \(one.range)")
          lines += 1
        }
      }
    }
    #expect(alone > 2_000)
    #expect(lines > 5_000)
  }
}
