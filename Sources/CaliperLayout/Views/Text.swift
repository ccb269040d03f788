/// A text leaf measured by Caliper: it answers every proposal with the size its lines
/// need at that width (`PreparedText.measure`).
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let label = try Text("Blue tile with a longer local label", fonts: fonts)
/// ```
public struct Text: View, LeafView {
  /// The prepared text: prepared once, measured at every proposal.
  public let prepared: PreparedText

  public init(_ prepared: PreparedText) {
    self.prepared = prepared
  }

  /// Prepares `string` in `style` with `fonts`.
  public init(_ string: String, style: TextStyle = TextStyle(), fonts: FontLibrary)
    throws(CaliperError)
  {
    self.init(try fonts.prepare(string, style: style))
  }

  public var body: AnyView { AnyView(.leaf(self)) }

  func sizeThatFits(_ proposal: ProposedViewSize, axis: Axis?) -> Size {
    prepared.sizeThatFits(proposal).size
  }

  var spacing: ViewSpacing { .standard }
  var kind: String { "text" }
  var summary: String {
    let string = prepared.string
    let short = string.count > 24 ? String(string.prefix(23)) + "…" : string
    return "text \"\(short)\""
  }
}
