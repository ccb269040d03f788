import Caliper
import CaliperLayout
import CaliperService

/// The human-readable `caliper layout` output: an indented tree of frames per width.
enum LayoutTable {
  static func number(_ value: Double) -> String { formatNumber(value, minimumFractionDigits: 3) }

  static func proposal(_ proposal: ProposedViewSize) -> String {
    let width = proposal.width.map(number) ?? "unspecified"
    return proposal.height.map { "width \(width), height \(number($0))" } ?? "width \(width)"
  }

  static func render(_ outcome: LayoutOutcome, findings: [AuditFinding]?, all: Bool) -> String {
    let result = outcome.result
    var text = "\(proposal(result.proposal)): \(number(result.size.width)) × "
    text += number(result.size.height)
    let passes = outcome.passes.count
    if let loop = outcome.loop {
      text += ", geometry feedback loop: still changing after \(passes) passes\n"
      for line in loop.description.split(separator: "\n") { text += "  loop: \(line)\n" }
    } else {
      text += ", stable after \(passes) pass\(passes == 1 ? "" : "es")\n"
    }
    for (node, depth) in LayoutJSON.shown(result, all: all) {
      let indent = String(repeating: "  ", count: depth + 1)
      let name = node.id ?? node.summary
      let frame = node.frame
      text += NumberFormat.padded(indent + name, 32, right: false) + " "
      text += NumberFormat.padded(node.kind, 12, right: false)
      text += " x \(NumberFormat.padded(number(frame.minX), 9))"
      text += " y \(NumberFormat.padded(number(frame.minY), 9))"
      text += " w \(NumberFormat.padded(number(frame.width), 9))"
      text += " h \(NumberFormat.padded(number(frame.height), 9))\n"
      if let measurement = node.text {
        for (index, line) in measurement.lines.enumerated() {
          text += "\(indent)  line \(index + 1): y \(number(frame.minY + line.y)) "
          text += "w \(number(line.width)) \"\(line.text)\"\n"
        }
      }
      if let block = node.columns {
        // Vertical text: each column's left edge and length, in reading order.
        for (index, column) in block.columns.enumerated() {
          text += "\(indent)  column \(index + 1): x \(number(frame.minX + column.x)) "
          text += "h \(number(column.extent)) \"\(column.text)\"\n"
        }
      }
    }
    if let findings {
      if findings.isEmpty {
        text += "  audit: no findings\n"
      } else {
        for finding in findings { text += "  audit: \(finding)\n" }
      }
    }
    return text
  }
}
