import Testing

@testable import Caliper

/// `ScoreHull` on its own contract: where it names a start, that start fits and its score in
/// Blink's `Float` arithmetic (`score + (position − edge)²`) is below every other fitting
/// start's, strictly (so no tie is decided by it); checked against every start, the plain
/// minimum over all of them. Scores and positions are random, many of them equal or a few
/// units in the last place apart (near ties that real arithmetic and `Float` order
/// differently), with rising edges, starts that die and starts at the same position.
@Suite struct ScoreHullTests {
  /// Blink's score of `start` for a line whose start edge is `edge`.
  static func blinkScore(_ scores: [Float], _ positions: [Float], _ start: Int, _ edge: Float)
    -> Float
  {
    let delta = positions[start] - edge
    return scores[start] + delta * delta
  }

  @Test(arguments: [0, 1, 2])
  func namedStartIsTheOneLeast(_ kind: Int) {
    var random = ShortestDecimalTests.SeededGenerator(state: 3600 + UInt64(kind))
    var asked = 0
    var answered = 0
    for _ in 0..<400 {
      let count = Int.random(in: 5...80, using: &random)
      var positions: [Float] = [0]
      var scores: [Float] = [0]
      for _ in 1..<count {
        var step: Float
        switch kind {
        case 0: step = Float(Int.random(in: 0...4, using: &random)) * 8  // whole: ties
        case 1: step = Float.random(in: 0...40, using: &random)
        default:
          // Whole widths moved a few units in the last place: near ties.
          step = Float(Int.random(in: 1...4, using: &random)) * 10
          for _ in 0..<Int.random(in: 0...3, using: &random) { step = step.nextUp }
        }
        positions.append(positions.last! + step)
        var score = Float(Int.random(in: 1...6, using: &random)) * 1000
        if kind == 2 {
          for _ in 0..<Int.random(in: 0...2, using: &random) { score = score.nextUp }
        } else if kind == 1 {
          score += Float.random(in: 0...900, using: &random)
        }
        scores.append(score)
      }
      let width = Float.random(in: 20...200, using: &random)
      let written = scores  // read by the checks while the hull holds `scores`
      scores.withUnsafeMutableBufferPointer { scoreBuffer in
        positions.withUnsafeBufferPointer { positionBuffer in
          let entries = UnsafeMutableBufferPointer<ScoreHull.Entry>.allocate(
            capacity: ScoreHull.capacity)
          defer { entries.deallocate() }
          var hull = ScoreHull(entries: entries, posNoBreak: positionBuffer, scores: scoreBuffer)
          var edge: Float = -width
          for end in 1..<count {
            // Rising edges, by whole or any steps.
            edge = max(edge, positions[end] - width + Float(Int.random(in: 0...2, using: &random)))
            hull.push(end - 1, edge: edge)
            let fitting = (0..<end).filter { positions[$0] >= edge }
            guard !fitting.isEmpty else { continue }
            asked += 1
            guard let named = hull.least(edge: edge) else { continue }
            answered += 1
            let score = Self.blinkScore(written, positions, named, edge)
            #expect(positions[named] >= edge)
            for other in fitting where other != named {
              #expect(
                Self.blinkScore(written, positions, other, edge) > score,
                "start \(named) named at \(edge), \(other) scores as little")
            }
          }
        }
      }
    }
    // Not vacuous: the hull answers most of what it is asked, and declines some (ties).
    #expect(asked > 5000)
    #expect(answered > asked / (kind == 0 ? 4 : 2))
    if kind != 1 { #expect(answered < asked) }
  }
}
