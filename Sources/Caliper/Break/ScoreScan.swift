/// Break, wrap styles: one step of Blink's `ComputeScores`, the start of the best line that
/// ends at one candidate, found as Blink finds it or with fewer starts scored.
///
/// Problem: Blink scores every start a line to the candidate may begin at, in order, and
/// keeps the last of equal scores that its pruning (`bestHope`) did not skip; a
/// paragraph costs candidates × candidates a line, most of it the fitting starts before the
/// best one, which any shortcut must skip without changing Blink's choice, ties included.
/// Solution: `blink` is Blink's scan. `shortened` gives the same start: it scores the
/// overfull starts as Blink (they move `active`), then the fitting starts from a guess (the
/// previous candidate's start) outwards, skipping each block of starts whose least possible
/// score is above the least found, and falls back on `blink` when two starts tie.
/// Why it is exact (one available width, positions that never fall, penalties not
/// negative, a width score with no `additional`):
/// - A fitting start's score is `fl(score[j] + fl(delta_j²))` with `delta_j =
///   fl(posNoBreak[j] − startEdge) ≥ 0`; rounding is monotone, so it is at least
///   `fl(least + fl(delta_a²))` for any `a ≤ j` of the block and its least start score;
///   and at least `fl(linePenalty + fl(delta_j²))` for any later start (every score past
///   the first adds the line penalty to sums that are not negative). A start skipped so
///   scores strictly more than the least found, so it is neither the least nor tied with it.
/// - Blink's choice is the last start it did not skip among those with the least score. It
///   never skips the first of them: a skip needs `fl(score[j] + bestHope) ≥ best`, where
///   `bestHope` (the width score of an earlier fitting start) is at most start j's own, so
///   the sum is at most start j's score, which is below every earlier score. So where one
///   start alone has the least score, Blink chooses it; where several do, which of them
///   Blink skips depends on its whole scan, so the scan runs as Blink's.
/// - Only an overfull start moves `active`, and those are scanned as Blink scans them
///   (before the first fitting start, with `bestHope` still 0).
struct ScoreScan {
  /// Starts are skipped in blocks of 2^blockShift candidates.
  static let blockShift = 2

  let breaker: ScoreLineBreaker
  let posNoBreak: UnsafeBufferPointer<Float>
  let posIfBreak: UnsafeBufferPointer<Float>
  let penalties: UnsafeBufferPointer<Float>
  /// The scores and line numbers of the candidates before the one being scanned for.
  let scores: UnsafeMutableBufferPointer<Float>
  let lines: UnsafeMutableBufferPointer<Int>
  /// The least score of each block of candidates scored so far (∞ where none is).
  let blockLeast: UnsafeMutableBufferPointer<Float>

  /// Blink's scan for the line ending at `end`: its least score and start.
  func blink(end: Int, active: inout Int, isLast: Bool) -> (best: Float, start: Int) {
    let (firstAvailable, otherAvailable) = (breaker.firstAvailable, breaker.otherAvailable)
    let isBalanced = breaker.isBalanced
    let endPosition = posIfBreak[end]
    var best = ScoreLineBreaker.scoreInfinity
    var bestPrevious = 0
    let isOneWidth = firstAvailable == otherAvailable
    var lastLine = isOneWidth ? 1 : lines[active]
    var available = lastLine == 0 ? firstAvailable : otherAvailable
    var startEdge = endPosition - available
    var bestHope: Float = 0
    for start in active..<end {
      if !isOneWidth, lines[start] != lastLine {
        lastLine = lines[start]
        let width = lastLine == 0 ? firstAvailable : otherAvailable
        if width != available {
          available = width
          startEdge = endPosition - available
          bestHope = 0
        }
      }
      let startScore = scores[start]
      if startScore + bestHope >= best { continue }
      let delta = posNoBreak[start] - startEdge
      var widthScore: Float = 0
      var additional: Float = 0
      if delta < 0 {
        widthScore = ScoreLineBreaker.scoreOverfull
      } else if isLast && !isBalanced {
        additional = ScoreLineBreaker.lastLinePenaltyMultiplier * penalties[start]
      } else {
        widthScore = delta * delta
      }
      if delta < 0 {
        active = start + 1
      } else {
        bestHope = widthScore
      }
      let score = startScore + widthScore + additional
      if score <= best {
        best = score
        bestPrevious = start
      }
    }
    return (best, bestPrevious)
  }

  /// Blink's choice for the line ending at `end`, scoring fewer starts (see the type's
  /// comment for why it is the same), from `guess`, a start near the best.
  @inline(__always)  // once a candidate: the call cost more than its inlined body
  func shortened(end: Int, active: inout Int, guess: Int) -> (best: Float, start: Int) {
    let startEdge = posIfBreak[end] - breaker.firstAvailable
    let saved = active
    // The overfull starts, as Blink scans them (`bestHope` is 0 before a fitting start).
    var best = ScoreLineBreaker.scoreInfinity
    var bestStart = 0
    var first = active
    while first < end {
      let delta = posNoBreak[first] - startEdge
      if delta >= 0 { break }
      let startScore = scores[first]
      if startScore < best {
        active = first + 1
        let score = startScore + ScoreLineBreaker.scoreOverfull
        if score <= best {
          best = score
          bestStart = first
        }
      }
      first += 1
    }
    guard first < end else { return (best, bestStart) }
    // The fitting starts' least score, and how many of them have it.
    var least = Float.infinity
    var leastStart = 0
    var ties = 0
    @inline(__always) func consider(_ start: Int) {
      let delta = posNoBreak[start] - startEdge
      let score = scores[start] + delta * delta
      if score < least {
        least = score
        leastStart = start
        ties = 1
      } else if score == least {
        ties += 1
      }
    }
    let linePenalty = breaker.linePenalty
    let from = min(max(guess, first), end - 1)
    consider(from)
    // Later starts: longer slack, and start scores of at least the line penalty.
    var start = from + 1
    while start < end {
      let delta = posNoBreak[start] - startEdge
      let widthScore = delta * delta
      if linePenalty + widthScore > least { break }
      let block = start >> Self.blockShift
      let blockEnd = min((block + 1) << Self.blockShift, end)
      if blockLeast[block] + widthScore > least {
        start = blockEnd
        continue
      }
      while start < blockEnd {
        consider(start)
        start += 1
      }
    }
    // Earlier starts, a block at a time from its first (and least) width score.
    start = from - 1
    while start >= first {
      let block = start >> Self.blockShift
      let blockStart = max(block << Self.blockShift, first)
      let delta = posNoBreak[blockStart] - startEdge
      if blockLeast[block] + delta * delta <= least {
        for each in stride(from: start, through: blockStart, by: -1) { consider(each) }
      }
      start = blockStart - 1
    }
    // Blink keeps what the overfull starts left where every fitting start scores more, and
    // chooses the one fitting start with the least score where it scores less; a tie
    // (with another fitting start, or with Blink's best so far) is left to its scan.
    if least > best { return (best, bestStart) }
    if least < best, ties == 1 { return (least, leastStart) }
    active = saved
    return blink(end: end, active: &active, isLast: false)
  }
}
