/// A leaf with a fixed or flexible size: a stand-in for a control such as a menu button.
///
/// Per axis a box has a minimum, an ideal and a maximum. An unspecified proposal gets the
/// ideal; a finite or infinite one is clamped into [min, max].
///
/// ```swift
/// Box(width: 80, height: 24)                                   // fixed
/// Box(minWidth: 40, idealWidth: 120, maxWidth: .infinity, height: 24)  // flexible width
/// ```
public struct Box: View, LeafView {
  public var minWidth: Double
  public var idealWidth: Double
  public var maxWidth: Double
  public var minHeight: Double
  public var idealHeight: Double
  public var maxHeight: Double

  /// A box of fixed size.
  public init(width: Double, height: Double) {
    self.init(
      minWidth: width, idealWidth: width, maxWidth: width, minHeight: height,
      idealHeight: height, maxHeight: height)
  }

  /// A box with a flexible width and a fixed height.
  public init(minWidth: Double, idealWidth: Double, maxWidth: Double, height: Double) {
    self.init(
      minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: height,
      idealHeight: height, maxHeight: height)
  }

  /// A box flexible on both axes. Each minimum ≤ ideal ≤ maximum is expected; values out of
  /// order are put in order.
  public init(
    minWidth: Double, idealWidth: Double, maxWidth: Double, minHeight: Double,
    idealHeight: Double, maxHeight: Double
  ) {
    self.minWidth = minWidth
    self.maxWidth = max(minWidth, maxWidth)
    self.idealWidth = min(max(idealWidth, minWidth), self.maxWidth)
    self.minHeight = minHeight
    self.maxHeight = max(minHeight, maxHeight)
    self.idealHeight = min(max(idealHeight, minHeight), self.maxHeight)
  }

  public var body: AnyView { AnyView(.leaf(self)) }

  func sizeThatFits(_ proposal: ProposedViewSize, axis: Axis?) -> Size {
    Size(
      width: proposal.width.map { min(max($0, minWidth), maxWidth) } ?? idealWidth,
      height: proposal.height.map { min(max($0, minHeight), maxHeight) } ?? idealHeight)
  }

  var spacing: ViewSpacing { .standard }
  var kind: String { "box" }
  var summary: String {
    minWidth == maxWidth && minHeight == maxHeight
      ? "box \(formatNumber(idealWidth))×\(formatNumber(idealHeight))" : "box"
  }
}

/// Flexible space along the axis of the stack that holds it; nothing across it.
///
/// In a stack a spacer is at least `minLength` (default 8) long and takes whatever the
/// stack offers; outside a stack it expands on both axes.
public struct Spacer: View, LeafView {
  public var minLength: Double

  public init(minLength: Double = 8) {
    self.minLength = minLength
  }

  public var body: AnyView { AnyView(.leaf(self)) }

  func sizeThatFits(_ proposal: ProposedViewSize, axis: Axis?) -> Size {
    let width = max(proposal.width ?? minLength, minLength)
    let height = max(proposal.height ?? minLength, minLength)
    switch axis {
    case .horizontal: return Size(width: width, height: 0)
    case .vertical: return Size(width: 0, height: height)
    case nil: return Size(width: width, height: height)
    }
  }

  var spacing: ViewSpacing { .zero }
  var kind: String { "spacer" }
  var summary: String { "spacer" }
}
