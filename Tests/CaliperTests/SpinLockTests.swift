import Dispatch
import Glibc
import Testing

@testable import Caliper

/// `SpinLock` (the line-break cache's lock): four threads each add 1 to a shared count
/// 20,000 times, each addition a read and a later write under the lock, some with the
/// processor given up between the two (`sched_yield`); the count must be exactly their sum.
/// A lock that let two in at once loses additions: another thread's writes between a read
/// and its write are overwritten.
@Suite struct SpinLockTests {
  final class Counter: @unchecked Sendable {
    let lock = SpinLock()
    var count = 0
  }

  @Test func additionsUnderContentionAreNotLost() {
    let counter = Counter()
    let threads = 4
    let additions = 20_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for addition in 0..<additions {
        counter.lock.lock()
        let count = counter.count
        if addition % 16 == 0 { sched_yield() }
        counter.count = count + 1
        counter.lock.unlock()
      }
    }
    #expect(counter.count == threads * additions)
  }
}
