import CaliperTestSupport
import Testing

@testable import Caliper

/// `ScorePrune`, the pruning of `ScoreLayers`' windows against a known path. Its promises are
/// checked on every path of small random paragraphs (all paths of the line count listed,
/// each scored in Blink's `Float` sums in the program's order): the known score is a
/// path's, and the bounds it drops ends and starts by never pass a path's score through
/// them by its margin. Then `ScoreLayers`, pruned, against Blink's straightforward program on
/// paragraphs made to meet the pruning's edges: equal words (the even path ties with
/// others), words nearly equal, long words, hyphens wider than the next word.
@Suite struct ScorePruneTests {
  /// Random words of one of five kinds, chosen by `round`.
  static func words(
    round: Int, count: Int, using random: inout ShortestDecimalTests.SeededGenerator
  )
    -> [(width: Float, hyphen: Float)]
  {
    (0..<count).map { _ -> (width: Float, hyphen: Float) in
      var width: Float
      switch round % 5 {
      case 0: width = 30  // all equal: many paths tie
      case 1:
        width = 30
        for _ in 0..<Int.random(in: 0...2, using: &random) { width = width.nextUp }
      case 2:
        // Now and then a word as long as half a line or more.
        width =
          Int.random(in: 0..<6, using: &random) == 0
          ? Float(Int.random(in: 80...200, using: &random))
          : Float(Int.random(in: 10...40, using: &random))
      case 3: width = Float(10 * Int.random(in: 0...4, using: &random))
      default: width = Float.random(in: 5...60, using: &random)
      }
      let hyphenated = round % 4 == 1 && Int.random(in: 0..<5, using: &random) == 0
      return (width, hyphenated ? Float(Int.random(in: 1...40, using: &random)) : 0)
    }
  }

  /// A paragraph of `words` random words of `round`'s kind, with spaces or none: its
  /// candidates, its widest word (a hyphen included) and its length.
  static func paragraph(
    round: Int, words: ClosedRange<Int>, _ random: inout ShortestDecimalTests.SeededGenerator
  ) -> (candidates: [ScoreLineBreaker.Candidate], widest: Float, length: Float) {
    let drawn = Self.words(
      round: round, count: Int.random(in: words, using: &random), using: &random)
    let (candidates, length) = ScoreLineBreakerTests.candidates(
      drawn, space: round % 3 == 0 ? 0 : 4)
    return (candidates, drawn.reduce(1) { max($0, $1.width + $1.hyphen) }, length)
  }

  /// Calls `body` with every path of `lines` lines over `count` candidates: its ends, in
  /// order, the last the last candidate.
  static func forEachPath(count: Int, lines: Int, _ body: ([Int]) -> Void) {
    var ends = [Int](repeating: 0, count: lines)
    ends[lines - 1] = count - 1
    func place(_ index: Int, after start: Int) {
      if index == lines - 1 {
        body(ends)
        return
      }
      // Leave a candidate for each line after this one.
      guard start + 1 <= count - 1 - (lines - 1 - index) else { return }
      for end in (start + 1)...(count - 1 - (lines - 1 - index)) {
        ends[index] = end
        place(index + 1, after: end)
      }
    }
    place(0, after: 0)
  }

  @Test func boundsHoldOnEveryPath() {
    var random = ShortestDecimalTests.SeededGenerator(state: 3661)
    var paths = 0
    var known = 0
    for round in 0..<600 {
      let (candidates, widest, length) = Self.paragraph(round: round, words: 6...13, &random)
      let width = Float.random(in: widest...max(widest, length / 2), using: &random)
      let breaker = ScoreLineBreaker(
        isBalanced: true, firstAvailable: width + 1 / 64, otherAvailable: width + 1 / 64,
        width: width, size: round % 7 == 0 ? 0.1 : 16)
      let inputs = breaker.inputs(
        candidates, hyphenPenalty: ScoreLineBreakerTests.drawnHyphenPenalty)
      let facts = ScoreLayers.Facts(
        posNoBreak: inputs.posNoBreak, posIfBreak: inputs.posIfBreak, penalties: inputs.penalties)
      guard facts.rises else { continue }
      let count = candidates.count
      // The pruning reads the lengths through a pointer: kept for the round.
      let lengths = UnsafeMutableBufferPointer<SIMD2<Double>>.allocate(capacity: count)
      _ = lengths.initialize(
        from: ScoreLayers.Facts.lengths(
          posNoBreak: inputs.posNoBreak, posIfBreak: inputs.posIfBreak))
      defer { lengths.deallocate() }
      for lines in 2...min(5, count - 2) {
        ScoreLayers.over(breaker, inputs) { layers in
          let (posNoBreak, posIfBreak, penalties) = (
            layers.posNoBreak, layers.posIfBreak, layers.penalties
          )
          var low = [Int](repeating: 0, count: lines + 1)
          var high = [Int](repeating: 0, count: lines + 1)
          let windowed = low.withUnsafeMutableBufferPointer { low in
            high.withUnsafeMutableBufferPointer { high in
              layers.windows(lineCount: lines, low: low, high: high)
            }
          }
          guard windowed else { return }
          let (prune, even) = low.withUnsafeMutableBufferPointer { low in
            high.withUnsafeMutableBufferPointer { high in
              (
                ScorePrune(
                  layers, lineCount: lines, overhang: facts.overhang,
                  lengths: UnsafeBufferPointer(lengths), low: low, high: high),
                ScorePrune.evenScore(layers, lineCount: lines, low: low, high: high)
              )
            }
          }
          var scores: [Float] = []
          Self.forEachPath(count: count, lines: lines) { ends in
            var start = 0
            var total: Float = 0
            for end in ends {
              guard layers.fits(start, end) else { return }
              let delta = posNoBreak[start] - (posIfBreak[end] - breaker.firstAvailable)
              total = total + delta * delta + penalties[end] + breaker.linePenalty
              start = end
            }
            scores.append(total)
            paths += 1
            // The bounds before and after each end stay within the path's score, and a
            // path that scores at most the known one passes no start's limit.
            let margin = Double(total) * (1 + 0x1p-16)
            var sum: Float = 0
            var from = 0
            for (index, end) in ends.enumerated() {
              let layer = index + 1
              if layer < lines {
                let before = prune.bound(lines: layer).least(
                  length: Double(posIfBreak[end]) - Double(posNoBreak[0]))
                let after = prune.bound(lines: lines - layer).least(
                  length: Double(posIfBreak[posIfBreak.count - 1]) - Double(posNoBreak[end]))
                #expect(before + after <= margin, "round \(round), \(lines) lines, \(ends)")
              }
              let delta = posNoBreak[from] - (posIfBreak[end] - breaker.firstAvailable)
              if total <= even {
                let limit = prune.limit(
                  end: end, penalty: penalties[end], rest: prune.bound(lines: lines - layer))
                #expect(sum + delta * delta < limit, "round \(round), \(lines) lines, \(ends)")
              }
              sum = sum + delta * delta + penalties[end] + breaker.linePenalty
              from = end
            }
          }
          // The known score is a path's, so at least the least.
          if even < .infinity {
            known += 1
            #expect(scores.contains(even), "round \(round), \(lines) lines")
            #expect(prune.known >= Double(scores.min() ?? .infinity))
          }
        }
      }
    }
    // Not vacuous: many paths, and a known path in most paragraphs.
    #expect(paths > 2000)
    #expect(known > 300)
  }

  /// `ScoreLayers` with the pruning against the oracle on paragraphs at the pruning's edges,
  /// 2 to 6 lines and more.
  @Test func prunedLayersGiveBlinksBreaks() {
    var random = ShortestDecimalTests.SeededGenerator(state: 3662)
    var tally = ScoreLayersTests.Tally()
    for round in 0..<3000 {
      let (candidates, widest, length) = Self.paragraph(round: round, words: 3...50, &random)
      let width =
        round % 6 == 0
        ? widest + Float(Int.random(in: 0...3, using: &random))
        : Float.random(in: widest...max(widest, length / 1.5), using: &random)
      ScoreLayersTests.compare(
        candidates, width: width, size: round % 7 == 0 ? 0.1 : 16, tally: &tally, "round \(round)")
    }
    #expect(tally.rebalanced > 1500)
  }
}
