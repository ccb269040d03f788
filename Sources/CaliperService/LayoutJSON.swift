import Caliper
import CaliperLayout

/// The `--json` output of `caliper layout`: one object per width.
package enum LayoutJSON {
  package typealias Value = JSONWriter.Value

  /// A proposed dimension: a number, "inf" for infinity, null for unspecified.
  package static func optional(_ value: Double?) -> Value {
    guard let value else { return .null }
    return value.isInfinite ? .string(value > 0 ? "inf" : "-inf") : .number(value)
  }

  package static func state(_ value: StateValue?) -> Value {
    switch value {
    case .number(let number)?: return .number(number)
    case .bool(let bool)?: return .bool(bool)
    case nil: return .null
    }
  }

  /// - Parameter ink: whether each text node and line reports its ink box (`inkRect`, in
  ///   the layout's coordinates, as the node's frame).
  package static func encode(
    _ outcome: LayoutOutcome, findings: [AuditFinding]?, all: Bool, ink: Bool = false
  ) -> String {
    let result = outcome.result
    var pairs: [(String, Value)] = [
      (
        "proposal",
        .object([
          ("width", optional(result.proposal.width)), ("height", optional(result.proposal.height)),
        ])
      ),
      (
        "size",
        .object([("width", optional(result.size.width)), ("height", optional(result.size.height))])
      ),
      ("stable", .bool(outcome.isStable)),
      ("passes", .integer(outcome.passes.count)),
      ("nodes", .array(shown(result, all: all).map { node($0.0, depth: $0.1, ink: ink) })),
    ]
    if let loop = outcome.loop {
      pairs.append(
        (
          "loop",
          .object([
            ("keys", .array(loop.keys.map(Value.string))),
            (
              "history",
              .object(loop.keys.map { ($0, .array((loop.history[$0] ?? []).map(state))) })
            ),
            (
              "paths",
              .array(
                loop.paths.map { path in
                  .object([
                    ("observed", .string(path.observedView)),
                    ("value", .string(path.value.description)),
                    ("key", .string(path.key)), ("reader", .string(path.reader)),
                    ("readerView", .string(path.readerView)),
                    ("relation", .string(path.relation.rawValue)),
                    ("description", .string(path.description)),
                  ])
                })
            ),
          ])
        ))
    } else {
      pairs.append(("loop", .null))
    }
    if let findings {
      pairs.append(
        (
          "audit",
          .array(
            findings.map { finding in
              .object([
                ("kind", .string(finding.kind.rawValue)), ("view", .string(finding.view)),
                (
                  "proposal",
                  .object([
                    ("width", optional(finding.proposal.width)),
                    ("height", optional(finding.proposal.height)),
                  ])
                ),
                ("message", .string(finding.message)),
              ])
            })
        ))
    }
    return JSONWriter.encode(.object(pairs))
  }

  package static func node(_ node: PlacedView, depth: Int, ink: Bool = false) -> Value {
    var pairs: [(String, Value)] = [
      ("id", node.id.map(Value.string) ?? .null), ("type", .string(node.kind)),
      ("depth", .integer(depth)),
      ("x", optional(node.frame.minX)), ("y", optional(node.frame.minY)),
      ("width", optional(node.frame.width)), ("height", optional(node.frame.height)),
    ]
    if let block = node.columns, let prepared = node.preparedText {
      pairs += columns(block, in: node.frame, prepared: prepared)
    }
    if let text = node.text {
      // Ink boxes in the node's frame, moved to the layout's coordinates as lines are.
      let inkBounds = ink ? node.preparedText?.inkBounds(of: text) : nil
      func moved(_ rect: Rect?) -> Value {
        MeasurementJSON.inkRect(
          rect.map {
            Rect(
              x: node.frame.minX + $0.minX, y: node.frame.minY + $0.minY, width: $0.width,
              height: $0.height)
          })
      }
      pairs.append(
        (
          "lines",
          .array(
            text.lines.enumerated().map { index, line in
              .object(
                [
                  ("text", .string(line.text)), ("x", .number(node.frame.minX + line.x)),
                  ("y", .number(node.frame.minY + line.y)), ("width", .number(line.width)),
                  ("height", .number(line.height)),
                  ("baseline", .number(node.frame.minY + line.baseline)),
                ] + (inkBounds.map { [("inkRect", moved($0.lines[index]))] } ?? []))
            })
        ))
      pairs.append(("tightWidth", .number(text.tightWidth)))
      if let inkBounds { pairs.append(("inkRect", moved(inkBounds.rect))) }
      if text.truncated { pairs.append(("truncated", .bool(true))) }
      if let prepared = node.preparedText, prepared.spans.contains(where: { $0.decoration != nil })
      {
        // The strokes in the layout's coordinates, as the lines are.
        let origin = Point(x: node.frame.minX, y: node.frame.minY)
        pairs.append(("decorations", MeasurementJSON.decorations(prepared, text, origin: origin)))
      }
      if let prepared = node.preparedText, prepared.spans.contains(where: { $0.placeholder != nil })
      {
        let origin = Point(x: node.frame.minX, y: node.frame.minY)
        pairs.append(
          (
            "placeholders",
            .array(
              prepared.characterGeometry(of: text).placeholders.map {
                MeasurementJSON.placeholder($0, origin: origin)
              })
          ))
      }
    }
    return .object(pairs)
  }

  /// The views to print: named ones (and the root), or all with `all`.
  package static func shown(_ result: LayoutResult, all: Bool) -> [(PlacedView, Int)] {
    var depthOf: [Int: Int] = [:]
    var rows: [(PlacedView, Int)] = []
    for (index, node) in result.nodes.enumerated() {
      let visible = all || node.id != nil || node.parent == nil
      var ancestor = node.parent
      var shownDepth: Int?
      while let current = ancestor, shownDepth == nil {
        shownDepth = depthOf[current]
        ancestor = result.nodes[current].parent
      }
      if visible {
        depthOf[index] = (shownDepth ?? -1) + 1
        rows.append((node, depthOf[index]!))
      }
    }
    return rows
  }
}
