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
    let cuts = widths.wordCuts
    var breakAt = syllableEnd
    if let first = cuts.next(after: start, before: syllableEnd) {
      breakAt = emergencyPiece(widths, cuts, from: start, first: first, to: syllableEnd).breakAt
    }
    if breakAt >= syllableEnd {
      breakAt = cuts.previous(before: syllableEnd, after: start) ?? syllableEnd
    }
    return breakAt < syllableEnd ? breakAt : lineEnd
  }

  /// The line cut from `start` in a word that ends at `end` and may be broken
  /// (`isBreakable`): the furthest emergency-break offset in (start, end) whose piece fits,
  /// at least one cluster past `start` (`breakAt`), where the line ends (the whitespace
  /// right after the cut hangs on it) and its edge-exact width. For a word without an
  /// emergency break inside (which callers never pass: `fitsAlone`) the whole word.
  mutating func emergencyPiece(_ widths: LineWidths, from start: Int, to end: Int) -> (
    breakAt: Int, end: Int, width: Double
  ) {
    let cuts = widths.wordCuts
    let first = cuts.next(after: start, before: end) ?? end
    return emergencyPiece(widths, cuts, from: start, first: first, to: end)
  }

  /// `emergencyPiece(_:from:to:)` over `cuts`, whose first candidate, `first`, is known
  /// (`firstBreak`). Scans forward only as far as the line reaches, so breaking a long word
  /// into many lines stays linear in its length.
  mutating func emergencyPiece(
    _ widths: LineWidths, _ cuts: WordCuts, from start: Int, first: Int, to end: Int
  ) -> (breakAt: Int, end: Int, width: Double) {
    // Estimate with prefix sums, then confirm with the edge-exact width. The estimates only
    // say where to start: the edge-exact tests below decide (and narrow `validLimits`), so
    // that the range is not narrowed by a width no line has.
    var chosen = estimatedBreak(
      cuts, from: start, first: first, before: end, galloping: widths.text.storage.prefixRises)
    // The width of the line cut at `chosen` where a `fits` test measured it, and where
    // that line ends (its hanging end, found once).
    var chosenWidth: Double?
    var chosenEnd = end
    // Each confirmed as the line will be: whitespace right after the break hangs on it.
    while chosen != first {
      let lineEnd = cuts.hangingEnd(after: chosen, before: end)
      let measured = cuts.width(widths, from: start, to: chosen, breakingAt: lineEnd)
      if fits(measured) {
        chosenWidth = measured
        chosenEnd = lineEnd
        break
      }
      chosen = cuts.previous(before: chosen, after: start) ?? first
    }
    // The edge-exact width can be below the estimate (a kern at the line's start is
    // reshaped away), so go on while it fits: zero-width clusters after the last one that
    // fits (a U+0000) belong on this line at any width this line's width fits in.
    while let next = cuts.next(after: chosen, before: end) {
      let lineEnd = cuts.hangingEnd(after: next, before: end)
      let measured = cuts.width(widths, from: start, to: next, breakingAt: lineEnd)
      guard fits(measured) else { break }
      chosen = next
      chosenWidth = measured
      chosenEnd = lineEnd
    }
    // The width its last `fits` test measured, else measured now, as the line will be.
    guard let chosenWidth else {
      let lineEnd = cuts.hangingEnd(after: chosen, before: end)
      return (
        chosen, lineEnd, cuts.width(widths, from: start, to: chosen, breakingAt: lineEnd)
      )
    }
    return (chosen, chosenEnd, chosenWidth)
  }

  /// The estimate's break: the last candidate after `first`, before `end`, up to which
  /// each candidate's prefix-sum width from `start` fits (`fitsAt`), else `first`. One
  /// candidate at a time (a grapheme test a scalar); `galloping`, for a prefix that never
  /// falls (`BreakFacts.prefixRises`: then the candidates that fit come first, so the
  /// answer is the last candidate at or before the last offset that fits), by a probe
  /// where the word's mean advance puts the end, a gallop and a bisection over the
  /// offsets' prefix sums and a walk back to a candidate: a few probes a piece where the
  /// scan tested every scalar of it (the narrowest widths, where most lines are pieces of
  /// words). Over `cuts` (internal, not private: `EmergencyEstimateTests` compares the two
  /// ways).
  @inline(__always)
  func estimatedBreak(
    _ cuts: WordCuts, from start: Int, first: Int, before end: Int, galloping: Bool
  ) -> Int {
    let prefix = cuts.prefix
    let base = prefix[start]
    guard galloping else {
      var chosen = first
      while let next = cuts.next(after: chosen, before: end) {
        guard fitsAt(prefix[next] - base) else { break }
        chosen = next
      }
      return chosen
    }
    // The last offset in (first, end) that fits is in [fitting, failing).
    var fitting = first
    var failing = end
    // A first probe where the word's mean advance past `first` puts the line's end: the
    // answer is then a probe or two away, where the gallop from `first` took one for each
    // doubling of the piece's length. The probes only narrow [fitting, failing): from any
    // first probe the search finds the same offset.
    let room = limit - indent + Self.tolerance - (prefix[first] - base)
    let reach = room / (prefix[end] - prefix[first]) * Double(end &- first)
    var falling = false
    if reach >= 1, reach < Double(end &- first) {
      let guess = first &+ Int(reach)
      if fitsAt(prefix[guess] - base) {
        fitting = guess
      } else {
        failing = guess
        falling = true
      }
    }
    // A gallop away from the first probe, up from one that fits or down from one that
    // does not.
    var step = 1
    if falling {
      while failing &- step > fitting {
        let probe = failing &- step
        if fitsAt(prefix[probe] - base) {
          fitting = probe
          break
        }
        failing = probe
        step &+= step
      }
    } else {
      while fitting &+ step < failing {
        if fitsAt(prefix[fitting &+ step] - base) {
          fitting &+= step
          step &+= step
        } else {
          failing = fitting &+ step
          break
        }
      }
    }
    while failing &- fitting > 1 {
      let middle = fitting &+ (failing &- fitting) / 2
      if fitsAt(prefix[middle] - base) { fitting = middle } else { failing = middle }
    }
    while fitting > first, !cuts.isEmergencyBreak(fitting) { fitting -= 1 }
    return fitting
  }

  /// Whether a word at start..<end may be broken inside: emergency breaks are on and it has
  /// a grapheme boundary inside.
  func isBreakable(_ widths: LineWidths, from start: Int, to end: Int) -> Bool {
    widths.text.breaksLongWords && hasBreakInside(widths, from: start, to: end)
  }

  /// Whether a word at start..<end has a grapheme boundary inside: `isBreakable` where
  /// emergency breaks are on (for a caller that has read that once, for many words).
  func hasBreakInside(_ widths: LineWidths, from start: Int, to end: Int) -> Bool {
    nextCandidate(widths, after: start, before: end) != nil
  }

  /// The first emergency break inside a word at start..<end that may be broken (where
  /// `isBreakable`, by the same test), else nil. Out of line: the table's loop, which asks
  /// it, stays small enough for its own calls to be inlined.
  @inline(never)
  func firstBreak(_ widths: LineWidths, from start: Int, to end: Int) -> Int? {
    guard widths.text.breaksLongWords, start &+ 1 < end else { return nil }
    return widths.wordCuts.next(after: start, before: end)
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
}
