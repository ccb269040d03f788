/// The fields of the style schema that choose the line-breaking rules: `breakRules` and
/// CSS Text's properties, spelled as CSS spells their values.
extension StyleSchema {
  static let breakFields: [StyleField] = [
    StyleField(
      "breakRules", option: "--break-rules", "<rules>", .string, [.style],
      help: "unicode (default: UAX #14, emergency breaks, unrounded\n"
        + "line heights) or css (as Chromium lays out a div)."
    ) { (value, settings) throws(StyleError) in
      let name = try choice(value, "break rules", BreakRules.allCases.map(\.rawValue))
      settings.style.breakRules = BreakRules(rawValue: name) ?? .unicode
    },
    cssField(
      "whiteSpace", option: "--white-space", "white-space",
      help: "With css: normal (default), nowrap, pre, pre-wrap,\npre-line or break-spaces.",
      \.whiteSpace),
    cssField(
      "wordBreak", option: "--word-break", "word-break",
      help: "With css: normal (default), break-all or keep-all.", \.wordBreak),
    cssField(
      "overflowWrap", option: "--overflow-wrap", "overflow-wrap",
      help: "With css: normal (default: long words overflow),\nbreak-word or anywhere.",
      \.overflowWrap),
    cssField(
      "lineBreak", option: "--line-break", "line-break",
      help: "With css: auto (default), loose, normal, strict or\nanywhere.", \.lineBreak),
    cssField(
      "textWrapStyle", option: "--text-wrap-style", "text-wrap-style",
      help: "auto (default: greedy lines), balance (even lines, at\n"
        + "most 6), pretty (no short last line) or stable (as auto).",
      \.wrapStyle),
  ]

  /// A CSS property whose values are its enum's raw values.
  static func cssField<Value: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, option: String, _ what: String, help: String,
    _ path: WritableKeyPath<TextStyle, Value> & Sendable
  ) -> StyleField where Value.RawValue == String {
    StyleField(key, option: option, "<value>", .string, [.style], help: help) {
      (value, settings) throws(StyleError) in
      let name = try choice(value, what, Value.allCases.map(\.rawValue))
      if let parsed = Value(rawValue: name) { settings.style[keyPath: path] = parsed }
    }
  }
}
