import Synchronization

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
/// same key at once may both compute it: `keep` then stores the first and hands it to the
/// second too (a `Font` is compared by identity), `insert` replaces the first.
/// A limit of 0 disables the cache: nothing is stored and every lookup computes.
final class LRUCache<Key: CacheKey, Value: Sendable>: Sendable {
  /// An entry: what a hit reads first (the key, compared; the value; the mark it sets),
  /// then what only inserting and evicting read, so that a hit touches one stretch of the
  /// slot (a shape-cache word's key and inline advances, `ShapedPiece`).
  private struct Slot {
    var key: Key
    var value: Value
    /// Used since it was queued or last passed over by eviction: its second chance.
    var used = false
    var cost: Int
    /// The key's hash, kept so that the index never hashes a stored key again.
    var hash: Int32
    var newer: Int32  // towards the newest end of the queue; -1 at the end
    var older: Int32
  }

  /// The cache's state, under its lock. A caller holding the lock for several lookups
  /// (`withLock`) asks it directly.
  /// Not copyable: it owns its slots' memory (`SlotBuffer`), freed with it.
  struct Storage: ~Copyable {
    /// The entries, side by side: a removed one's place is taken by the last (`remove`).
    /// Grown in place, never copied while the old ones are still held (`SlotBuffer`).
    private var slots = SlotBuffer<Slot>()
    /// The index: per bucket a stored key's hash (high 32 bits) and its slot number (low 32
    /// bits; all ones for an empty bucket), open addressing with linear probing, at most
    /// half full. A key is kept once, in its slot; a `[Key: Int]` held a second copy of
    /// every key (the shape cache's 80-byte keys: ~1.5 MB of a bulk run's 6 MB heap). The
    /// hash beside the slot number lets a probe pass other keys' buckets without reading
    /// their slots, and a hit read its slot's key and value only (the hash sat 96 bytes
    /// into a shape-cache slot, on a line of its own: i32o's profile).
    private var index: [UInt64] = []
    private(set) var entries = 0
    private var newest: Int32 = -1
    private var oldest: Int32 = -1
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0
    /// The cache's bound (`LRUCache.byteLimit`).
    let byteLimit: Int

    init(byteLimit: Int) {
      self.byteLimit = byteLimit
    }

    private static var emptyBucket: UInt64 { .max }

    @inline(__always)
    private static func bucket(hash: Int32, slot: Int32) -> UInt64 {
      UInt64(UInt32(bitPattern: hash)) << 32 | UInt64(UInt32(bitPattern: slot))
    }

    /// A bucket's slot number; negative for an empty bucket.
    @inline(__always)
    private static func slot(_ bucket: UInt64) -> Int32 { Int32(truncatingIfNeeded: bucket) }

    @inline(__always)
    private static func hash(_ bucket: UInt64) -> Int32 { Int32(truncatingIfNeeded: bucket >> 32) }

    /// The slot of `key`, if it is stored. `index` must not be empty.
    private func find(_ key: Key, hash: Int32) -> Int32? {
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = index[bucket]
        let slot = Self.slot(entry)
        if slot < 0 { return nil }
        if Self.hash(entry) == hash, slots[Int(slot)].key == key { return slot }
        bucket = (bucket + 1) & mask
      }
    }

    /// The slot of the key filed under `hash` that `probe` describes, compared in place
    /// (a key copied out to compare is retained and released).
    @inline(__always)
    private func find(_ probe: Key.Probe, hash: Int32) -> Int32? {
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = index[bucket]
        let slot = Self.slot(entry)
        if slot < 0 { return nil }
        if Self.hash(entry) == hash, slots[Int(slot)].key.matches(probe) { return slot }
        bucket = (bucket + 1) & mask
      }
    }

    private func slot(for key: Key, hash: Int32) -> Int32? {
      index.isEmpty ? nil : find(key, hash: hash)
    }

    /// Puts `slot` in the index (its key is not there), growing it past half full.
    private mutating func addToIndex(_ slot: Int32) {
      if (entries + 1) * 2 > index.count {
        var grown = [UInt64](repeating: Self.emptyBucket, count: max(16, index.count * 2))
        let mask = grown.count - 1
        for stored in index where Self.slot(stored) >= 0 {
          var bucket = Int(truncatingIfNeeded: Self.hash(stored)) & mask
          while Self.slot(grown[bucket]) >= 0 { bucket = (bucket + 1) & mask }
          grown[bucket] = stored
        }
        index = grown
      }
      let mask = index.count - 1
      let hash = slots[Int(slot)].hash
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while Self.slot(index[bucket]) >= 0 { bucket = (bucket + 1) & mask }
      index[bucket] = Self.bucket(hash: hash, slot: slot)
      entries += 1
    }

    /// Takes `slot` out of the index, shifting back the entries probed past it.
    private mutating func removeFromIndex(_ slot: Int32) {
      let mask = index.count - 1
      var hole = Int(truncatingIfNeeded: slots[Int(slot)].hash) & mask
      while Self.slot(index[hole]) != slot { hole = (hole + 1) & mask }
      var next = hole
      while true {
        next = (next + 1) & mask
        let moved = index[next]
        if Self.slot(moved) < 0 { break }
        let home = Int(truncatingIfNeeded: Self.hash(moved)) & mask
        // `moved` may fill the hole unless its home lies cyclically in (hole, next].
        let homeAfterHole =
          hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
        if !homeAfterHole {
          index[hole] = moved
          hole = next
        }
      }
      index[hole] = Self.emptyBucket
      entries -= 1
    }

    private mutating func unlink(_ slot: Int32) {
      let (newer, older) = (slots[Int(slot)].newer, slots[Int(slot)].older)
      if newer >= 0 { slots[Int(newer)].older = older } else { newest = older }
      if older >= 0 { slots[Int(older)].newer = newer } else { oldest = newer }
    }

    private mutating func pushNewest(_ slot: Int32) {
      slots[Int(slot)].newer = -1
      slots[Int(slot)].older = newest
      if newest >= 0 { slots[Int(newest)].newer = slot }
      newest = slot
      if oldest < 0 { oldest = slot }
    }

    /// Evicts the oldest entry not used since it was queued or last passed over; the used
    /// ones before it lose their mark and go to the newest end (their second chance). Ends
    /// within one pass of the queue: past it every entry is unmarked.
    private mutating func evictOldestUnused() {
      while slots[Int(oldest)].used {
        let slot = oldest
        slots[Int(slot)].used = false
        unlink(slot)
        pushNewest(slot)
      }
      remove(oldest)
      evictions += 1
    }

    /// Takes `slot`'s entry out, its key and value released now: the last slot moves into
    /// its place. (Slots freed onto a list kept their entries until an insert took them
    /// again: an evicted prepared text stayed alive, unseen by the byte count.)
    private mutating func remove(_ slot: Int32) {
      unlink(slot)
      removeFromIndex(slot)
      bytes -= slots[Int(slot)].cost
      let last = Int32(slots.count - 1)
      if slot != last { move(last, to: slot) }
      slots.removeLast()
    }

    /// Swaps the entry in `from` into `to`, a slot out of the queue and the index: its
    /// neighbours in the queue and its bucket follow it.
    private mutating func move(_ from: Int32, to: Int32) {
      slots.swapAt(Int(from), Int(to))
      let (newer, older) = (slots[Int(to)].newer, slots[Int(to)].older)
      if newer >= 0 { slots[Int(newer)].older = to } else { newest = to }
      if older >= 0 { slots[Int(older)].newer = to } else { oldest = to }
      let hash = slots[Int(to)].hash
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while Self.slot(index[bucket]) != from { bucket = (bucket + 1) & mask }
      index[bucket] = Self.bucket(hash: hash, slot: to)
    }

    /// The cached value for `key`, marked used; nil counts as a miss.
    mutating func value(for key: Key, hash: Int32) -> Value? {
      guard let slot = slot(for: key, hash: hash) else {
        misses += 1
        return nil
      }
      hits += 1
      slots[Int(slot)].used = true
      return slots[Int(slot)].value
    }

    /// The cached value whose key is filed under `hash` and described by `probe`, in place
    /// and marked used (a hit, counted); nil when there is none, which is not counted as a
    /// miss (the caller counts it, `countMiss()`). For a key costly to make (`ShapeKey`,
    /// with its arrays): the caller describes it without making one per lookup
    /// (`Shaper.cachedStretch`, under one lock for a run of words). In place because a
    /// copy of a shape-cache value (which holds an array) was four value-witness calls a
    /// hit; a pointer rather than a closure given the value, because a closure the
    /// optimizer did not inline into the caller's loop retained and released what it
    /// captured each hit. The pointer is valid while the caller holds this storage (under
    /// the lock) and changes nothing in it.
    @inline(__always)
    mutating func hit(for probe: Key.Probe, hash: Int32) -> UnsafePointer<Value>? {
      guard !index.isEmpty, let slot = find(probe, hash: hash) else { return nil }
      hits += 1
      let entry = slots.pointer(at: Int(slot))
      entry.pointee.used = true
      // The value's address in its slot: a stored property, so the key path has one.
      return UnsafePointer(entry).pointer(to: \.value).unsafelyUnwrapped
    }

    /// Counts a miss found by `hit(for:hash:)` (which counts none).
    mutating func countMiss() { misses += 1 }

    /// `LRUCache.insert(_:for:cost:)` under the lock, `hash` being the key's. Inlined, so
    /// that a caller's key and value move into the slot rather than being copied there.
    @inline(__always)
    mutating func insert(_ value: Value, for key: Key, hash: Int32, cost: Int) {
      guard byteLimit > 0, cost <= byteLimit else { return }
      if let existing = slot(for: key, hash: hash) { remove(existing) }
      while bytes + cost > byteLimit, oldest >= 0 {
        evictOldestUnused()
      }
      slots.append(Slot(key: key, value: value, cost: cost, hash: hash, newer: -1, older: -1))
      let slot = Int32(slots.count - 1)
      addToIndex(slot)
      bytes += cost
      pushNewest(slot)
    }

    /// `LRUCache.keep(_:for:cost:unless:)` under the lock, `hash` being the key's.
    mutating func keep(
      _ value: Value, for key: Key, hash: Int32, cost: Int, unless isKept: (Value) -> Bool
    ) -> Value {
      if let slot = slot(for: key, hash: hash), isKept(slots[Int(slot)].value) {
        slots[Int(slot)].used = true
        return slots[Int(slot)].value
      }
      insert(value, for: key, hash: hash, cost: cost)
      return value
    }

    /// `LRUCache.charge(_:hash:where:)` under the lock.
    mutating func charge(_ delta: Int, hash: Int32, where isEntry: (Value) -> Bool) {
      guard !index.isEmpty else { return }
      let mask = index.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = index[bucket]
        let slot = Self.slot(entry)
        if slot < 0 { return }
        if Self.hash(entry) == hash, isEntry(slots[Int(slot)].value) {
          slots[Int(slot)].cost += delta
          bytes += delta
          while bytes > byteLimit, oldest >= 0 { evictOldestUnused() }
          return
        }
        bucket = (bucket + 1) & mask
      }
    }

    /// Drops `key`'s entry, if any.
    mutating func removeValue(for key: Key, hash: Int32) {
      if let slot = slot(for: key, hash: hash) { remove(slot) }
    }

    /// Empties the cache; the counters stay.
    mutating func removeAll() {
      var empty = Storage(byteLimit: byteLimit)
      (empty.hits, empty.misses, empty.evictions) = (hits, misses, evictions)
      self = empty
    }
  }

  /// The hash the index files `key` under.
  static func hash(_ key: Key) -> Int32 { key.cacheHash }

  let byteLimit: Int
  private let storage: Mutex<Storage>

  init(byteLimit: Int) {
    self.byteLimit = max(0, byteLimit)
    storage = Mutex(Storage(byteLimit: self.byteLimit))
  }

  /// Runs `body` under the cache's lock: several lookups and inserts for one lock (the
  /// shape cache's words of a run, `Shaper.shapeRun`). `body` must not compute a value that
  /// takes long (shaping a word): other threads wait for the lock meanwhile.
  /// (No result: a generic one made callers look its type up in the runtime a call.)
  func withLock(_ body: (inout Storage) -> Void) {
    storage.withLock { body(&$0) }
  }

  /// The cached value for `key`, marked used; nil counts as a miss.
  func value(for key: Key) -> Value? {
    let hash = Self.hash(key)
    return storage.withLock { $0.value(for: key, hash: hash) }
  }

  /// Stores `value` at a cost of `cost` bytes (unmarked, at the newest end), evicting
  /// entries to stay under the limit (`evictOldestUnused`). A value costing more than the
  /// whole limit is not stored.
  func insert(_ value: Value, for key: Key, cost: Int) {
    guard byteLimit > 0, cost <= byteLimit else { return }
    let hash = Self.hash(key)
    storage.withLock { $0.insert(value, for: key, hash: hash, cost: cost) }
  }

  /// Stores `value` as `insert` does, unless `key` has an entry that `isKept` accepts (one
  /// another thread stored while this one made `value`): that entry then stays, marked
  /// used. Returns the value kept for `key` (`value` when it is too costly to store), so
  /// that threads missing the same key at once go on with one value.
  func keep(_ value: Value, for key: Key, cost: Int, unless isKept: (Value) -> Bool) -> Value {
    let hash = Self.hash(key)
    return storage.withLock { $0.keep(value, for: key, hash: hash, cost: cost, unless: isKept) }
  }

  /// The cached value, else the value `make()` returns, stored at the cost it gives (or the
  /// value another thread stored meanwhile: `keep`).
  func value<E: Error>(
    for key: Key, make: () throws(E) -> (value: Value, cost: Int)
  ) throws(E) -> Value {
    if let cached = value(for: key) { return cached }
    let made = try make()
    return keep(made.value, for: key, cost: made.cost) { _ in true }
  }

  /// Adds `delta` bytes (negative: freed) to the cost of the entry filed under `hash` whose
  /// value `isEntry` picks, then evicts the oldest unused entries, it among them, while the
  /// cache is over its limit; nothing when no such entry is kept (`CostMeter`).
  func charge(_ delta: Int, hash: Int32, where isEntry: (Value) -> Bool) {
    storage.withLock { $0.charge(delta, hash: hash, where: isEntry) }
  }

  /// `value`, about to be stored under `key`, and the cost to store it at (its `heldBytes`
  /// and `keyBytes`), with each change of bytes its meter passes on later charged to the
  /// entry while the entry is `value` (the same meter): `CostMeter`, `MeteredValue`.
  func metered(
    _ value: Value, under key: Key, keyBytes: Int
  ) -> (Value, Int) where Value: MeteredValue {
    let hash = Self.hash(key)
    let meter = ObjectIdentifier(value.costMeter)
    value.costMeter.attach { [weak self] delta in
      self?.charge(delta, hash: hash) { ObjectIdentifier($0.costMeter) == meter }
    }
    return (value, value.heldBytes + keyBytes)
  }

  /// Drops `key`'s entry, if any.
  func removeValue(for key: Key) {
    let hash = Self.hash(key)
    storage.withLock { $0.removeValue(for: key, hash: hash) }
  }

  /// Empties the cache (the counters stay).
  func removeAll() {
    storage.withLock { $0.removeAll() }
  }

  var statistics: CacheStatistics {
    storage.withLock { storage in
      CacheStatistics(
        hits: storage.hits, misses: storage.misses, evictions: storage.evictions,
        entries: storage.entries, bytes: storage.bytes, byteLimit: byteLimit)
    }
  }
}
