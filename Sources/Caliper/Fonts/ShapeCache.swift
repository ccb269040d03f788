/// Shaped words, shared by every preparation of one `FontLibrary`.
///
/// Problem: prose repeats its words ("the", "and", names), and shaping is the largest part
/// of preparing a paragraph. Solution (as browsers' word caches): where a face's space
/// glyph takes part in no OpenType lookup (`Font.spaceIsInert`), shaping cannot reach
/// across a space, so a word with its trailing spaces shapes the same alone as in the
/// paragraph; such words are shaped alone and kept by (face, script, direction, language,
/// features, scalars). Inertness looks at every lookup of the face, enabled or not, so it
/// holds whatever features are turned on; features limited to a range of the text shape
/// the whole run instead (the range is in the paragraph's offsets). A varied instance of a
/// face is a face of its own (its own serial), so variations are in the key too. The advances are kept in font units (shaping happens at units-per-em scale,
/// unhinted), so the font size is not part of the key: it scales the result after.
/// Bound: `byteLimit` bytes, least recently used first out.
final class ShapeCache: Sendable {
  /// Words longer than this are shaped alone but not kept: they rarely repeat.
  static let longestWord = 48

  let cache: LRUCache<ShapeKey, ShapedPiece>

  init(byteLimit: Int) {
    cache = LRUCache(byteLimit: byteLimit)
  }

  var isEnabled: Bool { cache.byteLimit > 0 }
}

/// Everything that changes how a word shapes, the word included.
struct ShapeKey: Hashable, Sendable {
  /// `Font.serial`: one version of one face.
  let font: UInt64
  /// HarfBuzz script (`hb_script_t` raw value).
  let script: UInt32
  /// The word's length in scalars (`count`), beside `script` and `rightToLeft` so that the
  /// three share 8 bytes: the cache keeps one key per word (72 bytes, not 80).
  private let length: UInt16
  let rightToLeft: Bool
  /// HarfBuzz's interned language, by address (stable for the process).
  let language: Int
  /// The style's OpenType features (all applying to the whole text).
  let features: [FontFeature]
  /// The word's length in scalars.
  var count: Int { Int(length) }
  /// A word of at most `inlineCount` ASCII characters (most words), packed 8 to a word so
  /// that making, comparing and dropping a key allocates nothing; zeros otherwise.
  private let ascii: (UInt64, UInt64, UInt64)
  /// Any other word's scalars; empty for a word packed in `ascii`.
  private let scalars: [UInt32]
  /// A digest of all the above, made once: `hash(into:)` feeds only this to the Hasher,
  /// so a lookup runs SipHash over 8 bytes rather than the whole word (equality still
  /// compares every field).
  private let digest: UInt64

  static let inlineCount = 24

  init(
    font: UInt64, script: UInt32, rightToLeft: Bool, language: Int, features: [FontFeature],
    word: ArraySlice<Unicode.Scalar>
  ) {
    self.font = font
    self.script = script
    self.rightToLeft = rightToLeft
    self.language = language
    self.features = features
    // Words are at most `ShapeCache.longestWord` scalars.
    length = UInt16(word.count)
    // FNV-1a over the fields, 32 bits at a time.
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) { digest = (digest ^ value) &* 0x100_0000_01b3 }
    mix(font)
    mix(UInt64(script) << 1 | (rightToLeft ? 1 : 0))
    mix(UInt64(UInt(bitPattern: language)))
    for feature in features { mix(UInt64(feature.code) << 32 | UInt64(feature.value)) }
    // One pass over the scalars: the digest, the packing (kept only if every scalar is
    // ASCII, which `all` tells at the end) and no branch on the way but the packing's word.
    var packed: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var all: UInt64 = 0
    let isShort = word.count <= Self.inlineCount
    word.withUnsafeBufferPointer { scalars in
      for position in 0..<scalars.count {
        let value = UInt64(scalars[position].value)
        digest = (digest ^ value) &* 0x100_0000_01b3
        all |= value
        guard isShort else { continue }
        let byte = (value & 0x7F) << UInt64((position & 7) * 8)
        if position < 8 {
          packed.0 |= byte
        } else if position < 16 {
          packed.1 |= byte
        } else {
          packed.2 |= byte
        }
      }
    }
    let isShortASCII = isShort && all < 0x80
    ascii = isShortASCII ? packed : (0, 0, 0)
    scalars = isShortASCII ? [] : word.map(\.value)
    self.digest = digest
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }

  static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
    lhs.digest == rhs.digest && lhs.font == rhs.font && lhs.script == rhs.script
      && lhs.rightToLeft == rhs.rightToLeft && lhs.language == rhs.language
      && lhs.length == rhs.length && lhs.ascii == rhs.ascii && lhs.features == rhs.features
      && lhs.scalars == rhs.scalars
  }

  /// Estimated bytes of an entry: key and value storage plus bookkeeping.
  var cost: Int {
    96 + features.count * MemoryLayout<FontFeature>.stride + count
      * (MemoryLayout<UInt32>.stride + MemoryLayout<Int64>.stride)
  }
}

/// The shaping of a stretch of scalars, per scalar: the advance in font units of the
/// cluster starting there (0 for the cluster's other scalars), whether a HarfBuzz cluster
/// starts there, whether breaking before it is unsafe, and whether the cluster holds a
/// `.notdef` glyph. Packed as `advance << 3 | missing << 2 | unsafe << 1 | clusterStart`
/// in one array (one allocation per word).
struct ShapedPiece: Sendable {
  let packed: [Int64]

  static func pack(
    advance: Int64, clusterStart: Bool, unsafeBefore: Bool, missingGlyph: Bool = false
  ) -> Int64 {
    advance << 3 | (missingGlyph ? 4 : 0) | (unsafeBefore ? 2 : 0) | (clusterStart ? 1 : 0)
  }

  static func advance(_ value: Int64) -> Int64 { value >> 3 }
  static func clusterStart(_ value: Int64) -> Bool { value & 1 != 0 }
  static func unsafeBefore(_ value: Int64) -> Bool { value & 2 != 0 }
  static func missingGlyph(_ value: Int64) -> Bool { value & 4 != 0 }

  /// `value` with its flags replaced.
  static func with(_ value: Int64, clusterStart: Bool, unsafeBefore: Bool) -> Int64 {
    pack(
      advance: advance(value), clusterStart: clusterStart, unsafeBefore: unsafeBefore,
      missingGlyph: missingGlyph(value))
  }
}
