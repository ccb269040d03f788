/// Measure: the size text needs for a proposal, its lines and its used rect.
///
/// Problem: a layout needs the answer to "for this proposed width, how wide and how tall is
/// this text, and where do its lines break?" Solution: break the prepared text's lines at
/// the proposed width (nil or infinity: the ideal lines), report the widest line (text hugs
/// its content, it does not take the proposal), the sum of line heights, and TextKit's
/// used rect. With a line limit, or a truncation mode and a finite proposed height, only the
/// lines that fit are kept and the last one is truncated (`Truncation.swift`); otherwise
/// the height proposal is ignored. One type answers both questions a layout asks:
/// `measure` fills in the lines, `sizeThatFits` leaves them out (same size, line count,
/// used rect, line-break range and truncation, bit for bit).
public struct TextMeasurement: Sendable, Hashable {
  /// The proposal this answers.
  public let proposal: ProposedViewSize
  /// The size the text needs: widest line (+ padding and insets) × sum of line heights
  /// (+ insets).
  public let size: Size
  /// The lines, top to bottom; empty when only the size was asked for (`sizeThatFits`).
  public var lines: [Line] { storedLines ?? [] }
  /// `lines`, nil when there are none: a size alone then holds no reference, and its
  /// destruction (each relayout's caller's) skips the release of the empty array's storage.
  private let storedLines: [Line]?
  /// The number of lines (also when `lines` was not asked for).
  public let lineCount: Int
  /// Where the lines sit, TextKit-style: origin at the container inset, width the widest
  /// line plus line-fragment padding on both sides, height the sum of line heights.
  public let usedRect: Rect
  /// The proposed widths that give these same lines: [lo, hi). A layout that proposes a
  /// width inside it can keep these lines (Caliper itself reuses them).
  public let lineBreakRange: Range<Double>
  /// Shrink-wrap: the narrowest proposed width at which the text has these same lines
  /// (padding and insets included), found where the line breaker decided, not by a search:
  /// the widest line, unless a hyphenation factor's choice needs more. A chat bubble or a
  /// tooltip proposed this width shows the same lines with no space to their right; any
  /// width narrower gives other lines. With `TextStyle.WrapStyle.balance` or `.pretty`,
  /// the width CSS `width: fit-content` gives the box in Chromium: max(`minWidth`, the
  /// proposal) below the ideal width.
  public let tightWidth: Double
  /// Whether text is hidden by the line limit or the proposed height: the last line then
  /// ends (tail), starts (head) or is cut in the middle with an ellipsis, and is never
  /// wider than the proposed width (unless the width is narrower than the ellipsis alone).
  public let truncated: Bool
  /// The hidden text in Unicode-scalar offsets, when `truncated`: for tail truncation from
  /// the cut to the end of the text; for head and middle the gap in the last line (the
  /// whitespace the text ends with is not counted).
  public let hiddenRange: Range<Int>?

  /// The measurement with `size` and `usedRect` on the pixel grid of `scale` (ceil).
  public func rounded(toScale scale: Double) -> TextMeasurement {
    TextMeasurement(
      proposal: proposal, size: size.rounded(toScale: scale), lines: lines,
      lineCount: lineCount, usedRect: usedRect.rounded(toScale: scale),
      lineBreakRange: lineBreakRange,
      tightWidth: ceilToGrid(tightWidth, scale), hiddenRange: hiddenRange)
  }

  init(
    proposal: ProposedViewSize, size: Size, lines: [Line], lineCount: Int? = nil,
    usedRect: Rect, lineBreakRange: Range<Double>, tightWidth: Double,
    hiddenRange: Range<Int>? = nil
  ) {
    self.proposal = proposal
    self.size = size
    storedLines = lines.isEmpty ? nil : lines
    self.lineCount = lineCount ?? lines.count
    self.usedRect = usedRect
    self.lineBreakRange = lineBreakRange
    self.tightWidth = tightWidth
    self.truncated = hiddenRange != nil
    self.hiddenRange = hiddenRange
  }
}

extension PreparedText {
  /// The size, lines and used rect of the text for a proposal.
  ///
  /// A finite width wraps greedily so that every line (trailing whitespace excluded) is at
  /// most that wide, with padding and insets taken off first; `nil`, infinite, NaN or
  /// negative widths are treated as follows: `nil`/`.infinity` give the ideal lines; NaN and
  /// negative widths are clamped to 0 (use `validatedMeasure` to refuse them instead).
  public func measure(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) -> TextMeasurement {
    let breaking = self.breaking(proposal, options: options, needsSpans: true)
    let spans = breaking.spans ?? idealLines.spans
    var maker = LineMaker(self, breaking: breaking, options: options)
    var lines: [Line] = []
    lines.reserveCapacity(spans.count)
    for span in spans { lines.append(maker.line(span)) }
    let (size, used) = size(of: breaking.fit, options: options)
    return TextMeasurement(
      proposal: proposal, size: size, lines: lines, usedRect: used,
      lineBreakRange: breaking.proposedWidths,
      tightWidth: breaking.tightWidth(size: size) { minWidth },
      hiddenRange: breaking.truncation?.hidden)
  }

  /// `measure(_:options:)` with its lines handed to `eachLine` in order as they are made,
  /// not kept: the result's `lines` is empty and `lineCount` says how many were handed on.
  ///
  /// For a long text at a narrow width (10 MB of prose at 100 pt is 800,000 lines), this
  /// holds one line at a time: the lines are not cached, so each call breaks them again
  /// unless the width's lines were cached by `measure`.
  ///
  /// ```swift
  /// var widest = 0.0
  /// let result = text.measure(ProposedViewSize(width: 100, height: nil)) { line in
  ///   widest = max(widest, line.width)
  /// }
  /// ```
  public func measure(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions(),
    eachLine: (Line) -> Void
  ) -> TextMeasurement {
    let breaking = self.breaking(proposal, options: options, needsSpans: false)
    var maker = LineMaker(self, breaking: breaking, options: options)
    if let spans = breaking.spans {
      for span in spans { eachLine(maker.line(span)) }
    } else {
      // Not cached with its lines: the same scan again, each line made as it is found.
      withoutActuallyEscaping(eachLine) { eachLine in
        var sink = LineMaker.Sink(maker: maker, eachLine: eachLine)
        var breaker = LineBreaker(limit: breaking.available)
        breaker.breakLines(widths, into: &sink)
      }
    }
    return linelessMeasurement(breaking, proposal: proposal, options: options)
  }

  /// `measure`, refusing NaN and negative proposed dimensions and line limits below 1.
  public func validatedMeasure(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) throws(CaliperError) -> TextMeasurement {
    try Self.validate(proposal, options: options)
    return measure(proposal, options: options)
  }

  /// Throws for NaN or negative proposed dimensions and line limits below 1.
  static func validate(_ proposal: ProposedViewSize, options: TextContainerOptions)
    throws(CaliperError)
  {
    for value in [proposal.width, proposal.height].compactMap({ $0 }) where value.isNaN || value < 0
    {
      throw .invalidProposal(value)
    }
    if let limit = options.lineLimit, limit < 1 { throw .invalidLineLimit(limit) }
  }

  /// The ideal size: no wrapping except at hard breaks.
  public var idealSize: Size { size(of: idealFit, options: TextContainerOptions()).size }
}
