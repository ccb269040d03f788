/// Resolves a view description into the node tree of one pass: evaluates every expression
/// in the pass's state, picks the branch of every condition, and records which nodes read
/// which state (for the dependency paths of loop reports).
struct TreeResolver {
  let state: LayoutState
  /// The layouts of the previous pass by structural position, whose caches carry over.
  let previous: [String: LayoutBox]

  func resolve(_ view: AnyView) throws(LayoutError) -> LayoutNode? {
    var pending: [(key: String, reader: String)] = []
    return try resolve(view, position: "0", path: "", reads: &pending)
  }

  private func resolve(
    _ view: AnyView, position: String, path: String,
    reads pending: inout [(key: String, reader: String)]
  ) throws(LayoutError) -> LayoutNode? {
    switch view.spec {
    case .leaf(let leaf):
      return LayoutNode(content: .leaf(leaf), position: position)
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
    case .conditional(let condition, let then, let otherwise):
      let holds = condition.evaluate(in: state)?.isTrue ?? false
      let reads = condition.stateKeys.sorted().map { (key: $0, reader: "if \(condition)") }
      guard let branch = holds ? then : otherwise else {
        pending += reads  // nothing shown: the parent is what the condition changes
        return nil
      }
      let node = try resolve(
        branch, position: position + (holds ? "t" : "f"), path: path, reads: &pending)
      node?.reads += reads
      return node
    case .container(let factory, let children):
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
            child, position: position + "." + String(index), path: path, reads: &childReads)
        else { continue }
        childNode.parent = node
        childNode.stackAxis = box.stackAxis
        node.children.append(childNode)
      }
      node.reads += childReads
      return node
    }
  }
}
