/// The fields of the style schema that trim a text's box (`TextBoxTrim`, `TextBoxEdge`),
/// spelled as CSS spells their values.
extension StyleSchema {
  static let textBoxFields: [StyleField] = [
    cssField(
      "textBoxTrim", option: "--text-box-trim", "text-box-trim",
      help: "Trim the first line's top and the last line's bottom to\n"
        + "--text-box-edge: none (default), trim-start, trim-end\nor trim-both.",
      \.paragraph.textBoxTrim),
    StyleField(
      "textBoxEdge", option: "--text-box-edge", "<edges>", .string, [.style],
      help: "The edges a trim goes to, of the first font: auto (text),\n"
        + "or over (text, cap, ex) and under (text, alphabetic):\n'cap alphabetic'."
    ) { (value, settings) throws(StyleError) in
      guard case .string(let text) = value, let edge = TextBoxEdge(parsing: text) else {
        throw StyleError("text-box-edge must be \(TextBoxEdge.spellings), not \(given(value))")
      }
      settings.style.paragraph.textBoxEdge = edge
    },
  ]
}
