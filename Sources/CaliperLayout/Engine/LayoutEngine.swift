/// Lays out a view tree to a fixed point of its observations, and reports loops.
///
/// Problem: observations write measured geometry into state that frames and conditions
/// read (SwiftUI's `onGeometryChange` feeding an `@State`); if what they write changes what
/// they observe, the layout never settles (120 → 136 → 152 → 168 …). Solution: lay out,
/// evaluate every observation on the placed frames, and repeat while the state changes,
/// at most `maxPasses` times; a layout still changing then is a loop, reported with each
/// key's values pass by pass and the dependency path from the observed view through the
/// state to what reads it. Limitation: a layout that settles only after more than
/// `maxPasses` passes is reported as a loop.
///
/// ```swift
/// let outcome = try LayoutEngine().layout(panel, in: ProposedViewSize(width: 300, height: nil))
/// outcome.isStable       // true
/// outcome.result["title"]?.frame
/// ```
public struct LayoutEngine: Sendable {
  /// The most passes before a layout that keeps changing is reported as a loop.
  public var maxPasses: Int
  /// The deepest view tree laid out: every container, modifier (`padding`, `frame`, …),
  /// condition, identifier and observation is a level. Resolving, sizing and placing
  /// recurse once per level, so a deeper tree is refused with a `LayoutError` naming the
  /// limit rather than overflowing the stack.
  public var maxLayoutDepth: Int

  /// The default `maxLayoutDepth`: 512 levels, far past any real interface. A debug build
  /// lays out about 1,000 levels on an 8 MiB stack (measured: 2,000 `padding` modifiers
  /// overflow it), so 512 leaves room for the caller's own frames.
  public static let defaultMaxLayoutDepth = 512

  public init(maxPasses: Int = 16, maxLayoutDepth: Int = LayoutEngine.defaultMaxLayoutDepth) {
    self.maxPasses = max(1, maxPasses)
    self.maxLayoutDepth = max(1, maxLayoutDepth)
  }

  /// Lays `view` out for `proposal`, starting from `state`.
  ///
  /// - Throws: `LayoutError` for a proposal that is NaN or negative, a view tree deeper
  ///   than `maxLayoutDepth`, or an expression that cannot be evaluated.
  public func layout(
    _ view: some View, in proposal: ProposedViewSize, state: LayoutState = LayoutState()
  ) throws(LayoutError) -> LayoutOutcome {
    try Self.validate(proposal)
    let view = view.body
    guard view.depth <= maxLayoutDepth else {
      throw Self.tooDeep(view.depth, limit: maxLayoutDepth)
    }
    var state = state
    var passes: [LayoutPass] = []
    var previous: [String: LayoutBox] = [:]
    var lastRoot: LayoutNode?
    for _ in 0..<maxPasses {
      let (root, result) = try Self.pass(view, proposal: proposal, state: state, previous: previous)
      lastRoot = root
      var observed = state
      for node in root?.preorder() ?? [] {
        guard let frame = node.frame else { continue }
        for observation in node.observations {
          observed[observation.key] = observation.value.evaluate(in: state, geometry: frame.size)
        }
      }
      passes.append(LayoutPass(state: state, result: result, observed: observed))
      if observed.settles(with: state) {
        return LayoutOutcome(passes: passes, loop: nil)
      }
      previous = Dictionary(
        (root?.preorder() ?? []).compactMap { node in
          if case .layout(let box) = node.content { return (node.position, box) }
          return nil
        }, uniquingKeysWith: { first, _ in first })
      state = observed
    }
    return LayoutOutcome(passes: passes, loop: GeometryLoop(passes: passes, root: lastRoot))
  }

  /// The error for a view tree `depth` levels deep, over `limit`.
  static func tooDeep(_ depth: Int, limit: Int, path: String = "") -> LayoutError {
    LayoutError(
      path: path,
      message:
        "the view tree is \(depth) levels deep, deeper than maxLayoutDepth (\(limit)); "
        + "every container and modifier is a level")
  }

  static func validate(_ proposal: ProposedViewSize) throws(LayoutError) {
    for (name, value) in [("width", proposal.width), ("height", proposal.height)] {
      if let value, value.isNaN || value < 0 {
        throw LayoutError(
          path: "", message: "proposed \(name) \(formatNumber(value)) is not a number ≥ 0")
      }
    }
  }

  /// One pass: resolve the tree in `state`, size the root for `proposal`, place it at the
  /// origin.
  static func pass(
    _ view: AnyView, proposal: ProposedViewSize, state: LayoutState,
    previous: [String: LayoutBox]
  ) throws(LayoutError) -> (LayoutNode?, LayoutResult) {
    guard let root = try TreeResolver(state: state, previous: previous).resolve(view) else {
      return (nil, LayoutResult(proposal: proposal, size: .zero, root: nil))
    }
    let context = LayoutContext()
    for node in root.preorder() {
      if case .layout(let box) = node.content, let old = previous[node.position] {
        box.adoptCache(from: old, subviews: context.subviews(of: node))
      }
    }
    let size = context.size(of: root, for: proposal)
    context.place(root, frame: Rect(origin: .zero, size: size), proposal: proposal)
    try checkGeometry(root, proposal: proposal)
    return (root, LayoutResult(proposal: proposal, size: size, root: root))
  }

  /// The largest coordinate or length a layout may compute, in points (10^12): past it a
  /// Double keeps no thousandth of a point, and sums and differences come out silently
  /// wrong (an alignment guide of 1e17 made a stack 144 wide around 140.208-wide children).
  public static let maxCoordinate = 1e12

  /// Refuses a pass whose frames are not numbers (two `padding: 1e308` summed to infinity,
  /// then NaN positions) or past `maxCoordinate`, naming the first such view. Infinity is
  /// taken only on an axis the layout was proposed infinity on (a view taking an infinite
  /// proposal is infinite there).
  static func checkGeometry(_ root: LayoutNode, proposal: ProposedViewSize) throws(LayoutError) {
    let infiniteWidth = proposal.width == .infinity
    let infiniteHeight = proposal.height == .infinity
    for node in root.preorder() {
      guard let frame = node.frame else { continue }
      let values = [
        ("x", frame.minX, infiniteWidth), ("y", frame.minY, infiniteHeight),
        ("width", frame.width, infiniteWidth), ("height", frame.height, infiniteHeight),
      ]
      for (name, value, infinityAllowed) in values
      where !(abs(value) <= maxCoordinate || (infinityAllowed && value.isInfinite)) {
        throw LayoutError(
          path: "",
          message:
            "\(node.name) (\(node.kind) at \(node.position)) would have \(name) "
            + "\(formatNumber(value)): every position and size must be a number of points "
            + "from -\(formatNumber(maxCoordinate)) to \(formatNumber(maxCoordinate))")
      }
    }
  }
}

/// What a layout came to: every pass, and the loop if it never settled.
public struct LayoutOutcome: Sendable {
  /// The passes, first to last.
  public let passes: [LayoutPass]
  /// The loop, if the state was still changing after the last pass.
  public let loop: GeometryLoop?

  /// Whether the observations settled.
  public var isStable: Bool { loop == nil }
  /// The last pass's frames.
  public var result: LayoutResult { passes[passes.count - 1].result }
}

/// One pass: the state it ran with, its frames, and the state its observations wrote.
public struct LayoutPass: Sendable {
  public let state: LayoutState
  public let result: LayoutResult
  public let observed: LayoutState
}
