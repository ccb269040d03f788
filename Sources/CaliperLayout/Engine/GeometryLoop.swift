/// A geometry feedback loop: state that observations keep rewriting because what they
/// write changes what they observe.
public struct GeometryLoop: Sendable, CustomStringConvertible {
  /// The state keys still changing in the last pass, sorted.
  public let keys: [String]
  /// For each changing key, the value its observation wrote after each pass.
  public let history: [String: [StateValue?]]
  /// How each changing key feeds back into what is observed.
  public let paths: [DependencyPath]

  init(passes: [LayoutPass], root: LayoutNode?) {
    guard let last = passes.last else {
      keys = []
      history = [:]
      paths = []
      return
    }
    let changing = Set(last.state.values.keys).union(last.observed.values.keys).filter { key in
      guard let value = last.observed[key] else { return last.state[key] != nil }
      return !value.settles(with: last.state[key])
    }
    keys = changing.sorted()
    history = Dictionary(
      uniqueKeysWithValues: keys.map { key in (key, passes.map { $0.observed[key] }) })
    var paths: [DependencyPath] = []
    let nodes = root?.preorder() ?? []
    for key in keys {
      for observed in nodes {
        for observation in observed.observations where observation.key == key {
          let readers = nodes.flatMap { node in
            node.reads.filter { $0.key == key }.map { (node, $0.reader) }
          }
          for (reader, what) in readers {
            let relation: DependencyPath.Relation
            if reader === observed {
              relation = .observedView
            } else if reader.isAncestor(of: observed) {
              relation = .ancestor
            } else if observed.isAncestor(of: reader) {
              relation = .descendant
            } else {
              relation = .elsewhere
            }
            paths.append(
              DependencyPath(
                observedView: observed.name, value: observation.value, key: key,
                reader: what, readerView: reader.name, relation: relation))
          }
        }
      }
    }
    // Paths that reach the observed view first: those are the loop.
    self.paths = paths.sorted { $0.relation.rank < $1.relation.rank }
  }

  public var description: String {
    var lines: [String] = []
    for key in keys {
      let values = (history[key] ?? []).map { $0?.description ?? "none" }
      lines.append("state.\(key): " + values.joined(separator: " → "))
    }
    lines += paths.map(\.description)
    return lines.joined(separator: "\n")
  }
}

/// Observed view → state → the view whose parameters read that state.
public struct DependencyPath: Sendable, Hashable, CustomStringConvertible {
  public enum Relation: String, Sendable, Hashable {
    /// The reader is the observed view itself.
    case observedView = "the observed view"
    /// The reader contains the observed view.
    case ancestor = "an ancestor of the observed view"
    /// The reader is inside the observed view.
    case descendant = "inside the observed view"
    /// The reader is elsewhere (it changes the observed view only through its siblings).
    case elsewhere = "elsewhere in the tree"

    var rank: Int {
      switch self {
      case .observedView: return 0
      case .ancestor: return 1
      case .descendant: return 2
      case .elsewhere: return 3
      }
    }
  }

  public let observedView: String
  public let value: Expression
  public let key: String
  /// What reads the state: `frame(width: state.badgeWidth + 16)`, `if state.isWide`.
  public let reader: String
  public let readerView: String
  public let relation: Relation

  public var description: String {
    "\(observedView) \(value) → state.\(key) → \(reader) on \(readerView) (\(relation.rawValue))"
  }
}
