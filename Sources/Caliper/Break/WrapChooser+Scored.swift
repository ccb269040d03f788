/// Break, wrap styles: the lines the score-based breaker chooses for a paragraph, handed on
/// as the greedy breaker hands on its own (`WrapChooser`, `WrapChooser.swift`).
extension WrapChooser {
  /// Hands on the lines the score-based breaker chooses over `lines`' break opportunities;
  /// false (none handed on) where it declines (or cannot run: a tab, a line broken inside
  /// a word).
  func scored<Sink: LineSink>(
    _ lines: some Collection<LineBreaker.Span>, isBalanced: Bool, into sink: inout Sink
  ) -> Bool {
    scored(GreedyLines(lines, limit: available), isBalanced: isBalanced, into: &sink)
  }

  /// `scored` over the summary of the greedy lines.
  @inline(__always)
  func scored<Sink: LineSink>(_ lines: GreedyLines, isBalanced: Bool, into sink: inout Sink)
    -> Bool
  {
    guard lines.count > 0 else { return false }
    if isBalanced { return Self.balanced(text, available: available, lines, into: &sink) }
    let scorer = breaker(isBalanced: false, lines: lines)
    let lineCount = lines.count
    let window = lines.start..<lines.end
    guard !lines.emergency, let (first, count) = candidateCount(window) else { return false }
    // The program's inputs, the chosen ends and their candidates in scratch memory (each on
    // the stack up to 256 candidates): no array at each width.
    return withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { posNoBreak in
      withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { posIfBreak in
        withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { penalties in
          guard positions(window, first: first, posNoBreak: posNoBreak, posIfBreak: posIfBreak)
          else { return false }
          let segments = text.segments
          ScoreLineBreaker.writePenalties(penalties, hyphenPenalty: scorer.hyphenPenalty) {
            $0 > 0 && segments[first + $0 - 1].softHyphen
          }
          return scoredEnds(
            UnsafeBufferPointer(posNoBreak), UnsafeBufferPointer(posIfBreak),
            UnsafeBufferPointer(penalties), scorer: scorer, lineCount: lineCount,
            window: window, first: first, into: &sink)
        }
      }
    }
  }

  /// The lines Blink's program chooses over a window's candidates' positions and penalties
  /// (`scored`), handed on through `emit` with the chosen candidates alone made.
  private func scoredEnds<Sink: LineSink>(
    _ posNoBreak: UnsafeBufferPointer<Float>, _ posIfBreak: UnsafeBufferPointer<Float>,
    _ penalties: UnsafeBufferPointer<Float>, scorer: ScoreLineBreaker, lineCount: Int,
    window: Range<Int>, first: Int, into sink: inout Sink
  ) -> Bool {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, lineCount)) { ends in
      guard scorer.programEnds(posNoBreak, posIfBreak, penalties, lineCount: lineCount, into: ends)
      else { return false }
      let segments = text.segments
      return withUnsafeTemporaryAllocation(
        of: ScoreLineBreaker.Candidate.self, capacity: lineCount
      ) { chosen in
        // The chosen candidates in order, each line's end its own index among them.
        for number in 0..<lineCount {
          let end = ends[number]
          chosen.initializeElement(
            at: number,
            to: Self.candidate(
              end, first: first, start: window.lowerBound, segments: segments,
              posNoBreak: posNoBreak[end], posIfBreak: posIfBreak[end]))
          ends[number] = number
        }
        Self.emit(
          text, available: available, UnsafeBufferPointer(chosen),
          UnsafeBufferPointer(rebasing: ends[..<lineCount]), from: window.lowerBound,
          into: &sink)
        return true
      }
    }
  }

  /// `scored(_:isBalanced: true, into:)` for `text`'s paragraph whose greedy lines at
  /// `available` are `lines`, with no chooser made but to make the paragraph's candidates
  /// the first time (a chooser holds the text: making one at every width retained and
  /// released its references).
  @inline(__always)
  static func balanced<Sink: LineSink>(
    _ text: PreparedText, available: Double, _ lines: GreedyLines, into sink: inout Sink
  ) -> Bool {
    guard lines.count > 0 else { return false }
    let scorer = breaker(text, available: available, isBalanced: true, lines: lines)
    let lineCount = lines.count
    // The chosen ends as candidate indices in scratch memory: no array at each width.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, lineCount)) { ends in
      // The whole paragraph: its candidates are made once, and keep the lines last chosen
      // with as many as the known path (`ScorePrune`).
      guard let made = paragraphCandidates(text, available: available, lines) else {
        return false
      }
      let kept = made.keptPath(lineCount: lineCount)
      guard
        made.lengths.withUnsafeBufferPointer({ lengths in
          made.withInputs(
            hyphenPenalty: scorer.hyphenPenalty,
            {
              scorer.chooseEnds(
                $0, lineCount: lineCount,
                facts: scorer.hyphenPenalty >= 0 ? made.layerFacts : nil, lengths: lengths,
                kept: kept, into: ends)
            })
        })
      else { return false }
      let chosen = UnsafeBufferPointer(rebasing: ends[..<lineCount])
      made.keep(path: ScorePrune.KeptPath(ends: chosen), lineCount: lineCount, was: kept)
      // `made` kept alive through the call: its candidates are then lent, not retained.
      withExtendedLifetime(made) {
        made.candidates.withUnsafeBufferPointer {
          emit(
            text, available: available, $0, chosen, from: lines.start,
            hangsSpaces: made.hasSpaceSegments, into: &sink)
        }
      }
      return true
    }
  }

  /// Hands on the lines of `text` at `available` that end at `candidates[ends[0]]`,
  /// `candidates[ends[1]]` … (the first starting at `start`); where `hangsSpaces` is false,
  /// the candidates end no segment of spaces alone, and so no line hangs one
  /// (`hangingSpaces` moves no end).
  static func emit<Sink: LineSink>(
    _ text: PreparedText, available: Double,
    _ candidates: UnsafeBufferPointer<ScoreLineBreaker.Candidate>,
    _ ends: UnsafeBufferPointer<Int>, from start: Int, hangsSpaces: Bool = true,
    into sink: inout Sink
  ) {
    // A text of plain lines (one face, whole segments, no soft hyphen or unsafe end)
    // measures a line by its prefix sums, as the greedy breaker does, and one whose lines
    // all have the same metrics has them known: neither is worked out again a line.
    let facts = text.storage.breakFacts
    let plain = facts.contains(.plainLines)
    let metrics = facts.contains(.sameLineMetrics) ? text.lineBreaks.plainLineMetrics : nil
    let prefix = text.prefix
    let segments = text.segments
    var lineStart = start
    // A size alone (`LineFit`) of plain lines with known metrics and no indent: each line's
    // width and metrics added as `LineBreaker.emit` and `LineFit.append(_:)` add them (the
    // indent, 0, included), with no span made. Plain lines have no hyphen (no soft hyphen,
    // no hyphenation) and no preserved spaces at their ends (no CSS `pre` or `pre-wrap`:
    // `PreparedTextStorage`'s facts).
    if plain, let metrics, !facts.contains(.indents), var fit = sink as? LineFit {
      for (number, end) in ends.enumerated() {
        let point =
          hangsSpaces ? hangingSpaces(candidates, ends, number, end, segments) : candidates[end]
        assert(!point.isHyphenated, "a hyphen on a plain line")
        fit.append(width: prefix[point.contentEnd] - prefix[lineStart] + 0, metrics: metrics)
        lineStart = point.offset
      }
      // The same type: the cast above succeeded.
      sink = fit as! Sink
      return
    }
    let widths = text.widths
    var emitter = LineBreaker(limit: available)
    for (number, end) in ends.enumerated() {
      let point = hangingSpaces(candidates, ends, number, end, segments)
      let width =
        point.isHyphenated
        ? widths.softHyphenWidths(from: lineStart, segment: point.segment).broken
        : plain
          ? prefix[point.contentEnd] - prefix[lineStart]
          : widths.width(from: lineStart, to: point.contentEnd, breakingAt: point.offset)
      emitter.measure(fromIndent: widths.indent(atLineStart: lineStart))
      emitter.emit(
        widths, lineStart, point.contentEnd, point.offset, width,
        text.faceMask(lineStart..<point.offset), hyphen: point.isHyphenated, metrics: metrics,
        to: &sink)
      lineStart = point.offset
    }
  }

  /// The candidate that the `number`th chosen line ends at (`end`), past the collapsible
  /// spaces after it: a break before collapsible spaces (`line-break: anywhere`) hangs them
  /// at this line's end, as CSS removes them from the next line's start. `segments` are the
  /// text's (read once by the caller, not once a line).
  @inline(__always)
  static func hangingSpaces(
    _ candidates: UnsafeBufferPointer<ScoreLineBreaker.Candidate>, _ ends: UnsafeBufferPointer<Int>,
    _ number: Int, _ end: Int, _ segments: [Segment]
  ) -> ScoreLineBreaker.Candidate {
    var point = candidates[end]
    // The segment after the one ending here starts here (no search where it says so).
    var after = point.segment
    while number < ends.count - 1,
      let next = segmentIndex(segments, startingAt: point.offset, after: after),
      segments[next].isSpacesAlone,
      segments[next].end < candidates[ends[number + 1]].offset
    {
      point.offset = segments[next].end
      after = next
    }
    return point
  }
}
