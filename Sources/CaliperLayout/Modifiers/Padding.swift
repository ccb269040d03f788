/// Padding: the child gets the proposal less the insets; the view is the child's size plus
/// the insets.
struct PaddingLayout: Layout {
  public var insets: EdgeInsets

  public init(_ insets: EdgeInsets) {
    self.insets = insets
  }

  func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(
      width: proposal.width.map { max(0, $0 - insets.horizontal) },
      height: proposal.height.map { max(0, $0 - insets.vertical) })
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    guard let child = subviews.first else {
      return Size(width: insets.horizontal, height: insets.vertical)
    }
    let size = child.sizeThatFits(childProposal(proposal))
    return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    subviews.first?.place(
      at: Point(x: bounds.minX + insets.leading, y: bounds.minY + insets.top),
      proposal: childProposal(proposal))
  }
}

struct PaddingFactory: LayoutFactory {
  let top: Expression
  let leading: Expression
  let bottom: Expression
  let trailing: Expression

  func makeLayout(in state: LayoutState) throws(LayoutError) -> any Layout {
    func value(_ expression: Expression, _ edge: String) throws(LayoutError) -> Double {
      guard let value = try evaluateLength(expression, in: state, what: "padding \(edge)")
      else { return 0 }
      return value
    }
    return PaddingLayout(
      EdgeInsets(
        top: try value(top, "top"), leading: try value(leading, "leading"),
        bottom: try value(bottom, "bottom"), trailing: try value(trailing, "trailing")))
  }

  var stateKeys: Set<String> {
    top.stateKeys.union(leading.stateKeys).union(bottom.stateKeys).union(trailing.stateKeys)
  }
  var kind: String { "padding" }
  var summary: String {
    let all = [top, leading, bottom, trailing]
    if all.allSatisfy({ $0 == top }) { return "padding(\(top))" }
    return "padding(top: \(top), leading: \(leading), bottom: \(bottom), trailing: \(trailing))"
  }
}

/// A length from an expression: `nil` when it reads missing state; an error when it is not
/// a finite number ≥ 0 (or +∞ where `allowInfinity`).
func evaluateLength(
  _ expression: Expression, in state: LayoutState, what: String, allowInfinity: Bool = false
) throws(LayoutError) -> Double? {
  switch expression.evaluate(in: state) {
  case nil: return nil
  case .bool?: throw LayoutError(path: "", message: "\(what) is a Boolean (\(expression))")
  case .number(let value)?:
    let acceptable = value >= 0 && (value.isFinite || (allowInfinity && value == .infinity))
    guard acceptable else {
      let shown = expression.stateKeys.isEmpty ? "" : " (\(expression))"
      throw LayoutError(
        path: "",
        message: "\(what) is \(formatNumber(value))\(shown): it must be a finite number ≥ 0"
          + (allowInfinity ? " or infinity" : ""))
    }
    return value + 0  // -0 is 0
  }
}

extension View {
  /// Adds `length` points on each edge in `edges`.
  public func padding(_ edges: Edge.Set = .all, _ length: Double = 16) -> AnyView {
    padding(edges, Expression.number(length))
  }

  /// Adds `length` points on every edge.
  public func padding(_ length: Double) -> AnyView {
    padding(.all, length)
  }

  /// Adds the given insets.
  public func padding(_ insets: EdgeInsets) -> AnyView {
    let factory = PaddingFactory(
      top: .number(insets.top), leading: .number(insets.leading),
      bottom: .number(insets.bottom), trailing: .number(insets.trailing))
    return AnyView(.container(factory, [body]))
  }

  /// Adds a length computed from layout state on each edge in `edges`.
  public func padding(_ edges: Edge.Set, _ length: Expression) -> AnyView {
    let zero = Expression.number(0)
    let factory = PaddingFactory(
      top: edges.contains(.top) ? length : zero,
      leading: edges.contains(.leading) ? length : zero,
      bottom: edges.contains(.bottom) ? length : zero,
      trailing: edges.contains(.trailing) ? length : zero)
    return AnyView(.container(factory, [body]))
  }
}
