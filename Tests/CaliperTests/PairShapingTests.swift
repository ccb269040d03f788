import CHarfBuzz
import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The pair model (`SimpleGlyphs`, `PairTable`, `Shaper.pairPiece`) against HarfBuzz: for
/// every bundled face and the plans of Latin and Common text, a run of simple scalars shapes
/// as its adjacent pairs say, glyph by glyph.
@Suite struct PairShapingTests {
  /// One glyph as HarfBuzz gives it.
  struct Glyph: Equatable, CustomStringConvertible {
    let id: UInt32
    let cluster: UInt32
    let advance: Int32
    let yAdvance: Int32
    let x: Int32
    let y: Int32
    let unsafe: Bool
    var description: String { "\(id)=\(cluster)+\(advance)@\(x),\(y)\(unsafe ? "!" : "")" }
  }

  static let scripts: [(String, hb_script_t)] = [
    ("Latn", HB_SCRIPT_LATIN), ("Zyyy", HB_SCRIPT_COMMON),
  ]

  /// `font`'s plan for left-to-right `script`, no language, no features: the plan a
  /// default style's run shapes with.
  static func plan(_ font: Font, _ script: hb_script_t) -> ShapePlans.Plan {
    var properties = hb_segment_properties_t()
    properties.direction = HB_DIRECTION_LTR
    properties.script = script
    properties.language = nil
    return font.shapePlans.plan(properties, font: font.hbFont, features: [], styleFeatures: [])
  }

  /// `scalars` shaped with `plan`, as `hb_shape` does.
  static func shape(_ scalars: some Collection<UInt32>, _ font: Font, _ script: hb_script_t)
    -> [Glyph]
  {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    for (index, value) in scalars.enumerated() { hb_buffer_add(buffer, value, UInt32(index)) }
    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    ShapePlans.execute(plan(font, script), buffer!, font: font.hbFont, features: [])
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)!
    let positions = hb_buffer_get_glyph_positions(buffer, &count)!
    return (0..<Int(count)).map {
      Glyph(
        id: infos[$0].codepoint, cluster: infos[$0].cluster, advance: positions[$0].x_advance,
        yAdvance: positions[$0].y_advance, x: positions[$0].x_offset, y: positions[$0].y_offset,
        unsafe: infos[$0].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
    }
  }

  /// The model (`SimpleGlyphs`' argument), from HarfBuzz's pairs: glyph i is the first
  /// glyph of (s_i, s_i+1) shaped alone, or of s_i alone for the last, in cluster i, with
  /// the flag of the second glyph of (s_i-1, s_i), none for the first. `pairs` keeps the
  /// pairs shaped.
  static func model(
    _ scalars: [UInt32], _ font: Font, _ script: hb_script_t, pairs: inout [[UInt32]: [Glyph]]
  ) -> [Glyph] {
    func shaped(_ text: [UInt32]) -> [Glyph] {
      if let known = pairs[text] { return known }
      let glyphs = shape(text, font, script)
      pairs[text] = glyphs
      return glyphs
    }
    // A pair that is not two glyphs (a ligature) breaks the model: a glyph no face has.
    let broken = Glyph(id: .max, cluster: 0, advance: 0, yAdvance: 0, x: 0, y: 0, unsafe: false)
    func pair(_ first: UInt32, _ second: UInt32) -> [Glyph] {
      let glyphs = shaped([first, second])
      return glyphs.count == 2 ? glyphs : [broken, broken]
    }
    return scalars.indices.map { index in
      let own =
        index + 1 < scalars.count
        ? pair(scalars[index], scalars[index + 1])[0] : shaped([scalars[index]]).first ?? broken
      let unsafe = index > 0 && pair(scalars[index - 1], scalars[index])[1].unsafe
      return Glyph(
        id: own.id, cluster: UInt32(index), advance: own.advance, yAdvance: own.yAdvance,
        x: own.x, y: own.y, unsafe: unsafe)
    }
  }

  /// A shaper whose plan for `script` in `font` has its pair table made: the table comes
  /// after `PairTableMemo.asksBeforeAnalysis` pieces.
  static func warmShaper(_ font: Font, _ script: hb_script_t) -> Shaper {
    let shaper = Shaper(style: TextStyle(size: 16), pairs: true)
    let run = TextRun(range: 0..<Int.max, face: 0, script: script.rawValue, level: 0)
    for _ in 0...PairTableMemo.asksBeforeAnalysis {
      _ = shaper.pairPiece([" ", " "], range: 0..<2, run: run, font: font)
    }
    return shaper
  }

  /// Preparing's path (`Shaper.shapePiece` with the pair table on): a pair missing from
  /// the table sends the range to HarfBuzz, whose values fill the table (`Shaper.learn`);
  /// asked twice, `string` in `font` (a library of its own, so the learning starts from an
  /// empty table) gives HarfBuzz's values both times.
  static func learnt(
    _ string: [UInt32], _ range: Range<Int>, _ shaper: borrowing Shaper, _ font: Font,
    _ script: hb_script_t
  ) -> Bool {
    let scalars = string.map { Unicode.Scalar($0)! }
    let run = TextRun(range: 0..<Int.max, face: 0, script: script.rawValue, level: 0)
    let expected = packed(shape(string[range], font, script), count: range.count)
    let first = shaper.shapePiece(scalars, range: range, context: range, run: run, font: font)
    let second = shaper.shapePiece(scalars, range: range, context: range, run: run, font: font)
    return first == expected && second == expected
  }

  /// The simple scalars of `font`'s plan for `script`.
  static func simple(_ font: Font, _ script: hb_script_t) -> [UInt32] {
    let simple = LigatureStarterTests.simple(font, script)
    return (0x20...0x7E).filter { simple.holds(UInt32($0)) }.map(UInt32.init)
  }

  /// The ASCII words (with the spaces after them) of every corpus.
  static let corpusWords: [[UInt32]] = {
    let files = [
      "fallback-heavy.txt", "synthetic-mixed.txt", "gatsby-opening.txt", "urls-unbreakable.txt",
    ]
    let texts =
      files.map {
        (try? String(contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/" + $0, encoding: .utf8))
          ?? ""
      } + TestFonts.paragraphs
    var words = Set<[UInt32]>()
    for text in texts {
      var word: [UInt32] = []
      for scalar in text.unicodeScalars {
        if scalar.value != 0x20, word.last == 0x20 {
          words.insert(word)
          word = []
        }
        if (0x20...0x7E).contains(scalar.value) {
          word.append(scalar.value)
        } else {
          if !word.isEmpty { words.insert(word) }
          word = []
        }
      }
      if !word.isEmpty { words.insert(word) }
    }
    return words.sorted { $0.lexicographicallyPrecedes($1) }
  }()

  /// Seeded random strings of simple scalars and every corpus word made of them: HarfBuzz's
  /// glyphs are the model's, glyph by glyph (id, cluster, advances, offsets, unsafe to
  /// break); and the library's pair path (`Shaper.pairPiece`, over the whole string and
  /// over the string less its first and its last scalar, inside it) gives per scalar what
  /// HarfBuzz's glyphs do. Pairs are shaped once a face and script (`model` asks the same
  /// ones again: HarfBuzz answers them again).
  @Test(arguments: LayoutGlyphsTests.files)
  func modelIsHarfBuzz(file: String) throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + file)
    var compared = 0
    for (name, script) in Self.scripts {
      let simple = Self.simple(font, script)
      guard simple.count > 1 else { continue }
      let allowed = Set(simple)
      let random = RandomScalars.strings(
        rounds: 1500, longest: 24, taken: simple, refused: [],
        seed: 0x5eed_0000 + UInt64(simple.count)
      ).map { $0.map(\.value) }
      let words = Self.corpusWords.filter { $0.allSatisfy(allowed.contains) }
      let shaper = Self.warmShaper(font, script)
      let run = TextRun(range: 0..<Int.max, face: 0, script: script.rawValue, level: 0)
      let learning = try FontLibrary(fontsDirectory: TestFonts.directory)
      let learner = try learning.font(path: TestFonts.directory + "/" + file)
      let learnerShaper = Self.warmShaper(learner, script)
      var pairs: [[UInt32]: [Glyph]] = [:]
      for string in random + words {
        let harfBuzz = Self.shape(string, font, script)
        #expect(
          harfBuzz == Self.model(string, font, script, pairs: &pairs),
          "\(file) \(name): \(String(String.UnicodeScalarView(string.map { Unicode.Scalar($0)! })))"
        )
        let scalars = string.map { Unicode.Scalar($0)! }
        for range in [0..<string.count, 1..<max(string.count - 1, 1)] where !range.isEmpty {
          let expected = Self.shape(string[range], font, script).map {
            ShapedPiece.pack(
              advance: Int64($0.advance), clusterStart: true, unsafeBefore: $0.unsafe)
          }
          let packed = shaper.pairPiece(scalars, range: range, run: run, font: font)
          #expect(packed == expected, "\(file) \(name) \(range): \(string)")
          let learnt = Self.learnt(string, range, learnerShaper, learner, script)
          #expect(learnt, "\(file) \(string)")
        }
        compared += 1
      }
    }
    // Droid Sans Fallback's and NanumGothic's ASCII is all in lookups (none or the space
    // alone is simple): they keep HarfBuzz.
    let none = ["DroidSansFallbackFull.ttf", "NanumGothic.ttf"]
    #expect(compared > 0 || none.contains(file), "\(file)")
  }

  /// Runs of simple scalars and ligature starters (`SimpleGlyphs.Ligatures`): seeded random
  /// strings (a starter at about one scalar in five, so that starters meet and ligatures
  /// form) and every corpus word made of them: the library's pair path with its HarfBuzz
  /// windows (over the whole string and the string less its ends) gives per scalar what
  /// HarfBuzz gives the whole.
  @Test(arguments: LayoutGlyphsTests.files)
  func windowsAreHarfBuzz(file: String) throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + file)
    var compared = 0
    for (name, script) in Self.scripts {
      let simple = SimpleGlyphs.of(
        face: hb_font_get_face(font.hbFont), font: font.hbFont,
        plan: Self.plan(font, script).pointer, features: [])
      let values = (0x20...0x7E).map(UInt32.init)
      let mixed = values.filter(simple.holdsMixed)
      let starters = values.filter(simple.startsLigatures)
      guard !starters.isEmpty else { continue }
      let random = RandomScalars.strings(
        rounds: 1500, longest: 24, taken: mixed + starters + starters + starters + starters,
        refused: [], seed: 0x11ca_0000 + UInt64(starters.count)
      ).map { $0.map(\.value) }
      let allowed = Set(mixed + starters)
      let words = Self.corpusWords.filter { $0.allSatisfy(allowed.contains) }
      compared += try Self.comparePieces(
        random + words, starters: Set(starters), font: font, file: file, script: script,
        name: name)
    }
    // Noto Sans's `f` starts `liga`'s ff, fi, fl, ffi and ffl: its four styles have a starter.
    #expect(compared > 1000 || !file.hasPrefix("NotoSans-"), "\(file)")
  }

  /// For each of `strings` that holds a starter: the library's pair path with its windows
  /// (`Shaper.pairPiece`, over the whole string and the string less its ends) against
  /// HarfBuzz's glyphs of the same range, and preparing's learning path (`learnt`, in a
  /// library of its own); the strings compared.
  static func comparePieces(
    _ strings: [[UInt32]], starters: Set<UInt32>, font: Font, file: String,
    script: hb_script_t, name: String
  ) throws -> Int {
    let shaper = warmShaper(font, script)
    let run = TextRun(range: 0..<Int.max, face: 0, script: script.rawValue, level: 0)
    let learning = try FontLibrary(fontsDirectory: TestFonts.directory)
    let learner = try learning.font(path: TestFonts.directory + "/" + file)
    let learnerShaper = warmShaper(learner, script)
    var compared = 0
    for string in strings where string.contains(where: starters.contains) {
      let scalars = string.map { Unicode.Scalar($0)! }
      for range in [0..<string.count, 1..<max(string.count - 1, 1)] where !range.isEmpty {
        let expected = shape(string[range], font, script)
        let packed = shaper.pairPiece(scalars, range: range, run: run, font: font)
        #expect(
          packed == Self.packed(expected, count: range.count),
          "\(file) \(name) \(range): \(string)")
        let learnedRight = learnt(string, range, learnerShaper, learner, script)
        #expect(learnedRight, "\(file) \(string)")
      }
      compared += 1
    }
    return compared
  }

  /// HarfBuzz's glyphs folded per scalar as `Shaper.shapePiece` folds them: each cluster's
  /// advances at its first scalar, its flags there.
  static func packed(_ glyphs: [Glyph], count: Int) -> [Int64] {
    var values = [Int64](repeating: 0, count: count)
    for glyph in glyphs {
      let at = Int(glyph.cluster)
      values[at] = ShapedPiece.pack(
        advance: ShapedPiece.advance(values[at]) + Int64(glyph.advance), clusterStart: true,
        unsafeBefore: glyph.unsafe || ShapedPiece.unsafeBefore(values[at]),
        missingGlyph: glyph.id == 0 || ShapedPiece.missingGlyph(values[at]))
    }
    return values
  }

  /// Every line of every corpus (the benchmark classes and the test paragraphs), prepared in
  /// each bundled face with the pair path and in a library with it off (HarfBuzz for every
  /// piece): the same prefix sums of advances, cluster starts and unsafe-to-break flags.
  @Test(arguments: LayoutGlyphsTests.files)
  func preparedWithPairsIsPreparedWithHarfBuzz(file: String) throws {
    let limits = CacheLimits(preparedBytes: 0)
    let pairs = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    let harfBuzz = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    harfBuzz.shapes.setPairs(false)
    #expect(pairs.shapes.usesPairs && !harfBuzz.shapes.usesPairs)
    let style = TextStyle(size: 16, fonts: [.file(TestFonts.directory + "/" + file)])
    for line in Self.corpusLines {
      let same = Self.sameShaping(
        try pairs.prepare(line, style: style), try harfBuzz.prepare(line, style: style))
      #expect(same, "\(file): \(line.prefix(80))")
      if !same { return }
    }
  }

  /// Whether `left` and `right` (one text, one style) have the same prefix sums of
  /// advances, cluster starts and unsafe-to-break flags.
  static func sameShaping(_ left: PreparedText, _ right: PreparedText) -> Bool {
    left.prefix == right.prefix
      && (0..<left.analysis.scalars.count).allSatisfy {
        left.clusterStart[$0] == right.clusterStart[$0]
          && left.unsafeBefore[$0] == right.unsafeBefore[$0]
      }
  }

  /// The lines of every corpus file and the test paragraphs.
  static let corpusLines: [String] = {
    let directory = TestFonts.root + "/Benchmarks/Corpus"
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasSuffix(".txt") }.sorted()
    return files.flatMap {
      ((try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)
    } + TestFonts.paragraphs
  }()

  /// A URL longer than the shape cache keeps: a library with a shape cache prepares it again
  /// with no HarfBuzz call (its pairs are in the table); one without a shape cache calls
  /// HarfBuzz every time, as before.
  @Test func pairTableIsOffWithTheShapeCache() throws {
    // No f, i or j: Noto Sans starts ligatures and contextual rules at those.
    let url = "https://example.com/xblaqp1g/cwtg4phrahr0?xd=50926&q=a1bs99ynkhcd46wo70tp"
    let cached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let uncached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    #expect(cached.shapes.usesPairs)
    #expect(!uncached.shapes.usesPairs)
    #if DEBUG
      // The table is made after `PairTableMemo.asksBeforeAnalysis` pieces of the plan.
      for _ in 0...PairTableMemo.asksBeforeAnalysis { _ = try cached.prepare(url) }
      let again = try PreparedGlyphsTests.calls { _ = try cached.prepare(url) }
      #expect(again.isEmpty, "\(again)")
      _ = try uncached.prepare(url)
      let without = try PreparedGlyphsTests.calls { _ = try uncached.prepare(url) }
      #expect(!without.isEmpty)
    #endif
  }

  /// A GPOS table of one lookup (`type`, `flag`) with one subtable: a pair adjustment of
  /// format 1 (ValueFormat1 XAdvance, ValueFormat2 `secondValues`, no pair sets) or a single
  /// adjustment or a chained context (format 3, no coverages), each covering glyph 5, as the
  /// OpenType specification lays them out; `wrapped`: in in an extension subtable.
  static func gpos(type: Int, flag: Int = 0, secondValues: Int = 0, wrapped: Bool = false)
    -> [UInt8]
  {
    let coverage: [Int] = [1, 1, 5]  // format 1, one glyph: 5
    let subtable: [Int]
    switch type {
    case 1: subtable = [1, 8, 4, 0] + coverage  // format, coverage, ValueFormat, value
    case 2: subtable = [1, 10, 4, secondValues, 0] + coverage  // no pair sets
    default: subtable = [3, 0, 1, 12, 0, 0] + coverage  // chained context format 3
    }
    // Header (version 1.0, no scripts or features, the lookup list at 10), the lookup list
    // (one lookup at 4), the lookup (type, flag, one subtable at 8), then the subtable, or
    // an extension subtable (format 1, type, 32-bit offset 8) pointing to it.
    var words = [1, 0, 0, 0, 10, 1, 4, wrapped ? 9 : type, flag, 1, 8]
    words += wrapped ? [1, type, 0, 8] + subtable : subtable
    return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  /// `LookupTableReader.isPairwise` on hand-made tables: single adjustments and pair
  /// adjustments without second values are pairwise, through extensions too; a pair
  /// adjustment with second values (HarfBuzz then skips the second glyph), one that skips
  /// base glyphs (LookupFlag 2) and a chained context are not.
  @Test(arguments: [
    (1, 0, 0, false, true), (2, 0, 0, false, true), (2, 0, 0, true, true),
    (2, 0, 4, false, false), (2, 0, 4, true, false), (2, 2, 0, false, false),
    (1, 2, 0, false, false), (8, 0, 0, false, false),
  ])
  func pairwiseLookups(type: Int, flag: Int, secondValues: Int, wrapped: Bool, pairwise: Bool)
    throws
  {
    let bytes = Self.gpos(type: type, flag: flag, secondValues: secondValues, wrapped: wrapped)
    let found = try bytes.withUnsafeBytes { bytes in
      var reader = LookupTableReader(bytes: bytes, glyph: 0)
      let lookup = try #require(try reader.lookups().first ?? nil)
      return try reader.isPairwise(lookupAt: lookup)
    }
    #expect(found == pairwise)
  }
}
