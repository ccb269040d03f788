/// Alignment-guide expressions: `{"alignmentGuide": {"alignment": "leading", "value":
/// "width - guide.valueEdge"}}` computes a guide from the view's own width, height and
/// guides.
extension Expression {
  /// The guide names an expression may read without the `guide.` prefix.
  static let builtInGuides: Set<String> = [
    "leading", "center", "trailing", "top", "bottom", "firstTextBaseline", "lastTextBaseline",
  ]

  /// The guide a name reads: a built-in one (`center` on `axis`) or a declared custom one.
  static func guideKey(_ name: String, axis: Axis, custom: [String: AlignmentKey])
    -> AlignmentKey?
  {
    switch name {
    case "leading": return HorizontalAlignment.leading.key
    case "trailing": return HorizontalAlignment.trailing.key
    case "center":
      return axis == .horizontal ? HorizontalAlignment.center.key : VerticalAlignment.center.key
    case "top": return VerticalAlignment.top.key
    case "bottom": return VerticalAlignment.bottom.key
    case "firstTextBaseline": return VerticalAlignment.firstTextBaseline.key
    case "lastTextBaseline": return VerticalAlignment.lastTextBaseline.key
    default: return custom[name]
    }
  }

  /// The guide names the expression reads.
  var guideNames: Set<String> {
    switch self {
    case .guide(let name): return [name]
    case .number, .bool, .state, .width, .height: return []
    case .negate(let operand), .not(let operand): return operand.guideNames
    case .binary(_, let lhs, let rhs), .minimum(let lhs, let rhs), .maximum(let lhs, let rhs):
      return lhs.guideNames.union(rhs.guideNames)
    }
  }

  /// The expression with every guide replaced by its value in `dimensions`.
  func resolvingGuides(_ value: (String) -> Double) -> Expression {
    switch self {
    case .guide(let name): return .number(value(name))
    case .number, .bool, .state, .width, .height: return self
    case .negate(let operand): return .negate(operand.resolvingGuides(value))
    case .not(let operand): return .not(operand.resolvingGuides(value))
    case .binary(let op, let lhs, let rhs):
      return .binary(op, lhs.resolvingGuides(value), rhs.resolvingGuides(value))
    case .minimum(let lhs, let rhs):
      return .minimum(lhs.resolvingGuides(value), rhs.resolvingGuides(value))
    case .maximum(let lhs, let rhs):
      return .maximum(lhs.resolvingGuides(value), rhs.resolvingGuides(value))
    }
  }

  /// The numeric value for a view with `dimensions`, reading guides on `axis` (for
  /// `center`) and declared custom guides; nil when it is not a number, or (unless
  /// `keepingNonFinite`) not a finite one.
  func guideValue(
    in dimensions: ViewDimensions, axis: Axis, custom: [String: AlignmentKey],
    keepingNonFinite: Bool = false
  ) -> Double? {
    let resolved = resolvingGuides { name in
      Self.guideKey(name, axis: axis, custom: custom).map { dimensions[$0] } ?? .nan
    }
    guard
      case .number(let value)? = resolved.evaluate(
        in: LayoutState(), geometry: Size(width: dimensions.width, height: dimensions.height)),
      value.isFinite || keepingNonFinite
    else { return nil }
    return value
  }
}
