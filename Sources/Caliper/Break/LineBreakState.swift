import Synchronization

/// Break: what the line breaker makes of one prepared text, kept beside it.
///
/// Problem: nearly every use of a prepared text asks for its ideal size; a line broken at a
/// soft hyphen needs the shaped end of its syllable; a layout asks for many widths. These are
/// the line breaker's results, not the preparation's: written into the prepared data after it
/// was made, they made that data mutable and its `Sendable` unchecked. Solution: right after
/// preparing, the line breaker runs over the finished `PreparedTextStorage` and its results go
/// into this object, which the `PreparedText` value holds beside the storage: the hyphen
/// stretches, the ideal lines' size and the metrics every line of a plain one-face text has
/// are `let`s; the breakings at other widths, the ideal lines themselves, the min-content
/// width and the reshaped line edges are in `cache`, under its own lock; where a relayout
/// will read (`RelayoutHints`) is kept here, one pointer nearer than the cache. Limitation: a
/// prepared text is two references, so a copy is two retains.
final class LineBreakState: Sendable {
  /// The size of the ideal lines (`PreparedText.idealFit`).
  let idealFit: LineFit
  /// With `BreakFacts.sameLineMetrics`, the metrics every line has (nil otherwise, and for
  /// a face past `FaceMask`'s 63): a breaking need not work them out from the faces and the
  /// paragraph style.
  let plainLineMetrics: LineMetrics?
  /// For each segment ending in a soft hyphen, the index in `hyphenStretches` of the shaped
  /// end of a line broken there (−1: none), made once (`SoftHyphen.swift`); both empty for
  /// text without soft hyphens.
  let hyphenStretchOfSegment: [Int32]
  let hyphenStretches: [HyphenStretch]
  /// Breakings already made, by the range of widths they hold for.
  let cache: LineBreakCache
  /// The lock `keptWrapCandidates` is read and written under, taken by
  /// `withWrapCandidates`: `Mutex`'s own handle, as the breaking cache's, taken in line
  /// (`Mutex.withLock`'s closure cost a balanced relayout's one lookup more).
  private let wrapCandidatesLock = _MutexHandle()
  /// The score-based breaker's candidates of each paragraph balanced so far (`WrapCandidates`):
  /// read and written only with `wrapCandidatesLock` held.
  @exclusivity(unchecked) private nonisolated(unsafe) var keptWrapCandidates =
    KeptWrapCandidates()
  /// Where a relayout at a new width reads, asked for before it starts.
  let relayoutHints = RelayoutHints()

  init(
    idealFit: LineFit = LineFit(), plainLineMetrics: LineMetrics? = nil,
    hyphenStretches: (stretchOf: [Int32], stretches: [HyphenStretch]) = ([], []),
    cache: LineBreakCache = LineBreakCache()
  ) {
    self.idealFit = idealFit
    self.plainLineMetrics = plainLineMetrics
    hyphenStretchOfSegment = hyphenStretches.stretchOf
    self.hyphenStretches = hyphenStretches.stretches
    self.cache = cache
  }

  /// `body` run on the kept candidates with their lock held.
  @inline(__always)
  func withWrapCandidates<Result>(_ body: (inout KeptWrapCandidates) -> Result) -> Result {
    wrapCandidatesLock.unsafeLock()
    defer { wrapCandidatesLock.unsafeUnlock() }
    return body(&keptWrapCandidates)
  }

  /// The bytes of this object and of its tables (not the cache's breakings but the ideal
  /// lines'), for `PreparedText.memoryFootprint`.
  var memoryFootprint: Int {
    func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
    return 16 + MemoryLayout<LineFit>.size + MemoryLayout<LineMetrics?>.size
      + 3 * MemoryLayout<Int>.size + MemoryLayout<RelayoutHints>.size
      + bytes(hyphenStretchOfSegment) + bytes(hyphenStretches) + cache.idealBytes
  }
}

extension PreparedText: MeteredValue {
  // The line breaker's results, read in place.
  var hyphenStretchOfSegment: [Int32] { lineBreaks.hyphenStretchOfSegment }
  var hyphenStretches: [HyphenStretch] { lineBreaks.hyphenStretches }
  var breakCache: LineBreakCache { lineBreaks.cache }

  /// The bytes the prepared-text cache weighs this text by: its `memoryFootprint` and what
  /// its relayouts keep besides (breakings, the table of line ends: `LineBreakCache.keptBytes`;
  /// the balanced paragraphs' candidates: `LineBreakState.wrapCandidateBytes`), each change
  /// passed to the cache as it is made (`LineBreakCache.meter`).
  var heldBytes: Int {
    memoryFootprint + breakCache.keptBytes + lineBreaks.wrapCandidateBytes
  }

  /// Where this text's breaking cache passes on the changes of those bytes.
  var costMeter: CostMeter { breakCache.meter }

  /// How many times the line breaker has scanned this text (preparing it scans once, for
  /// the ideal size): a debugging count that shows a width broken once, not twice. Counted
  /// in debug builds only (the tests'); 0 in release builds.
  package var lineBreakScans: Int { breakCache.scans.load(ordering: .relaxed) }

  /// The prepared text over `storage`, with the line breaker's results beside it: the
  /// shaped ends of lines broken at soft hyphens, then (reading them) the size of the ideal
  /// lines, which nearly every use asks for (one scan into a running size, no lines kept),
  /// and the metrics of every line of a one-face text.
  init(completing storage: PreparedTextStorage) {
    let cache = LineBreakCache()
    var text = PreparedText(storage: storage, lineBreaks: LineBreakState(cache: cache))
    var stretches: (stretchOf: [Int32], stretches: [HyphenStretch]) = ([], [])
    if storage.segments.contains(where: \.softHyphen) {
      stretches = text.hyphenStretchTable()
      text = PreparedText(
        storage: storage, lineBreaks: LineBreakState(hyphenStretches: stretches, cache: cache))
    }
    var breaker = LineBreaker(limit: .infinity)
    var fit = LineFit()
    breaker.breakLines(text.widths, into: &fit)
    var plain: LineMetrics?
    if storage.breakFacts.contains(.sameLineMetrics), let first = storage.segments.first,
      !first.faces.overflows
    {
      plain = text.lineMetrics(first.start..<first.end, faces: first.faces)
    }
    self.init(
      storage: storage,
      lineBreaks: LineBreakState(
        idealFit: fit, plainLineMetrics: plain, hyphenStretches: stretches, cache: cache))
  }
}
