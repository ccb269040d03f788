/// Reads XLIFF 2.0 and 2.1 with the Size and Length Restriction module (SLR).
///
/// A `unit`'s segments' targets are joined into one string; its limits come from
/// `slr:sizeRestriction` on the unit, else its `group`s, else its `file`, read by the
/// file's `slr:profiles generalProfile`:
///
/// - `caliper` (this profile): the size restriction is a width in pixels (points with
///   `unit="point"`); an `slr:data profile="caliper"` element on the file, a group or the
///   unit gives `font` (`family;size;weight`), `lines`, `height` and `unit`, inherited in
///   the same way.
/// - `xliff:codepoints`: the size restriction is a number of characters (grapheme clusters).
///
/// `slr:storageRestriction` is a number of bytes of the file's `storageProfile`
/// (`xliff:utf8`, `xliff:utf16` or `xliff:utf32`), counted on the translation as stored.
/// Segments in state `initial` are untranslated.
struct XLIFF2Reader {
  let file: String
  let includeUntranslated: Bool

  static let slr = "urn:oasis:names:tc:xliff:sizerestriction:2.0"

  enum Profile { case caliper, codepoints, other }

  func read(_ root: XMLElement) throws(CatalogError) -> [CatalogString] {
    guard let locale = root.attribute("trgLang") ?? root.attribute("srcLang") else {
      throw CatalogError(file: file, line: root.line, "<xliff> has no trgLang")
    }
    var strings: [CatalogString] = []
    for element in root.elements("file") {
      var profile = Profile.other
      if let profiles = element.elements.first(where: {
        $0.name == "profiles" && $0.namespace == Self.slr
      }) {
        switch profiles.attribute("generalProfile") {
        case "caliper": profile = .caliper
        case "xliff:codepoints": profile = .codepoints
        default: profile = .other
        }
      }
      var outer = StringLimit()
      if let profiles = element.elements.first(where: {
        $0.name == "profiles" && $0.namespace == Self.slr
      }), let storage = profiles.attribute("storageProfile"), storage.hasPrefix("xliff:") {
        outer.encoding = StringLimit.Encoding(rawValue: String(storage.dropFirst(6)))
      }
      let limit = try limits(element, outer: outer, profile: profile)
      try element.xliffUnits(named: "unit", limit: limit) {
        (group, outer) throws(CatalogError) in
        try limits(group, outer: outer, profile: profile)
      } _: { (unit, limit) throws(CatalogError) in
        try append(unit, limit: limit, profile: profile, locale: locale, to: &strings)
      }
    }
    return strings
  }

  /// A `unit`'s string, under the `limit` its groups pass down (none when it is
  /// untranslated and untranslated strings are not checked).
  func append(
    _ element: XMLElement, limit: StringLimit, profile: Profile, locale: String,
    to strings: inout [CatalogString]
  ) throws(CatalogError) {
    var text = ""
    var source = ""
    var untranslated = false
    for segment in element.elements
    where segment.name == "segment" || segment.name == "ignorable" {
      let target = segment.element("target").map(XLIFFReader.displayText) ?? ""
      let original = segment.element("source").map(XLIFFReader.displayText) ?? ""
      if segment.name == "segment", segment.attribute("state") == "initial" || target.isEmpty {
        untranslated = untranslated || !original.isEmpty
      }
      text += target
      source += original
    }
    if untranslated {
      guard includeUntranslated else { return }
      text = source
    }
    strings.append(
      CatalogString(
        file: file, line: element.line,
        key: element.attribute("name") ?? element.attribute("id") ?? "",
        locale: locale, text: text, source: source,
        limit: try limits(element, outer: limit, profile: profile)))
  }

  /// An element's `slr:sizeRestriction` and `caliper` profile data, over `outer`'s.
  func limits(_ element: XMLElement, outer: StringLimit, profile: Profile) throws(CatalogError)
    -> StringLimit
  {
    var limit = StringLimit()
    let size = try StringLimit.number(
      element.attribute("sizeRestriction", namespace: Self.slr), "slr:sizeRestriction", file: file,
      line: element.line)
    if let bytes = try StringLimit.number(
      element.attribute("storageRestriction", namespace: Self.slr), "slr:storageRestriction",
      file: file, line: element.line)
    {
      limit.bytes = Int(bytes)
    }
    switch profile {
    case .caliper:
      limit.width = size
      if let data = element.elements.first(where: {
        $0.name == "data" && $0.namespace == Self.slr && $0.attribute("profile") == "caliper"
      }) {
        let line = data.line
        if let unit = data.attribute("unit") {
          guard unit == "pixel" || unit == "point" else {
            throw CatalogError(file: file, line: line, "unit '\(unit)' must be pixel or point")
          }
          limit.unit = StringLimit.SizeUnit(rawValue: unit)
        }
        if let font = data.attribute("font") { try limit.readFont(font, file: file, line: line) }
        limit.height = try StringLimit.number(
          data.attribute("height"), "height", file: file, line: line)
        if let lines = data.attribute("lines") {
          guard let count = Int(lines), count >= 1 else {
            throw CatalogError(
              file: file, line: line, "lines '\(lines)' must be a whole number ≥ 1")
          }
          limit.lines = count
        }
      }
      if limit.width != nil, limit.unit == nil, outer.unit == nil { limit.unit = .pixel }
    case .codepoints:
      limit.width = size
      if size != nil { limit.unit = .char }
    case .other:
      break
    }
    return limit.inheriting(outer)
  }
}
