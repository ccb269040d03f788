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

/// A map with a bound on memory: entries not used for longest go first (second chance).
///
/// Problem: a measuring service sees millions of distinct keys; an unbounded cache grows
/// until the process dies. Solution: every entry has a cost in bytes, and inserting past
/// `byteLimit` evicts in insertion order with a second chance (CLOCK, as operating systems
/// page): entries are queued oldest first (a doubly linked list threaded through an array
/// of slots), a hit only marks its entry used, and eviction looks at the oldest: a marked
/// one loses its mark and goes to the newest end, an unmarked one leaves. Moving an entry to
/// the newest end on every hit (exact LRU) relinked up to four slots per word looked up,
/// about 80 instructions of each hit of the shape cache; a mark is one store, and the
/// relinking moves to eviction, at most once per hit. An entry used since it was queued or
/// last passed over thus outlives every unused one; among used entries the order is
/// insertion, not the last use (`CacheTests.secondChanceOrder` states the policy). Lookups
/// and inserts are O(1), evictions O(1) amortized. All access is under one lock, so the
/// cache is `Sendable`; a value is computed outside the lock, so two threads missing the
/// same key at once may both compute it (the first stored wins).
/// A limit of 0 disables the cache: nothing is stored and every lookup computes.
final class LRUCache<Key: CacheKey, Value: Sendable>: Sendable {
  private struct Slot {
    var key: Key
    var value: Value
    var cost: Int
    /// The key's hash, kept so that the index never hashes a stored key again.
    var hash: Int32
    var newer: Int32  // towards the newest end of the queue; -1 at the end
    var older: Int32
    /// Used since it was queued or last passed over by eviction: its second chance.
    var used = false
  }

  private struct Storage {
    var slots: [Slot] = []
    var free: [Int32] = []
    /// The index: slot numbers by key hash, open addressing with linear probing (-1 empty),
    /// at most half full. A key is kept once, in its slot; a `[Key: Int]` held a second
    /// copy of every key (the shape cache's 80-byte keys: ~1.5 MB of a bulk run's 6 MB heap).
    var index: [Int32] = []
    var entries = 0
    var newest: Int32 = -1
    var oldest: Int32 = -1
    var bytes = 0
    var hits = 0
    var misses = 0
    var evictions = 0

    /// The bucket of `key`, and its slot if it is stored (else the empty bucket that ends
    /// its probe). `index` must not be empty.
    func find(_ key: Key, hash: Int32) -> (bucket: Int, slot: Int32?) {
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let slot = index[bucket]
        if slot < 0 { return (bucket, nil) }
        let stored = Int(slot)
        if slots[stored].hash == hash, slots[stored].key == key { return (bucket, slot) }
        bucket = (bucket + 1) & mask
      }
    }

    /// The slot of the key filed under `hash` that `probe` describes, compared in place
    /// (a key copied out to compare is retained and released).
    @inline(__always)
    func find(_ probe: Key.Probe, hash: Int32) -> Int32? {
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let slot = index[bucket]
        if slot < 0 { return nil }
        let stored = Int(slot)
        if slots[stored].hash == hash, slots[stored].key.matches(probe) { return slot }
        bucket = (bucket + 1) & mask
      }
    }

    func slot(for key: Key, hash: Int32) -> Int32? {
      index.isEmpty ? nil : find(key, hash: hash).slot
    }

    /// Puts `slot` in the index (its key is not there), growing it past half full.
    mutating func addToIndex(_ slot: Int32) {
      if (entries + 1) * 2 > index.count {
        var grown = [Int32](repeating: -1, count: max(16, index.count * 2))
        let mask = grown.count - 1
        for stored in index where stored >= 0 {
          var bucket = Int(truncatingIfNeeded: slots[Int(stored)].hash) & mask
          while grown[bucket] >= 0 { bucket = (bucket + 1) & mask }
          grown[bucket] = stored
        }
        index = grown
      }
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: slots[Int(slot)].hash) & mask
      while index[bucket] >= 0 { bucket = (bucket + 1) & mask }
      index[bucket] = slot
      entries += 1
    }

    /// Takes `slot` out of the index, shifting back the entries probed past it.
    mutating func removeFromIndex(_ slot: Int32) {
      let mask = index.count - 1
      var hole = Int(truncatingIfNeeded: slots[Int(slot)].hash) & mask
      while index[hole] != slot { hole = (hole + 1) & mask }
      var next = hole
      while true {
        next = (next + 1) & mask
        let moved = index[next]
        if moved < 0 { break }
        let home = Int(truncatingIfNeeded: slots[Int(moved)].hash) & mask
        // `moved` may fill the hole unless its home lies cyclically in (hole, next].
        let homeAfterHole =
          hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
        if !homeAfterHole {
          index[hole] = moved
          hole = next
        }
      }
      index[hole] = -1
      entries -= 1
    }

    mutating func unlink(_ slot: Int32) {
      let (newer, older) = (slots[Int(slot)].newer, slots[Int(slot)].older)
      if newer >= 0 { slots[Int(newer)].older = older } else { newest = older }
      if older >= 0 { slots[Int(older)].newer = newer } else { oldest = newer }
    }

    mutating func pushNewest(_ slot: Int32) {
      slots[Int(slot)].newer = -1
      slots[Int(slot)].older = newest
      if newest >= 0 { slots[Int(newest)].newer = slot }
      newest = slot
      if oldest < 0 { oldest = slot }
    }

    /// Evicts the oldest entry not used since it was queued or last passed over; the used
    /// ones before it lose their mark and go to the newest end (their second chance). Ends
    /// within one pass of the queue: past it every entry is unmarked.
    mutating func evictOldestUnused() {
      while slots[Int(oldest)].used {
        let slot = oldest
        slots[Int(slot)].used = false
        unlink(slot)
        pushNewest(slot)
      }
      remove(oldest)
      evictions += 1
    }

    mutating func remove(_ slot: Int32) {
      unlink(slot)
      removeFromIndex(slot)
      bytes -= slots[Int(slot)].cost
      free.append(slot)
    }
  }

  /// The hash the index files `key` under.
  private static func hash(_ key: Key) -> Int32 { key.cacheHash }

  let byteLimit: Int
  private let storage = Mutex(Storage())

  init(byteLimit: Int) {
    self.byteLimit = max(0, byteLimit)
  }

  /// The cached value for `key`, marked used; nil counts as a miss.
  func value(for key: Key) -> Value? {
    let hash = Self.hash(key)
    return storage.withLock { storage -> Value? in
      guard let slot = storage.slot(for: key, hash: hash) else {
        storage.misses += 1
        return nil
      }
      storage.hits += 1
      storage.slots[Int(slot)].used = true
      return storage.slots[Int(slot)].value
    }
  }

  /// Hands `body` the cached value whose key is filed under `hash` and described by
  /// `probe`, marked used, and returns true; false when there is none, which is
  /// not counted as a miss (the caller then looks up a whole key with `value(for:make:)`,
  /// which counts it). For a key costly to make (`ShapeKey`, with its arrays): the caller
  /// describes it without making one per lookup, and `body` reads the value in place under
  /// the lock, without a copy to retain and release.
  @inline(__always)
  func withValue(for probe: Key.Probe, hash: Int32, _ body: (Value) -> Void) -> Bool {
    storage.withLock { storage -> Bool in
      guard !storage.index.isEmpty, let slot = storage.find(probe, hash: hash) else {
        return false
      }
      storage.hits += 1
      storage.slots.withUnsafeMutableBufferPointer { slots in
        slots[Int(slot)].used = true
        body(slots[Int(slot)].value)
      }
      return true
    }
  }

  /// Stores `value` at a cost of `cost` bytes (unmarked, at the newest end), evicting
  /// entries to stay under the limit (`evictOldestUnused`). A value costing more than the
  /// whole limit is not stored.
  func insert(_ value: Value, for key: Key, cost: Int) {
    guard byteLimit > 0, cost <= byteLimit else { return }
    let hash = Self.hash(key)
    storage.withLock { storage in
      if let existing = storage.slot(for: key, hash: hash) { storage.remove(existing) }
      while storage.bytes + cost > byteLimit, storage.oldest >= 0 {
        storage.evictOldestUnused()
      }
      let entry = Slot(key: key, value: value, cost: cost, hash: hash, newer: -1, older: -1)
      let slot: Int32
      if let reused = storage.free.popLast() {
        storage.slots[Int(reused)] = entry
        slot = reused
      } else {
        storage.slots.append(entry)
        slot = Int32(storage.slots.count - 1)
      }
      storage.addToIndex(slot)
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
    let hash = Self.hash(key)
    storage.withLock { storage in
      if let slot = storage.slot(for: key, hash: hash) { storage.remove(slot) }
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
        entries: storage.entries, bytes: storage.bytes, byteLimit: byteLimit)
    }
  }
}
