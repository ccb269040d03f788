import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Batch measurement: many texts prepared and measured in parallel, results in order.
///
/// Problem: sizing a large set of strings (a table column, a localisation catalogue) one by
/// one uses one core. Solution: split the texts into chunks and let `jobs` threads take
/// chunks as they finish (Dispatch's `concurrentPerform`); each text's result goes into
/// its own slot, so the output order is the input order whatever the scheduling. This is
/// safe because everything a measurement shares is: the `FontLibrary` holds its opened
/// faces under a lock, FreeType faces are reached only under their own lock, HarfBuzz fonts
/// are immutable once made, and every ICU iterator and HarfBuzz buffer is made per call.
/// Limitation: a text is the unit of work, so one huge text is not split across threads.
///
/// ```swift
/// let results = TextBatch(fonts: fonts, style: TextStyle(size: 14))
///   .measure(texts, at: [ProposedViewSize(width: 120, height: nil)], jobs: 8)
/// ```
public struct TextBatch: Sendable {
  public let fonts: FontLibrary
  public let style: TextStyle
  /// Styled spans applied to every text (empty: none).
  public let spans: [TextSpan]

  public init(fonts: FontLibrary, style: TextStyle = TextStyle(), spans: [TextSpan] = []) {
    self.fonts = fonts
    self.style = style
    self.spans = spans
  }

  /// One text's outcome: its prepared form and one measurement per proposal.
  public struct Item: Sendable {
    public let prepared: PreparedText
    public let measurements: [TextMeasurement]
  }

  /// Prepares each text and measures it at each proposal (with `options`: padding, insets,
  /// line limit, truncation, alignment), on up to `jobs` threads (default: one per core).
  /// Results are in the order of `texts`.
  public func measure(
    _ texts: [String], at proposals: [ProposedViewSize],
    options: TextContainerOptions = TextContainerOptions(), jobs: Int? = nil
  ) -> [Result<Item, CaliperError>] {
    measure(texts, at: proposals, options: options, jobs: jobs) { $0 }
  }

  /// `measure`, with `transform` applied to each item on the thread that measured it (so
  /// that formatting the results runs in parallel too).
  public func measure<T: Sendable>(
    _ texts: [String], at proposals: [ProposedViewSize],
    options: TextContainerOptions = TextContainerOptions(), jobs: Int? = nil,
    transform: @escaping @Sendable (Item) -> T
  ) -> [Result<T, CaliperError>] {
    prepare(texts, jobs: jobs) { prepared in
      transform(
        Item(
          prepared: prepared,
          measurements: proposals.map { prepared.measure($0, options: options) }))
    }
  }

  /// Prepares each text and hands it to `transform` on the thread that prepared it, on up
  /// to `jobs` threads (default: one per core). Results are in the order of `texts`. Use it
  /// to ask for something other than full measurements, e.g. `sizeThatFits` only.
  ///
  /// - Parameters:
  ///   - texts: the texts, each prepared with the batch's style and spans.
  ///   - jobs: threads to use (default: one per core).
  ///   - cached: for each text, whether the library's prepared-text cache may answer and
  ///     keep it (`repeats(in:)`: only the texts that come again); nil: every text.
  ///   - transform: what to keep of each prepared text, run on the thread that prepared it.
  public func prepare<T: Sendable>(
    _ texts: [String], jobs: Int? = nil, cached: [Bool]? = nil,
    transform: @escaping @Sendable (PreparedText) -> T
  ) -> [Result<T, CaliperError>] {
    precondition(cached == nil || cached?.count == texts.count, "one cached flag per text")
    let jobs = max(1, min(jobs ?? Self.coreCount, texts.count))
    let fonts = self.fonts
    let style = self.style
    let spans = self.spans
    @Sendable func one(_ index: Int) -> Result<T, CaliperError> {
      Result { () throws(CaliperError) -> T in
        transform(
          try fonts.prepare(
            texts[index], style: style, spans: spans, cached: cached?[index] ?? true))
      }
    }
    guard jobs > 1 else { return texts.indices.map(one) }
    // One slot per text; each chunk stores its results under the lock once.
    let slots = Mutex<[Result<T, CaliperError>?]>(Array(repeating: nil, count: texts.count))
    // Chunks several times the job count, so that uneven texts still balance.
    let chunkCount = min(texts.count, jobs * 8)
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
      let start = chunk * texts.count / chunkCount
      let end = (chunk + 1) * texts.count / chunkCount
      let results = (start..<end).map(one)
      slots.withLock { slots in slots.replaceSubrange(start..<end, with: results) }
    }
    return slots.withLock { slots in slots.map { $0! } }
  }

  /// For each of `texts`, whether the same text (the same UTF-8 bytes, as the
  /// prepared-text cache's keys compare) comes more than once: the texts worth caching in a
  /// batch. Problem: a cache over a batch of distinct texts answers nothing; it copies
  /// each text into a key, inserts it and later evicts it (about 25 M instructions and
  /// 1 MiB held over Gatsby's 1,643 paragraphs, of which 15 come again).
  ///
  /// ```swift
  /// TextBatch.repeats(in: ["OK", "Cancel", "OK"])  // [true, false, true]
  /// ```
  public static func repeats(in texts: [String]) -> [Bool] {
    var first: [Int: Int] = [:]  // a hash of the bytes → the first text with it
    first.reserveCapacity(texts.count)
    var flags = [Bool](repeating: false, count: texts.count)
    for index in texts.indices {
      var text = texts[index]
      let hash = text.withUTF8 { bytes in
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
      }
      guard let earlier = first[hash] else {
        first[hash] = index
        continue
      }
      // The same hash with other bytes (one in about 2^64): both are merely cached.
      flags[earlier] = true
      flags[index] = true
    }
    return flags
  }

  /// The number of cores this process may use.
  public static var coreCount: Int {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }
}
