import CaliperLayout
import CaliperService

/// The `--json` output of `caliper layout`: one object per width.
enum LayoutJSON {
  typealias Value = JSONWriter.Value

  /// A proposed dimension: a number, "inf" for infinity, null for unspecified.
  static func optional(_ value: Double?) -> Value {
    guard let value else { return .null }
    return value.isInfinite ? .string(value > 0 ? "inf" : "-inf") : .number(value)
  }

  static func state(_ value: StateValue?) -> Value {
    switch value {
    case .number(let number)?: return .number(number)
    case .bool(let bool)?: return .bool(bool)
    case nil: return .null
    }
  }

  static func encode(_ outcome: LayoutOutcome, findings: [AuditFinding]?, all: Bool) -> String {
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
      ("nodes", .array(LayoutTable.shown(result, all: all).map { node($0.0, depth: $0.1) })),
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

  static func node(_ node: PlacedView, depth: Int) -> Value {
    var pairs: [(String, Value)] = [
      ("id", node.id.map(Value.string) ?? .null), ("type", .string(node.kind)),
      ("depth", .integer(depth)),
      ("x", optional(node.frame.minX)), ("y", optional(node.frame.minY)),
      ("width", optional(node.frame.width)), ("height", optional(node.frame.height)),
    ]
    if let text = node.text {
      pairs.append(
        (
          "lines",
          .array(
            text.lines.map { line in
              .object([
                ("text", .string(line.text)), ("x", .number(node.frame.minX + line.x)),
                ("y", .number(node.frame.minY + line.y)), ("width", .number(line.width)),
                ("height", .number(line.height)),
                ("baseline", .number(node.frame.minY + line.baseline)),
              ])
            })
        ))
      if text.truncated { pairs.append(("truncated", .bool(true))) }
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
}
