import CaliperTestSupport
import Testing

@testable import Caliper

/// The shape cache's slot layout and its lock a run (i32s): a short word's values inline
/// in its `ShapedPiece`, a longer one's (or a larger value's) in an array, both read back
/// as stored; words of every length prepared through the cache, evicting, alone or from
/// several threads at once, give the advances of shaping without the cache.
@Suite struct ShapeCacheLayoutTests {
  static func packed(_ advances: [Int64]) -> [Int64] {
    advances.map { ShapedPiece.pack(advance: $0, clusterStart: true, unsafeBefore: false) }
  }

  /// Up to `inlineCount` values that fit 32 bits are inline; a ninth value spills to an
  /// array of 32-bit values, and one past 32 bits (an advance of 2²⁹ font units packs to
  /// 2³²) to an array of halves. Each reads back the values it was made from, in order,
  /// negative advances (a kerned mark, -2³⁰ in halves) included.
  @Test func inlineAndSpilledValuesReadBack() {
    let eight = Self.packed([500, -30, 0, 1_000, 7, 65_535, 1, 2])
    let inline = ShapedPiece(packed: eight, isPlain: true, isClean: true)
    #expect(inline.isInline && inline.count == 8 && inline.packed == eight)
    let nine = Self.packed([500, -30, 0, 1_000, 7, 65_535, 1, 2, 3])
    let long = ShapedPiece(packed: nine, isPlain: true, isClean: true)
    #expect(!long.isInline && long.count == 9 && long.packed == nine)
    // Spilled in 32 bits a value: 36 bytes for nine, where 64-bit values took 72.
    #expect(!long.isWide && long.spilledBytes == 9 * 4)
    let large = Self.packed([1 << 29, -(1 << 30), 4])
    let wide = ShapedPiece(packed: large, isPlain: true, isClean: true)
    #expect(!wide.isInline && wide.isWide && wide.count == 3 && wide.packed == large)
    let empty = ShapedPiece(packed: [], isPlain: true, isClean: true)
    #expect(empty.isInline && empty.count == 0 && empty.packed.isEmpty)
  }

  /// A clean piece stored from its inline values or its array writes what the general store
  /// writes: an eight-scalar word (inline) and a twelve-scalar one (spilled), each with a
  /// ligature's second scalar and an unsafe offset.
  @Test func inlineAndSpilledStoresEqualGeneralStore() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try #require(library.prepare("x").cascadeFonts.first ?? nil)
    let text = "zz officers unofficially zz"
    let scalars = Array(text.unicodeScalars)
    let analysis = try TextAnalysis(text: text, locale: "en")
    for range in [3..<11, 12..<24] {
      let values = range.indices.map { offset in
        ShapedPiece.pack(
          advance: Int64(37 * offset - 200), clusterStart: offset % 5 != 1,
          unsafeBefore: offset % 4 == 2)
      }
      let piece = ShapedPiece(packed: values, scalars: scalars[range])
      #expect(piece.isClean && !piece.isPlain && piece.isInline == (range.count <= 8))
      var general = ShapedText(count: scalars.count, size: 13)
      general.store(values[...], at: range.lowerBound, font: font, analysis: analysis)
      var word = ShapedText(count: scalars.count, size: 13)
      word.storeWord(piece, at: range.lowerBound, font: font, analysis: analysis)
      #expect(word.advances == general.advances)
      #expect(word.clusterStart == general.clusterStart)
      #expect(word.unsafeBefore == general.unsafeBefore)
    }
  }

  /// An inline clean piece's flags, stored a word at a time from its masks, are the general
  /// store's: seeded random pieces of 1 to 8 values (a scalar that starts no cluster, an
  /// unsafe offset, each about one in three) at every offset of a 200-scalar text, so that
  /// pieces start at and cross the flags' 64-bit words (offsets 57 to 64, 121 to 128). The
  /// general store reads each value's flags; the masks come from the piece.
  @Test func maskedFlagsEqualGeneralStore() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try #require(library.prepare("x").cascadeFonts.first ?? nil)
    let scalars = Array(repeating: Unicode.Scalar("a"), count: 200)
    var random = ShortestDecimalTests.SeededGenerator(state: 0x5EED_F1A6)
    var stored = 0
    for offset in 0...(scalars.count - 8) {
      let count = Int.random(in: 1...8, using: &random)
      let values = (0..<count).map { local in
        ShapedPiece.pack(
          advance: Int64.random(in: -50...900, using: &random),
          clusterStart: local == 0 || Int.random(in: 0..<3, using: &random) != 0,
          unsafeBefore: Int.random(in: 0..<3, using: &random) == 0)
      }
      let piece = ShapedPiece(packed: values, scalars: scalars[offset..<offset + count])
      #expect(piece.isInline && piece.isClean)
      var general = ShapedText(count: scalars.count, size: 15)
      general.store(values[...], at: offset, font: font, scalars: scalars)
      var word = ShapedText(count: scalars.count, size: 15)
      withUnsafePointer(to: piece) {
        word.storeWord(in: $0, at: offset, font: font, scalars: scalars)
      }
      #expect(word.advances == general.advances, "offset \(offset)")
      #expect(word.clusterStart == general.clusterStart, "offset \(offset)")
      #expect(word.unsafeBefore == general.unsafeBefore, "offset \(offset)")
      if !piece.isPlain { stored += 1 }
    }
    // Most pieces had a flag to write.
    #expect(stored > 150)
  }

  /// Words of every length class: inline (≤ 8 scalars), in the key's lanes but spilled (9
  /// to 24 bytes), and past the lanes (more than 24 bytes: looked up through a probe over the
  /// text's scalars in place, stored as a whole key with its scalars),
  /// each twice so that the second is a hit, through a cache small enough to evict.
  static let lengthTexts = [
    "the internationalization of antidisestablishmentarianism the "
      + "internationalization of antidisestablishmentarianism ",
    "überempfindlichkeitsreaktionen überempfindlichkeitsreaktionen ab ab ",
    "pneumonoultramicroscopicsilicovolcanoconiosis pneumonoultramicroscopicsilicovolcanoconiosis",
  ]

  /// Each text prepared through a cache of 1 KB (a few entries: every new word evicts) and
  /// one of 1 MB gives the advances and flags of the library without a shape cache.
  @Test(arguments: [1 << 10, 1 << 20])
  func wordsOfEveryLengthEqualRunShaping(limit: Int) throws {
    let cached = try FontLibrary(
      fontsDirectory: TestFonts.directory,
      limits: CacheLimits(shapeBytes: limit, preparedBytes: 0))
    let uncached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    try ShapeCacheLookupTests.expectCachedEqualsUncached(
      Self.lengthTexts + TestFonts.paragraphs.prefix(60), cached: cached, uncached: uncached)
    let shapes = cached.cacheStatistics.shapes
    #expect(shapes.bytes <= limit, "\(shapes)")
    #expect(shapes.hits > 0, "\(shapes)")
    if limit == 1 << 10 { #expect(shapes.evictions > 0, "\(shapes)") }
  }

  /// Counted by hand: "the internationalization of the internationalization " is five
  /// words; a lock a run must count them in text order, as a lock a word did, so the
  /// second "the " and "internationalization " (a spilled piece, 21 scalars) are hits and
  /// the three others misses. The second preparation hits all five.
  @Test func aRunCountsItsWordsInTextOrder() throws {
    let fonts = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let text = "the internationalization of the internationalization "
    _ = try fonts.prepare(text)
    let first = fonts.cacheStatistics.shapes
    #expect(first.misses == 3 && first.hits == 2, "\(first)")
    #expect(first.entries == 3, "\(first)")
    _ = try fonts.prepare(text)
    let second = fonts.cacheStatistics.shapes
    #expect(second.misses == 3 && second.hits == 7, "\(second)")
  }

  /// A text's advance sums (their bits), then per offset whether a cluster starts there.
  static func shape(_ text: PreparedText) -> [UInt64] {
    text.prefix.map(\.bitPattern) + text.prefix.indices.map { text.clusterStart[$0] ? 1 : 0 }
  }

  /// Four threads preparing the same paragraphs in different orders through one library
  /// with a small shape cache (inserts of one word racing, evictions under contention) get
  /// the advances and flags of a library without the cache, and the cache counts every
  /// lookup once: four times a single preparation's hits plus misses.
  @Test func threadsSharingWordsEqualNoCache() throws {
    let texts = Array(TestFonts.paragraphs.prefix(80)) + Self.lengthTexts
    let uncached = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    let expected = try texts.map { Self.shape(try uncached.prepare($0)) }
    let limits = CacheLimits(shapeBytes: 24 << 10, preparedBytes: 0)
    let single = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    for text in texts { _ = try single.prepare(text) }
    let lookups = single.cacheStatistics.shapes.hits + single.cacheStatistics.shapes.misses
    let shared = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    _ = try shared.prepare("x")  // the first face opened before the threads race
    let before = shared.cacheStatistics.shapes
    let mismatches = ConcurrencyTests.onThreads(4) { worker in
      var wrong = 0
      for step in texts.indices {
        let index = (step * (worker * 2 + 1) + worker * 17) % texts.count
        guard let text = try? shared.prepare(texts[index]) else {
          wrong += 1
          continue
        }
        if Self.shape(text) != expected[index] { wrong += 1 }
      }
      return wrong
    }
    #expect(mismatches == 0)
    let shapes = shared.cacheStatistics.shapes
    #expect(shapes.hits + shapes.misses - before.hits - before.misses == 4 * lookups, "\(shapes)")
    #expect(shapes.bytes <= 24 << 10 && shapes.evictions > 0, "\(shapes)")
  }
}
