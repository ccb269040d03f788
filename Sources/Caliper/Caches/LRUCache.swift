import Synchronization

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

/// A map with a bound on memory: least recently used entries go first.
///
/// Problem: a measuring service sees millions of distinct keys; an unbounded cache grows
/// until the process dies. Solution: every entry has a cost in bytes, and inserting past
/// `byteLimit` evicts from the least recently used end (a doubly linked list threaded
/// through an array of slots, so lookups, inserts and evictions are O(1)). All access is
/// under one lock, so the cache is `Sendable`; a value is computed outside the lock, so two
/// threads missing the same key at once may both compute it (the first stored wins).
/// A limit of 0 disables the cache: nothing is stored and every lookup computes.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Slot {
    var key: Key
    var value: Value
    var cost: Int
    var newer: Int  // towards the most recently used end; -1 at the end
    var older: Int
  }

  private struct Storage {
    var slots: [Slot] = []
    var free: [Int] = []
    var index: [Key: Int] = [:]
    var newest = -1
    var oldest = -1
    var bytes = 0
    var hits = 0
    var misses = 0
    var evictions = 0

    mutating func unlink(_ slot: Int) {
      let (newer, older) = (slots[slot].newer, slots[slot].older)
      if newer >= 0 { slots[newer].older = older } else { newest = older }
      if older >= 0 { slots[older].newer = newer } else { oldest = newer }
    }

    mutating func pushNewest(_ slot: Int) {
      slots[slot].newer = -1
      slots[slot].older = newest
      if newest >= 0 { slots[newest].newer = slot }
      newest = slot
      if oldest < 0 { oldest = slot }
    }

    mutating func remove(_ slot: Int) {
      unlink(slot)
      index[slots[slot].key] = nil
      bytes -= slots[slot].cost
      free.append(slot)
    }
  }

  let byteLimit: Int
  private let storage = Mutex(Storage())

  init(byteLimit: Int) {
    self.byteLimit = max(0, byteLimit)
  }

  /// The cached value for `key`, made most recently used; nil counts as a miss.
  func value(for key: Key) -> Value? {
    storage.withLock { storage -> Value? in
      guard let slot = storage.index[key] else {
        storage.misses += 1
        return nil
      }
      storage.hits += 1
      if storage.newest != slot {
        storage.unlink(slot)
        storage.pushNewest(slot)
      }
      return storage.slots[slot].value
    }
  }

  /// Stores `value` at a cost of `cost` bytes, evicting least recently used entries to stay
  /// under the limit. A value costing more than the whole limit is not stored.
  func insert(_ value: Value, for key: Key, cost: Int) {
    guard byteLimit > 0, cost <= byteLimit else { return }
    storage.withLock { storage in
      if let existing = storage.index[key] { storage.remove(existing) }
      while storage.bytes + cost > byteLimit, storage.oldest >= 0 {
        storage.remove(storage.oldest)
        storage.evictions += 1
      }
      let entry = Slot(key: key, value: value, cost: cost, newer: -1, older: -1)
      let slot: Int
      if let reused = storage.free.popLast() {
        storage.slots[reused] = entry
        slot = reused
      } else {
        storage.slots.append(entry)
        slot = storage.slots.count - 1
      }
      storage.index[key] = slot
      storage.bytes += cost
      storage.pushNewest(slot)
    }
  }

  /// The cached value, else the value `make()` returns, stored at the cost it gives.
  func value<E: Error>(
    for key: Key, make: () throws(E) -> (value: Value, cost: Int)
  ) throws(E) -> Value {
    if let cached = value(for: key) { return cached }
    let made = try make()
    insert(made.value, for: key, cost: made.cost)
    return made.value
  }

  /// Drops `key`'s entry, if any.
  func removeValue(for key: Key) {
    storage.withLock { storage in
      if let slot = storage.index[key] { storage.remove(slot) }
    }
  }

  /// Empties the cache (the counters stay).
  func removeAll() {
    storage.withLock { storage in
      let counters = (storage.hits, storage.misses, storage.evictions)
      storage = Storage()
      (storage.hits, storage.misses, storage.evictions) = counters
    }
  }

  var statistics: CacheStatistics {
    storage.withLock { storage in
      CacheStatistics(
        hits: storage.hits, misses: storage.misses, evictions: storage.evictions,
        entries: storage.index.count, bytes: storage.bytes, byteLimit: byteLimit)
    }
  }
}
