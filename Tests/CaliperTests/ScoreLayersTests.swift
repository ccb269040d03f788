import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `ScoreLayers`, `balance`'s program over the windows of the greedy line count, against
/// Blink's straightforward program (`ScoreLineBreakerTests.oracle`): where it answers, its
/// lines are the oracle's and the oracle has that many; `breakPoints` (which tries it first)
/// gives the oracle's lines where they number the greedy count and nothing elsewhere.
@Suite struct ScoreLayersTests {
  /// The oracle's chosen line ends, walked back from the last candidate.
  static func path(_ previous: [Int]) -> [Int] {
    var ends: [Int] = []
    var end = previous.count - 1
    while end > 0 {
      ends.append(end)
      end = previous[end]
    }
    return ends.reversed()
  }

  /// The greedy lines' ends over the candidates by Blink's own fit test (each line as long
  /// as fits; a word too wide alone on its line), written plainly.
  static func greedyPath(_ breaker: ScoreLineBreaker, _ posNoBreak: [Float], _ posIfBreak: [Float])
    -> [Int]
  {
    var ends: [Int] = []
    var start = 0
    let last = posNoBreak.count - 1
    while start < last {
      var end = start + 1
      while end < last, posNoBreak[start] - (posIfBreak[end + 1] - breaker.firstAvailable) >= 0 {
        end += 1
      }
      ends.append(end)
      start = end
    }
    return ends
  }

  /// The greedy line count (`greedyPath`'s lines).
  static func greedyCount(_ breaker: ScoreLineBreaker, _ posNoBreak: [Float], _ posIfBreak: [Float])
    -> Int
  {
    greedyPath(breaker, posNoBreak, posIfBreak).count
  }

  /// The least score of a path of exactly 1, 2 … `lines` lines over all candidates (the
  /// entry at 0 for none), in Blink's `Float` sums (an overfull line 10¹²), by a program
  /// over the line count.
  static func leastScores(
    _ breaker: ScoreLineBreaker,
    _ inputs: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]), lines: Int
  ) -> [Float] {
    let (posNoBreak, posIfBreak, penalties) = inputs
    let count = posNoBreak.count
    var scores = [Float](repeating: .infinity, count: count)
    scores[0] = 0
    var least: [Float] = [.infinity]
    for _ in 0..<lines {
      var next = [Float](repeating: .infinity, count: count)
      for end in 1..<count {
        let edge = posIfBreak[end] - breaker.firstAvailable
        for start in 0..<end where scores[start] < .infinity {
          let delta = posNoBreak[start] - edge
          let score = scores[start] + (delta < 0 ? 1e12 : delta * delta)
          next[end] = min(next[end], score + penalties[end] + breaker.linePenalty)
        }
      }
      scores = next
      least.append(scores[count - 1])
    }
    return least
  }

  /// What the layers answered, for the counts below.
  struct Tally {
    var answered = 0
    var declined = 0
    /// Answers where the oracle's count is the greedy one but not every line is greedy.
    var rebalanced = 0
    /// Paragraphs whose least scores of paths of more lines were checked against the bound.
    var moreLinesBounded = 0
  }

  /// The layers and `breakPoints` against the oracle for `candidates` at `width` (`balance`,
  /// one available width), at the greedy line count and one either side of the oracle's.
  static func compare(
    _ candidates: [ScoreLineBreaker.Candidate], width: Float, size: Float, tally: inout Tally,
    _ label: @autoclosure () -> String
  ) {
    let breaker = ScoreLineBreaker(
      isBalanced: true, firstAvailable: width + 1 / 64, otherAvailable: width + 1 / 64,
      width: width, size: size)
    let hyphenPenalty = ScoreLineBreakerTests.drawnHyphenPenalty
    let inputs = breaker.inputs(candidates, hyphenPenalty: hyphenPenalty)
    let expected = Self.path(
      ScoreLineBreakerTests.oracle(breaker, inputs.posNoBreak, inputs.posIfBreak, inputs.penalties)
    )
    let greedy = greedyCount(breaker, inputs.posNoBreak, inputs.posIfBreak)
    // The bound on paths of more lines holds for the greedy count's next three (where
    // `balance` applies: up to 6 lines).
    if greedy <= ScoreLineBreaker.maxLinesForBalance, candidates.count > greedy + 1 {
      let least = ScoreLayers.over(breaker, inputs) { layers in
        let overhang = zip(layers.posIfBreak.dropFirst(), layers.posNoBreak.dropFirst()).reduce(
          Float(0)
        ) { max($0, $1.0 - $1.1) }
        return layers.moreLinesLeast(lineCount: greedy, overhang: overhang)
      }
      let scores = leastScores(breaker, inputs, lines: min(greedy + 3, candidates.count - 1))
      for more in (greedy + 1)..<scores.count {
        #expect(Double(scores[more]) >= least, "\(label()), \(more) lines")
      }
      tally.moreLinesBounded += 1
    }
    for lineCount in Set([greedy, expected.count - 1, expected.count, expected.count + 1])
    where lineCount >= 1 {
      var ends = [Int](repeating: -1, count: lineCount)
      let answered = ends.withUnsafeMutableBufferPointer {
        breaker.layered(inputs, lineCount: lineCount, into: $0)
      }
      if answered {
        tally.answered += 1
        #expect(ends == expected, "\(label()), \(lineCount) lines")
        #expect(lineCount == expected.count, "\(label()), \(lineCount) lines")
        if lineCount == greedy, lineCount == expected.count { tally.rebalanced += 1 }
      } else {
        tally.declined += 1
      }
      let points = breaker.breakPoints(
        candidates, hyphenPenalty: hyphenPenalty, lineCount: lineCount)?.map(\.offset)
      // `breakPoints` keeps the greedy lines with fewer than three opportunities.
      let wanted =
        expected.count == lineCount && candidates.count >= 5
        ? expected.map { candidates[$0].offset } : nil
      #expect(points == wanted, "\(label()), \(lineCount) lines")
    }
  }

  /// Random paragraphs: words of a few whole widths (equal scores, ties), of whole widths
  /// moved a few units in the last place (near ties), of no width (starts at one position),
  /// of any width; spaces or none; some hyphenated (the penalty, and a hyphen wider than the
  /// next word: a line end that moves back, where the layers decline); widths from the
  /// widest word (many lines, windows of one candidate) to the whole paragraph, and line
  /// penalties small against the slack (where Blink chooses more lines than the greedy).
  @Test func randomParagraphsGiveBlinksBreaks() {
    var random = ShortestDecimalTests.SeededGenerator(state: 3608)
    var tally = Tally()
    for round in 0..<4000 {
      let words = Int.random(in: 3...60, using: &random)
      let space: Float =
        round % 5 == 0 ? 0 : round % 2 == 0 ? 4 : Float.random(in: 2...6, using: &random)
      let drawn = (0..<words).map { _ -> (width: Float, hyphen: Float) in
        var width: Float
        switch round % 3 {
        case 0: width = Float(10 * Int.random(in: 1...4, using: &random))
        case 1:
          width = Float(10 * Int.random(in: 0...4, using: &random))
          for _ in 0..<Int.random(in: 0...3, using: &random) { width = width.nextUp }
        default: width = Float.random(in: 5...60, using: &random)
        }
        let hyphenated = round % 4 == 0 && Int.random(in: 0..<8, using: &random) == 0
        return (width, hyphenated ? Float(Int.random(in: 1...30, using: &random)) : 0)
      }
      let widest = drawn.reduce(1) { max($0, $1.width + $1.hyphen) }
      let (candidates, length) = ScoreLineBreakerTests.candidates(drawn, space: space)
      let width: Float =
        round % 6 == 0
        ? widest + Float(Int.random(in: 0...3, using: &random))
        : Float.random(in: widest...max(widest, length / 1.5), using: &random)
      // A small font size makes the line penalty small against the orphan penalty: Blink
      // then often adds a line rather than end the last but one at the last word.
      let size: Float = round % 7 == 0 ? 0.1 : 16
      Self.compare(candidates, width: width, size: size, tally: &tally, "round \(round)")
    }
    // Not vacuous: the layers answer most paragraphs, rebalancing them, and decline where
    // Blink's program chooses more lines than the greedy count.
    #expect(tally.rebalanced > 2000)
    #expect(tally.declined > 2000)
    #expect(tally.moreLinesBounded > 1000)
  }

  /// Every Gatsby and test-corpus paragraph at the relayout benchmark's 16 widths, both
  /// break-rule modes, as `balance` makes its candidates.
  @Test(arguments: [BreakRules.unicode, .css])
  func corpusGivesBlinksBreaks(_ rules: BreakRules) throws {
    var tally = Tally()
    try ScoreLineBreakerTests.forEachGreedyBreaking(rules) { paragraph, available, spans, chooser in
      guard spans.count <= ScoreLineBreaker.maxLinesForBalance else { return }
      let breaker = chooser.breaker(isBalanced: true, lines: spans[...])
      guard let candidates = chooser.candidates(greedy: spans), candidates.count >= 5
      else { return }
      let inputs = breaker.inputs(candidates, hyphenPenalty: breaker.hyphenPenalty)
      let expected = Self.path(
        ScoreLineBreakerTests.oracle(
          breaker, inputs.posNoBreak, inputs.posIfBreak, inputs.penalties))
      var ends = [Int](repeating: -1, count: spans.count)
      let answered = ends.withUnsafeMutableBufferPointer {
        breaker.layered(inputs, lineCount: spans.count, into: $0)
      }
      let label = "\(paragraph.prefix(30)) at \(available)"
      if answered {
        tally.answered += 1
        #expect(ends == expected, "\(label)")
      } else {
        tally.declined += 1
      }
      let points = breaker.breakPoints(
        candidates, hyphenPenalty: breaker.hyphenPenalty, lineCount: spans.count)?.map(\.offset)
      let wanted =
        expected.count == spans.count ? expected.map { candidates[$0].offset } : nil
      #expect(points == wanted, "\(label)")
      // As `balance` asks: the inputs and their facts kept with the paragraph's candidates.
      let made = WrapCandidates(candidates)
      let kept = breaker.breakPoints(
        made.candidates, made.inputs(hyphenPenalty: breaker.hyphenPenalty),
        lineCount: spans.count, facts: made.layerFacts)
      #expect(kept?.map(\.offset) == wanted, "\(label)")
    }
    // Not vacuous: most of the benchmark's balanced paragraphs are answered by the layers.
    #expect(tally.answered > 1000)
    #expect(tally.answered > 4 * tally.declined)
  }
}
