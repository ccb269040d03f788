/// Break, wrap styles: the lines of `TextStyle.WrapStyle.balance` and `.pretty`, as
/// Chromium chooses them.
///
/// Problem: `balance` and `pretty` re-choose some of a paragraph's greedy lines, by rules
/// that Chromium applies only in some cases; a result must say the lines Chromium draws.
/// Solution: the greedy lines first, split into paragraphs at hard breaks; then, as Blink's
/// `LineBreakStrategy` does:
/// - `balance`: a paragraph of 2 to 6 greedy lines is re-broken by the score-based breaker
///   (`ScoreLineBreaker`, the last line scored too); where it declines, by Blink's
///   bisection (`ParagraphLineBreaker`): the narrowest width, searched from the proposal
///   down to 80 % of the mean line width in steps of halves until they are 1 px apart, that
///   keeps the greedy line count. With `.css` break rules only the text's first paragraph is
///   balanced, and the bisection runs only in a text without hard breaks (Blink's own
///   limits); with `.unicode` every paragraph is.
/// - `pretty`: the last 4 greedy lines of each paragraph are re-broken by the score-based
///   breaker when the last is a single word shorter than a third of the line, or the two
///   before it both end in a hyphen.
/// With `.css` the widths are Blink's LayoutUnits (1/64 px, with its 1/64 epsilon on a
/// line); with `.unicode` they are Caliper's own. The lines' widths are `LineWidths`'; no
/// text is reshaped but at a line's unsafe end. Limitation: a paragraph with a tab, or
/// whose lines break inside a word, keeps its greedy lines under `pretty` (Blink disables
/// its score-based breaker for tabs too).
extension PreparedText {
  /// The breaking at `available` with the style's wrap style, cached like any other; its
  /// range of widths is `available` alone (a wrap style's lines change with any width).
  /// For a size alone (`needsSpans` false), `wrapStyledFit`'s: no line kept.
  func wrapStyledBreaking(available: Double, extra: Double, needsSpans: Bool) -> Breaking {
    guard needsSpans else {
      let (limits, fit) = wrapStyledFit(available: available)
      return Breaking(
        fit: fit, limits: limits, extra: extra, available: available, fitsContent: true)
    }
    let limits = available..<available.nextUp
    var found = cachedBreaking(at: available, limit: nil, needsSpans: true, extra: extra) {
      let spans = wrapStyledLines(at: available)
      return LineBreakCache.Entry(limits: limits, fit: LineFit(spans), spans: spans)
    }
    found.available = available
    found.fitsContent = true
    return found
  }

  /// The range and size of the wrap style's lines at `available`, chosen into the size (one
  /// lock, as `sizeOnlyFit`'s; a plain text's greedy lines counted from its table). Out of
  /// line, with the cache's lookup and store inlined in it.
  @inline(never)
  func wrapStyledFit(available: Double) -> (limits: Range<Double>, fit: LineFit) {
    breakCache.fit(
      of: self, containing: available, wantsIndex: storage.breakFacts.contains(.plainLines),
      orBreak: { index in
        var fit = LineFit()
        wrapStyledLines(at: available, index: index, into: &fit)
        return (available..<available.nextUp, fit)
      })
  }

  /// The greedy lines at `available`, each paragraph's then re-chosen by the wrap style.
  func wrapStyledLines(at available: Double) -> [LineBreaker.Span] {
    var spans: [LineBreaker.Span] = []
    wrapStyledLines(at: available, into: &spans)
    return spans
  }

  /// `wrapStyledLines(at:)` handed to `sink` in order, a paragraph at a time; `index`, the
  /// text's table of line ends where it has one made (`PlainLineIndex`), finds the greedy
  /// lines' ends.
  func wrapStyledLines<Sink: LineSink>(
    at available: Double, index: UnsafePointer<PlainLineIndex>? = nil, into sink: inout Sink
  ) {
    // `storage.style`: read in place, not copied with its arrays and strings retained.
    let wrapStyle = storage.style.wrapStyle
    var declined = false  // the score-based breaker declined the text's one paragraph
    if wrapStyle == .balance, storage.breakFacts.contains(.plainLines) {
      switch balancedPlainLines(at: available, index: index, into: &sink) {
      case true?: return
      case false?: declined = true
      case nil: break
      }
    }
    var breaker = LineBreaker(limit: available)
    breaker.plainIndex = index
    let textEnd = analysis.scalars.count
    // The open paragraph's lines that the style may re-choose held in scratch memory on the
    // stack, the others handed on as they come (`WrapWindow`): no array at each width.
    withUnsafeTemporaryAllocation(of: LineBreaker.Span.self, capacity: WrapWindow<Sink>.capacity) {
      held in
      withUnsafeMutablePointer(to: &sink) { sink in
        var window = WrapWindow(
          self, available: available, declined: declined, wrapStyle, textEnd: textEnd,
          held: held, sink: sink)
        breaker.breakLines(widths, into: &window)
        if window.isOpen { window.endParagraph() }
      }
    }
  }

  /// `balance` over one paragraph of plain lines (no hard break): its greedy lines are
  /// counted, not kept; handed to `sink` as they are made where Blink keeps them, else
  /// chosen again by the score-based breaker (made as spans by the caller where it declines
  /// or where this answers nil).
  /// True: the lines are handed to `sink`; false: the breaker declined (`sink` untouched:
  /// Blink's bisection decides, over the spans); nil: not decided here. Out of line: the
  /// other wrap styles' relayouts do not carry it.
  @inline(never)
  func balancedPlainLines<Sink: LineSink>(
    at available: Double, index: UnsafePointer<PlainLineIndex>?, into sink: inout Sink
  ) -> Bool? {
    let facts = storage.breakFacts
    var greedy: GreedyLines?
    if let index, !facts.contains(.indents) {
      // From the table, no further than `balance` applies (nil: a word wider than the
      // line, which the general scan breaks or lets overflow).
      var wide = 0.0
      greedy = segments.withUnsafeBufferPointer {
        GreedyLines(
          plain: index.pointee, segments: $0, limit: available,
          most: ScoreLineBreaker.maxLinesForBalance, wide: &wide)
      }
      // A word wider than the line on a line of its own, among the lines `balance` may
      // take: the scan breaks it inside the word or, where it may not be broken, lets it
      // be that line, `wide` wide; either line overflows (`LineBreaker.Span.overflows`)
      // where `wide` does, and Blink then keeps the greedy lines (`WrapChooser.choose`).
      // Else (a width within rounding of the line's, where `fits` and `overflows` may
      // differ) the spans decide (nil).
      if greedy == nil,
        LineBreaker.Span.overflows(width: wide, indent: 0, emergency: false, available: available)
      {
        keepGreedyLines(at: available, index: index, into: &sink)
        return true
      }
    } else if minWidth <= available {
      // Not counted where a word is wider than the line: a line then overflows, and
      // Blink keeps the greedy lines.
      var counted = GreedyLines(limit: available)
      var counter = LineBreaker(limit: available)
      counter.breakLines(widths, into: &counted)
      greedy = counted
    }
    guard let greedy else { return nil }
    guard WrapChooser.balances(greedy) else {
      // Too few or too many lines, or one that overflows: Blink keeps the greedy lines
      // (`WrapChooser.choose`).
      keepGreedyLines(at: available, index: index, into: &sink)
      return true
    }
    // No chooser made (it would retain this text's references).
    return WrapChooser.balanced(self, available: available, greedy, into: &sink)
  }

  /// The greedy lines at `available` handed to `sink` as they are made, with no array: into
  /// a size alone (`LineFit`) through the table's loop where the text has one, as `.auto`'s
  /// relayout breaks them (`LineBreaker.breakLines(_:intoSize:)`: the same lines and size
  /// as the scan's); into any other sink by the scan. The cast is on types, settled when
  /// the function is specialized.
  @inline(__always)
  func keepGreedyLines<Sink: LineSink>(
    at available: Double, index: UnsafePointer<PlainLineIndex>?, into sink: inout Sink
  ) {
    var breaker = LineBreaker(limit: available)
    breaker.plainIndex = index
    if var fit = sink as? LineFit {
      breaker.breakLines(widths, intoSize: &fit)
      // The same type: the cast above succeeded.
      sink = fit as! Sink
    } else {
      breaker.breakLines(widths, into: &sink)
    }
  }
}
