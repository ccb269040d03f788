/// Everything that changes how a word shapes, the word included: the shape cache's key.
///
/// Problem: the shape cache is looked up once per word of every text prepared, and a
/// lookup through `Hashable` runs SipHash over the key and compares it field by field, a
/// few hundred instructions a word (more for a word with a curly quote, whose scalars went
/// to an array of their own). Solution: the word packed into three machine words (its UTF-8,
/// 24 bytes of which hold nearly every word of Latin prose with its trailing spaces, curly
/// quotes and accents; or, for a word beyond ASCII of at most nine scalars, the scalars
/// themselves, which a word of another script fits as its UTF-8 often does not), hashed once when the key is made with a seeded multiply-fold mix
/// (as wyhash: each 64-bit lane multiplied full width by a secret and the halves folded),
/// and `cacheHash` hands that digest to `LRUCache`'s index without SipHash; equality
/// compares the digest, then the lanes. The seed comes from the standard library's
/// per-process hash seed, so words chosen to collide in one process do not collide in
/// another (and `SWIFT_DETERMINISTIC_HASHING` makes it fixed, as for every `Hasher`).
/// A lookup compares a `ShapeWord` (every field but the arrays, made with no allocation or
/// reference count) and the features, and makes a key only on a miss
/// (`LRUCache.Storage.hit(for:hash:)`); a word the lanes do not hold is looked up the
/// same way, its probe holding its scalars in place. Limitation: such a word's key keeps
/// its scalars in an array.
struct ShapeKey: CacheKey, Sendable {
  /// The word, the face and the shaping direction: every part but the arrays.
  let word: ShapeWord
  /// The style's OpenType features (all applying to the whole text).
  let features: [FontFeature]
  /// Any longer word's scalars; empty for a word packed in `word`'s lanes.
  private let scalars: [UInt32]

  /// The word's length in scalars.
  var count: Int { word.count }

  init(
    font: UInt64, script: UInt32, rightToLeft: Bool, upright: Bool = false, language: Int,
    features: [FontFeature], word: ArraySlice<Unicode.Scalar>
  ) {
    let made = word.withUnsafeBufferPointer { scalars in
      ShapeWord(
        font: font, script: script, rightToLeft: rightToLeft, upright: upright,
        language: language, featuresDigest: ShapeWord.digest(of: features), word: scalars)
    }
    self.init(word: made, features: features, scalars: word)
  }

  /// The key of `word` (made from `scalars` with `features`' digest).
  init(word: ShapeWord, features: [FontFeature], scalars: ArraySlice<Unicode.Scalar>) {
    var word = word
    self.features = features
    if word.fits {
      self.scalars = []
    } else {
      let values = scalars.map(\.value)
      word.addScalars(values)
      self.scalars = values
    }
    self.word = word
  }

  /// The index's hash: the digest's bits, with no second pass through `Hasher`.
  var cacheHash: Int32 { word.cacheHash }

  /// A word as a lookup describes it: its parts and the features, and for a word longer
  /// than the lanes its scalars, where they are: buffers, not arrays, so that no key and no
  /// array is made to look it up, and a probe is trivial (made, passed and dropped with no
  /// reference counting, whether or not the lookup is inlined into the caller's loop: a
  /// probe holding the features' array was retained, released and destroyed a word where it
  /// was not). Valid while the caller holds the buffers.
  struct Probe {
    let word: ShapeWord
    let features: UnsafeBufferPointer<FontFeature>
    /// A longer word's scalars (`word` made with `ShapeWord.addScalars`); nil for one that
    /// fits the lanes.
    var scalars: UnsafeBufferPointer<Unicode.Scalar>? = nil
  }

  /// Whether this key is the word `probe` describes. The common answer (the same parts, a
  /// word in the lanes, no features on either side) inline; the rest, the features' and a
  /// longer word's scalars compared, out of line, so that the cache's lookup
  /// (`LRUCache.Storage.hit`) stays small enough to inline into `Shaper.cachedStretch`'s
  /// loop (a call there was about 90 instructions a word).
  /// The rest goes to a static function given the arrays and buffers alone: a method of the
  /// key given the probe made the loop write the slot's key and the probe to the stack for
  /// every word, about 30 instructions, for a call nearly no word makes.
  @inline(__always)
  func matches(_ probe: Probe) -> Bool {
    guard word == probe.word else { return false }
    if word.fits && features.isEmpty && probe.features.isEmpty { return true }
    return Self.featuresAndScalarsMatch(
      features, scalars, fits: word.fits, probe.features, probe.scalars)
  }

  /// `matches(_:)` of a probe with the same parts: the features equal and, for a word longer
  /// than the lanes (not `fits`), the same scalars.
  @inline(never)
  private static func featuresAndScalarsMatch(
    _ features: [FontFeature], _ scalars: [UInt32], fits: Bool,
    _ probeFeatures: UnsafeBufferPointer<FontFeature>,
    _ probeScalars: UnsafeBufferPointer<Unicode.Scalar>?
  ) -> Bool {
    // As `Array`'s `==`: the same count and each feature equal.
    guard features.elementsEqual(probeFeatures) else { return false }
    guard !fits else { return true }
    guard let others = probeScalars, others.count == scalars.count else { return false }
    // A loop over both buffers (a lazy map's `elementsEqual` was about 25 instructions a
    // scalar of a URL).
    return scalars.withUnsafeBufferPointer { mine in
      var index = 0
      while index < mine.count {
        if mine[index] != others[index].value { return false }
        index &+= 1
      }
      return true
    }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(word.digest)
  }

  static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
    lhs.word == rhs.word && lhs.features == rhs.features && lhs.scalars == rhs.scalars
  }

  /// Estimated bytes of an entry: key and value storage plus bookkeeping.
  var cost: Int {
    96 + features.count * MemoryLayout<FontFeature>.stride + count
      * (MemoryLayout<UInt32>.stride + MemoryLayout<Int64>.stride)
  }
}
