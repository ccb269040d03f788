/// Reads XLIFF 1.2 and XLIFF 2.x documents into catalog strings.
///
/// XLIFF 1.2: each `trans-unit`'s `target` (its `source` for `--include-untranslated` or
/// `--pseudo`), with `maxwidth`, `maxheight`, `size-unit` and `font` (`family;size;weight`)
/// taken from the unit, else its `group`s, else its `file`; `target-language` is the locale.
/// Units whose target is missing, empty or in state `needs-translation` or `new` are
/// skipped unless untranslated strings are asked for. XLIFF 2.x: each `unit`'s `segment`s
/// joined, limits from the Size and Length Restriction module (`XLIFF2SizeProfile`).
struct XLIFFReader {
  let file: String
  let includeUntranslated: Bool

  /// The XLIFF 1.2 namespace's inline elements that stand for a code with no text.
  static let emptyCodes: Set<String> = ["x", "bx", "ex", "ph", "bpt", "ept", "it", "sc", "ec"]

  func read(_ root: XMLElement) throws(CatalogError) -> [CatalogString] {
    guard root.name == "xliff" else {
      throw CatalogError(file: file, line: root.line, "not XLIFF: the root is <\(root.name)>")
    }
    let version = root.attribute("version") ?? "1.2"
    if version.hasPrefix("2.") {
      return try XLIFF2Reader(file: file, includeUntranslated: includeUntranslated).read(root)
    }
    guard version.hasPrefix("1.") else {
      throw CatalogError(file: file, line: root.line, "unsupported XLIFF version '\(version)'")
    }
    var strings: [CatalogString] = []
    for element in root.elements("file") {
      let locale = element.attribute("target-language") ?? element.attribute("source-language")
      guard let locale else {
        throw CatalogError(file: file, line: element.line, "<file> has no target-language")
      }
      let limit = try limits(element, outer: StringLimit())
      for body in element.elements("body") {
        try body.xliffUnits(named: "trans-unit", limit: limit, limits: limits(_:outer:)) {
          (unit, limit) throws(CatalogError) in
          try append(unit, limit: limit, locale: locale, to: &strings)
        }
      }
    }
    return strings
  }

  /// A `trans-unit`'s string, under the `limit` its groups pass down (none when it is
  /// untranslated and untranslated strings are not checked).
  func append(
    _ element: XMLElement, limit: StringLimit, locale: String,
    to strings: inout [CatalogString]
  ) throws(CatalogError) {
    let key = element.attribute("resname") ?? element.attribute("id") ?? "line \(element.line)"
    let source = element.element("source").map(Self.displayText)
    var text: String?
    if let target = element.element("target") {
      let state = target.attribute("state") ?? ""
      let untranslated = state == "needs-translation" || state == "new"
      let value = Self.displayText(target)
      if !value.isEmpty, !untranslated { text = value }
    }
    if text == nil, includeUntranslated { text = source }
    guard let text else { return }
    strings.append(
      CatalogString(
        file: file, line: element.line, key: key, locale: locale, text: text, source: source,
        limit: try limits(element, outer: limit)))
  }

  /// An element's limits (`maxwidth`, `maxheight`, `size-unit`, `font`) over `outer`'s.
  func limits(_ element: XMLElement, outer: StringLimit) throws(CatalogError) -> StringLimit {
    var limit = StringLimit()
    let line = element.line
    if let unit = element.attribute("size-unit") {
      guard let parsed = StringLimit.SizeUnit(rawValue: unit) else {
        throw CatalogError(
          file: file, line: line,
          "size-unit '\(unit)' is not one Caliper checks (pixel, point or char)")
      }
      limit.unit = parsed
    }
    limit.width = try StringLimit.number(
      element.attribute("maxwidth"), "maxwidth", file: file, line: line)
    limit.height = try StringLimit.number(
      element.attribute("maxheight"), "maxheight", file: file, line: line)
    if let font = element.attribute("font") { try limit.readFont(font, file: file, line: line) }
    return limit.inheriting(outer)
  }

  /// The text a reader sees: inline codes without text (`<x/>`, `<ph>`, `<bpt>`…) become
  /// placeholders named by their `equiv-text`, `disp` or `id`, or keep a `<ph>`'s native
  /// code (`%1$s`) for the placeholder rules; paired elements (`<g>`, `<pc>`, `<mrk>`)
  /// give their content.
  static func displayText(_ element: XMLElement) -> String {
    var text = ""
    for child in element.children {
      switch child {
      case .text(let string): text += string
      case .element(let inner):
        if inner.name == "ph" || inner.name == "it", !inner.text.isEmpty {
          text += inner.attribute("equiv-text") ?? inner.text
        } else if ["bpt", "ept", "bx", "ex", "sc", "ec"].contains(inner.name) {
          continue  // the ends of a formatting pair: no text of their own
        } else if emptyCodes.contains(inner.name) {
          let name =
            inner.attribute("equiv-text") ?? inner.attribute("disp") ?? inner.attribute("equiv")
          text += name ?? "{\(inner.attribute("id") ?? "x")}"
        } else {
          text += displayText(inner)
        }
      }
    }
    return text
  }
}
