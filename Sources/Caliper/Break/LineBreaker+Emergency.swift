/// Break lines, emergency breaks: where a word wider than the line is cut.
///
/// Problem: a word (or a syllable whose hyphen does not fit) wider than the line must be
/// cut inside, at a grapheme boundary, as SwiftUI `Text` and TextKit do. Solution: scan
/// forward with prefix sums (they grow along the word) as far as the line reaches, then
/// confirm with the edge-exact width (`LineWidths.width`), so that breaking a long word
/// into many lines stays linear in its length. Limitation: no hyphen is added.
extension LineBreaker {
  /// Where to break a syllable whose hyphen does not fit, alone on its line (which ends at
  /// `lineEnd` with a hyphen): the furthest emergency break before the hyphen's position
  /// whose piece fits, short of the whole syllable; `lineEnd` (keep it whole, its hyphen
  /// overflowing) if it is one cluster.
  mutating func syllableBreak(_ widths: LineWidths, from start: Int, lineEnd: Int)
    -> Int
  {
    let syllableEnd = widths.text.hyphenPosition(lineEnd: lineEnd)
    var breakAt = emergencyBreak(widths, from: start, to: syllableEnd)
    if breakAt >= syllableEnd {
      breakAt = previousCandidate(widths, before: syllableEnd, after: start) ?? syllableEnd
    }
    return breakAt < syllableEnd ? breakAt : lineEnd
  }

  /// The furthest emergency-break offset in (start, end) whose piece fits, at least one
  /// cluster past `start`; `end` if the whole word fits. Scans forward only as far as the
  /// line reaches, so breaking a long word into many lines stays linear in its length.
  mutating func emergencyBreak(_ widths: LineWidths, from start: Int, to end: Int)
    -> Int
  {
    guard let first = nextCandidate(widths, after: start, before: end) else { return end }
    // Estimate with prefix sums, then confirm with the edge-exact width. The estimates only
    // say where to start: the edge-exact tests below decide (and narrow `validLimits`), so
    // that the range is not narrowed by a width no line has.
    var chosen = estimatedBreak(
      widths, from: start, first: first, before: end,
      galloping: widths.text.storage.prefixRises)
    // Each confirmed as the line will be: whitespace right after the break hangs on it.
    func width(to offset: Int) -> Double {
      let lineEnd = hangingEnd(widths, after: offset, before: end)
      return widths.width(from: start, to: offset, breakingAt: lineEnd)
    }
    while chosen != first, !fits(width(to: chosen)) {
      chosen = previousCandidate(widths, before: chosen, after: start) ?? first
    }
    // The edge-exact width can be below the estimate (a kern at the line's start is
    // reshaped away), so go on while it fits: zero-width clusters after the last one that
    // fits (a U+0000) belong on this line at any width this line's width fits in.
    while let next = nextCandidate(widths, after: chosen, before: end), fits(width(to: next)) {
      chosen = next
    }
    return chosen
  }

  /// The estimate's break: the last candidate after `first`, before `end`, up to which
  /// each candidate's prefix-sum width from `start` fits (`fitsAt`), else `first`. One
  /// candidate at a time (a grapheme test a scalar); `galloping`, for a prefix that never
  /// falls (`BreakFacts.prefixRises`: then the candidates that fit come first, so the
  /// answer is the last candidate at or before the last offset that fits), by a gallop
  /// and a bisection over the offsets' prefix sums and a walk back to a candidate: a few
  /// probes a piece where the scan tested every scalar of it (the narrowest widths, where
  /// most lines are pieces of words).
  func estimatedBreak(
    _ widths: LineWidths, from start: Int, first: Int, before end: Int, galloping: Bool
  ) -> Int {
    guard galloping else {
      var chosen = first
      while let next = nextCandidate(widths, after: chosen, before: end) {
        guard fitsAt(widths.text.advanceSum(start..<next)) else { break }
        chosen = next
      }
      return chosen
    }
    return widths.text.prefix.withUnsafeBufferPointer { prefix in
      let base = prefix[start]
      // The last offset in (first, end) that fits is in [fitting, failing).
      var fitting = first
      var failing = end
      var step = 1
      while fitting + step < failing {
        if fitsAt(prefix[fitting + step] - base) {
          fitting += step
          step += step
        } else {
          failing = fitting + step
          break
        }
      }
      while failing - fitting > 1 {
        let middle = fitting + (failing - fitting) / 2
        if fitsAt(prefix[middle] - base) { fitting = middle } else { failing = middle }
      }
      while fitting > first, !widths.text.isEmergencyBreak(fitting) { fitting -= 1 }
      return fitting
    }
  }

  /// Where a line emergency-broken at `offset` ends: the whitespace right after the break,
  /// up to `limit`, hangs at the end of the line.
  func hangingEnd(_ widths: LineWidths, after offset: Int, before limit: Int) -> Int {
    var end = offset
    while end < limit, PreparedText.isTrailing(widths.text.analysis.scalars[end]) { end += 1 }
    return end
  }

  /// Whether a word at start..<end may be broken inside: emergency breaks are on and it has
  /// a grapheme boundary inside.
  func isBreakable(_ widths: LineWidths, from start: Int, to end: Int) -> Bool {
    widths.text.breaksLongWords && nextCandidate(widths, after: start, before: end) != nil
  }

  /// The first emergency-break offset in (offset, end): a grapheme boundary.
  func nextCandidate(_ widths: LineWidths, after offset: Int, before end: Int) -> Int? {
    var index = offset + 1
    while index < end {
      if widths.text.isEmergencyBreak(index) { return index }
      index += 1
    }
    return nil
  }

  /// The last emergency-break offset in (start, offset).
  private func previousCandidate(_ widths: LineWidths, before offset: Int, after start: Int) -> Int?
  {
    var index = offset - 1
    while index > start {
      if widths.text.isEmergencyBreak(index) { return index }
      index -= 1
    }
    return nil
  }
}
