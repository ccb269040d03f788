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
/// processor (`sched_yield`) between tries, until it is free. Limitation: no queue and no
/// futex wait: a holder descheduled mid-use keeps others yielding until it runs again, so it
/// suits only state held briefly (a cache lookup and store, a breaking), never over I/O or
/// a call into user code. Unlike `Mutex`'s futex calls, its atomics are seen by
/// ThreadSanitizer.
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

  /// Takes the lock once another thread has released it.
  @inline(never)
  private func wait() {
    while true {
      if state.load(ordering: .relaxed) == 0,
        state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
      sched_yield()
    }
  }
}
