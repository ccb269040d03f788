import Synchronization

/// Caches, a value's growth after it was stored: the bytes a prepared text takes on when it
/// is relaid out, passed to the cache that keeps it, so that the cache's byte limit bounds
/// what it keeps alive.
///
/// Problem: `LRUCache` weighs an entry once, when it is stored, but a prepared text grows
/// afterwards: its table of line ends (`PlainLineIndex`, some 20 bytes a segment, made at
/// its second new width) and the lines its breaking cache keeps (`LineBreakCache`). A
/// 16 MB text relaid out at many widths held some 160 MB past a prepared-text cache's
/// limit, unseen by it. Solution: the value carries a meter; the cache that stores it
/// attaches to the meter (`LRUCache.metered(_:under:keyBytes:)`), and each time the
/// value's bytes change, where that is done (not on each lookup), the meter passes the
/// difference on to the entry's cost (`LRUCache.charge`), which evicts to stay under the
/// limit. A value no cache keeps (evicted, replaced, or never stored) passes its changes to no one.
final class CostMeter: Sendable {
  /// Where changes go: the attached cache's entry (weakly: the cache keeps the value that
  /// keeps this meter).
  private let sink = Mutex<(@Sendable (Int) -> Void)?>(nil)

  /// Sends each later change to `charge` (replacing an earlier cache's).
  func attach(_ charge: @escaping @Sendable (Int) -> Void) {
    sink.withLock { $0 = charge }
  }

  /// Passes on a change of `bytes` (negative: freed). May be called under the value's own
  /// lock: the cache's lock is taken after this meter's is released, and a cache never
  /// takes a live value's lock under its own.
  func add(_ bytes: Int) {
    guard bytes != 0, let charge = sink.withLock({ $0 }) else { return }
    charge(bytes)
  }
}

/// A value that grows after a cache stored it: the bytes it holds now (`heldBytes`) and
/// the meter through which it passes on each later change (`costMeter`). A prepared text is
/// one (what its line breaker keeps: breakings, the table of line ends, balanced
/// candidates); the cache reads both through this protocol (`LRUCache.metered`), so that
/// preparing, a stage before breaking, names no part of the line breaker.
protocol MeteredValue {
  /// The bytes the value holds now, itself and what it keeps alive.
  var heldBytes: Int { get }
  /// Where the value passes on each later change of `heldBytes`.
  var costMeter: CostMeter { get }
}
