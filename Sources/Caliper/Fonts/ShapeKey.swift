/// Everything that changes how a word shapes, the word included: the shape cache's key.
///
/// Problem: the shape cache is looked up once per word of every text prepared, and a
/// lookup through `Hashable` runs SipHash over the key and compares it field by field, a
/// few hundred instructions a word (more for a word with a curly quote, whose scalars went
/// to an array of their own). Solution: the word's UTF-8 bytes packed into three machine
/// words (24 bytes hold nearly every word with its trailing spaces, curly quotes and
/// accents included), hashed once when the key is made with a seeded multiply-fold mix
/// (as wyhash: each 64-bit lane multiplied full width by a secret and the halves folded),
/// and `cacheHash` hands that digest to `LRUCache`'s index without SipHash; equality
/// compares the digest, then the lanes. The seed comes from the standard library's
/// per-process hash seed, so words chosen to collide in one process do not collide in
/// another (and `SWIFT_DETERMINISTIC_HASHING` makes it fixed, as for every `Hasher`).
/// Limitation: a word of more than 24 bytes keeps its scalars in an array.
struct ShapeKey: CacheKey, Sendable {
  /// `Font.serial`: one version of one face.
  let font: UInt64
  /// HarfBuzz script (`hb_script_t` raw value).
  let script: UInt32
  /// The word's length in scalars (`count`), beside `script` and `rightToLeft` so that the
  /// three share 8 bytes.
  private let length: UInt16
  let rightToLeft: Bool
  /// HarfBuzz's interned language, by address (stable for the process).
  let language: Int
  /// The style's OpenType features (all applying to the whole text).
  let features: [FontFeature]
  /// The word's length in scalars.
  var count: Int { Int(length) }
  /// The word's UTF-8, 8 bytes to a lane in memory order, zeros after it, when it fits in
  /// `inlineBytes` (with the scalar count, which tells trailing NULs from padding, this is
  /// the word); zeros otherwise.
  private let utf8: (UInt64, UInt64, UInt64)
  /// Any longer word's scalars; empty for a word packed in `utf8`.
  private let scalars: [UInt32]
  /// The seeded digest of all the above, made once.
  private let digest: UInt64

  static let inlineBytes = 24

  /// Two secrets from the standard library's per-process seed (`Hasher`'s own: random per
  /// process unless `SWIFT_DETERMINISTIC_HASHING` is set).
  private static let seeds: (UInt64, UInt64) = {
    func secret(_ value: UInt64) -> UInt64 {
      var hasher = Hasher()
      hasher.combine(value)
      // Odd, so that a full-width multiply by it loses no bits.
      return UInt64(UInt(bitPattern: hasher.finalize())) | 1
    }
    return (secret(0x5A17), secret(0xC0FFEE))
  }()

  /// The multiply-fold step: `a` × `b` to 128 bits, the halves xored.
  @inline(__always)
  private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return high ^ low
  }

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
    length = UInt16(truncatingIfNeeded: word.count)
    // The UTF-8 written byte by byte into the lanes' memory (a fourth lane takes the
    // bytes of a sequence that would pass 24, which then sends the word to `scalars`).
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var fits = true
    withUnsafeMutableBytes(of: &lanes) { bytes in
      word.withUnsafeBufferPointer { scalars in
        var offset = 0
        for scalar in scalars {
          let value = scalar.value
          if value < 0x80 {
            bytes[offset] = UInt8(truncatingIfNeeded: value)
            offset &+= 1
          } else if value < 0x800 {
            bytes[offset] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            bytes[offset &+ 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            offset &+= 2
          } else if value < 0x10000 {
            bytes[offset] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            bytes[offset &+ 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            bytes[offset &+ 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            offset &+= 3
          } else {
            bytes[offset] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            bytes[offset &+ 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
            bytes[offset &+ 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            bytes[offset &+ 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            offset &+= 4
          }
          if offset > Self.inlineBytes {
            fits = false
            break
          }
        }
      }
    }
    utf8 = fits ? (lanes.0, lanes.1, lanes.2) : (0, 0, 0)
    scalars = fits ? [] : word.map(\.value)
    let (first, second) = Self.seeds
    var digest = Self.fold(
      first ^ font, second ^ (UInt64(script) << 32 | UInt64(length) << 1 | (rightToLeft ? 1 : 0)))
    digest = Self.fold(digest ^ UInt64(UInt(bitPattern: language)), second ^ utf8.0)
    digest = Self.fold(digest ^ utf8.1, second ^ utf8.2)
    for feature in features {
      digest = Self.fold(digest ^ (UInt64(feature.code) << 32 | UInt64(feature.value)), second)
    }
    var index = 0
    while index < scalars.count {
      let pair =
        UInt64(scalars[index]) << 32 | (index + 1 < scalars.count ? UInt64(scalars[index + 1]) : 0)
      digest = Self.fold(digest ^ pair, second)
      index += 2
    }
    self.digest = digest
  }

  /// The index's hash: the digest's bits, with no second pass through `Hasher`.
  var cacheHash: Int32 { Int32(truncatingIfNeeded: digest ^ digest >> 32) }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }

  static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
    lhs.digest == rhs.digest && lhs.utf8 == rhs.utf8 && lhs.font == rhs.font
      && lhs.script == rhs.script && lhs.rightToLeft == rhs.rightToLeft
      && lhs.language == rhs.language && lhs.length == rhs.length
      && lhs.features == rhs.features && lhs.scalars == rhs.scalars
  }

  /// Estimated bytes of an entry: key and value storage plus bookkeeping.
  var cost: Int {
    96 + features.count * MemoryLayout<FontFeature>.stride + count
      * (MemoryLayout<UInt32>.stride + MemoryLayout<Int64>.stride)
  }
}
