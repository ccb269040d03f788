import Caliper
import CaliperService

/// The default output of `caliper measure`: an aligned table a person can read.
enum MeasurementTable {
  /// The table written to `sink` as it is made: the heading, then each row (asked for
  /// one at a time) and its lines, as they are made, in blocks of about 64 KiB.
  static func write(_ rows: MeasuredRows, to sink: (String) -> Void) {
    let text = rows.text
    let format = rows.format
    let f = { (value: Double) in formatNumber(value, minimumFractionDigits: 3) }
    let faces = text.faces.map {
      SystemFontOptions.name(of: $0, fontsDirectory: format.fontsDirectory)
    }.joined(separator: ", ")
    var out = "\(quoted(text.string))\n"
    out += "  \(f(text.style.size)) pt; faces: \(faces.isEmpty ? "none" : faces)"
    out += "; ideal width \(f(text.idealWidth)); min width \(f(text.minWidth))"
    if !text.missing.isEmpty {
      out += "; missing: " + text.missing.map(MeasurementJSON.codePoint).joined(separator: " ")
    }
    out += "\n"
    out += "  " + NumberFormat.padded("proposal", 10, right: false)
    out += NumberFormat.padded("width", 12) + NumberFormat.padded("height", 12)
    out += NumberFormat.padded("lines", 7) + "\n"
    for index in 0..<rows.count {
      let row = rows.row(index)
      let result = row.measurement
      let proposal = result.proposal.width.map(f) ?? "ideal"
      out += "  " + NumberFormat.padded(proposal, 10, right: false)
      out += NumberFormat.padded(f(result.size.width), 12)
      out += NumberFormat.padded(f(result.size.height), 12)
      out += NumberFormat.padded(String(result.lineCount), 7)
      if let hidden = result.hiddenRange {
        out += "  truncated, hidden \(hidden.lowerBound)..<\(hidden.upperBound)"
      }
      out += "\n"
      guard format.lines else { continue }
      row.lines { line in
        out += "      " + NumberFormat.padded(f(line.width), 10) + "  " + quoted(line.text) + "\n"
        if out.utf8.count >= MeasurementJSON.linesPerPiece {
          sink(out)
          out = ""
        }
      }
    }
    sink(out)
  }

  /// The text in quotes, with line separators and controls made visible.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\"": out += "\\\""
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
