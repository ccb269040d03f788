/// A key of `LRUCache`: `Hashable`, and the hash the cache's index files it under.
///
/// The default is the key's `hashValue` (SipHash, through `Hasher`). A key looked up in a
/// hot loop that already carries a seeded digest of itself (`ShapeKey`) returns that
/// instead and skips a second hash of every lookup.
protocol CacheKey: Hashable, Sendable {
  /// The index's hash of this key: equal keys give equal hashes.
  var cacheHash: Int32 { get }

  /// What a lookup may compare instead of a whole key (`LRUCache.Storage.hit(for:hash:)`):
  /// the key itself unless a key is costly to make (`ShapeKey`).
  associatedtype Probe = Self

  /// Whether this key is the one `probe` describes.
  func matches(_ probe: Probe) -> Bool
}

extension CacheKey {
  var cacheHash: Int32 { Int32(truncatingIfNeeded: hashValue) }
}

extension CacheKey where Probe == Self {
  func matches(_ probe: Self) -> Bool { self == probe }
}
