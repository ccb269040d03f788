import CaliperTestSupport
import Testing

@testable import Caliper

/// The shape cache's fast paths answer as the slow ones: a cached word stored by its
/// advances alone (`ShapedPiece.isPlain`) and a hit found by the key's trivial parts
/// (`LRUCache.Storage.hit(for:hash:)`) give the text the run shaping gives it.
@Suite struct ShapeCacheLookupTests {
  /// Every paragraph prepared twice through the shape cache (the second time every word is
  /// a hit) has the advances, cluster starts, unsafe offsets and `.notdef` count of the
  /// paragraph shaped whole without the cache. The extra texts hold words that are not
  /// plain: ligatures ("office", "fl"), a line separator and a form feed inside a word, and
  /// a character with no glyph in any bundled face (U+E000).
  @Test func hitsAndPlainStoresEqualRunShaping() throws {
    let cached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let uncached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    let extra = [
      "office office fluffy office ", "a\u{2028}b a\u{2028}b ", "x\u{0C}y x\u{0C}y ",
      "\u{E000}x \u{E000}x ",
    ]
    try Self.expectCachedEqualsUncached(
      extra + TestFonts.paragraphs.prefix(200), cached: cached, uncached: uncached)
    let shapes = cached.cacheStatistics.shapes
    #expect(shapes.hits > 2 * shapes.misses, "\(shapes)")
  }

  /// Each text prepared twice through `cached` (the second time every word it keeps is a
  /// hit) has the advances, cluster starts, unsafe offsets and `.notdef` count that
  /// `uncached` (a library without a shape cache) gives it.
  static func expectCachedEqualsUncached(
    _ texts: [String], cached: FontLibrary, uncached: FontLibrary
  ) throws {
    for text in texts {
      let run = try uncached.prepare(text)
      for _ in 0..<2 {
        let word = try cached.prepare(text)
        #expect(word.prefix == run.prefix, "\(text.prefix(40))")
        #expect(word.clusterStart == run.clusterStart, "\(text.prefix(40))")
        #expect(word.unsafeBefore == run.unsafeBefore, "\(text.prefix(40))")
        #expect(word.missingGlyphCount == run.missingGlyphCount, "\(text.prefix(40))")
      }
    }
  }

  /// Plainness by hand: a word whose every scalar starts a cluster with a glyph and no
  /// unsafe flag is plain; a ligature's second scalar, an unsafe offset, a `.notdef` glyph
  /// or a line separator makes it not.
  @Test func plainness() {
    func packed(_ flags: [(start: Bool, unsafe: Bool, missing: Bool)]) -> [Int64] {
      flags.map {
        ShapedPiece.pack(
          advance: 500, clusterStart: $0.start, unsafeBefore: $0.unsafe, missingGlyph: $0.missing)
      }
    }
    let plain = (start: true, unsafe: false, missing: false)
    let word: [Unicode.Scalar] = ["a", "b", " "]
    let plainWord = ShapedPiece(packed: packed([plain, plain, plain]), scalars: word[...])
    #expect(plainWord.isPlain && plainWord.isClean)
    let ligature = ShapedPiece(
      packed: packed([plain, (false, false, false), plain]), scalars: word[...])
    #expect(!ligature.isPlain && ligature.isClean)
    let unsafe = ShapedPiece(
      packed: packed([plain, (true, true, false), plain]), scalars: word[...])
    #expect(!unsafe.isPlain && unsafe.isClean)
    let missing = ShapedPiece(
      packed: packed([plain, (true, false, true), plain]), scalars: word[...])
    #expect(!missing.isPlain && !missing.isClean)
    let separated: [Unicode.Scalar] = ["a", "\u{2028}", " "]
    let broken = ShapedPiece(packed: packed([plain, plain, plain]), scalars: separated[...])
    #expect(!broken.isPlain && !broken.isClean)
  }

  /// A clean word that is not plain (a ligature's second scalar, a kerned pair's unsafe
  /// offset) stored from the cache sets exactly the flags the general store sets, in a
  /// text around it.
  @Test func cleanStoreEqualsGeneralStore() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try #require(library.prepare("x").cascadeFonts.first ?? nil)
    let scalars: [Unicode.Scalar] = Array("zz office To zz".unicodeScalars)
    let analysis = try TextAnalysis(text: String(String.UnicodeScalarView(scalars)), locale: "en")
    let flags: [(start: Bool, unsafe: Bool)] = [
      (true, false), (true, true), (false, false), (false, true), (true, false), (true, false),
    ]
    let piece = ShapedPiece(
      packed: flags.enumerated().map {
        ShapedPiece.pack(
          advance: Int64(100 * $0.offset + 7), clusterStart: $0.element.start,
          unsafeBefore: $0.element.unsafe)
      }, scalars: scalars[3..<9])
    #expect(piece.isClean && !piece.isPlain)
    var general = ShapedText(count: scalars.count, size: 13)
    general.store(piece.packed[...], at: 3, font: font, analysis: analysis)
    var word = ShapedText(count: scalars.count, size: 13)
    word.storeWord(piece, at: 3, font: font, analysis: analysis)
    #expect(word.advances == general.advances)
    #expect(word.clusterStart == general.clusterStart)
    #expect(word.unsafeBefore == general.unsafeBefore)
    #expect(word.missingGlyphCount == general.missingGlyphCount)
    #expect(
      !word.clusterStart[5] && !word.clusterStart[6] && word.unsafeBefore[4] && word.unsafeBefore[6]
    )
  }

  /// A lookup by the key's parts finds the entry a whole key stored, counts a hit, and
  /// counts no miss when it finds nothing (the whole key's lookup that follows counts it);
  /// a key with other features or another face is not matched.
  @Test func lookupByPartsFindsTheStoredKey() throws {
    let cache = LRUCache<ShapeKey, ShapedPiece>(byteLimit: 1 << 20)
    let word: [Unicode.Scalar] = ["t", "h", "e", " "]
    let liga = [try FontFeature(tag: "liga", value: 0)]
    func key(font: UInt64 = 1, features: [FontFeature] = []) -> ShapeKey {
      ShapeKey(
        font: font, script: 0x4C61_746E, rightToLeft: false, language: 0, features: features,
        word: word[...])
    }
    let stored = key()
    let piece = ShapedPiece(packed: [9, 9, 9, 9], scalars: word[...])
    cache.insert(piece, for: stored, cost: stored.cost)
    func find(_ probe: ShapeKey) -> [Int64]? {
      var found: [Int64]?
      var hit = false
      probe.features.withUnsafeBufferPointer { features in
        cache.withLock { storage in
          let value = storage.hit(
            for: ShapeKey.Probe(word: probe.word, features: features), hash: probe.cacheHash)
          hit = value != nil
          found = value?.pointee.packed
        }
      }
      #expect(hit == (found != nil))
      return found
    }
    #expect(find(key()) == [9, 9, 9, 9])
    #expect(find(key(features: liga)) == nil)
    #expect(find(key(font: 2)) == nil)
    let statistics = cache.statistics
    #expect(statistics.hits == 1 && statistics.misses == 0)
  }

  /// A word longer than the key's lanes (more than 24 bytes) is found by a probe holding its
  /// scalars in place (`ShapeKey.Probe.scalars`): its digest folded from them is the key's,
  /// it finds the stored entry, and a probe with the stored word's parts (digest included)
  /// but other scalars, or another word, finds nothing.
  @Test func longWordProbeComparesItsScalars() throws {
    let cache = LRUCache<ShapeKey, ShapedPiece>(byteLimit: 1 << 20)
    let word = Array("https://example.com/a1b2c3d4e5f6g7h8i9 ".unicodeScalars)
    let other = Array("https://example.com/a1b2c3d4e5f6g7h8i8 ".unicodeScalars)
    func key(_ word: [Unicode.Scalar]) -> ShapeKey {
      ShapeKey(
        font: 1, script: 0x4C61_746E, rightToLeft: false, language: 0, features: [],
        word: word[...])
    }
    let stored = key(word)
    #expect(!stored.word.fits)
    let piece = ShapedPiece(packed: word.map { _ in 9 }, scalars: word[...])
    cache.insert(piece, for: stored, cost: stored.cost)
    /// The probe's word: the lanes' parts, then its scalars folded in place.
    func probeWord(_ scalars: [Unicode.Scalar]) -> ShapeWord {
      scalars.withUnsafeBufferPointer { buffer in
        var made = ShapeWord(
          font: 1, script: 0x4C61_746E, rightToLeft: false, upright: false, language: 0,
          featuresDigest: 0, word: buffer)
        made.addScalars(buffer)
        return made
      }
    }
    #expect(probeWord(word) == stored.word)
    #expect(probeWord(other) == key(other).word)
    func find(_ word: ShapeWord, _ scalars: [Unicode.Scalar]) -> Bool {
      var hit = false
      scalars.withUnsafeBufferPointer { scalars in
        cache.withLock { storage in
          let probe = ShapeKey.Probe(
            word: word, features: .init(start: nil, count: 0), scalars: scalars)
          hit = storage.hit(for: probe, hash: word.cacheHash) != nil
        }
      }
      return hit
    }
    #expect(find(probeWord(word), word))
    #expect(!find(probeWord(other), other))
    #expect(!find(stored.word, other))
    #expect(!find(stored.word, Array(word.dropLast())))
  }

  /// Preparing a paragraph of words longer than the lanes again finds each in the shape
  /// cache (a hit a word, no miss) and gives the uncached library's values.
  @Test func longWordsAreHitsWhenPreparedAgain() throws {
    let cached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let uncached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    let text =
      "see ezgxs1fzk-gf0t-ztn3l89u-j00od2-xinxgm and o1lgdz-yc1wbj3p-4g0bvky-Qx7 then "
      + "https://example.com/jblaqp1g/cwtg4pjr?id=509 ok"
    _ = try cached.prepare(text)
    let before = cached.cacheStatistics.shapes
    try Self.expectCachedEqualsUncached([text], cached: cached, uncached: uncached)
    let after = cached.cacheStatistics.shapes
    #expect(after.misses == before.misses, "\(before) → \(after)")
    // Each prepare looks up the three long words and the four short ones.
    #expect(after.hits - before.hits == 2 * 7, "\(before) → \(after)")
  }

  /// Words beyond ASCII of up to `ShapeWord.scalarWords` scalars are keyed by their scalars
  /// (three to a lane), longer ones by their UTF-8: every fallback-heavy, synthetic mixed and
  /// vertical corpus line, and seeded random words of 1 to 12 scalars from small alphabets of
  /// Devanagari, Arabic, CJK, accented Latin and ASCII (so that many words share their
  /// first scalars and differ only in the last lane), prepared twice through the shape cache,
  /// give the uncached library's values; the second preparation of each is all hits.
  @Test func wordsPackedByScalarsEqualRunShaping() throws {
    let cached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let uncached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    var texts: [String] = []
    for name in ["fallback-heavy", "synthetic-mixed", "vertical-japanese"] {
      let path = TestFonts.root + "/Benchmarks/Corpus/" + name + ".txt"
      let text = try String(contentsOfFile: path, encoding: .utf8)
      texts += text.split(separator: "\n").prefix(40).map(String.init)
    }
    let alphabets: [[UInt32]] = [
      [0x915, 0x916, 0x94D, 0x93E, 0x93F], [0x628, 0x62A, 0x644, 0x627], [0x4E2D, 0x6587, 0x5B57],
      [0xE9, 0x61, 0x6E, 0xF1], [0x61, 0x62, 0x63],
    ]
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x5CA1A)
    for _ in 0..<60 {
      var words: [String] = []
      for _ in 0..<12 {
        let alphabet = alphabets.randomElement(using: &generator)!
        let count = Int.random(in: 1...12, using: &generator)
        var word = ""
        for _ in 0..<count {
          word.unicodeScalars.append(Unicode.Scalar(alphabet.randomElement(using: &generator)!)!)
        }
        words.append(word)
      }
      texts.append(words.joined(separator: " "))
    }
    try Self.expectCachedEqualsUncached(texts, cached: cached, uncached: uncached)
    // A text prepared again is all hits (its words found under the keys they were stored by).
    let before = cached.cacheStatistics.shapes
    for text in texts.suffix(60) { _ = try cached.prepare(text) }
    let after = cached.cacheStatistics.shapes
    #expect(after.misses == before.misses && after.hits > before.hits, "\(before) → \(after)")
  }
}
