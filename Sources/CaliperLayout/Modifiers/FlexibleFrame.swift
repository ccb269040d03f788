/// A flexible frame with SwiftUI's rules, per axis:
///
/// - The child is proposed the parent's proposal (an unspecified one replaced by the
///   ideal, when given, which may be infinite) clamped into [min, max].
/// - The frame's size starts from the child's; with a minimum it becomes
///   max(min, min(child, proposal)), with a maximum min(max, max(child, proposal)), where a
///   missing proposal counts as the child's size. So `maxWidth: .infinity` takes the whole
///   proposed width, and an unspecified proposal gives the ideal (or the child's) size.
/// - The child is aligned inside and may overflow a frame smaller than it.
struct FlexibleFrameLayout: AligningFrame {
  public var minWidth: Double?
  public var idealWidth: Double?
  public var maxWidth: Double?
  public var minHeight: Double?
  public var idealHeight: Double?
  public var maxHeight: Double?
  public var alignment: Alignment

  public init(
    minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
    minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
    alignment: Alignment = .center
  ) {
    self.minWidth = minWidth
    self.idealWidth = idealWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.idealHeight = idealHeight
    self.maxHeight = maxHeight
    self.alignment = alignment
  }

  private func resolvedProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(width: proposal.width ?? idealWidth, height: proposal.height ?? idealHeight)
  }

  private static func clamp(_ value: Double?, _ low: Double?, _ high: Double?) -> Double? {
    guard var value else { return nil }
    if let high { value = min(value, high) }
    if let low { value = max(value, low) }
    return value
  }

  func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    let resolved = resolvedProposal(proposal)
    return ProposedViewSize(
      width: Self.clamp(resolved.width, minWidth, maxWidth),
      height: Self.clamp(resolved.height, minHeight, maxHeight))
  }

  private static func dimension(
    child: Double, proposed: Double?, low: Double?, high: Double?
  ) -> Double {
    var result = child
    let proposed = proposed ?? child
    if let low { result = max(low, min(result, proposed)) }
    if let high { result = min(high, max(result, proposed)) }
    return result
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    let resolved = resolvedProposal(proposal)
    return Size(
      width: Self.dimension(
        child: child.width, proposed: resolved.width, low: minWidth, high: maxWidth),
      height: Self.dimension(
        child: child.height, proposed: resolved.height, low: minHeight, high: maxHeight))
  }

}

struct FlexibleFrameFactory: LayoutFactory {
  let values: [Expression?]  // minW, idealW, maxW, minH, idealH, maxH
  let alignment: Alignment

  static let names = [
    "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight",
  ]

  func makeLayout(in state: LayoutState) throws(LayoutError) -> any Layout {
    var resolved: [Double?] = []
    for (index, value) in values.enumerated() {
      guard let value else {
        resolved.append(nil)
        continue
      }
      // Infinity is meaningful for maxima ("take all the room") and ideals (propose
      // infinity to the child when the frame is proposed nothing), not for minima.
      let name = Self.names[index]
      resolved.append(
        try evaluateLength(
          value, in: state, what: "frame \(name)", allowInfinity: !name.hasPrefix("min")))
    }
    for (low, high) in [(0, 2), (3, 5)] {
      if let minimum = resolved[low], let maximum = resolved[high], minimum > maximum {
        throw LayoutError(
          path: "",
          message:
            "frame \(Self.names[low]) \(formatNumber(minimum)) is greater than "
            + "\(Self.names[high]) \(formatNumber(maximum))")
      }
    }
    return FlexibleFrameLayout(
      minWidth: resolved[0], idealWidth: resolved[1], maxWidth: resolved[2],
      minHeight: resolved[3], idealHeight: resolved[4], maxHeight: resolved[5],
      alignment: alignment)
  }

  var stateKeys: Set<String> {
    values.reduce(into: Set<String>()) { $0.formUnion($1?.stateKeys ?? []) }
  }
  var kind: String { "frame" }
  var summary: String {
    let parts = zip(Self.names, values).compactMap { name, value in
      value.map { "\(name): \($0)" }
    }
    return "frame(\(parts.joined(separator: ", ")))"
  }
}

extension View {
  /// A flexible frame: SwiftUI's `frame(minWidth:idealWidth:maxWidth:minHeight:…)`.
  public func frame(
    minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
    minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
    alignment: Alignment = .center
  ) -> AnyView {
    let values = [minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight]
    return AnyView(
      .container(
        FlexibleFrameFactory(
          values: values.map { $0.map(Expression.number) }, alignment: alignment),
        [body]))
  }

  /// A flexible frame whose bounds are computed from layout state in every pass.
  public func frame(
    minWidth: Expression?, idealWidth: Expression? = nil, maxWidth: Expression? = nil,
    minHeight: Expression? = nil, idealHeight: Expression? = nil, maxHeight: Expression? = nil,
    alignment: Alignment = .center
  ) -> AnyView {
    let values = [minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight]
    return AnyView(
      .container(FlexibleFrameFactory(values: values, alignment: alignment), [body]))
  }
}
