/// Break, wrap styles: what `balance` and `pretty` decide for one paragraph's greedy lines
/// (`PreparedText+WrapStyle.swift` says how Chromium chooses them), and the score-based
/// breaker's candidates and set-up for a paragraph (`WrapChooser+Scored.swift` runs it,
/// `WrapChooser+Bisection.swift` is Blink's fallback).
struct WrapChooser {
  let widths: LineWidths
  let available: Double
  let isCSS: Bool
  /// Whether the score-based breaker has declined this text's one paragraph already
  /// (`PreparedText.wrapStyledLines`): not run again over its spans.
  let declined: Bool

  /// The text (`widths.text`: held once, so that a chooser is fewer references to retain).
  var text: PreparedText {
    @inline(__always) get { widths.text }
  }

  /// Inlined, its text borrowed (out of line, taking it owned, it was two more retains).
  @inline(__always)
  init(text: borrowing PreparedText, available: Double, declined: Bool = false) {
    self.init(widths: text.widths, available: available, declined: declined)
  }

  @inline(__always)
  private init(widths: LineWidths, available: Double, declined: Bool) {
    self.widths = widths
    self.available = available
    self.declined = declined
    isCSS = widths.text.storage.style.breakRules == .css
  }

  /// Hands on one paragraph's greedy `lines` (the `number`th), re-chosen by `wrapStyle`
  /// where it applies; `overflows`, whether one of the paragraph's lines overflows
  /// (`LineBreaker.Span.overflows(_:)`). Under `pretty`, `lines` may be the paragraph's
  /// last lines alone (`WrapWindow` handed on those before).
  func choose<Sink: LineSink>(
    _ lines: UnsafeBufferPointer<LineBreaker.Span>, overflows: Bool, number: Int,
    _ wrapStyle: TextStyle.WrapStyle, into sink: inout Sink
  ) {
    switch wrapStyle {
    case .balance:
      // Blink balances from the block's start only: its first paragraph.
      if !(isCSS && number > 0), !overflows, balanced(lines, into: &sink) { return }
    case .pretty:
      guard !overflows else { break }
      let windowStart = max(0, lines.count - ScoreLineBreaker.maxLinesForPretty)
      for span in lines[..<windowStart] { sink.append(span) }
      let window = UnsafeBufferPointer(rebasing: lines[windowStart...])
      if !pretty(window, into: &sink) {
        for span in window { sink.append(span) }
      }
      return
    case .auto, .stable:
      break
    }
    for span in lines { sink.append(span) }
  }

  /// A length in Blink's LayoutUnits (1/64 px), rounded down as a CSS width is.
  static func layoutUnits(_ value: Double) -> Int { Int((max(0, value) * 64).rounded(.down)) }
  /// A line's width in LayoutUnits: rounded up, as Blink snaps a shaped width.
  static func snapped(_ value: Double) -> Int { Int((max(0, value) * 64 - 1e-6).rounded(.up)) }

  /// Whether `balance` re-chooses a text's one paragraph whose greedy lines are `greedy`:
  /// 2 to 6 of them, none overflowing (else Blink keeps them: `choose`, `balanced`).
  static func balances(_ greedy: GreedyLines) -> Bool {
    !greedy.overflows && greedy.count > 1 && greedy.count <= ScoreLineBreaker.maxLinesForBalance
  }

  /// Hands on the balanced lines of a paragraph's greedy `lines`; false (none handed on)
  /// to keep them.
  func balanced<Sink: LineSink>(
    _ lines: UnsafeBufferPointer<LineBreaker.Span>, into sink: inout Sink
  ) -> Bool {
    guard lines.count > 1, lines.count <= ScoreLineBreaker.maxLinesForBalance else {
      return false
    }
    if !declined, scored(lines, isBalanced: true, into: &sink) { return true }
    // Blink's bisection cannot take a paragraph that a hard break ends or that is followed
    // by more.
    guard available > 0 else { return false }
    if isCSS, text.segments.contains(where: \.isHardBreak) { return false }
    bisect(lines, into: &sink)
    return true
  }

  /// Hands on the pretty lines of a paragraph's last greedy `lines`; false (none handed
  /// on) to keep them.
  func pretty<Sink: LineSink>(
    _ lines: UnsafeBufferPointer<LineBreaker.Span>, into sink: inout Sink
  ) -> Bool {
    guard lines.count > 1, let last = lines.last else { return false }
    let lastAvailable = available - widths.indent(atLineStart: last.start)
    let isShort =
      isCSS
      ? Self.snapped(last.width) < Self.layoutUnits(lastAvailable) / 3
      : last.width < lastAvailable / 3
    let count = lines.count
    let hyphenated = count >= 3 && lines[count - 2].hyphen && lines[count - 3].hyphen
    guard (isShort && isSingleWord(last)) || hyphenated else { return false }
    return scored(lines, isBalanced: false, into: &sink)
  }

  /// Whether a line is one segment: no break opportunity inside it.
  func isSingleWord(_ span: LineBreaker.Span) -> Bool {
    guard let index = segmentIndex(startingAt: span.start) else { return false }
    return text.segments[index].end == span.end
  }

  /// The index of the segment that starts at `offset`, if one does.
  func segmentIndex(startingAt offset: Int) -> Int? {
    Self.segmentIndex(text.segments, startingAt: offset)
  }

  /// The index of the first of `segments` that starts at `offset`, if one does: `after + 1`
  /// where that one starts there and the segment `after` (the one ending there) before it,
  /// else searched.
  static func segmentIndex(_ segments: [Segment], startingAt offset: Int, after: Int = -1)
    -> Int?
  {
    let next = after + 1
    if after >= 0, next < segments.count, segments[next].start == offset,
      segments[after].start < offset
    {
      return next
    }
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].start < offset { low = middle + 1 } else { high = middle }
    }
    return low < segments.count && segments[low].start == offset ? low : nil
  }

  /// The score-based breaker's candidates over a whole paragraph's greedy `lines` at
  /// `available` (nil where Blink's breaker cannot run: a tab, a line broken inside a word,
  /// `break-spaces` with `.css`), made once for the prepared text (their penalties, the
  /// width's, are not: `WrapCandidates.inputs`).
  static func paragraphCandidates(_ text: PreparedText, available: Double, _ lines: GreedyLines)
    -> WrapCandidates?
  {
    guard !lines.emergency, lines.count > 0 else { return nil }
    let paragraph = lines.start..<lines.end
    // The lookup and the store apart: a `make` closure would carry a copy of a chooser.
    if let known = text.lineBreaks.knownCandidates(paragraph) { return known }
    return WrapChooser(text: text, available: available).keepCandidates(paragraph)
  }

  /// Makes and keeps `paragraph`'s candidates (the first balancing of it: out of line).
  @inline(never)
  func keepCandidates(_ paragraph: Range<Int>) -> WrapCandidates? {
    let made = candidates(paragraph).map {
      WrapCandidates($0, hasSpaceSegments: hasSpaceSegments($0))
    }
    text.lineBreaks.keep(made, for: paragraph)
    return made
  }

  /// The candidates from a line's start to a line's end (nothing here depends on the
  /// width).
  func candidates(_ window: Range<Int>) -> [ScoreLineBreaker.Candidate]? {
    guard let (first, count) = candidateCount(window) else { return nil }
    var posNoBreak = [Float](repeating: 0, count: count)
    var posIfBreak = [Float](repeating: 0, count: count)
    let made = posNoBreak.withUnsafeMutableBufferPointer { posNoBreak in
      posIfBreak.withUnsafeMutableBufferPointer { posIfBreak in
        positions(window, first: first, posNoBreak: posNoBreak, posIfBreak: posIfBreak)
      }
    }
    guard made else { return nil }
    let segments = text.segments
    return (0..<count).map {
      Self.candidate(
        $0, first: first, start: window.lowerBound, segments: segments,
        posNoBreak: posNoBreak[$0], posIfBreak: posIfBreak[$0])
    }
  }

  /// The first segment of `window` and the count of its candidates (the window's start, then
  /// one a segment up to its end); nil where Blink's breaker cannot run (a tab,
  /// `break-spaces` with `.css`) or no segment starts at its start.
  func candidateCount(_ window: Range<Int>) -> (first: Int, count: Int)? {
    // Blink's score-based breaker gives no break points with `white-space: break-spaces`
    // (in Chromium 156 its balanced lines are always its bisection's and its pretty ones
    // the greedy ones).
    if isCSS, text.storage.style.whiteSpace == .breakSpaces { return nil }
    let segments = text.segments
    guard text.tabs.isEmpty, let first = segmentIndex(startingAt: window.lowerBound) else {
      return nil
    }
    // The segments from `first` that end by the window's end (their ends rise).
    var low = first
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].end <= window.upperBound { low = middle + 1 } else { high = middle }
    }
    return (first, low - first + 1)
  }

  /// The candidate `number` of the window starting at `start` whose first segment is
  /// `first` (`candidateCount`): the start, then the end of segment `first + number - 1`.
  @inline(__always)
  static func candidate(
    _ number: Int, first: Int, start: Int, segments: [Segment], posNoBreak: Float,
    posIfBreak: Float
  ) -> ScoreLineBreaker.Candidate {
    guard number > 0 else {
      return ScoreLineBreaker.Candidate(
        offset: start, contentEnd: start, segment: -1, posNoBreak: 0, posIfBreak: 0)
    }
    let index = first + number - 1
    let segment = segments[index]
    return ScoreLineBreaker.Candidate(
      offset: segment.end, contentEnd: segment.contentEnd, segment: index,
      posNoBreak: posNoBreak, posIfBreak: posIfBreak, isHyphenated: segment.softHyphen)
  }

  /// Writes the positions of `window`'s candidates (`candidateCount`'s count, from segment
  /// `first`) into `posNoBreak` and `posIfBreak`; false where its last segment does not end
  /// at the window's end (Blink's breaker cannot run).
  func positions(
    _ window: Range<Int>, first: Int, posNoBreak: UnsafeMutableBufferPointer<Float>,
    posIfBreak: UnsafeMutableBufferPointer<Float>
  ) -> Bool {
    let start = window.lowerBound
    let prefix = text.prefix  // read once: each `text.prefix` retains the array
    let segments = text.segments
    let base = prefix[start]
    posNoBreak[0] = 0
    posIfBreak[0] = 0
    var end = start
    for number in 1..<posNoBreak.count {
      let index = first + number - 1
      let segment = segments[index]
      var width: Double
      if segment.softHyphen {
        width = widths.softHyphenWidths(from: segment.start, segment: index).broken
      } else if isCSS, let end = spacesBefore(segment) {
        // Blink leaves a candidate's trailing spaces out of its line even where they are
        // content (`break-spaces`).
        width = widths.width(from: segment.start, to: end, breakingAt: end)
      } else if segment.unsafeEnd || widths.adjustsLineWidths {
        width = widths.width(from: segment.start, to: segment.contentEnd, breakingAt: segment.end)
      } else {
        width = prefix[segment.contentEnd] - prefix[segment.start]  // `advanceSum`
      }
      width += prefix[segment.start] - base
      posNoBreak[number] = Float(prefix[segment.end] - base)
      posIfBreak[number] = Float(width)
      end = segment.end
    }
    return end == window.upperBound
  }

  /// Whether a segment that `candidates` end is spaces alone, with no hard break: what
  /// `hangingSpaces` may hang at a line's end.
  func hasSpaceSegments(_ candidates: [ScoreLineBreaker.Candidate]) -> Bool {
    guard let first = candidates.dropFirst().first?.segment, let last = candidates.last?.segment
    else { return false }
    return text.segments[first...last].contains { $0.isSpacesAlone }
  }

  /// Where the spaces, tabs and newlines that end `segment`'s content start, when its
  /// content ends in some (else nil).
  func spacesBefore(_ segment: Segment) -> Int? {
    let scalars = text.analysis.scalars
    var end = segment.contentEnd
    while end > segment.start, [" ", "\t", "\n"].contains(scalars[end - 1]) { end -= 1 }
    return end < segment.contentEnd ? end : nil
  }

  /// The score-based breaker for the greedy lines `lines` sums up, at the available width.
  func breaker(isBalanced: Bool, lines: GreedyLines) -> ScoreLineBreaker {
    Self.breaker(text, available: available, isBalanced: isBalanced, lines: lines)
  }

  /// `breaker(isBalanced:lines:)` for `text` at `available`, with no chooser made.
  static func breaker(_ text: PreparedText, available: Double, isBalanced: Bool, lines: GreedyLines)
    -> ScoreLineBreaker
  {
    let isCSS = text.storage.style.breakRules == .css
    let widths = LineWidths(untabbed: text)  // the indents alone: no tab is measured
    let firstIndent = widths.indent(atLineStart: lines.count > 0 ? lines.start : 0)
    // Lines after the first start inside the paragraph: the head indent.
    let otherIndent = lines.count > 1 ? widths.indent(atLineStart: lines.lastStart) : 0
    @inline(__always) func fit(_ indent: Double) -> Float {
      isCSS
        ? Float(Self.layoutUnits(available - indent) + 1) / 64  // Blink's `AddEpsilon`
        : Float(max(0, available - indent) + LineBreaker.tolerance).nextUp
    }
    let width = isCSS ? Float(Self.layoutUnits(available)) / 64 : Float(max(0, available))
    let firstAvailable = fit(firstIndent)
    return ScoreLineBreaker(
      isBalanced: isBalanced, firstAvailable: firstAvailable,
      otherAvailable: otherIndent == firstIndent ? firstAvailable : fit(otherIndent),
      width: width, size: Float(text.storage.style.size))
  }
}

extension LineBreaker.Span {
  /// Whether this line is wider than `available` (a word that may not be broken), or
  /// broken inside a word (`overflow-wrap: break-word`, a long word in `.unicode`). Blink
  /// then keeps the paragraph's greedy lines, with its score-based breaker
  /// ("`ComputeScores` gets confused if there're overflowing lines") and its bisection
  /// alike: `WrapWindow` and `GreedyLines` read it for each line of a paragraph.
  @inline(__always)
  func overflows(_ available: Double) -> Bool {
    Self.overflows(width: width, indent: indent, emergency: emergency, available: available)
  }

  /// `overflows(_:)` for a line's parts, with no span made (`GreedyLines.add`).
  @inline(__always)
  static func overflows(width: Double, indent: Double, emergency: Bool, available: Double)
    -> Bool
  {
    emergency || width + indent > available + LineBreaker.tolerance
  }
}
