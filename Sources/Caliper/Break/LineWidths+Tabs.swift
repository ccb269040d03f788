/// Tabs: a tab advances the pen to the next tab stop of the paragraph.
///
/// Problem: a tab's width depends on where it falls in its line, so it cannot be a fixed
/// advance in the prefix sums. Solution: a line with tabs is measured piece by piece, each
/// piece between tabs by its advances (`untabbedWidth`, which reshapes only the line's own
/// unsafe edges: the line is shaped through its tabs, as drawing shapes it), and each tab
/// moves the pen to `ResolvedTabStops.next(after:)`; a line without tabs costs a binary
/// search more. The line breaker asks for the widths of one line start to ever later ends:
/// the pen after the tabs already measured is kept (`TabProgress`), so a line of n tabs
/// costs n steps, not n² (`"a\t"` × 40,000 took 6.7 s). A tab in a line's trailing
/// whitespace hangs like a space. Stops are
/// measured from the text's leading edge, so a line's indent moves its tabs' pen start.
/// Limitation: stops are measured from the left, also in right-to-left lines.
extension LineWidths {
  /// The width of a line from `start` to `contentEnd` (breaking at `end`) with its tabs
  /// at their stops.
  func tabbedWidth(from start: Int, to contentEnd: Int, breakingAt end: Int) -> Double {
    guard let stops = text.tabStops else {
      return untabbedWidth(from: start, to: contentEnd, breakingAt: end)
    }
    var index = firstTab(atOrAfter: start)
    guard index < text.tabs.count, text.tabs[index] < contentEnd else {
      return untabbedWidth(from: start, to: contentEnd, breakingAt: end)
    }
    // Stops are measured from the text's edge, so an indented line starts nearer its first.
    let indent = indent(atLineStart: start)
    var x = indent
    var pieceStart = start
    // The pen after the tabs of this line measured last time, when they all lie before
    // `contentEnd`: the pieces between them are the same whatever the line's end.
    if let progress = tabProgress, progress.start == start, progress.nextTab > index,
      text.tabs[progress.nextTab - 1] < contentEnd
    {
      (index, x, pieceStart) = (progress.nextTab, progress.x, progress.pieceStart)
    }
    while index < text.tabs.count, text.tabs[index] < contentEnd {
      let tab = text.tabs[index]
      x += untabbedWidth(
        from: pieceStart, to: tab, breakingAt: tab, cutsAtStart: pieceStart == start,
        cutsAtEnd: false)
      x = stops.next(after: x)
      pieceStart = tab + 1
      index += 1
    }
    tabProgress?.remember(start: start, nextTab: index, x: x, pieceStart: pieceStart)
    return x
      + untabbedWidth(
        from: pieceStart, to: contentEnd, breakingAt: end, cutsAtStart: pieceStart == start)
      - indent
  }

  /// The width of a line's trailing whitespace: its advances, a tab among them reaching
  /// its stop from where the content ends.
  func trailingWidth(_ span: LineBreaker.Span) -> Double {
    let trailing = span.contentEnd..<span.end
    let first = firstTab(atOrAfter: trailing.lowerBound)
    guard let stops = text.tabStops, first < text.tabs.count, text.tabs[first] < trailing.upperBound
    else {
      return text.advanceSum(trailing)
    }
    let start = span.indent + span.width
    var x = start
    for index in trailing {
      x =
        text.analysis.scalars[index].value == 0x09
        ? stops.next(after: x) : x + text.advanceSum(index..<index + 1)
    }
    return x - start
  }

  /// The index in `tabs` of the first tab at or after `offset`.
  func firstTab(atOrAfter offset: Int) -> Int {
    var low = 0
    var high = text.tabs.count
    while low < high {
      let middle = (low + high) / 2
      if text.tabs[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// How far the last tabbed line measured got: its start, the index in `tabs` of the first
/// tab not yet measured, the pen after the ones before it and where the next piece starts.
/// One per `LineWidths`, which one thread uses at a time.
final class TabProgress {
  private(set) var start = -1
  private(set) var nextTab = 0
  private(set) var x = 0.0
  private(set) var pieceStart = 0

  func remember(start: Int, nextTab: Int, x: Double, pieceStart: Int) {
    (self.start, self.nextTab, self.x, self.pieceStart) = (start, nextTab, x, pieceStart)
  }
}
