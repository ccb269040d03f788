import Synchronization

/// Shaped words, shared by every preparation of one `FontLibrary`.
///
/// Problem: prose repeats its words ("the", "and", names), and shaping is the largest part
/// of preparing a paragraph. Solution (as browsers' word caches): where a face's space
/// glyph takes part in no OpenType lookup (`Font.spaceIsInert`), shaping cannot reach
/// across a space, so a word with its trailing spaces shapes the same alone as in the
/// paragraph; such words are shaped alone and kept by (face, script, direction, language,
/// features, scalars). So are the words of a run holding none of the scalars that can wake
/// the lookups a face's space is only context in (`SpaceWakers`, `Shaper.shapesByWord`). Inertness looks at every lookup of the face, enabled or not, so it
/// holds whatever features are turned on; features limited to a range of the text shape
/// the whole run instead (the range is in the paragraph's offsets). A varied instance of a
/// face is a face of its own (its own serial), so variations are in the key too. The
/// advances are kept in font units (shaping happens at units-per-em scale, unhinted), so
/// the font size is not part of the key: it scales the result after.
/// Bound: `byteLimit` bytes, unused entries first out (second chance, `LRUCache`).
final class ShapeCache: Sendable {
  /// Words longer than this are shaped alone but not kept: they rarely repeat.
  static let longestWord = 48

  let cache: LRUCache<ShapeKey, ShapedPiece>
  /// Whether pair tables are turned off although the cache is on (for tests that compare
  /// the pair path with HarfBuzz).
  private let pairsOff = Atomic<Bool>(false)

  init(byteLimit: Int) {
    cache = LRUCache(byteLimit: byteLimit)
  }

  var isEnabled: Bool { cache.byteLimit > 0 }

  /// Whether preparing shapes runs of simple scalars from pair tables (`PairTable`, a cache
  /// of shaping results too): where the cache is on.
  var usesPairs: Bool { isEnabled && !pairsOff.load(ordering: .relaxed) }

  /// Turns the pair tables off (`false`) or back on with the cache, for later preparations.
  func setPairs(_ on: Bool) { pairsOff.store(!on, ordering: .relaxed) }
}

/// The shaping of a stretch of scalars, per scalar: the advance in font units of the
/// cluster starting there (0 for the cluster's other scalars), whether a HarfBuzz cluster
/// starts there, whether breaking before it is unsafe, and whether the cluster holds a
/// `.notdef` glyph. Packed as `advance << 3 | missing << 2 | unsafe << 1 | clusterStart`.
///
/// Problem: a cached word's values in an array of their own cost a heap block per entry
/// and, on every hit, a cache line or two apart from the cache's slot (about 1.5 of the 3.6
/// lines a Gatsby word's lookup touched, i32o). Solution: a piece of at most `inlineCount`
/// scalars whose packed values fit 32 bits (any word of a real font: an advance in font
/// units of under 2²⁸) keeps them inline, in the piece itself and so in the slot beside
/// its key; a longer one keeps them in an array, of 32-bit values too (a third of Gatsby's
/// 9,858 words spill: 40,557 values, 162 KB less than 64-bit ones held), and one with a
/// larger value in an array of two 32-bit halves a value.
struct ShapedPiece: Sendable {
  /// The most scalars kept inline: 8 (Gatsby's words with their spaces, split at spaces,
  /// are 5.5 scalars on average, and 88 % of them are 8 or fewer).
  static let inlineCount = 8
  /// Up to `inlineCount` packed values, two to a lane, in memory order.
  private let inlineBits: (UInt64, UInt64, UInt64, UInt64)
  /// The packed values of a piece not kept inline, each in 32 bits, or (`wideLength`) each
  /// as its low and high halves; empty otherwise.
  private let spilled: [Int32]
  /// How many values `inlineBits` holds; 0 when `spilled` holds them in 32 bits each,
  /// `wideLength` when in halves.
  private let inlineLength: UInt8
  private static let wideLength = UInt8.max
  /// Whether every scalar starts a cluster with a glyph of its own and none is unsafe to
  /// break before or a line separator: what a fresh `ShapedText` already says of every
  /// offset, so storing the piece writes its advances alone (`ShapedText.storeWord`).
  /// Found once, when the word is shaped, rather than per scalar of every store.
  let isPlain: Bool
  /// Whether no scalar has a `.notdef` glyph or is a line separator: storing the piece then
  /// writes its advances and sets only the flags that differ from a fresh `ShapedText`'s
  /// (a ligature's later scalars, a kerned pair's unsafe offset), without the per-scalar
  /// questions of the general store. `isPlain` implies it.
  let isClean: Bool
  /// Of an inline piece: bit i set where scalar i starts no cluster (`joinedMask`) or is
  /// unsafe to break before (`unsafeMask`), so that storing a clean one writes its flags a
  /// word at a time (`ShapedText.storeWord`) rather than asking each scalar's value; 0 for
  /// a piece not inline. In the slot's padding: the piece's stride is unchanged.
  let joinedMask: UInt8
  let unsafeMask: UInt8

  init(packed: [Int64], isPlain: Bool, isClean: Bool) {
    self.isPlain = isPlain
    self.isClean = isClean
    var (joined, unsafe): (UInt8, UInt8) = (0, 0)
    if packed.count <= Self.inlineCount {
      for (index, value) in packed.enumerated() {
        if !Self.clusterStart(value) { joined |= 1 << UInt8(index) }
        if Self.unsafeBefore(value) { unsafe |= 1 << UInt8(index) }
      }
    }
    (joinedMask, unsafeMask) = (joined, unsafe)
    let narrow = packed.allSatisfy { Int64(Int32(truncatingIfNeeded: $0)) == $0 }
    guard narrow, packed.count <= Self.inlineCount else {
      inlineBits = (0, 0, 0, 0)
      if narrow {
        // Made from `repeatElement` (a path the optimizer specializes, as `Array(filled:)`
        // of preparing) and filled through its buffer: `map` and `unsafeUninitializedCapacity`
        // looked the array's type up in the runtime each time.
        var values = Array(repeatElement(Int32(0), count: packed.count))
        values.withUnsafeMutableBufferPointer { values in
          for index in values.indices { values[index] = Int32(truncatingIfNeeded: packed[index]) }
        }
        spilled = values
        inlineLength = 0
      } else {
        spilled = packed.flatMap {
          [Int32(truncatingIfNeeded: $0), Int32(truncatingIfNeeded: $0 >> 32)]
        }
        inlineLength = Self.wideLength
      }
      return
    }
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &lanes) { bytes in
      let values = bytes.bindMemory(to: Int32.self)
      for (index, value) in packed.enumerated() {
        values[index] = Int32(truncatingIfNeeded: value)
      }
    }
    inlineBits = lanes
    spilled = []
    inlineLength = UInt8(packed.count)
  }

  /// The number of scalars.
  var count: Int {
    switch inlineLength {
    case 0: spilled.count
    case Self.wideLength: spilled.count / 2
    default: Int(inlineLength)
    }
  }

  /// Whether the values are kept inline (for tests of the layout).
  var isInline: Bool { inlineLength != Self.wideLength && (inlineLength > 0 || spilled.isEmpty) }

  /// Whether the values are in an array of halves: some value does not fit 32 bits.
  var isWide: Bool { inlineLength == Self.wideLength }

  /// The packed values, as an array (the general store's path, and tests).
  var packed: [Int64] {
    if isWide {
      return (0..<count).map {
        Int64(spilled[2 * $0 + 1]) << 32 | Int64(UInt32(bitPattern: spilled[2 * $0]))
      }
    }
    guard isInline else { return spilled.map { Int64($0) } }
    var lanes = inlineBits
    return withUnsafeBytes(of: &lanes) { bytes in
      bytes.bindMemory(to: Int32.self)[..<Int(inlineLength)].map { Int64($0) }
    }
  }

  /// The inline values' lanes (`count` of them are values) when `isInline`.
  var inlineLanes: (UInt64, UInt64, UInt64, UInt64) { inlineBits }

  /// The 32-bit values of a piece neither inline nor wide.
  var spilledValues: [Int32] { spilled }

  /// The bytes of the spilled values' array (for tests of the layout).
  var spilledBytes: Int { spilled.count * MemoryLayout<Int32>.stride }

  static func pack(
    advance: Int64, clusterStart: Bool, unsafeBefore: Bool, missingGlyph: Bool = false
  ) -> Int64 {
    advance << 3 | (missingGlyph ? 4 : 0) | (unsafeBefore ? 2 : 0) | (clusterStart ? 1 : 0)
  }

  /// `pack` of a cluster start with a glyph whose advance is a pair entry's
  /// (`PairTable.Entry`'s `bits`, filled) and whose unsafe-to-break flag is `unsafeBit`
  /// (2 or 0): the entry's advance moved up a bit, no arithmetic on the flags.
  @inline(__always)
  static func pack(entryBits bits: UInt32, unsafeBit: Int64) -> Int64 {
    Int64(PairTable.Entry(bits: bits).advance) << 3 | unsafeBit | 1
  }

  static func advance(_ value: Int64) -> Int64 { value >> 3 }
  static func clusterStart(_ value: Int64) -> Bool { value & 1 != 0 }
  static func unsafeBefore(_ value: Int64) -> Bool { value & 2 != 0 }
  static func missingGlyph(_ value: Int64) -> Bool { value & 4 != 0 }
  /// Whether `value` is a cluster start that is safe to break before and has a glyph.
  static func isPlainCluster(_ value: Int64) -> Bool { value & 7 == 1 }

  /// `value` with its flags replaced.
  static func with(_ value: Int64, clusterStart: Bool, unsafeBefore: Bool) -> Int64 {
    pack(
      advance: advance(value), clusterStart: clusterStart, unsafeBefore: unsafeBefore,
      missingGlyph: missingGlyph(value))
  }
}
