/// The field of the style schema that says which missing styles are synthesized
/// (`FontSynthesis`), spelled as CSS `font-synthesis` spells its values.
extension StyleSchema {
  static let synthesisFields: [StyleField] = [
    StyleField(
      "fontSynthesis", option: "--font-synthesis", "<styles>", .string, [.style, .span],
      help: "Styles drawn synthesized when a family lacks the face:\n"
        + "'weight style' (default), weight, style or none."
    ) { (value, settings) throws(StyleError) in
      guard case .string(let text) = value, let synthesis = FontSynthesis(css: text) else {
        throw StyleError("font-synthesis must be \(FontSynthesis.spellings), not \(given(value))")
      }
      settings.style.fontSynthesis = synthesis
    }
  ]
}
