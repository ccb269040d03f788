import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The library's caches: word-by-word shaping gives the paragraph's own advances, each
/// cache stays under its byte bound, and a changed font never answers from a cache.
@Suite struct CacheTests {
  static func library(_ limits: CacheLimits) throws -> FontLibrary {
    try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
  }

  /// Shaping word by word (through the cache) and shaping each run whole with the
  /// paragraph as context give the same per-scalar advances, flags and lines.
  @Test func wordShapingEqualsRunShaping() throws {
    let byWord = try Self.library(CacheLimits(preparedBytes: 0))
    let byRun = try Self.library(CacheLimits(shapeBytes: 0, preparedBytes: 0))
    var scalars = 0
    for text in TestFonts.paragraphs {
      let word = try byWord.prepare(text)
      let run = try byRun.prepare(text)
      #expect(word.prefix == run.prefix, "\(text.prefix(40))")
      #expect(word.clusterStart == run.clusterStart)
      for width in [80.0, 240, 480] {
        let proposal = ProposedViewSize(width: width, height: nil)
        #expect(word.measure(proposal).lines == run.measure(proposal).lines)
      }
      scalars += word.prefix.count - 1
    }
    #expect(scalars > 100_000)
    let shapes = byWord.cacheStatistics.shapes
    #expect(shapes.hits > shapes.misses, "\(shapes)")  // prose repeats its words
    #expect(byRun.cacheStatistics.shapes.hits + byRun.cacheStatistics.shapes.misses == 0)
  }

  /// A batch caches only the texts that come again, compared by UTF-8 bytes as the
  /// cache's keys are. Rows by hand: "é" is U+00E9 (bytes C3 A9) and "e" + U+0301 (bytes
  /// 65 CC 81) its canonically equivalent decomposition (Unicode normalization form D),
  /// equal as Swift `String`s but different keys.
  @Test(arguments: [
    ([String](), [Bool]()),
    (["OK"], [false]),
    (["OK", "Cancel"], [false, false]),
    (["OK", "Cancel", "OK", "OK"], [true, false, true, true]),
    (["", ""], [true, true]),
    (["caf\u{E9}", "cafe\u{301}"], [false, false]),
    (["caf\u{E9}", "x", "caf\u{E9}"], [true, false, true]),
  ])
  func batchRepeats(texts: [String], repeats: [Bool]) {
    #expect(TextBatch.repeats(in: texts) == repeats)
  }

  /// A batch's texts flagged not cached neither ask nor fill the prepared-text cache:
  /// ["OK", "Cancel", "OK"] with the repeats flagged is one miss (the first "OK", stored)
  /// and one hit (the second); "Cancel" is prepared outside the cache. The answers are the
  /// uncached library's.
  @Test func batchCachesOnlyFlaggedTexts() throws {
    let fonts = try Self.library(CacheLimits())
    let texts = ["OK", "Cancel", "OK"]
    let batch = TextBatch(fonts: fonts)
    let widths = batch.prepare(texts, jobs: 1, cached: TextBatch.repeats(in: texts)) {
      $0.sizeThatFits(.unspecified).size.width
    }
    let prepared = fonts.cacheStatistics.prepared
    #expect((prepared.hits, prepared.misses, prepared.entries) == (1, 1, 1), "\(prepared)")
    let plain = try Self.library(CacheLimits(preparedBytes: 0))
    for (text, width) in zip(texts, widths) {
      #expect(try width.get() == plain.prepare(text).sizeThatFits(.unspecified).size.width)
    }
  }

  /// Which bundled faces shape word by word: the condition is read from the font's own
  /// lookups, so it is checked here against a hand inspection of two faces: Noto Sans
  /// kerns no pair with the space; Noto Sans Mono has no kerning at all.
  @Test func spaceInertness() throws {
    let fonts = try TestFonts.library.get()
    #expect(try fonts.font(family: "Noto Sans").spaceIsInert)
    #expect(try fonts.font(family: "Noto Sans Mono").spaceIsInert)
  }

  @Test func repeatedWordsHitTheCache() throws {
    let fonts = try Self.library(CacheLimits(preparedBytes: 0))
    _ = try fonts.prepare("the cat and the hat and the bat")
    let first = fonts.cacheStatistics.shapes
    // "the ", "and " repeat; "bat" (no trailing space) is a word of its own.
    #expect(first.misses == 5)
    #expect(first.hits == 3)
    _ = try fonts.prepare("the cat and the hat and the bat")
    let second = fonts.cacheStatistics.shapes
    #expect(second.misses == first.misses)
    #expect(second.hits == first.hits + 8)
  }

  @Test func shapeCacheStaysUnderItsBound() throws {
    let limit = 16 << 10
    let fonts = try Self.library(CacheLimits(shapeBytes: limit, preparedBytes: 0))
    for text in TestFonts.paragraphs.prefix(300) { _ = try fonts.prepare(text) }
    let shapes = fonts.cacheStatistics.shapes
    #expect(shapes.bytes <= limit)
    #expect(shapes.evictions > 0)
    #expect(shapes.entries > 10)
    fonts.removeAll()
    #expect(fonts.cacheStatistics.shapes.entries == 0)
    #expect(fonts.cacheStatistics.shapes.bytes == 0)
  }

  @Test func preparedTextsAreReusedByExactScalars() throws {
    let fonts = try Self.library(CacheLimits())
    let first = try fonts.prepare("Blue tile with a longer local label")
    let again = try fonts.prepare("Blue tile with a longer local label")
    #expect(fonts.cacheStatistics.prepared.hits == 1)
    #expect(again.breakCache === first.breakCache)  // the same prepared text
    _ = try fonts.prepare("Blue tile with a longer local label", style: TextStyle(size: 17))
    #expect(fonts.cacheStatistics.prepared.misses == 2)
    // Canonically equivalent strings are equal in Swift but measure differently.
    let composed = try fonts.prepare("caf\u{E9}")
    let decomposed = try fonts.prepare("cafe\u{301}")
    #expect(composed.prefix.count != decomposed.prefix.count)
    #expect(fonts.cacheStatistics.prepared.misses == 4)
  }

  /// A face costs its file's size: with room for one of two faces, the second evicts the
  /// first.
  @Test func faceCacheIsBoundedByFileBytes() throws {
    func size(_ file: String) throws -> Int {
      try FileManager.default.attributesOfItem(atPath: TestFonts.directory + "/" + file)[.size]
        as? Int ?? 0
    }
    let limit = try max(size("NotoSans-Regular.ttf"), size("NotoSansMono-Regular.ttf")) + 1000
    let fonts = try Self.library(CacheLimits(faceBytes: limit))
    _ = try fonts.font(family: "Noto Sans")
    _ = try fonts.font(family: "Noto Sans Mono")
    let faces = fonts.cacheStatistics.faces
    #expect(faces.bytes <= limit)
    #expect(faces.entries == 1)
    #expect(faces.evictions == 1)
  }

  /// A font file rewritten after it was loaded is read again: its face, and the texts
  /// prepared with it, are not reused (files checked on every lookup: `FileCheckTests`
  /// for the interval).
  @Test func rewrittenFontIsReloaded() throws {
    let path = TemporaryFiles.path("cache-test.ttf")
    defer { TemporaryFiles.remove(path) }
    try Self.write(TestFonts.directory + "/NotoSans-Regular.ttf", over: path)
    let fonts = try Self.library(CacheLimits(fileCheckInterval: .zero))
    let style = TextStyle(fonts: [.file(path)])
    let before = try fonts.prepare("Wide words", style: style)
    #expect(try fonts.font(path: path).familyName == "Noto Sans")
    try Self.write(TestFonts.directory + "/NotoSansMono-Regular.ttf", over: path)  // in place
    #expect(try fonts.font(path: path).familyName == "Noto Sans Mono")
    let after = try fonts.prepare("Wide words", style: style)
    #expect(after.idealWidth != before.idealWidth)
    let mono = try fonts.prepare("Wide words", style: TextStyle(fonts: [.family("Noto Sans Mono")]))
    #expect(after.idealWidth == mono.idealWidth)
    try FileManager.default.removeItem(atPath: path)
    #expect(throws: CaliperError.self) { try fonts.font(path: path) }
  }

  /// The next request for the same text, with nothing else looking the face up between,
  /// answers from the file as it is now (default cache sizes, files checked on every
  /// lookup): rewritten, the new font's width, as a fresh library gives; truncated or
  /// deleted, an error naming the file.
  @Test func preparedTextIsNotReusedAfterItsFontChanges() throws {
    let path = TemporaryFiles.path("stale-test.ttf")
    defer { TemporaryFiles.remove(path) }
    try Self.write(TestFonts.directory + "/NotoSans-Regular.ttf", over: path)
    let fonts = try Self.library(CacheLimits(fileCheckInterval: .zero))
    let style = TextStyle(fonts: [.file(path)])
    let before = try fonts.prepare("Wide words", style: style).idealWidth
    #expect(try fonts.prepare("Wide words", style: style).idealWidth == before)  // a hit
    try Self.write(TestFonts.directory + "/NotoSansMono-Regular.ttf", over: path)
    let after = try fonts.prepare("Wide words", style: style).idealWidth
    let fresh = try Self.library(CacheLimits()).prepare("Wide words", style: style).idealWidth
    #expect(after == fresh)
    #expect(after != before)
    try Data([0, 1, 0, 0]).write(to: URL(fileURLWithPath: path))  // truncated
    #expect { try fonts.prepare("Wide words", style: style) } throws: {
      "\($0)".contains(path)
    }
    try FileManager.default.removeItem(atPath: path)
    #expect { try fonts.prepare("Wide words", style: style) } throws: {
      "\($0)".contains(path)
    }
  }

  /// Writes the bytes of `source` into `path` (truncating it in place if it exists).
  static func write(_ source: String, over path: String) throws {
    try Data(contentsOf: URL(fileURLWithPath: source)).write(to: URL(fileURLWithPath: path))
  }

  /// A plain number as a cache key, written as an integer literal.
  struct Number: CacheKey, ExpressibleByIntegerLiteral {
    let value: Int
    init(integerLiteral value: Int) { self.value = value }
  }

  @Test func unusedEntryGoesFirst() {
    let cache = LRUCache<Number, String>(byteLimit: 30)
    cache.insert("a", for: 1, cost: 10)
    cache.insert("b", for: 2, cost: 10)
    cache.insert("c", for: 3, cost: 10)
    #expect(cache.value(for: 1) == "a")  // 2 is now the oldest entry not used
    cache.insert("d", for: 4, cost: 10)
    #expect(cache.value(for: 2) == nil)
    #expect(cache.value(for: 1) == "a" && cache.value(for: 3) == "c" && cache.value(for: 4) == "d")
    cache.insert("big", for: 5, cost: 31)  // larger than the whole bound: not kept
    #expect(cache.value(for: 5) == nil)
    #expect(cache.statistics.bytes == 30 && cache.statistics.evictions == 1)
    cache.insert("a2", for: 1, cost: 20)  // replacing frees the old cost first
    #expect(cache.statistics.bytes <= 30)
    #expect(cache.value(for: 1) == "a2")
    let off = LRUCache<Number, String>(byteLimit: 0)
    off.insert("x", for: 1, cost: 0)
    #expect(off.value(for: 1) == nil)
  }

  /// The eviction policy is second chance (CLOCK), not exact LRU: a hit marks its entry,
  /// and eviction passes marked entries over once (clearing the mark and queueing them
  /// anew) in insertion order, whatever the order of their last uses. Exact LRU would drop
  /// 2 here (used before 1); second chance requeues 1 then 2 and drops 1, the older.
  @Test func secondChanceOrder() {
    let cache = LRUCache<Number, String>(byteLimit: 20)
    cache.insert("a", for: 1, cost: 10)
    cache.insert("b", for: 2, cost: 10)
    #expect(cache.value(for: 2) == "b")
    #expect(cache.value(for: 1) == "a")
    cache.insert("c", for: 3, cost: 10)
    #expect(cache.value(for: 1) == nil)
    #expect(cache.value(for: 2) == "b" && cache.value(for: 3) == "c")
    // Both marks were spent: 2 and 3 are marked again by the lookups just made, 2 older.
    cache.insert("d", for: 4, cost: 10)
    #expect(cache.value(for: 2) == nil && cache.value(for: 3) == "c")
    #expect(cache.statistics.evictions == 2 && cache.statistics.bytes == 20)
  }

  /// A key whose hashes collide in clusters, so that the index's probing and its removal
  /// (entries shifted back into the hole) are exercised.
  struct ClusteredKey: CacheKey {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value % 5) }
  }

  /// Random inserts, lookups and removals agree with a plain model of a second-chance
  /// cache (an array in queue order, each entry with its used mark), counters included.
  @Test func agreesWithAModelUnderCollisions() {
    let cache = LRUCache<ClusteredKey, Int>(byteLimit: 200)
    var model: [(key: Int, value: Int, cost: Int, used: Bool)] = []  // oldest first
    var (hits, misses, evictions) = (0, 0, 0)
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    for step in 0..<20_000 {
      let key = next(60)
      switch next(3) {
      case 0:
        let found = model.firstIndex { $0.key == key }
        if let found {
          model[found].used = true
          hits += 1
        } else {
          misses += 1
        }
        #expect(cache.value(for: ClusteredKey(value: key)) == found.map { model[$0].value })
      case 1:
        let cost = 1 + next(30)
        cache.insert(step, for: ClusteredKey(value: key), cost: cost)
        model.removeAll { $0.key == key }
        while model.reduce(0, { $0 + $1.cost }) + cost > 200 {
          var oldest = model.removeFirst()
          if oldest.used {
            oldest.used = false
            model.append(oldest)
          } else {
            evictions += 1
          }
        }
        model.append((key, step, cost, false))
      default:
        cache.removeValue(for: ClusteredKey(value: key))
        model.removeAll { $0.key == key }
      }
    }
    let statistics = cache.statistics
    #expect(statistics.hits == hits && statistics.misses == misses)
    #expect(statistics.evictions == evictions && statistics.entries == model.count)
    #expect(statistics.bytes == model.reduce(0) { $0 + $1.cost })
  }
}
