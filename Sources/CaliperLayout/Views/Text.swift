/// A text leaf measured by Caliper: it answers every proposal with the size its lines
/// need at that width (`PreparedText.measure`), within its line limit.
///
/// With a line limit or a truncation mode, the proposed height limits the lines too (the
/// lines that fit, at least one, the last truncated), as SwiftUI `Text` in a fixed-height
/// frame. Vertical text (`TextStyle.writingMode`) answers with its block of columns
/// (`PreparedText.sizeThatFitsColumns`): the proposed height is the column length, and the
/// width grows with the columns.
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let label = try Text("Blue tile with a longer local label", fonts: fonts).lineLimit(1)
/// ```
public struct Text: View, LeafView {
  /// The prepared text: prepared once, measured at every proposal.
  public let prepared: PreparedText
  /// Line limit, truncation and alignment.
  public var options: TextContainerOptions

  public init(_ prepared: PreparedText, options: TextContainerOptions = TextContainerOptions()) {
    self.prepared = prepared
    self.options = options
  }

  /// Prepares `string` in `style` with `fonts`.
  public init(_ string: String, style: TextStyle = TextStyle(), fonts: FontLibrary)
    throws(CaliperError)
  {
    self.init(try fonts.prepare(string, style: style))
  }

  /// The text showing at most `limit` lines (nil: no limit), as SwiftUI's `lineLimit`.
  public func lineLimit(_ limit: Int?) -> Text {
    var text = self
    text.options.lineLimit = limit.map { max(1, $0) }
    return text
  }

  /// The text truncating its last shown line at `mode`, as SwiftUI's `truncationMode`.
  public func truncationMode(_ mode: TruncationMode) -> Text {
    var text = self
    text.options.truncationMode = mode
    return text
  }

  /// The text with its lines aligned by `alignment`, as SwiftUI's
  /// `multilineTextAlignment` (sizes do not change).
  public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
    var text = self
    text.options.alignment = alignment
    return text
  }

  public var body: AnyView { AnyView(.leaf(self)) }

  /// The text's measurement, lines included, for `proposal`.
  public func measure(_ proposal: ProposedViewSize) -> TextMeasurement {
    prepared.measure(proposal, options: options)
  }

  /// Whether the text is set in columns (`TextStyle.writingMode`).
  public var isVertical: Bool { prepared.style.writingMode.isVertical }

  /// A vertical text's columns for `proposal` (`PreparedText.measureColumns`).
  public func measureColumns(_ proposal: ProposedViewSize) -> VerticalMeasurement {
    prepared.measureColumns(proposal, options: options)
  }

  /// The text's size and line count for `proposal`.
  public func fit(_ proposal: ProposedViewSize) -> TextMeasurement {
    prepared.sizeThatFits(proposal, options: options)
  }

  func sizeThatFits(_ proposal: ProposedViewSize, axis: Axis?) -> Size {
    isVertical ? prepared.sizeThatFitsColumns(proposal, options: options).size : fit(proposal).size
  }

  var spacing: ViewSpacing { .standard }
  var kind: String { "text" }
  var summary: String {
    let string = prepared.string
    let short = string.count > 24 ? String(string.prefix(23)) + "…" : string
    return "text \"\(short)\""
  }
}
