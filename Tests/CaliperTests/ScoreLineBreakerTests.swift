import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `ScoreLineBreaker.scores`, which stops its scan early, against the straightforward
/// program it replaces (Blink's `ComputeScores` as score_line_breaker.cc writes it, kept here
/// as the oracle): the same start for every candidate's line, so the same breaks, for every
/// paragraph of the benchmark's Gatsby class and the test corpus at the 16 widths the
/// relayout benchmark takes (20 % to 98 % of the ideal width), `balance` and `pretty`, in
/// both break-rule modes. The lines Chromium gives are `ChromiumWrapStyleTests`'.
@Suite struct ScoreLineBreakerTests {
  /// Blink's `ComputeScores` step for step: every start a line to `end` may begin at,
  /// with its pruning (`bestHope`) and ties (a later start wins an equal score).
  static func oracle(
    _ breaker: ScoreLineBreaker, _ posNoBreak: [Float], _ posIfBreak: [Float],
    _ penalties: [Float]
  ) -> [Int] {
    let count = posNoBreak.count
    var scores = [Float](repeating: 0, count: count)
    var lines = [Int](repeating: 0, count: count)
    var previous = [Int](repeating: 0, count: count)
    var active = 0
    for end in 1..<count {
      let isLast = end == count - 1
      var best = Float.greatestFiniteMagnitude
      var bestPrevious = 0
      var lastLine = lines[active]
      var available = lastLine == 0 ? breaker.firstAvailable : breaker.otherAvailable
      var startEdge = posIfBreak[end] - available
      var bestHope: Float = 0
      for start in active..<end {
        if lines[start] != lastLine {
          lastLine = lines[start]
          let width = lastLine == 0 ? breaker.firstAvailable : breaker.otherAvailable
          if width != available {
            available = width
            startEdge = posIfBreak[end] - available
            bestHope = 0
          }
        }
        if scores[start] + bestHope >= best { continue }
        let delta = posNoBreak[start] - startEdge
        var widthScore: Float = 0
        var additional: Float = 0
        if delta < 0 {
          widthScore = 1e12
        } else if isLast && !breaker.isBalanced {
          additional = 4 * penalties[start]
        } else {
          widthScore = delta * delta
        }
        if delta < 0 { active = start + 1 } else { bestHope = widthScore }
        let score = scores[start] + widthScore + additional
        if score <= best {
          best = score
          bestPrevious = start
        }
      }
      scores[end] = best + penalties[end] + breaker.linePenalty
      previous[end] = bestPrevious
      lines[end] = lines[bestPrevious] + 1
    }
    return previous
  }

  /// The benchmark's Gatsby paragraphs (read where the benchmarks keep them) and the test
  /// corpus's.
  static let corpus: [String] = {
    let gatsby =
      (try? String(
        contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/gatsby-opening.txt", encoding: .utf8))
      ?? ""
    return gatsby.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
      + TestFonts.paragraphs
  }()

  @Test(arguments: [BreakRules.unicode, .css])
  func earlyStopGivesBlinksBreaks(_ rules: BreakRules) throws {
    #expect(Self.corpus.count > 200)
    var compared = 0
    var long = 0
    for paragraph in Self.corpus {
      var style = TextStyle(size: 16)
      style.breakRules = rules
      let text = try TestFonts.library.get().prepare(paragraph, style: style)
      for step in 0..<16 {
        let available = (0.2 + 0.78 * Double(step) / 15) * text.idealWidth
        var greedy = LineBreaker(limit: available)
        let spans = greedy.breakLines(text.widths)
        let chooser = WrapChooser(text: text, available: available)
        guard spans.count > 1, !chooser.overflows(spans) else { continue }
        let windows = [
          (spans[...], true), (spans[max(0, spans.count - 4)...], false),
        ]
        for (lines, isBalanced) in windows where lines.count <= 6 {
          let breaker = chooser.breaker(isBalanced: isBalanced, lines: lines)
          guard let candidates = chooser.candidates(lines, scorer: breaker),
            candidates.count >= 5
          else { continue }
          let inputs = breaker.inputs(candidates)
          let expected = Self.oracle(
            breaker, inputs.posNoBreak, inputs.posIfBreak, inputs.penalties)
          let found = breaker.scores(inputs.posNoBreak, inputs.posIfBreak, inputs.penalties)
          #expect(
            found == expected,
            "\(paragraph.prefix(30)) at \(available), balanced: \(isBalanced)")
          compared += 1
          if candidates.count > 60 { long += 1 }
        }
      }
    }
    // Not vacuous: thousands of programs, hundreds over paragraphs of more than 60 words.
    #expect(compared > 2000)
    #expect(long > 200)
  }
}
