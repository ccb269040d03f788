@testable import Caliper

/// The wrap styles' array reference path: the score-based breaker's candidates, program
/// inputs and scores made as arrays from a window's greedy lines, as `balance` and `pretty`
/// made them before round 26 put them in scratch memory (`WrapWindow`, `WrapChooser.scored`,
/// `ScoreLineBreaker.writePenalties`). The library no longer calls any of it; it stays here
/// as the path the scratch path is checked against:
/// - `WrapChooser.candidates(greedy:)`, `breaker(isBalanced:lines:)` over a collection and
///   `ScoreLineBreaker.inputs(_:hyphenPenalty:)` (the hyphens' penalties written here, not
///   by `writePenalties`; the orphan penalty by the library's `addOrphanPenalty`, shared):
///   `ScoredPenaltiesTests` against `pretty`'s scratch penalties,
///   `ScoreLineBreakerTests` and `ScoreLayersTests` (Blink's program and the layers against
///   the oracle), `ScorePruneTests` and `ScoreLayersKeptPathTests` (their inputs);
/// - `WrapChooser.overflows(_:)` over a whole paragraph's lines: `WrapWindowTests` (lines
///   chosen over whole paragraphs against `WrapWindow`'s, which reads a line at a time);
/// - `ScoreLineBreaker.breakPoints`: `ScoreLayersTests` (the chosen candidates, with and
///   without `WrapCandidates`' kept inputs, against the oracle's);
/// - `ScoreLineBreaker.scores(_:_:_:)` (arrays in, the starts returned):
///   `ScoreLineBreakerTests` against its oracle.
extension WrapChooser {
  /// Whether a line of `lines` is wider than the available width, or broken inside a word
  /// (`LineBreaker.Span.overflows(_:)`): Blink then keeps the paragraph's greedy lines.
  func overflows(_ lines: some Collection<LineBreaker.Span>) -> Bool {
    lines.contains { $0.overflows(available) }
  }

  /// The score-based breaker's candidates over the `greedy` lines' break opportunities:
  /// the window's start, then one a segment up to the last line's end; nil where Blink's
  /// breaker cannot run (a tab, a line broken inside a word, `break-spaces` with `.css`).
  func candidates(greedy lines: some Collection<LineBreaker.Span>)
    -> [ScoreLineBreaker.Candidate]?
  {
    let lines = GreedyLines(lines, limit: available)
    guard !lines.emergency, lines.count > 0 else { return nil }
    return candidates(lines.start..<lines.end)
  }

  /// The score-based breaker for `lines` at the available width.
  func breaker(isBalanced: Bool, lines: some Collection<LineBreaker.Span>) -> ScoreLineBreaker {
    breaker(isBalanced: isBalanced, lines: GreedyLines(lines, limit: available))
  }
}

extension ScoreLineBreaker {
  /// The candidates that end the chosen lines, in order, or nil where Blink keeps the
  /// greedy lines: fewer than three break opportunities, or a count of lines other than
  /// `lineCount` (the greedy one). A hyphenated candidate's penalty is `hyphenPenalty`.
  func breakPoints(_ candidates: [Candidate], hyphenPenalty: Float, lineCount: Int)
    -> [Candidate]?
  {
    breakPoints(candidates, inputs(candidates, hyphenPenalty: hyphenPenalty), lineCount: lineCount)
  }

  /// `breakPoints` over the program's inputs, made already (`WrapCandidates`).
  /// `facts`, where known, are the inputs' (`WrapCandidates.layerFacts`).
  func breakPoints(
    _ candidates: [Candidate],
    _ program: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]), lineCount: Int,
    facts: ScoreLayers.Facts? = nil
  ) -> [Candidate]? {
    guard lineCount > 0 else { return nil }
    var points: [Candidate]? = nil
    withUnsafeTemporaryAllocation(of: Int.self, capacity: lineCount) { ends in
      if chooseEnds(program, lineCount: lineCount, facts: facts, into: ends) {
        points = ends.map { candidates[$0] }
      }
    }
    return points
  }

  /// The positions and penalties the program reads, flat (it reads each many times): each
  /// hyphenated candidate's penalty `hyphenPenalty` (the breaker's own for a text's
  /// candidates), then the orphan penalty.
  func inputs(_ candidates: [Candidate], hyphenPenalty: Float)
    -> (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float])
  {
    var posNoBreak = [Float](repeating: 0, count: candidates.count)
    var posIfBreak = [Float](repeating: 0, count: candidates.count)
    var penalties = [Float](repeating: 0, count: candidates.count)
    for (index, candidate) in candidates.enumerated() {
      posNoBreak[index] = candidate.posNoBreak
      posIfBreak[index] = candidate.posIfBreak
      penalties[index] = candidate.isHyphenated ? hyphenPenalty : 0
    }
    Self.addOrphanPenalty(&penalties) { candidates[$0].isHyphenated }
    return (posNoBreak, posIfBreak, penalties)
  }

  /// Blink's orphan penalty added to an array: the last opportunity (and the hyphenated
  /// ones before it) costs more.
  static func addOrphanPenalty(_ penalties: inout [Float], isHyphenated: (Int) -> Bool) {
    penalties.withUnsafeMutableBufferPointer { addOrphanPenalty($0, isHyphenated: isHyphenated) }
  }

  /// Blink's `ComputeScores` over arrays (`scores(_:_:_:into:)`): the candidate each
  /// candidate's line starts at.
  func scores(_ posNoBreak: [Float], _ posIfBreak: [Float], _ penalties: [Float]) -> [Int] {
    // No candidates: the empty array, not `unsafeUninitializedCapacity`'s store of 0 into
    // the standard library's one shared empty array (a write threads race on).
    guard !posNoBreak.isEmpty else { return [] }
    return [Int](unsafeUninitializedCapacity: posNoBreak.count) { previous, made in
      posNoBreak.withUnsafeBufferPointer { posNoBreak in
        posIfBreak.withUnsafeBufferPointer { posIfBreak in
          penalties.withUnsafeBufferPointer { penalties in
            scores(posNoBreak, posIfBreak, penalties, into: previous)
          }
        }
      }
      made = previous.count
    }
  }
}

extension ScoreLayers {
  /// `body` given the layers over a program's inputs as arrays (`ScoreLineBreaker.inputs`),
  /// for the tests that score, window or prune them: the layers hold the arrays' pointers,
  /// valid only inside `body`.
  static func over<R>(
    _ breaker: ScoreLineBreaker,
    _ inputs: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]),
    _ body: (ScoreLayers) throws -> R
  ) rethrows -> R {
    try inputs.posNoBreak.withUnsafeBufferPointer { posNoBreak in
      try inputs.posIfBreak.withUnsafeBufferPointer { posIfBreak in
        try inputs.penalties.withUnsafeBufferPointer { penalties in
          try body(
            ScoreLayers(
              breaker: breaker, posNoBreak: posNoBreak, posIfBreak: posIfBreak,
              penalties: penalties))
        }
      }
    }
  }
}
