/// A span's `"decoration"`: `{"lines": "underline" or ["underline", "overline",
/// "line-through"], "style": "single" (or "solid") | "double" | "dotted" | "dashed" |
/// "wavy", "color": "#rrggbb", "thickness": 2}` (`TextDecoration`; `lines` required).
extension SpanReader {
  package static func decoration(_ reader: JSONReader) throws(LayoutError) -> TextDecoration {
    let members = try reader.object(allowing: ["lines", "style", "color", "thickness"])
    let linesReader = try reader.required("lines")
    var names: [String] = []
    if case .array = linesReader.value {
      for item in try linesReader.array() { names.append(try item.string()) }
    } else {
      names = [try linesReader.string()]
    }
    let known: [String: TextDecoration.Lines] = [
      "underline": .underline, "overline": .overline, "line-through": .lineThrough,
    ]
    var lines: TextDecoration.Lines = []
    for name in names {
      guard let line = known[name] else {
        throw linesReader.error(
          "decoration line \"\(name)\" must be underline, overline or line-through")
      }
      lines.insert(line)
    }
    var decoration = TextDecoration(lines: lines)
    for (key, member) in members {
      switch key {
      case "style":
        let name = try member.string()
        guard let style = TextDecoration.Style(rawValue: name == "solid" ? "single" : name) else {
          throw member.error(
            "decoration style \"\(name)\" must be single, double, dotted, dashed or wavy")
        }
        decoration.style = style
      case "color":
        let text = try member.string()
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
          throw member.error("decoration color \"\(text)\" must be #rrggbb")
        }
        decoration.color = value
      case "thickness":
        let value = try member.length()
        guard value > 0, value <= 1000 else {
          throw member.error("decoration thickness must be a number of points > 0 and ≤ 1000")
        }
        decoration.thickness = value
      default: break
      }
    }
    return decoration
  }
}
