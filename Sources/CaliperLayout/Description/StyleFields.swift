import Caliper

/// The text-style members of the layout JSON beyond size, font and locale: OpenType
/// features, variable-font axes, spacing and tabs.
enum StyleFields {
  static let keys = ["features", "variations", "tabStops", "tabInterval"]

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
    default: break
    }
  }

  /// An array of strings, or one string as an array of one.
  private static func strings(_ member: JSONReader) throws(LayoutError) -> [JSONReader] {
    if case .array = member.value { return try member.array() }
    return [member]
  }
}
