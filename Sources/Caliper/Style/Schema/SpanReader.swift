/// Reads styled spans from JSON, for text nodes' `"spans"`, `caliper serve`'s and
/// `caliper measure --spans`. The members a span shares with a style (`size`, `font`,
/// `features`, `variations`, `letterSpacing`) are read by `StyleSchema`.
///
/// A span is `{"start": 5, "end": 9, "size": 20, "font": "Noto Sans Mono" (or a list),
/// "bold": true, "italic": false, "weight": 700, "width": 75, "slant": "italic",
/// "features": ["tnum"], "variations": "wght=700", "letterSpacing": 1.5,
/// "baselineOffset": 2}`: `start` and `end` are Unicode scalar offsets (required), the rest
/// optional (`TextSpan`); `features` and `variations` are a string or a list in HarfBuzz's
/// syntax, as on text nodes. `"placeholder": {"width": 24, "height": 16, "alignment":
/// "baseline", "baseline": 12, "label": "avatar"}` makes the span's characters an inline
/// box (`Placeholder`; `width` and `height` required).
package enum SpanReader {
  static let fields =
    [
      "start", "end", "bold", "italic", "weight", "width", "slant", "baselineOffset",
      "placeholder", "decoration",
    ]
    + StyleSchema.keys(.span)

  /// The spans of a JSON document holding an array of span objects.
  package static func spans(json text: String) throws(LayoutError) -> [TextSpan] {
    try spans(JSONReader(value: JSONValue(parsing: text), path: "$"))
  }

  package static func spans(_ reader: JSONReader) throws(LayoutError) -> [TextSpan] {
    var spans: [TextSpan] = []
    for item in try reader.array() {
      let members = try item.object(allowing: fields)
      let start = try offset(item.required("start"))
      let end = try offset(item.required("end"))
      guard start <= end else {
        throw item.error("span start \(start) is after its end \(end)")
      }
      var span = TextSpan(start..<end)
      for (key, member) in members {
        switch key {
        case let key where StyleSchema.field(key: key)?.group.contains(.span) == true:
          // Read as a text node's own style members are, through the one schema.
          var settings = StyleSettings()
          try member.read(key, into: &settings)
          switch StyleSchema.field(key: key)?.key {
          case "size": span.size = settings.style.size
          case "font": span.fonts = settings.style.fonts
          case "features": span.features = settings.style.features
          case "variations": span.variations = settings.style.variations
          case "fontSynthesis": span.fontSynthesis = settings.style.fontSynthesis
          case "textCombineUpright": span.textCombineUpright = settings.style.textCombineUpright
          default: span.letterSpacing = settings.style.letterSpacing
          }
        case "weight":
          let weight = try member.length()
          let weights = FontDescriptor.weights
          guard weight.rounded() == weight, weight >= Double(weights.lowerBound),
            weight <= Double(weights.upperBound)
          else {
            throw member.error(
              "font weight \(formatNumber(weight)) must be a whole number in "
                + "\(weights.lowerBound)...\(weights.upperBound)")
          }
          span.weight = Int(weight)
        case "width":
          let width = try member.length()
          let widths = FontDescriptor.widths
          guard widths.contains(width) else {
            throw member.error(
              "font width \(formatNumber(width)) must be a percentage in "
                + "\(Int(widths.lowerBound))...\(Int(widths.upperBound))")
          }
          span.width = width
        case "slant":
          let name = try member.string()
          guard let slant = FontDescriptor.Slant(rawValue: name) else {
            throw member.error("slant \"\(name)\" must be roman, italic or oblique")
          }
          span.slant = slant
        case "bold": span.bold = try member.bool()
        case "italic": span.italic = try member.bool()
        case "baselineOffset":
          span.baselineOffset = try signedPoints(member, "baselineOffset", limit: 10000)
        case "placeholder": span.placeholder = try placeholder(member)
        case "decoration": span.decoration = try decoration(member)
        default: break
        }
      }
      spans.append(span)
    }
    return spans
  }

  /// A number of points from -`limit` to `limit` (`what` names it in the error), -0 as 0.
  static func signedPoints(_ member: JSONReader, _ what: String, limit: Double)
    throws(LayoutError) -> Double
  {
    guard case .number(let value) = member.value, abs(value) <= limit else {
      throw member.error(
        "\(what) must be a number of points from -\(Int(limit)) to \(Int(limit)), found "
          + member.value.kindDescription)
    }
    return value + 0
  }

  /// An inline box: `{"width", "height", "alignment", "baseline", "label"}`.
  package static func placeholder(_ reader: JSONReader) throws(LayoutError) -> Placeholder {
    let members = try reader.object(allowing: ["width", "height", "alignment", "baseline", "label"])
    func size(_ key: String) throws(LayoutError) -> Double {
      let member = try reader.required(key)
      let value = try member.length()
      let limit = Placeholder.longestSide
      guard value <= limit else {
        throw member.error("placeholder \(key) must be a number of points from 0 to \(Int(limit))")
      }
      return value
    }
    var box = Placeholder(width: try size("width"), height: try size("height"))
    for (key, member) in members {
      switch key {
      case "alignment":
        let name = try member.string()
        guard let alignment = Placeholder.Alignment(rawValue: name) else {
          let names = Placeholder.Alignment.allCases.map(\.rawValue).joined(separator: ", ")
          throw member.error("placeholder alignment \"\(name)\" must be one of \(names)")
        }
        box.alignment = alignment
      case "baseline":
        box.baseline = try signedPoints(member, "placeholder baseline", limit: 1e6)
      case "label": box.label = try member.string()
      default: break
      }
    }
    return box
  }

  /// A scalar offset: a whole number ≥ 0.
  package static func offset(_ reader: JSONReader) throws(LayoutError) -> Int {
    let value = try reader.length()
    guard value.rounded() == value, value <= 1e9 else {
      throw reader.error("offset \(formatNumber(value)) must be a whole number of scalars")
    }
    return Int(value)
  }
}
