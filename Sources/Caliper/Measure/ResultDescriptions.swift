/// Short human summaries of the results (`print(measurement)`, a debugger, a test
/// failure): the numbers a reader checks first, to 3 decimals, not the stored internals.

extension TextMeasurement: CustomStringConvertible {
  /// "110.32 × 65.376 pt, 3 lines at width 120"; "…, truncated (hides 40..<71)".
  public var description: String {
    let width = proposal.width.map { $0.isFinite ? "width " + formatNumber($0) : "width inf" }
    var text =
      "\(formatNumber(size.width)) × \(formatNumber(size.height)) pt, "
      + "\(lines.count) line\(lines.count == 1 ? "" : "s") at \(width ?? "the ideal width")"
    if let height = proposal.height { text += " and height \(formatNumber(height))" }
    if let hidden = hiddenRange { text += ", truncated (hides \(hidden))" }
    return text
  }
}

extension Line: CustomStringConvertible {
  /// `"Blue tile with a " 0..<17: 110.32 × 21.792 pt at y 0`, with ", emergency break",
  /// ", hyphen" or ", truncated" when the line ends so.
  public var description: String {
    var text =
      "\(quotedSummary(self.text)) \(range): \(formatNumber(width)) × \(formatNumber(height)) pt"
      + " at y \(formatNumber(y))"
    if endsInEmergencyBreak { text += ", emergency break" }
    if endsWithHyphen { text += ", hyphen" }
    if truncation != nil { text += ", truncated" }
    return text
  }
}

extension PreparedText: CustomStringConvertible {
  /// `"Blue tile with a longer local label" (35 scalars, 16 pt): ideal 242.656 × 21.792 pt,
  /// min width 49.168, faces Noto Sans`, and the characters no face has, if any.
  public var description: String {
    var text =
      "\(quotedSummary(string)) (\(string.unicodeScalars.count) scalars, "
      + "\(formatNumber(style.size)) pt): ideal \(formatNumber(idealSize.width)) × "
      + "\(formatNumber(idealSize.height)) pt, min width \(formatNumber(minWidth)), faces "
      + (faces.isEmpty ? "none" : faces.map(\.displayName).joined(separator: ", "))
    if !missing.isEmpty {
      let shown = missing.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true) }
      text += ", missing " + shown.joined(separator: " ") + (missing.count > 5 ? " …" : "")
    }
    return text
  }
}

/// A text in quotes with escapes, cut to 40 characters with "…" after.
package func quotedSummary(_ text: String) -> String {
  let limit = 40
  guard text.count > limit else { return String(reflecting: text) }
  return String(reflecting: String(text.prefix(limit))) + "…"
}

extension Font {
  /// "Noto Sans", "Noto Sans Bold": the family, and the style when it is not Regular; and
  /// what is synthesized, if anything ("Noto Sans Mono (synthesized bold)").
  package var displayName: String {
    (styleName == "Regular" || styleName.isEmpty ? familyName : familyName + " " + styleName)
      + synthesisNote
  }
}
