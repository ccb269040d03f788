import Synchronization

/// Break, wrap styles: the score-based breaker's candidates over a paragraph, made once per
/// prepared text and kept beside it.
///
/// Problem: `balance` re-breaks a whole paragraph at every width, and building its
/// candidates (one per segment: where a line starting there begins, where one ending there
/// ends, whether it ends in a hyphen) was a fifth of a balanced relayout, though none of it
/// depends on the width. Solution: they are made the first time a paragraph is balanced,
/// as flat arrays the program reads, and kept in a `WrapCandidateCache` that the prepared
/// text holds beside its breakings (its `LineBreakState`; the prepared data itself stays
/// immutable); at each width only the penalties, which scale with it, are made. A class:
/// taking it from the cache at each width retains one object, not its six arrays.
/// Besides those immutable arrays it holds one mutable state: the lines last chosen with
/// each line count (`keptPaths`, atomics written at any width by any thread), the known
/// path at the next width (`ScorePrune`); a path read is one written whole, and any path,
/// stale or not, changes no answer, only how much is pruned.
final class WrapCandidates: Sendable {
  /// The candidates (their penalties are made at each width: a hyphen's depends on it).
  let candidates: [ScoreLineBreaker.Candidate]
  /// The candidates' positions, flat, as the program reads them.
  let posNoBreak: [Float]
  let posIfBreak: [Float]
  /// Whether a candidate ends in a hyphen (else the penalties are `orphanPenalties` at
  /// every width).
  let hasHyphens: Bool
  /// The penalties where no candidate ends in a hyphen: the orphan penalty alone, the same
  /// at every width.
  let orphanPenalties: [Float]
  /// What `ScoreLayers` needs of them, with penalties not negative (a hyphen's is not at a
  /// width that is not).
  let layerFacts: ScoreLayers.Facts
  /// The text before and after each candidate, as `ScorePrune` reads them
  /// (`ScoreLayers.Facts.lengths`).
  let lengths: [SIMD2<Double>]
  /// Whether a segment of the paragraph is spaces alone (no content, no hard break), which
  /// a line's end may hang (`WrapChooser.hangingSpaces`); with none, no end moves.
  let hasSpaceSegments: Bool
  /// The lines last chosen with each of `KeptPath.lineCounts` (`ScorePrune.KeptPath`, by its
  /// bits; the count is a literal, as a generic argument must be: `init` asserts it): the
  /// known path at the next width with as many. Written at any width, by any thread: a
  /// path read is one written whole, and any path, stale or not, changes no answer.
  private let keptPaths = InlineArray<5, Atomic<UInt64>> { _ in Atomic(0) }

  /// `hasSpaceSegments` is the paragraph's (true where not known: every end is looked at).
  init(_ candidates: [ScoreLineBreaker.Candidate], hasSpaceSegments: Bool = true) {
    self.candidates = candidates
    self.hasSpaceSegments = hasSpaceSegments
    posNoBreak = candidates.map(\.posNoBreak)
    posIfBreak = candidates.map(\.posIfBreak)
    hasHyphens = candidates.contains { $0.isHyphenated }
    orphanPenalties = Self.penalties(candidates, hyphenPenalty: 0)
    layerFacts = ScoreLayers.Facts(
      posNoBreak: posNoBreak, posIfBreak: posIfBreak, penalties: orphanPenalties)
    lengths = ScoreLayers.Facts.lengths(posNoBreak: posNoBreak, posIfBreak: posIfBreak)
    assert(keptPaths.count == ScorePrune.KeptPath.lineCounts.count)
  }

  /// The lines last chosen with `lineCount` lines (none where not one of
  /// `KeptPath.lineCounts`, or none kept).
  @inline(__always)
  func keptPath(lineCount: Int) -> ScorePrune.KeptPath {
    let counts = ScorePrune.KeptPath.lineCounts
    guard counts.contains(lineCount) else { return ScorePrune.KeptPath() }
    return ScorePrune.KeptPath(
      bits: keptPaths[lineCount &- counts.lowerBound].load(ordering: .relaxed))
  }

  /// Keeps `path` as the lines last chosen with `lineCount` lines, where it is not `was`
  /// (what `keptPath` read: no write where the lines are those kept).
  @inline(__always)
  func keep(path: ScorePrune.KeptPath, lineCount: Int, was: ScorePrune.KeptPath) {
    let counts = ScorePrune.KeptPath.lineCounts
    guard path != was, counts.contains(lineCount) else { return }
    keptPaths[lineCount &- counts.lowerBound].store(path.bits, ordering: .relaxed)
  }

  /// The bytes of this object and its arrays: kept beside the prepared text, so charged to
  /// the prepared-text cache (`LineBreakState.keep`).
  var byteCount: Int {
    // Each array's buffer with its 32-byte header (an empty array has none).
    func bytes<T>(_ array: [T]) -> Int {
      array.capacity == 0 ? 0 : 32 + array.capacity * MemoryLayout<T>.stride
    }
    // The object: its 16-byte header, the five arrays' references, the facts, the two flags
    // and the kept paths.
    let object =
      16 + 5 * MemoryLayout<[Float]>.size + MemoryLayout<ScoreLayers.Facts>.size + 2
      + MemoryLayout.size(ofValue: keptPaths)
    return object + bytes(candidates) + bytes(posNoBreak) + bytes(posIfBreak)
      + bytes(orphanPenalties) + bytes(lengths)
  }

  /// The program's inputs at the width whose hyphen penalty is `hyphenPenalty`: without a
  /// hyphen, the penalties made once.
  func inputs(hyphenPenalty: Float) -> (
    posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]
  ) {
    guard hasHyphens else { return (posNoBreak, posIfBreak, orphanPenalties) }
    let penalties = Self.penalties(candidates, hyphenPenalty: hyphenPenalty)
    return (posNoBreak, posIfBreak, penalties)
  }

  /// `body` over `inputs(hyphenPenalty:)`, its arrays lent rather than returned: without a
  /// hyphen none is retained (returned, each of the three was, and released after).
  @inline(__always)
  func withInputs<Result>(
    hyphenPenalty: Float,
    _ body: ((posNoBreak: [Float], posIfBreak: [Float], penalties: [Float])) -> Result
  ) -> Result {
    guard !hasHyphens else { return body(inputs(hyphenPenalty: hyphenPenalty)) }
    return body((posNoBreak, posIfBreak, orphanPenalties))
  }

  /// The hyphens' penalties and the orphan penalty.
  static func penalties(
    _ candidates: [ScoreLineBreaker.Candidate], hyphenPenalty: Float
  ) -> [Float] {
    [Float](unsafeUninitializedCapacity: candidates.count) { penalties, count in
      ScoreLineBreaker.writePenalties(penalties, hyphenPenalty: hyphenPenalty) {
        candidates[$0].isHyphenated
      }
      count = candidates.count
    }
  }
}

/// The candidates of the paragraphs balanced so far, by their start: the first paragraph
/// kept apart, found with no hashing (a text of one paragraph, the common case, has only
/// it; hashing its start was ~100 instructions a balanced relayout), the others in a
/// dictionary.
struct KeptWrapCandidates {
  typealias Entry = (end: Int, candidates: WrapCandidates?)

  private var first: (start: Int, entry: Entry)?
  private var others: [Int: Entry] = [:]

  /// The entry of the paragraph starting at `start`.
  subscript(start: Int) -> Entry? {
    get {
      if let first, first.start == start { return first.entry }
      return others.isEmpty ? nil : others[start]
    }
    set {
      if first?.start == start || (first == nil && others.isEmpty) {
        first = newValue.map { (start, $0) }
      } else {
        others[start] = newValue
      }
    }
  }

  /// Every entry kept.
  var values: [Entry] {
    (first.map { [$0.entry] } ?? []) + Array(others.values)
  }
}

extension LineBreakState {
  /// The candidates kept for `paragraph` in `wrapCandidates` (where the paragraphs that have
  /// been balanced keep theirs, by their start; `.some(nil)`: the breaker cannot run over
  /// it), or nil where none are yet: the caller makes them and `keep`s them. Apart, not one
  /// call taking a closure that makes them: that closure's context was a copy of the
  /// chooser made and freed at every width.
  func knownCandidates(_ paragraph: Range<Int>) -> WrapCandidates?? {
    guard let known = withWrapCandidates({ $0[paragraph.lowerBound] }),
      known.end == paragraph.upperBound
    else { return nil }
    return .some(known.candidates)
  }

  /// Keeps `made` as `paragraph`'s candidates (made outside the lock: two first callers may
  /// both make them, alike). What is kept or replaced is passed to the breaking cache's
  /// meter, so the prepared-text cache counts it (`heldBytes`).
  func keep(_ made: WrapCandidates?, for paragraph: Range<Int>) {
    let start = paragraph.lowerBound
    let change = withWrapCandidates { kept in
      let before = kept[start].map(Self.keptBytes) ?? 0
      kept[start] = (paragraph.upperBound, made)
      return Self.keptBytes((paragraph.upperBound, made)) - before
    }
    cache.meter.add(change)
  }

  /// The bytes of the balanced paragraphs' candidates, for `heldBytes`.
  var wrapCandidateBytes: Int {
    withWrapCandidates { $0.values.reduce(0) { $0 + Self.keptBytes($1) } }
  }

  /// One kept paragraph's bytes: its entry in the dictionary and its candidates.
  private static func keptBytes(_ entry: (end: Int, candidates: WrapCandidates?)) -> Int {
    MemoryLayout<Int>.stride + MemoryLayout<(end: Int, candidates: WrapCandidates?)>.stride
      + (entry.candidates?.byteCount ?? 0)
  }
}
