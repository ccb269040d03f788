import Dispatch
import Synchronization

/// A stream of texts prepared on several threads and handed back in input order.
///
/// Problem: `prepare(_:jobs:cached:transform:)` takes a whole array and returns when every
/// text is done. A stream (`caliper measure --input`) cut into such windows pays a barrier
/// per window: one thread idles while another finishes the window's last text, and every
/// worker idles while the caller writes the window's answers and reads the next one; on
/// two cores the bulk job ran 1.65× faster than on one. Solution: `jobs - 1` workers run
/// for the whole stream and the calling thread is the last job: it keeps `ahead` texts
/// read past the oldest unwritten one, hands that one's result on as soon as it is done,
/// and prepares a text itself when it has nothing to hand on; it sleeps only when every
/// text read is taken and the oldest is not done. Limitation: a slow text holds back the
/// answers of the `ahead` texts read after it (done, in memory) until it is done.
extension TextBatch {
  /// Prepares each text `next` gives (until it gives nil) and hands the bytes `transform`
  /// makes of it (its answer, to be written) to `consume`, in the order read, on the
  /// calling thread. (Bytes, not a generic result: across modules a generic pipeline
  /// looks its types' metadata up at run time on every call, 15 M instructions in the
  /// bulk job.)
  ///
  /// - Parameters:
  ///   - jobs: threads to use, the calling thread included (default and most: one per
  ///     core).
  ///   - ahead: the most texts read and not yet consumed (memory: that many answers; at
  ///     least one).
  ///   - next: the next text and whether the prepared-text cache may answer and keep it
  ///     (`repeats(in:)`), or nil at the end. Called on the calling thread.
  ///   - transform: the bytes to hand on for each prepared text, made on the thread that
  ///     prepared it.
  ///   - consume: each text's outcome, in input order.
  /// - Throws: the first error `consume` throws (nothing after it is consumed), else the
  ///   error `next` threw (every text read before it is consumed first).
  package func prepareInOrder(
    jobs: Int? = nil, ahead: Int,
    next: () throws -> (text: String, cached: Bool)?,
    transform: @escaping @Sendable (PreparedText) -> [UInt8],
    consume: (Result<[UInt8], CaliperError>) throws -> Void
  ) throws {
    let ahead = max(1, ahead)
    let work = OrderedWork(capacity: ahead)
    let fonts = self.fonts
    let style = self.style
    let spans = self.spans
    @Sendable func prepareNext() -> Bool {
      guard let (index, text, cached) = work.take() else { return false }
      let result = Result { () throws(CaliperError) -> [UInt8] in
        transform(try fonts.prepare(text, style: style, spans: spans, cached: cached))
      }
      work.finish(index, result)
      return true
    }
    let helpers = DispatchGroup()
    // More threads than cores would only wait (as `concurrentPerform` runs no more).
    let workers = min(max(1, jobs ?? Self.coreCount), Self.coreCount) - 1
    for _ in 0..<workers {
      helpers.enter()
      DispatchQueue.global().async {
        while work.waitForText() { _ = prepareNext() }
        helpers.leave()
      }
    }
    defer {
      work.stop(workers: workers)
      helpers.wait()
    }
    var read = 0
    var written = 0
    var readError: (any Error)?
    var endOfInput = false
    while true {
      while !endOfInput, read - written < ahead {
        do {
          guard let (text, cached) = try next() else {
            endOfInput = true
            break
          }
          work.add(read, text: text, cached: cached)
          read += 1
        } catch {
          readError = error
          endOfInput = true
        }
      }
      if written == read { break }
      if let result = work.result(written) {
        written += 1
        try consume(result)
      } else if !prepareNext() {
        work.waitForResult()
      }
    }
    if let readError { throw readError }
  }
}

/// The texts and results in flight between the thread that reads and writes and the
/// workers, in two rings of `capacity` slots (text or result `i` in slot `i % capacity`:
/// at most `capacity` texts are read and not yet consumed, so no two share a slot).
private final class OrderedWork: Sendable {
  private struct State {
    var texts: [(text: String, cached: Bool)?]
    var results: [Result<[UInt8], CaliperError>?]
    var added = 0
    var taken = 0
    var closed = false
  }

  private let capacity: Int
  private let state: Mutex<State>
  /// Signalled once per text added and once per worker at the close.
  private let textAdded = DispatchSemaphore(value: 0)
  /// Signalled once per result stored.
  private let resultStored = DispatchSemaphore(value: 0)
  /// Released before each text or result is stored and acquired after it is taken: the
  /// same order `state`'s lock gives, said where ThreadSanitizer sees it (it does not see
  /// the lock: Scripts/sanitize-suppressions/tsan.txt), so that the thread that takes a
  /// text or result is not reported against the writes that made it.
  private let handoffs = Atomic<Int>(0)

  init(capacity: Int) {
    self.capacity = capacity
    state = Mutex(
      State(
        texts: Array(repeating: nil, count: capacity),
        results: Array(repeating: nil, count: capacity)))
  }

  func add(_ index: Int, text: String, cached: Bool) {
    handoffs.add(1, ordering: .releasing)
    state.withLock { state in
      state.texts[index % capacity] = (text, cached)
      state.added = index + 1
    }
    textAdded.signal()
  }

  /// The oldest text not yet taken, or nil when every text added is taken.
  func take() -> (index: Int, text: String, cached: Bool)? {
    let taken = state.withLock { state -> (index: Int, text: String, cached: Bool)? in
      guard !state.closed, state.taken < state.added else { return nil }
      let index = state.taken
      state.taken += 1
      let slot = index % capacity
      let (text, cached) = state.texts[slot]!
      state.texts[slot] = nil
      return (index, text, cached)
    }
    if taken != nil { _ = handoffs.load(ordering: .acquiring) }
    return taken
  }

  func finish(_ index: Int, _ result: Result<[UInt8], CaliperError>) {
    handoffs.add(1, ordering: .releasing)
    state.withLock { state in state.results[index % capacity] = result }
    resultStored.signal()
  }

  /// Text `index`'s result, taken out of its slot, or nil while it is not done.
  func result(_ index: Int) -> Result<[UInt8], CaliperError>? {
    let result = state.withLock { state in
      let slot = index % capacity
      defer { state.results[slot] = nil }
      return state.results[slot]
    }
    if result != nil { _ = handoffs.load(ordering: .acquiring) }
    return result
  }

  /// A worker's wait for a text (a text added may have been taken by another thread by
  /// then: `take` says). False once closed.
  func waitForText() -> Bool {
    textAdded.wait()
    return state.withLock { !$0.closed }
  }

  func waitForResult() { resultStored.wait() }

  /// Stops the workers: each returns from `waitForText` with false after its current text.
  func stop(workers: Int) {
    state.withLock { $0.closed = true }
    for _ in 0..<workers { textAdded.signal() }
  }
}
