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
final class WrapCandidates: Sendable {
  /// The candidates, their penalties 0 (a hyphen's depends on the width).
  let candidates: [ScoreLineBreaker.Candidate]
  /// The candidates' positions, flat, as the program reads them.
  let posNoBreak: [Float]
  let posIfBreak: [Float]
  /// The indices of the candidates that end in a hyphen.
  let hyphenated: [Int]
  /// The penalties where no candidate ends in a hyphen: the orphan penalty alone, the same
  /// at every width.
  let orphanPenalties: [Float]
  /// What `ScoreLayers` needs of them, with penalties not negative (a hyphen's is not at a
  /// width that is not).
  let layerFacts: ScoreLayers.Facts

  init(_ candidates: [ScoreLineBreaker.Candidate]) {
    self.candidates = candidates
    posNoBreak = candidates.map(\.posNoBreak)
    posIfBreak = candidates.map(\.posIfBreak)
    hyphenated = candidates.indices.filter { candidates[$0].isHyphenated }
    orphanPenalties = Self.penalties(candidates, hyphenated: hyphenated, hyphenPenalty: 0)
    layerFacts = ScoreLayers.Facts(
      posNoBreak: posNoBreak, posIfBreak: posIfBreak, penalties: orphanPenalties)
  }

  /// The program's inputs at the width whose hyphen penalty is `hyphenPenalty`: without a
  /// hyphen, the penalties made once.
  func inputs(hyphenPenalty: Float) -> (
    posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]
  ) {
    guard !hyphenated.isEmpty else { return (posNoBreak, posIfBreak, orphanPenalties) }
    let penalties = Self.penalties(
      candidates, hyphenated: hyphenated, hyphenPenalty: hyphenPenalty)
    return (posNoBreak, posIfBreak, penalties)
  }

  /// The hyphens' penalties and the orphan penalty.
  static func penalties(
    _ candidates: [ScoreLineBreaker.Candidate], hyphenated: [Int], hyphenPenalty: Float
  ) -> [Float] {
    var penalties = [Float](repeating: 0, count: candidates.count)
    for index in hyphenated { penalties[index] = hyphenPenalty }
    ScoreLineBreaker.addOrphanPenalty(&penalties) { candidates[$0].isHyphenated }
    return penalties
  }
}

extension LineBreakState {
  /// The candidates over `paragraph`, from `wrapCandidates` (where the paragraphs that have
  /// been balanced keep theirs, by their start, nil where the breaker cannot run over one):
  /// made by `make` the first time, then the same.
  func candidates(_ paragraph: Range<Int>, _ make: () -> WrapCandidates?) -> WrapCandidates? {
    let start = paragraph.lowerBound
    if let known = wrapCandidates.withLock({ $0[start] }), known.end == paragraph.upperBound {
      return known.candidates
    }
    let made = make()  // outside the lock: two first callers may both make it, alike
    wrapCandidates.withLock { $0[start] = (paragraph.upperBound, made) }
    return made
  }
}
