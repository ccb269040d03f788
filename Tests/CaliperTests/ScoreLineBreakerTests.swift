import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `ScoreLineBreaker.scores`, which scores fewer starts (`ScoreScan.shortened`), against the
/// straightforward program it replaces (Blink's `ComputeScores` as score_line_breaker.cc
/// writes it, kept here as the oracle): the same start for every candidate's line, so the
/// same breaks, for every paragraph of the benchmark's Gatsby class and the test corpus at
/// the 16 widths the relayout benchmark takes (20 % to 98 % of the ideal width), `balance`
/// and `pretty`, in both break-rule modes, and for random paragraphs with many ties. The
/// lines Chromium gives are `ChromiumWrapStyleTests`'.
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

  /// Every corpus paragraph prepared with `rules`, at the relayout benchmark's 16 widths
  /// (20 % to 98 % of its ideal width) where its greedy lines are more than one and none is
  /// overfull: `body` gets the paragraph, the width, the greedy lines and the chooser.
  static func forEachGreedyBreaking(
    _ rules: BreakRules,
    _ body: (String, Double, [LineBreaker.Span], WrapChooser) throws -> Void
  ) throws {
    for paragraph in corpus {
      var style = TextStyle(size: 16)
      style.breakRules = rules
      let text = try TestFonts.library.get().prepare(paragraph, style: style)
      for step in 0..<16 {
        let available = (0.2 + 0.78 * Double(step) / 15) * text.idealWidth
        var greedy = LineBreaker(limit: available)
        let spans = greedy.breakLines(text.widths)
        let chooser = WrapChooser(text: text, available: available)
        guard spans.count > 1, !chooser.overflows(spans) else { continue }
        try body(paragraph, available, spans, chooser)
      }
    }
  }

  @Test(arguments: [BreakRules.unicode, .css])
  func earlyStopGivesBlinksBreaks(_ rules: BreakRules) throws {
    #expect(Self.corpus.count > 200)
    var compared = 0
    var long = 0
    try Self.forEachGreedyBreaking(rules) { paragraph, available, spans, chooser in
      let windows = [
        (spans[...], true), (spans[max(0, spans.count - 4)...], false),
      ]
      for (lines, isBalanced) in windows where lines.count <= 6 {
        let breaker = chooser.breaker(isBalanced: isBalanced, lines: lines)
        guard let candidates = chooser.candidates(greedy: lines), candidates.count >= 5
        else { continue }
        let inputs = breaker.inputs(candidates, hyphenPenalty: breaker.hyphenPenalty)
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
    // Not vacuous: thousands of programs, hundreds over paragraphs of more than 60 words.
    #expect(compared > 2000)
    #expect(long > 200)
  }

  /// Random paragraphs, not from a font: words of a few whole widths (so that many lines
  /// have equal slack and many starts tie, where the shortened scan must fall back on
  /// Blink's), or of any width, some hyphenated; one available width or an indented first
  /// line; `balance` and `pretty`. Every candidate's start equals the oracle's.
  @Test func randomParagraphsAndTiesGiveBlinksBreaks() {
    var random = ShortestDecimalTests.SeededGenerator(state: 36)
    var compared = 0
    var tiedEnds = 0
    for round in 0..<3000 {
      let wholeWidths = round % 2 == 0
      let words = Int.random(in: 3...90, using: &random)
      let space: Float = wholeWidths ? 4 : Float.random(in: 2...6, using: &random)
      let drawn = (0..<words).map { _ -> (width: Float, hyphen: Float) in
        let width =
          wholeWidths
          ? Float(10 * Int.random(in: 1...4, using: &random))
          : Float.random(in: 5...60, using: &random)
        let hyphenated = Int.random(in: 0..<12, using: &random) == 0
        return (width, hyphenated ? 3 : 0)
      }
      let widest = drawn.reduce(0) { max($0, $1.width + $1.hyphen) }
      let (candidates, position) = Self.candidates(drawn, space: space)
      let width = Float.random(
        in: max(widest, position / 7)...max(widest, position), using: &random)
      let indent: Float = round % 5 == 0 ? 12 : 0
      tiedEnds += Self.compareBothStyles(candidates, width: width, indent: indent, round: round)
      compared += 2
    }
    #expect(compared == 6000)
    // Not vacuous: many lines end where two fitting starts have the least score.
    #expect(tiedEnds > 300)
  }

  /// Random paragraphs made to catch a shortcut out near ties and at the window's edges:
  /// words of whole widths moved a few units in the last place (scores that real arithmetic
  /// and `Float` order differently), words of no width (starts at the same position),
  /// hyphens wider than the next word (a line end that moves back), and available widths
  /// from the widest word (most starts overfull) to the whole paragraph (every start fits).
  /// Every candidate's start equals the oracle's. (It caught a convex-hull search without
  /// its margin check, tried in issue 36g: report-analysis.md's wrap-style section.)
  @Test func nearTiesAndWindowsGiveBlinksBreaks() {
    var random = ShortestDecimalTests.SeededGenerator(state: 3607)
    var compared = 0
    var nearTies = 0
    for round in 0..<3000 {
      let words = Int.random(in: 3...90, using: &random)
      let space: Float = round % 3 == 0 ? 0 : 4
      let drawn = (0..<words).map { _ -> (width: Float, hyphen: Float) in
        var width = Float(10 * Int.random(in: 0...4, using: &random))
        for _ in 0..<Int.random(in: 0...3, using: &random) { width = width.nextUp }
        let hyphenated = Int.random(in: 0..<8, using: &random) == 0
        return (width, hyphenated ? Float(Int.random(in: 1...30, using: &random)) : 0)
      }
      let widest = drawn.reduce(1) { max($0, $1.width + $1.hyphen) }
      let (candidates, position) = Self.candidates(drawn, space: space)
      let width: Float =
        round % 4 == 0
        ? widest + Float(Int.random(in: 0...3, using: &random))
        : Float.random(in: widest...max(widest, position + 1), using: &random)
      nearTies += Self.compareBothStyles(candidates, width: width, indent: 0, round: round)
      compared += 2
    }
    #expect(compared == 6000)
    #expect(nearTies > 300)
  }

  /// The penalty of a drawn paragraph's hyphenated candidates (`candidates(_:space:)`), the
  /// same at every width (not the breaker's, width × size × 2).
  static let drawnHyphenPenalty: Float = 100

  /// A random paragraph's candidates: the window's start, then one a word (`width` its
  /// content, `hyphen` added where it ends in one, `space` after it; its penalty
  /// `drawnHyphenPenalty`); and its length.
  static func candidates(_ words: [(width: Float, hyphen: Float)], space: Float)
    -> (candidates: [ScoreLineBreaker.Candidate], length: Float)
  {
    var candidates = [
      ScoreLineBreaker.Candidate(
        offset: 0, contentEnd: 0, segment: -1, posNoBreak: 0, posIfBreak: 0)
    ]
    var position: Float = 0
    for (index, word) in words.enumerated() {
      let hyphenated = word.hyphen > 0
      candidates.append(
        ScoreLineBreaker.Candidate(
          offset: index + 1, contentEnd: index + 1, segment: index,
          posNoBreak: position + word.width + space,
          posIfBreak: position + word.width + word.hyphen,
          isHyphenated: hyphenated))
      position += word.width + space
    }
    return (candidates, position)
  }

  /// The program over random `candidates` against the oracle, `balance` and `pretty`, at
  /// `width` (the first line `indent` narrower): how many lines end with tied starts.
  static func compareBothStyles(
    _ candidates: [ScoreLineBreaker.Candidate], width: Float, indent: Float, round: Int
  ) -> Int {
    var tied = 0
    for isBalanced in [true, false] {
      let breaker = ScoreLineBreaker(
        isBalanced: isBalanced, firstAvailable: width - indent + 1 / 64,
        otherAvailable: width + 1 / 64, width: width, size: 16)
      let inputs = breaker.inputs(candidates, hyphenPenalty: drawnHyphenPenalty)
      let expected = oracle(breaker, inputs.posNoBreak, inputs.posIfBreak, inputs.penalties)
      let found = breaker.scores(inputs.posNoBreak, inputs.posIfBreak, inputs.penalties)
      #expect(found == expected, "round \(round), balanced: \(isBalanced)")
      tied += tiedEnds(breaker, inputs, expected)
    }
    return tied
  }

  /// How many candidates have two or more fitting starts with the least score, given the
  /// program's choices (the scores recomputed along them, one available width).
  static func tiedEnds(
    _ breaker: ScoreLineBreaker,
    _ inputs: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]), _ previous: [Int]
  ) -> Int {
    let (posNoBreak, posIfBreak, penalties) = inputs
    guard breaker.firstAvailable == breaker.otherAvailable, breaker.isBalanced else { return 0 }
    var scores = [Float](repeating: 0, count: posNoBreak.count)
    var tied = 0
    for end in 1..<posNoBreak.count {
      let edge = posIfBreak[end] - breaker.firstAvailable
      let fitting = (0..<end).filter { posNoBreak[$0] - edge >= 0 }.map {
        scores[$0] + (posNoBreak[$0] - edge) * (posNoBreak[$0] - edge)
      }
      if let least = fitting.min(), fitting.filter({ $0 == least }).count > 1 { tied += 1 }
      let start = previous[end]
      let delta = posNoBreak[start] - edge
      let best = scores[start] + (delta < 0 ? 1e12 : delta * delta)
      scores[end] = best + penalties[end] + breaker.linePenalty
    }
    return tied
  }
}
