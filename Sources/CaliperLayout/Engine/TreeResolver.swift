/// Resolves a view description into the node tree of one pass: evaluates every expression
/// in the pass's state, picks the branch of every condition, and records which nodes read
/// which state (for the dependency paths of loop reports).
struct TreeResolver {
  let state: LayoutState
  /// The layouts of the previous pass by structural position, whose caches carry over.
  let previous: [String: LayoutBox]

  /// Modifiers: one-child containers through which the child's traits hold (SwiftUI
  /// modifiers keep the modified view's layout priority and grid settings).
  static let modifierKinds: Set<String> = [
    "padding", "frame", "fixedSize", "background", "overlay", "if",
  ]

  func resolve(_ view: AnyView) throws(LayoutError) -> LayoutNode? {
    var pending: [(key: String, reader: String)] = []
    let root = try resolve(view, position: "0", path: "", reads: &pending)
    // An `if` is transparent to its stack: a spacer inside still expands along the stack.
    for node in root?.preorder() ?? [] where node.kind == "if" {
      for child in node.children { child.stackAxis = node.stackAxis }
    }
    return root
  }

  private func resolve(
    _ view: AnyView, position: String, path: String,
    reads pending: inout [(key: String, reader: String)]
  ) throws(LayoutError) -> LayoutNode? {
    switch view.spec {
    case .leaf(let leaf):
      let node = LayoutNode(content: .leaf(leaf), position: position)
      if leaf is Text {
        node.guideKeys = [
          VerticalAlignment.firstTextBaseline.key, VerticalAlignment.lastTextBaseline.key,
        ]
      }
      return node
    case .located(let location, let inner):
      return try resolve(inner, position: position, path: location, reads: &pending)
    case .identified(let id, let inner):
      let node = try resolve(inner, position: position, path: path, reads: &pending)
      node?.id = id
      return node
    case .observed(let observation, let inner):
      let node = try resolve(inner, position: position, path: path, reads: &pending)
      node?.observations.append(observation)
      return node
    case .trait(let trait, let inner):
      let node = try resolve(inner, position: position, path: path, reads: &pending)
      if let node {
        trait.apply(to: &node.traits)
        if case .alignmentGuide(let guide) = trait { node.guideKeys.insert(guide.key) }
      }
      return node
    case .conditional(let condition, let then, let otherwise):
      let holds = condition.evaluate(in: state)?.isTrue ?? false
      let reads = condition.stateKeys.sorted().map { (key: $0, reader: "if \(condition)") }
      guard let branch = holds ? then : otherwise else {
        pending += reads  // nothing shown: the parent is what the condition changes
        return nil
      }
      // The `if` is a node of its own (its id and frame are its own), holding the branch.
      let factory = ConstantLayout(layout: IfLayout(), kind: "if", summary: "if \(condition)")
      let node = try container(
        factory, [branch], position: position, childPositions: [holds ? "t" : "f"], path: path)
      node.reads += reads
      return node
    case .container(let factory, let children):
      return try container(
        factory, children, position: position,
        childPositions: children.indices.map { "." + String($0) }, path: path)
    }
  }

  private func container(
    _ factory: any LayoutFactory, _ children: [AnyView], position: String,
    childPositions: [String], path: String
  ) throws(LayoutError) -> LayoutNode {
    let layout: any Layout
    do {
      layout = try factory.makeLayout(in: state)
    } catch {
      throw LayoutError(path: path.isEmpty ? factory.summary : path, message: error.message)
    }
    let box = makeBox(layout, kind: factory.kind, summary: factory.summary)
    let node = LayoutNode(content: .layout(box), position: position)
    node.reads = factory.stateKeys.sorted().map { (key: $0, reader: factory.summary) }
    var childReads: [(key: String, reader: String)] = []
    for (index, child) in children.enumerated() {
      guard
        let childNode = try resolve(
          child, position: position + childPositions[index], path: path, reads: &childReads)
      else { continue }
      childNode.parent = node
      childNode.stackAxis = box.stackAxis
      if box.placesGrandchildren, childNode.kind == "gridRow" {
        childNode.childrenPlacedByParent = true
      }
      node.guideKeys.formUnion(childNode.guideKeys)
      node.children.append(childNode)
    }
    node.reads += childReads
    if Self.modifierKinds.contains(factory.kind), let first = node.children.first {
      node.traits = node.traits.inheriting(first.traits)
    }
    return node
  }
}
