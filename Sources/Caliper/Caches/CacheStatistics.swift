/// A cache's counters, as `FontLibrary.cacheStatistics` reports them.
public struct CacheStatistics: Sendable, Hashable, CustomStringConvertible {
  /// Lookups answered from the cache.
  public var hits: Int
  /// Lookups that had to compute the value.
  public var misses: Int
  /// Entries dropped to stay under the byte limit.
  public var evictions: Int
  /// Entries held now.
  public var entries: Int
  /// Bytes held now (each entry's estimated cost).
  public var bytes: Int
  /// The bound on `bytes`.
  public var byteLimit: Int

  /// hits / (hits + misses); 0 before any lookup.
  public var hitRate: Double {
    hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
  }

  public var description: String {
    let rate = (hitRate * 1000).rounded() / 10
    return "\(hits) hits, \(misses) misses (\(rate)%), \(entries) entries, \(bytes) of "
      + "\(byteLimit) bytes, \(evictions) evictions"
  }
}
