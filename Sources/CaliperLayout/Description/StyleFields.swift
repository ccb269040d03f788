import Caliper

/// The text-style members of the layout JSON beyond size, font and locale: OpenType
/// features, variable-font axes, spacing, tabs and system-font fallback.
enum StyleFields {
  static let keys = [
    "features", "variations", "tabStops", "tabInterval", "letterSpacing", "wordSpacing",
    "lineSpacing", "lineHeightMultiple", "lineHeight", "paragraphSpacing", "firstLineHeadIndent",
    "headIndent", "systemFallback",
  ]

  /// Reads one member into `style`; keys outside `keys` are ignored.
  static func read(_ key: String, _ member: JSONReader, into style: inout TextStyle)
    throws(LayoutError)
  {
    switch key {
    case "features":
      style.features = []
      for item in try strings(member) {
        let text = try item.string()
        do throws(CaliperError) {
          style.features.append(try FontFeature(parsing: text))
        } catch {
          throw item.error(error.description)
        }
      }
    case "variations":
      style.variations = []
      for item in try strings(member) {
        let text = try item.string()
        do throws(CaliperError) {
          style.variations.append(try FontVariation(parsing: text))
        } catch {
          throw item.error(error.description)
        }
      }
    case "tabStops":
      style.paragraph.tabStops.stops = try member.array().map { r throws(LayoutError) in
        try r.length()
      }
    case "tabInterval": style.paragraph.tabStops.defaultInterval = try member.length()
    case "letterSpacing": style.letterSpacing = try number(member)
    case "wordSpacing": style.wordSpacing = try number(member)
    case "lineSpacing": style.paragraph.lineSpacing = try member.length()
    case "lineHeightMultiple": style.paragraph.lineHeightMultiple = try member.length()
    case "lineHeight": style.paragraph.lineHeight = try member.length()
    case "paragraphSpacing": style.paragraph.paragraphSpacing = try member.length()
    case "firstLineHeadIndent": style.paragraph.firstLineHeadIndent = try member.length()
    case "headIndent": style.paragraph.headIndent = try member.length()
    case "systemFallback": style.systemFallback = try member.bool()
    default: break
    }
  }

  /// A number of points that may be negative.
  private static func number(_ member: JSONReader) throws(LayoutError) -> Double {
    guard case .number(let value) = member.value else {
      throw member.error("expected a number, found \(member.value.kindDescription)")
    }
    return value + 0
  }

  /// An array of strings, or one string as an array of one.
  private static func strings(_ member: JSONReader) throws(LayoutError) -> [JSONReader] {
    if case .array = member.value { return try member.array() }
    return [member]
  }
}
