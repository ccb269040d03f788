/// Views: the description of a layout tree, evaluated against state in every pass.
///
/// A view is a value: a leaf (`Text`, `Box`, `Spacer`), a container with its children, a
/// modifier around one view, a condition that picks between two, an identifier or an
/// observation. Views compose as in SwiftUI:
///
/// ```swift
/// let panel = VStack(alignment: .leading, spacing: 8) {
///   try Text("Amber tile", fonts: fonts).padding(10)
///   Box(width: 80, height: 24).id("button")
/// }
/// ```
public protocol View: Sendable {
  /// The view as a node description.
  var body: AnyView { get }
}

/// A type-erased view.
public struct AnyView: View {
  let spec: ViewSpec
  /// How many views deep the tree is, this one included: every container, modifier,
  /// condition, identifier and observation is a level (a JSON location is not). Kept as
  /// the tree is built, so checking `LayoutEngine.maxLayoutDepth` costs nothing.
  let depth: Int

  init(_ spec: ViewSpec) {
    self.spec = spec
    switch spec {
    case .leaf: depth = 1
    case .container(_, let children): depth = 1 + (children.lazy.map(\.depth).max() ?? 0)
    case .conditional(_, let then, let otherwise):
      depth = 1 + max(then.depth, otherwise?.depth ?? 0)
    case .identified(_, let inner), .observed(_, let inner), .trait(_, let inner):
      depth = 1 + inner.depth
    case .located(_, let inner): depth = inner.depth
    }
  }

  public init(_ view: some View) {
    self = view.body
  }

  public var body: AnyView { self }
}

indirect enum ViewSpec: Sendable {
  case leaf(any LeafView)
  case container(any LayoutFactory, [AnyView])
  case conditional(Expression, AnyView, AnyView?)
  case identified(String, AnyView)
  case observed(Observation, AnyView)
  case trait(ViewTrait, AnyView)
  /// Where the view came from (a JSON path), for error messages.
  case located(String, AnyView)
}

/// A view with no children that sizes itself.
protocol LeafView: Sendable {
  /// The size for `proposal`; `axis` is the axis of the enclosing stack, if any.
  func sizeThatFits(_ proposal: ProposedViewSize, axis: Axis?) -> Size
  var spacing: ViewSpacing { get }
  /// The node type as the CLI prints it ("text", "box", "spacer").
  var kind: String { get }
  /// A short description for messages.
  var summary: String { get }
}

/// Makes the layout of a container or modifier for one pass, evaluating its expressions.
protocol LayoutFactory: Sendable {
  func makeLayout(in state: LayoutState) throws(LayoutError) -> any Layout
  /// State keys the layout's parameters read.
  var stateKeys: Set<String> { get }
  /// The node type as the CLI prints it ("vstack", "frame", ...).
  var kind: String { get }
  /// A short description for messages, e.g. `frame(width: state.badgeWidth + 16)`.
  var summary: String { get }
}

/// A layout whose parameters are constants.
struct ConstantLayout<L: Layout>: LayoutFactory {
  let layout: L
  var kindName: String?
  var summaryText: String?

  init(layout: L, kind: String? = nil, summary: String? = nil) {
    self.layout = layout
    self.kindName = kind
    self.summaryText = summary
  }

  func makeLayout(in state: LayoutState) -> any Layout { layout }
  var stateKeys: Set<String> { [] }
  var kind: String { kindName ?? String(describing: L.self) }
  var summary: String { summaryText ?? kind }
}

/// Builds a list of views from a closure of statements, as SwiftUI's `@ViewBuilder` does.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression(_ view: some View) -> [AnyView] { [view.body] }
  public static func buildExpression(_ views: [AnyView]) -> [AnyView] { views }
  public static func buildBlock(_ parts: [AnyView]...) -> [AnyView] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [AnyView]?) -> [AnyView] { part ?? [] }
  public static func buildEither(first: [AnyView]) -> [AnyView] { first }
  public static func buildEither(second: [AnyView]) -> [AnyView] { second }
  public static func buildArray(_ parts: [[AnyView]]) -> [AnyView] { parts.flatMap { $0 } }
}

/// Shows `then` while `condition` holds in the layout state, else `otherwise` (or nothing).
///
/// The `if` is a view of its own, sized and placed as the branch it shows: an id given to it
/// names it, not the branch. When neither branch is shown it is absent, as SwiftUI's
/// `EmptyView`. The condition is evaluated in every pass, so an observation that writes the state it
/// reads can switch the presentation; the engine reports it if that never settles.
public struct If: View {
  let condition: Expression
  let then: AnyView
  let otherwise: AnyView?

  public init(_ condition: Expression, then: some View, else otherwise: (any View)? = nil) {
    self.condition = condition
    self.then = then.body
    self.otherwise = otherwise?.body
  }

  public var body: AnyView { AnyView(.conditional(condition, then, otherwise)) }
}

extension View {
  /// Names the view, so that results report its frame under `id`.
  public func id(_ id: String) -> AnyView {
    AnyView(.identified(id, body))
  }
}
