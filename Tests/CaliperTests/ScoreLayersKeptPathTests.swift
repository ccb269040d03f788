import CaliperTestSupport
import Testing

@testable import Caliper

/// `ScoreLayers` with a kept path (the lines chosen at another width, `WrapCandidates.keptPath`,
/// as the known path of `ScorePrune`), and its few paths scored whole
/// (`ScoreLayers+FewPaths.swift`), against the straightforward programs they stand for: every
/// path of the line count listed and scored in Blink's `Float` sums (`ScorePruneTests.forEachPath`),
/// and Blink's program (`ScoreLineBreakerTests.oracle`).
@Suite struct ScoreLayersKeptPathTests {
  /// A breaker for `balance` at `width` (one available width).
  static func breaker(width: Float, size: Float) -> ScoreLineBreaker {
    ScoreLineBreaker(
      isBalanced: true, firstAvailable: width + 1 / 64, otherAvailable: width + 1 / 64,
      width: width, size: size)
  }

  /// Round `round`'s paragraph (`ScorePruneTests.paragraph`, of `words` words), a width
  /// drawn from its widest word to its length over `shortest` (at least the widest word),
  /// and its `balance` breaker (a tiny size every seventh round) with the program's inputs.
  static func drawnParagraph(
    round: Int, words: ClosedRange<Int>, shortest: Float,
    _ random: inout ShortestDecimalTests.SeededGenerator
  ) -> (
    candidates: [ScoreLineBreaker.Candidate], breaker: ScoreLineBreaker,
    inputs: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float])
  ) {
    let (candidates, widest, length) = ScorePruneTests.paragraph(
      round: round, words: words, &random)
    let width = Float.random(in: widest...max(widest, length / shortest), using: &random)
    let breaker = Self.breaker(width: width, size: round % 7 == 0 ? 0.1 : 16)
    return (
      candidates, breaker,
      breaker.inputs(candidates, hyphenPenalty: ScoreLineBreakerTests.drawnHyphenPenalty)
    )
  }

  /// `layered`'s ends (nil where it declines) with each of `kept` as the kept path.
  static func answers(
    _ breaker: ScoreLineBreaker,
    _ inputs: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]), lines: Int,
    kept: [ScorePrune.KeptPath]
  ) -> [[Int]?] {
    kept.map { kept -> [Int]? in
      var ends = [Int](repeating: -1, count: lines)
      let found = ends.withUnsafeMutableBufferPointer {
        breaker.layered(inputs, lineCount: lines, kept: kept, into: $0)
      }
      return found ? ends : nil
    }
  }

  /// A path of `lines` lines over `count` candidates, its ends drawn at random (in order, the
  /// last the last candidate; its lines may not fit).
  static func randomPath(
    count: Int, lines: Int, _ random: inout ShortestDecimalTests.SeededGenerator
  ) -> [Int] {
    var ends = Set<Int>()
    while ends.count < lines - 1 { ends.insert(Int.random(in: 1..<(count - 1), using: &random)) }
    return ends.sorted() + [count - 1]
  }

  /// Whatever path is kept (none, Blink's own, three drawn at random, which mostly do not
  /// fit), `layered` answers alike, and with Blink's lines. Kept paths that fit but are not
  /// the least: `fittingKeptPathsChangeNoAnswer`.
  @Test func keptPathsChangeNoAnswer() {
    var random = ShortestDecimalTests.SeededGenerator(state: 4127)
    var answered = 0
    var declined = 0
    for round in 0..<3000 {
      let (candidates, breaker, inputs) = Self.drawnParagraph(
        round: round, words: 6...40, shortest: 1.5, &random)
      let expected = ScoreLayersTests.path(
        ScoreLineBreakerTests.oracle(
          breaker, inputs.posNoBreak, inputs.posIfBreak, inputs.penalties))
      let lines = ScoreLayersTests.greedyCount(breaker, inputs.posNoBreak, inputs.posIfBreak)
      guard lines >= 2, lines <= ScoreLineBreaker.maxLinesForBalance,
        candidates.count > lines + 1
      else { continue }
      var paths = [[Int]]()
      if expected.count == lines { paths.append(expected) }
      for _ in 0..<3 {
        paths.append(Self.randomPath(count: candidates.count, lines: lines, &random))
      }
      let kept =
        [ScorePrune.KeptPath()]
        + paths.map { path in path.withUnsafeBufferPointer { ScorePrune.KeptPath(ends: $0) } }
      let answers = Self.answers(breaker, inputs, lines: lines, kept: kept)
      #expect(answers.allSatisfy { $0 == answers[0] }, "round \(round): \(answers)")
      if let answer = answers[0] {
        answered += 1
        #expect(answer == expected, "round \(round)")
      } else {
        declined += 1
      }
    }
    // Not vacuous: most answered, some declined (ties, more lines than the greedy count).
    #expect(answered > 1000)
    #expect(declined > 50)
  }

  /// `fewPaths` over the windows narrowed against a known path (Blink's, or none) against
  /// every path of the line count scored: where it answers, the least score where no other
  /// path ties with it, with its ends; infinity where one does.
  @Test func fewPathsAreTheLeastOfAllPaths() {
    var random = ShortestDecimalTests.SeededGenerator(state: 5813)
    var scored = 0
    var ties = 0
    for round in 0..<1500 {
      let (candidates, breaker, inputs) = Self.drawnParagraph(
        round: round, words: 6...13, shortest: 2, &random)
      let facts = ScoreLayers.Facts(
        posNoBreak: inputs.posNoBreak, posIfBreak: inputs.posIfBreak, penalties: inputs.penalties)
      guard facts.rises else { continue }
      let count = candidates.count
      let lengths = ScoreLayers.Facts.lengths(
        posNoBreak: inputs.posNoBreak, posIfBreak: inputs.posIfBreak)
      for lines in 2...min(5, count - 2) {
        // Every path of `lines` fitting lines, scored in the program's sums and order.
        var least = Float.infinity
        var second = Float.infinity
        var best: [Int] = []
        ScorePruneTests.forEachPath(count: count, lines: lines) { ends in
          var start = 0
          var total: Float = 0
          for end in ends {
            let delta = inputs.posNoBreak[start] - (inputs.posIfBreak[end] - breaker.firstAvailable)
            guard delta >= 0 else { return }
            total = total + delta * delta + inputs.penalties[end] + breaker.linePenalty
            start = end
          }
          if total < least {
            (second, least, best) = (least, total, ends)
          } else if total < second {
            second = total
          }
        }
        let few = Self.fewPaths(
          breaker, inputs, lengths: lengths, overhang: facts.overhang, lines: lines,
          kept: round % 2 == 0 ? best : [])
        guard let (found, ends) = few else { continue }
        scored += 1
        if least < second {
          #expect(found == least, "round \(round), \(lines) lines")
          #expect(ends == best, "round \(round), \(lines) lines")
        } else {
          ties += 1
          #expect(found == .infinity, "round \(round), \(lines) lines: a tie")
        }
      }
    }
    // Not vacuous: many answered by few paths, ties among them.
    #expect(scored > 1000)
    #expect(ties > 20)
  }

  /// The windows of `lines` lines narrowed as `ScoreLayers.choose` narrows them (against
  /// `kept` where it is a path of them, else the even path), then `fewPaths` over them: its
  /// score and ends; nil where there are no windows, a layer is left empty, or more paths
  /// than it scores.
  static func fewPaths(
    _ breaker: ScoreLineBreaker,
    _ inputs: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]),
    lengths: [SIMD2<Double>], overhang: Float, lines: Int, kept: [Int]
  ) -> (Float, [Int])? {
    ScoreLayers.over(breaker, inputs) { layers in
      lengths.withUnsafeBufferPointer { lengths in
        var low = [Int](repeating: 0, count: lines + 1)
        var high = [Int](repeating: 0, count: lines + 1)
        var scratch = [Int](repeating: 0, count: 2 * (lines + 1))
        var ends = [Int](repeating: -1, count: lines)
        let found = low.withUnsafeMutableBufferPointer { low in
          high.withUnsafeMutableBufferPointer { high -> Float? in
            guard layers.windows(lineCount: lines, low: low, high: high) else { return nil }
            let path =
              kept.count == lines
              ? kept.withUnsafeBufferPointer { ScorePrune.KeptPath(ends: $0) }
              : ScorePrune.KeptPath()
            let prune = ScorePrune(
              layers, lineCount: lines, overhang: overhang, lengths: lengths, low: low,
              high: high, kept: path)
            for layer in 1..<lines {
              guard
                prune.narrowBefore(
                  layer: layer, low: low, high: high, before: prune.bound(lines: layer),
                  after: prune.bound(lines: lines - layer))
              else { return nil }
            }
            return scratch.withUnsafeMutableBufferPointer { scratch in
              ends.withUnsafeMutableBufferPointer {
                layers.fewPaths(lineCount: lines, low: low, high: high, path: scratch, into: $0)
              }
            }
          }
        }
        return found.map { ($0, ends) }
      }
    }
  }
}

extension ScoreLayersKeptPathTests {
  /// A kept path holds its ends (12 bits each, at most 5 of them) and is kept with the
  /// candidates by its line count; one it cannot hold is none.
  @Test func keptPathsRoundTrip() {
    func kept(_ ends: [Int]) -> ScorePrune.KeptPath {
      ends.withUnsafeBufferPointer { ScorePrune.KeptPath(ends: $0) }
    }
    let path = kept([5, 9, 4095, 4100])
    #expect([0, 1, 2].map(path.end) == [5, 9, 4095])
    #expect(kept([5, 4096, 4100]).bits == 0)
    #expect(kept([1, 2, 3, 4, 5, 6, 7]).bits == 0)
    #expect(kept([7]).bits == 0)
    #expect(kept([1, 2, 3, 4, 5, 9]).end(4) == 5)
    let candidates = (0..<12).map {
      ScoreLineBreaker.Candidate(
        offset: $0, contentEnd: $0, segment: $0 - 1, posNoBreak: Float($0),
        posIfBreak: Float($0))
    }
    let made = WrapCandidates(candidates)
    #expect((1...7).allSatisfy { made.keptPath(lineCount: $0).bits == 0 })
    made.keep(path: kept([4, 8, 11]), lineCount: 3, was: made.keptPath(lineCount: 3))
    made.keep(path: kept([6, 11]), lineCount: 2, was: made.keptPath(lineCount: 2))
    made.keep(path: kept([6, 11]), lineCount: 7, was: ScorePrune.KeptPath())
    #expect(made.keptPath(lineCount: 3) == kept([4, 8, 11]))
    #expect(made.keptPath(lineCount: 2) == kept([6, 11]))
    #expect(made.keptPath(lineCount: 4).bits == 0)
    #expect(made.keptPath(lineCount: 7).bits == 0)
  }
}
