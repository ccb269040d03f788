/// Break, wrap styles: Chromium's score-based line breaker over a paragraph's break
/// opportunities (CSS `text-wrap-style: balance` and `pretty`).
///
/// Problem: greedy filling leaves a ragged paragraph or a last line of one short word;
/// CSS's `balance` and `pretty` choose the breaks of a few lines together. To give the
/// lines Chromium gives, the choice must be Blink's own, not any optimal-fit breaker.
/// Solution: Blink's `ScoreLineBreaker` (third_party/blink/renderer/core/layout/inline/
/// score_line_breaker.cc, after Android's Minikin `OptimalLineBreaker`), step for step and
/// in its `float` arithmetic: one candidate per break opportunity of the greedy lines, with
/// the position where a line starting there begins (`posNoBreak`, after the trailing
/// spaces) and where one ending there ends (`posIfBreak`, before them, its hyphen
/// included); a line's score is its slack squared (an overfull line 10¹², none on a
/// `pretty` paragraph's last line), each break adds its penalty (a hyphen: width × font
/// size × 2) and the line penalty (twice that), and the last break before the paragraph's
/// end an orphan penalty of 10000. The dynamic program keeps Blink's pruning (`bestHope`)
/// and its ties (a later start wins an equal score), which decide between equal scores.
/// Positions are the prepared prefix sums: no text is reshaped but a line's unsafe end.
/// Limitation: `text-align: justify`'s parameters (no line penalty, a lower hyphen penalty)
/// are not used: the breaker does not know the alignment.
struct ScoreLineBreaker {
  /// A place a line may end (or, for the first, starts).
  struct Candidate {
    /// Where the next line starts: after the trailing whitespace.
    var offset: Int
    /// Where a line ending here ends its content.
    var contentEnd: Int
    /// The segment that ends here (−1 for the first candidate, the window's start).
    var segment: Int
    /// The position (from the text's start) where a line starting here starts.
    var posNoBreak: Float
    /// The position where a line ending here ends, its hyphen included.
    var posIfBreak: Float
    /// Whether a line ending here ends in a hyphen (its penalty is the width's:
    /// `writePenalties`).
    var isHyphenated = false
  }

  /// Blink's `kMaxLinesForBalance` and `kMaxLinesForOptimal`: balancing applies to a
  /// paragraph of at most 6 greedy lines, `pretty` to the last 4 of one.
  static let maxLinesForBalance = 6
  static let maxLinesForPretty = 4

  static let scoreInfinity = Float.greatestFiniteMagnitude
  static let scoreOverfull: Float = 1e12
  static let lastLinePenaltyMultiplier: Float = 4
  private static let orphansPenalty: Float = 10000

  /// Whether the last line is scored like the others (`balance`) or not (`pretty`).
  let isBalanced: Bool
  /// The width a line starting at the window's first candidate fits in, and any other
  /// line (the first may be indented), each with Blink's epsilon added (`AddEpsilon`).
  let firstAvailable: Float
  let otherAvailable: Float
  /// Blink's penalties from the available width without indent and the font size.
  let hyphenPenalty: Float
  let linePenalty: Float

  init(isBalanced: Bool, firstAvailable: Float, otherAvailable: Float, width: Float, size: Float) {
    self.isBalanced = isBalanced
    self.firstAvailable = firstAvailable
    self.otherAvailable = otherAvailable
    hyphenPenalty = width * size * 2
    linePenalty = hyphenPenalty * 2
  }

  /// The indices of the candidates that end the chosen lines, written in order into `ends`
  /// (`lineCount` of them); false where Blink keeps the greedy lines: fewer than three
  /// break opportunities, or a count of lines other than `lineCount` (the greedy one).
  /// `facts`, where known, are the inputs' (`WrapCandidates.layerFacts`). No array is made:
  /// at every width one cost more than the program's scratch (a generic allocation each).
  func chooseEnds(
    _ program: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]), lineCount: Int,
    facts: ScoreLayers.Facts? = nil, lengths: UnsafeBufferPointer<SIMD2<Double>>? = nil,
    kept: ScorePrune.KeptPath = ScorePrune.KeptPath(), into ends: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    // Sentinels at both ends: fewer than 5 candidates is fewer than 3 opportunities.
    let count = program.posNoBreak.count
    guard count >= 5, lineCount >= 1, ends.count >= lineCount else { return false }
    precondition(
      program.posIfBreak.count == count && program.penalties.count == count,
      "one program entry a candidate")
    // `balance`: the lines of the greedy count over their windows where that is proven to
    // be Blink's choice (`ScoreLayers`, which writes the ends itself), else Blink's program.
    if isBalanced
      && layered(
        program, lineCount: lineCount, facts: facts, lengths: lengths, kept: kept, into: ends)
    {
      return true
    }
    return program.posNoBreak.withUnsafeBufferPointer { posNoBreak in
      program.posIfBreak.withUnsafeBufferPointer { posIfBreak in
        program.penalties.withUnsafeBufferPointer { penalties in
          programEnds(posNoBreak, posIfBreak, penalties, lineCount: lineCount, into: ends)
        }
      }
    }
  }

  /// `chooseEnds` by Blink's program alone (no layers), over its inputs lent as buffers
  /// (`pretty`'s, made in scratch memory at each width: `WrapChooser.scored`).
  func programEnds(
    _ posNoBreak: UnsafeBufferPointer<Float>, _ posIfBreak: UnsafeBufferPointer<Float>,
    _ penalties: UnsafeBufferPointer<Float>, lineCount: Int,
    into ends: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    // Sentinels at both ends: fewer than 5 candidates is fewer than 3 opportunities.
    let count = posNoBreak.count
    guard count >= 5, lineCount >= 1, ends.count >= lineCount else { return false }
    // The chosen starts in scratch memory (on the stack where it is small): an array made
    // at each width cost more than its use (a generic allocation each).
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { previous in
      scores(posNoBreak, posIfBreak, penalties, into: previous)
      // Blink's program answers with its own count.
      var index = count - 1
      var lines = 0
      while index > 0 {
        lines += 1
        index = previous[index]
      }
      guard lines == lineCount else { return false }
      index = count - 1
      for slot in stride(from: lineCount - 1, through: 0, by: -1) {
        ends[slot] = index
        index = previous[index]
      }
      return true
    }
  }

  /// `ScoreLayers.choose` over the program's inputs.
  func layered(
    _ program: (posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]), lineCount: Int,
    facts: ScoreLayers.Facts? = nil, lengths: UnsafeBufferPointer<SIMD2<Double>>? = nil,
    kept: ScorePrune.KeptPath = ScorePrune.KeptPath(), into ends: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    program.posNoBreak.withUnsafeBufferPointer { posNoBreak in
      program.posIfBreak.withUnsafeBufferPointer { posIfBreak in
        program.penalties.withUnsafeBufferPointer { penalties in
          ScoreLayers(
            breaker: self, posNoBreak: posNoBreak, posIfBreak: posIfBreak, penalties: penalties
          ).choose(lineCount: lineCount, facts: facts, lengths: lengths, kept: kept, into: ends)
        }
      }
    }
  }

  /// Blink's penalties of a window's candidates, written into `penalties` (one a
  /// candidate): `hyphenPenalty` at each hyphenated one, 0 elsewhere, then the orphan
  /// penalty (`addOrphanPenalty`). The one place the rule is written: a candidate holds no
  /// penalty, its program's are made here at each width (`WrapChooser.scored`,
  /// `WrapCandidates.penalties`).
  @inline(__always)
  static func writePenalties(
    _ penalties: UnsafeMutableBufferPointer<Float>, hyphenPenalty: Float,
    isHyphenated: (Int) -> Bool
  ) {
    for index in penalties.indices {
      penalties[index] = isHyphenated(index) ? hyphenPenalty : 0
    }
    addOrphanPenalty(penalties, isHyphenated: isHyphenated)
  }

  /// Blink's orphan penalty, added into `penalties`: the last opportunity (and the
  /// hyphenated ones before it) costs more.
  static func addOrphanPenalty(
    _ penalties: UnsafeMutableBufferPointer<Float>, isHyphenated: (Int) -> Bool
  ) {
    for index in stride(from: penalties.count - 2, through: 0, by: -1) {
      penalties[index] += orphansPenalty
      if !isHyphenated(index) { break }
    }
  }

  /// Blink's `ComputeScores`: the best score of a line ending at each candidate, and the
  /// candidate its line starts at (written into `previous`, one a candidate), over the
  /// candidates' positions and penalties lent as flat buffers (the program is the wrap
  /// style's cost), its scratch (the scores, each block's least, the line numbers) in
  /// temporary memory. Where the scan cannot be shortened (the positions fall somewhere, a
  /// penalty is negative, the first line's width differs, `pretty`'s last line), it scans
  /// as Blink; elsewhere `ScoreScan.shortened` finds the same start without scanning every
  /// fitting one.
  func scores(
    _ posNoBreak: UnsafeBufferPointer<Float>, _ posIfBreak: UnsafeBufferPointer<Float>,
    _ penalties: UnsafeBufferPointer<Float>, into previous: UnsafeMutableBufferPointer<Int>
  ) {
    let count = posNoBreak.count
    // The program reads and writes through unsafe buffers: one entry a candidate in each,
    // the first candidate's at least (its sentinel).
    precondition(
      count >= 1 && previous.count >= count && posIfBreak.count == count
        && penalties.count == count, "the score program's inputs differ in length")
    let blocks = (count >> ScoreScan.blockShift) + 1
    let isOneWidth = firstAvailable == otherAvailable
    // Each candidate's start, score and line number is written before it is read, but the
    // first's (0).
    previous[0] = 0
    withUnsafeTemporaryAllocation(of: Float.self, capacity: count + blocks) { floats in
      // The least score of each block of candidates scored so far (the first's is 0).
      let scores = UnsafeMutableBufferPointer(rebasing: floats[..<count])
      let blockLeast = UnsafeMutableBufferPointer(rebasing: floats[count...])
      scores[0] = 0
      blockLeast.initialize(repeating: .infinity)
      blockLeast[0] = 0
      withUnsafeTemporaryAllocation(of: Int.self, capacity: isOneWidth ? 1 : count) { lines in
        lines[0] = 0
        let scan = ScoreScan(
          breaker: self, posNoBreak: posNoBreak, posIfBreak: posIfBreak,
          penalties: penalties, scores: scores, lines: lines, blockLeast: blockLeast)
        var mayShorten = isOneWidth && linePenalty >= 0 && penalties[0] >= 0
        for index in 1..<count where mayShorten {
          mayShorten = penalties[index] >= 0 && posNoBreak[index - 1] <= posNoBreak[index]
        }
        var active = 0
        for end in 1..<count {
          let isLast = end == count - 1
          let found =
            mayShorten && (isBalanced || !isLast)
            ? scan.shortened(end: end, active: &active, guess: previous[end - 1])
            : scan.blink(end: end, active: &active, isLast: isLast)
          let score = found.best + penalties[end] + linePenalty
          scores[end] = score
          previous[end] = found.start
          if !isOneWidth { lines[end] = lines[found.start] + 1 }
          let block = end >> ScoreScan.blockShift
          blockLeast[block] = min(blockLeast[block], score)
        }
      }
    }
  }
}
