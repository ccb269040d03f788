import Caliper
import CaliperService

/// The default output of `caliper measure` for vertical text: per proposed height, the
/// block's size and its columns (x, length, text) in reading order.
enum VerticalTable {
  static func write(_ rows: MeasuredRows, to sink: (String) -> Void) {
    let text = rows.text
    let f = { (value: Double) in formatNumber(value, minimumFractionDigits: 3) }
    let faces = text.faces.map {
      SystemFontOptions.name(of: $0, fontsDirectory: rows.format.fontsDirectory)
    }.joined(separator: ", ")
    var out = "\(MeasurementTable.quoted(text.string))\n"
    out += "  \(f(text.style.size)) pt, \(text.style.writingMode.rawValue); faces: "
    out += faces.isEmpty ? "none" : faces
    out += "\n  " + NumberFormat.padded("height", 10, right: false)
    out += NumberFormat.padded("width", 12) + NumberFormat.padded("height", 12)
    out += NumberFormat.padded("columns", 9) + "\n"
    for proposal in rows.proposals {
      var result =
        rows.format.lines
        ? text.measureColumns(proposal, options: rows.options)
        : text.sizeThatFitsColumns(proposal, options: rows.options)
      if let scale = rows.format.scale { result = result.rounded(toScale: scale) }
      out += "  " + NumberFormat.padded(proposal.height.map(f) ?? "ideal", 10, right: false)
      out += NumberFormat.padded(f(result.size.width), 12)
      out += NumberFormat.padded(f(result.size.height), 12)
      out += NumberFormat.padded(String(result.columnCount), 9)
      if let hidden = result.hiddenRange {
        out += "  truncated, hidden \(hidden.lowerBound)..<\(hidden.upperBound)"
      }
      out += "\n"
      for column in result.columns {
        out += "      x " + NumberFormat.padded(f(column.x), 8)
        out += NumberFormat.padded(f(column.extent), 10) + "  "
        out += MeasurementTable.quoted(column.text) + "\n"
      }
    }
    sink(out)
  }
}
