/// A shape-cache key's parts that are not arrays: the face, script, direction (left to
/// right, right to left, or top to bottom for an upright run of vertical text) and
/// language, the word's UTF-8 in three lanes, and the seeded digest of all of them and of
/// the features. Trivial (no reference counting), so a lookup makes one per word for free.
struct ShapeWord: Equatable, Sendable {
  /// `Font.serial`: one version of one face.
  let font: UInt64
  /// HarfBuzz script (`hb_script_t` raw value).
  let script: UInt32
  /// The word's length in scalars, beside `script`, `direction` and `fits` so that the
  /// four share 8 bytes.
  private let length: UInt16
  /// 0 left to right, 1 right to left, 2 top to bottom (an upright run of vertical text,
  /// whose advances are vertical ones), plus `scalarLanes` when the lanes hold the word's
  /// scalars rather than its UTF-8: one byte, where a second Bool would have made the key
  /// 8 bytes longer.
  private let direction: UInt8
  /// Whether the word's UTF-8 fits `utf8`; else its key keeps the scalars.
  let fits: Bool
  /// HarfBuzz's interned language, by address (stable for the process).
  let language: Int
  /// The word, when it fits (with the scalar count, which tells trailing NULs from padding,
  /// this is the word); zeros otherwise. A word of ASCII, or of more than `scalarWords`
  /// scalars: its UTF-8, 8 bytes to a lane in memory order, zeros after it, when it fits
  /// in `inlineBytes`. Any other word (at most `scalarWords` scalars, one beyond ASCII):
  /// its scalars, 21 bits each, three to a lane from the low bits, with `scalarLanes` set
  /// in `direction` (so that the two packings never compare equal: "š\0" by scalars and
  /// "a\u{1}" in UTF-8 have the same lanes and length).
  private let utf8: (UInt64, UInt64, UInt64)
  /// The seeded digest of all the above, the features' digest, and a longer word's scalars.
  private(set) var digest: UInt64

  /// The word's length in scalars.
  var count: Int { Int(length) }
  /// Whether the word was shaped right to left.
  var rightToLeft: Bool { direction & 3 == 1 }
  /// Whether the word was shaped top to bottom (upright in vertical text).
  var upright: Bool { direction & 3 == 2 }

  static let inlineBytes = 24
  /// The most scalars a word beyond ASCII keeps in the lanes as scalars (21 bits each).
  static let scalarWords = 9
  /// `direction`'s flag for lanes that hold scalars.
  private static let scalarLanes: UInt8 = 4

  /// Two secrets from the standard library's per-process seed (`Hasher`'s own: random per
  /// process unless `SWIFT_DETERMINISTIC_HASHING` is set). A caller making many words reads
  /// them once and passes them (`init(…seeds:)`): a global's `swift_once` check a word.
  static let seeds: (UInt64, UInt64) = {
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

  /// The digest of a style's features, made once per shaper (0 for none).
  static func digest(of features: [FontFeature]) -> UInt64 {
    var digest: UInt64 = 0
    for feature in features {
      digest = fold(digest ^ (UInt64(feature.code) << 32 | UInt64(feature.value)), seeds.1)
    }
    return digest
  }

  /// `readable`: how many scalars may be read from `word`'s start (its text's, past it).
  init(
    font: UInt64, script: UInt32, rightToLeft: Bool, upright: Bool, language: Int,
    featuresDigest: UInt64, word: UnsafeBufferPointer<Unicode.Scalar>,
    seeds: (UInt64, UInt64) = ShapeWord.seeds, readable: Int = 0
  ) {
    self.font = font
    self.script = script
    self.language = language
    // Words are at most `ShapeCache.longestWord` scalars.
    length = UInt16(truncatingIfNeeded: word.count)
    // An ASCII word (nearly every word of Latin prose) is its UTF-8: each scalar's byte is
    // shifted into its lane in registers, 8 to a lane, in memory order (little-endian
    // lanes), where writing byte by byte through memory was about 80 instructions a word.
    // A word whose first scalar is beyond ASCII is not tried (the lanes of a word in
    // another script were made for nothing, about 50 instructions).
    var lanes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var fits = true
    var ascii = false
    var scalarLanes = false
    let count = word.count
    if count <= Self.inlineBytes && (count == 0 || word[0].value < 0x80) {
      // Wrapping arithmetic and masked shifts: checked ones were most of the loop.
      @inline(__always)
      func lane(_ start: Int, _ end: Int) -> (bits: UInt64, high: UInt32) {
        var (bits, high, shift): (UInt64, UInt32, UInt64) = (0, 0, 0)
        var index = start
        while index < end {
          let value = word[index].value
          high |= value
          bits |= UInt64(truncatingIfNeeded: value) &<< shift
          shift &+= 8
          index &+= 1
        }
        return (UInt64(littleEndian: bits), high)
      }
      let first = lane(0, min(count, 8))
      let second = lane(8, min(count, 16))
      let third = lane(16, count)
      if first.high | second.high | third.high < 0x80 {
        lanes = (first.bits, second.bits, third.bits)
        ascii = true
      }
    }
    if !ascii {
      if count <= Self.scalarWords {
        (lanes, scalarLanes) = (Self.lanesOfScalars(word, readable: readable), true)
      } else {
        (lanes, fits) = Self.lanesBeyondASCII(word)
      }
    }
    // An upright run is shaped top to bottom whatever its bidi level (`VerticalShaping`).
    let direction = (upright ? 2 : rightToLeft ? 1 : 0) | (scalarLanes ? Self.scalarLanes : 0)
    self.direction = direction
    self.fits = fits
    utf8 = lanes
    digest = Self.digest(
      font: font, script: script, length: length, direction: direction, language: language,
      lanes: lanes, featuresDigest: featuresDigest, seeds: seeds)
  }

  /// The parts of a word of `count` scalars whose UTF-8 the lanes do not hold (`fits`
  /// false: the lanes empty), as `init(…word:…)` makes them from its scalars, without
  /// reading them again (`Shaper.longWordHit`, for a word its caller found not to fit).
  init(
    beyondLanes count: Int, font: UInt64, script: UInt32, rightToLeft: Bool, upright: Bool,
    language: Int, featuresDigest: UInt64, seeds: (UInt64, UInt64)
  ) {
    self.font = font
    self.script = script
    self.language = language
    length = UInt16(truncatingIfNeeded: count)
    direction = upright ? 2 : rightToLeft ? 1 : 0
    fits = false
    utf8 = (0, 0, 0)
    digest = Self.digest(
      font: font, script: script, length: length, direction: direction, language: language,
      lanes: utf8, featuresDigest: featuresDigest, seeds: seeds)
  }

  /// The seeded digest of a word's parts and its style's features' digest.
  @inline(__always)
  private static func digest(
    font: UInt64, script: UInt32, length: UInt16, direction: UInt8, language: Int,
    lanes: (UInt64, UInt64, UInt64), featuresDigest: UInt64, seeds: (UInt64, UInt64)
  ) -> UInt64 {
    let (first, second) = seeds
    var digest = fold(
      first ^ font,
      second ^ (UInt64(script) << 32 | UInt64(length) << 3 | UInt64(direction)))
    digest = fold(digest ^ UInt64(UInt(bitPattern: language)), second ^ lanes.0)
    digest = fold(digest ^ lanes.1, second ^ lanes.2)
    if featuresDigest != 0 { digest = fold(digest ^ featuresDigest, second) }
    return digest
  }

  /// The lanes (`utf8`) of a word beyond ASCII of 1 to `scalarWords` scalars: its scalars,
  /// 21 bits each, three to a lane from the low bits, zeros past it. Loops up to the count
  /// left where the words' lengths made them (~45 mispredictions a fallback-heavy
  /// paragraph, report-cold.md, i32fs): all nine are read, with no branch, and the bits
  /// past the word masked off; past it, the text's next scalars where `readable` (see
  /// `init`) allows, else the word's last again. Out of line, and apart from the UTF-8
  /// writer, whose stack buffer and saved registers each call paid.
  @inline(never)
  private static func lanesOfScalars(_ word: UnsafeBufferPointer<Unicode.Scalar>, readable: Int)
    -> (UInt64, UInt64, UInt64)
  {
    let count = word.count
    guard let base = word.baseAddress, count > 0 else { return (0, 0, 0) }
    @inline(__always)
    func lanes(_ scalar: (Int) -> UInt64) -> (UInt64, UInt64, UInt64) {
      @inline(__always)
      func lane(_ start: Int) -> UInt64 {
        // The bits of the lane's scalars inside the word (0 to 3 of them, 21 bits each).
        let inside = UInt64(Swift.min(Swift.max(count &- start, 0), 3))
        let keep = (1 &<< (inside &* 21)) &- 1
        return (scalar(start) | scalar(start &+ 1) &<< 21 | scalar(start &+ 2) &<< 42) & keep
      }
      return (lane(0), lane(3), lane(6))
    }
    if readable >= scalarWords { return lanes { UInt64(base[$0].value) } }
    let last = count &- 1
    return lanes { UInt64(base[Swift.min($0, last)].value) }
  }

  /// The lanes (`utf8`) of a word of more than `scalarWords` scalars that is not ASCII of
  /// at most `inlineBytes`, and whether its UTF-8 fits them (zeros when not). Out of line:
  /// the ASCII words' path stays small in `Shaper.cachedStretch`'s loop.
  @inline(never)
  private static func lanesBeyondASCII(_ word: UnsafeBufferPointer<Unicode.Scalar>) -> (
    lanes: (UInt64, UInt64, UInt64), fits: Bool
  ) {
    // The UTF-8 written byte by byte into the lanes' memory (a fourth lane takes the bytes
    // of a sequence that would pass 24, which then sends the word to `scalars`).
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var fits = true
    withUnsafeMutableBytes(of: &lanes) { bytes in
      var offset = 0
      for scalar in word {
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
        if offset > inlineBytes {
          fits = false
          break
        }
      }
    }
    return (fits ? (lanes.0, lanes.1, lanes.2) : (0, 0, 0), fits)
  }

  /// Folds a longer word's scalars (which `utf8` could not hold) into the digest.
  mutating func addScalars(_ scalars: [UInt32]) {
    addScalars(scalars.count) { scalars[$0] }
  }

  /// `addScalars` of the scalars in place (a lookup's probe: the same digest).
  mutating func addScalars(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) {
    addScalars(scalars.count) { scalars[$0].value }
  }

  /// Folds the `count` scalars `scalar` gives into the digest, two to a fold.
  @inline(__always)
  private mutating func addScalars(_ count: Int, _ scalar: (Int) -> UInt32) {
    var index = 0
    while index < count {
      let pair = UInt64(scalar(index)) << 32 | (index + 1 < count ? UInt64(scalar(index + 1)) : 0)
      digest = Self.fold(digest ^ pair, Self.seeds.1)
      index += 2
    }
  }

  /// The index's hash: the digest's bits.
  var cacheHash: Int32 { Int32(truncatingIfNeeded: digest ^ digest >> 32) }

  static func == (lhs: ShapeWord, rhs: ShapeWord) -> Bool {
    lhs.digest == rhs.digest && lhs.utf8 == rhs.utf8 && lhs.font == rhs.font
      && lhs.script == rhs.script && lhs.direction == rhs.direction
      && lhs.language == rhs.language && lhs.length == rhs.length && lhs.fits == rhs.fits
  }
}
