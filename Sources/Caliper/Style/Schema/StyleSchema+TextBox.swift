/// The fields of the style schema that trim a text's box (`TextBoxTrim`, `TextBoxEdge`),
/// spelled as CSS spells their values.
extension StyleSchema {
  static let textBoxFields: [StyleField] = [
    StyleField(
      "textBoxTrim", option: "--text-box-trim", "<value>", .string, [.style],
      help: "Trim the first line's top and the last line's bottom to\n"
        + "--text-box-edge: none (default), trim-start, trim-end\nor trim-both."
    ) { (value, settings) throws(StyleError) in
      let name = try choice(value, "text-box-trim", TextBoxTrim.allCases.map(\.rawValue))
      settings.style.paragraph.textBoxTrim = TextBoxTrim(rawValue: name) ?? .none
    },
    StyleField(
      "textBoxEdge", option: "--text-box-edge", "<edges>", .string, [.style],
      help: "The edges a trim goes to, of the first font: auto (text),\n"
        + "or over (text, cap, ex) and under (text, alphabetic):\n'cap alphabetic'."
    ) { (value, settings) throws(StyleError) in
      guard case .string(let text) = value, let edge = TextBoxEdge(parsing: text) else {
        let found: String
        if case .string(let text) = value {
          found = "'\(text)'"
        } else {
          found = value.kindDescription
        }
        throw StyleError("text-box-edge must be \(TextBoxEdge.spellings), not \(found)")
      }
      settings.style.paragraph.textBoxEdge = edge
    },
  ]
}
