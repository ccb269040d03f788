import Glibc
import Synchronization

/// Caches: a lock of one atomic word, for state held for a short time by each user.
///
/// Problem: `Mutex` on Linux takes and releases its futex with an atomic read-modify-write
/// each, after reading the thread's id (its owner) from thread-local storage: about 16
/// instructions a use, two of them full fences. A relayout at a new width takes its
/// cache's lock once (`PreparedText.sizeOnlyFit(containing:into:)`), so that was a tenth of
/// its fixed cost.
/// Solution: taken by one compare-and-exchange, released by a plain store with release
/// ordering (no fence on x86). A thread that finds it taken spins on a load, yielding the
/// processor (`sched_yield`) between tries, and after `yields` of them sleeping
/// `sleepMicroseconds` between tries (a holder descheduled mid-use, or a long breaking, then
/// costs the waiters no processor), until it is free. Limitation: no queue and no futex
/// wait: a waiter may sleep a little past the release, so it suits only state held briefly
/// (a cache lookup and store, a breaking), never over I/O or a call into user code. Unlike
/// `Mutex`'s futex calls, its atomics are seen by ThreadSanitizer.
struct SpinLock: ~Copyable, Sendable {
  private let state = Atomic<UInt32>(0)

  init() {}

  @inline(__always)
  func lock() {
    if _slowPath(
      !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged)
    {
      wait()
    }
  }

  @inline(__always)
  func unlock() {
    state.store(0, ordering: .releasing)
  }

  /// How many times a waiter gives up the processor before it sleeps between tries.
  static let yields = 64
  /// How long a waiter sleeps between tries after `yields` yields.
  static let sleepMicroseconds: UInt32 = 20

  /// Takes the lock once another thread has released it.
  @inline(never)
  private func wait() {
    var tries = 0
    while true {
      if state.load(ordering: .relaxed) == 0,
        state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
      if tries < Self.yields {
        tries &+= 1
        sched_yield()
      } else {
        usleep(Self.sleepMicroseconds)
      }
    }
  }
}
