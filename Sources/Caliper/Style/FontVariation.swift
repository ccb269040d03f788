internal import CHarfBuzz

/// A position on one axis of a variable font: `wght` (weight), `wdth` (width), `opsz`
/// (optical size), `slnt`, `ital` or a font's own axis.
///
/// Variations apply to every face of the cascade; a face without the axis ignores it.
/// Each (face, variation set) is its own HarfBuzz font (`hb_font_set_variations`), with its
/// own advances and vertical metrics (MVAR), and so its own entries in every cache.
///
/// ```swift
/// let bold = TextStyle(fonts: [.family("Inter")], variations: [try FontVariation(parsing: "wght=700")])
/// ```
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
  /// The tag as HarfBuzz's big-endian `hb_tag_t`.
  let code: UInt32
  /// The axis value in the axis's own units (a weight of 400 or 700, a width of 75–100).
  public let value: Double

  /// An axis by tag, at `value`.
  ///
  /// - Throws: `CaliperError.invalidFontVariation` for a tag that is not 1–4 printable ASCII
  ///   characters or a value that is not finite.
  public init(tag: String, value: Double) throws(CaliperError) {
    guard let code = FontTag.code(tag) else {
      throw .invalidFontVariation(tag, reason: "a tag is 1 to 4 printable ASCII characters")
    }
    guard value.isFinite else {
      throw .invalidFontVariation(tag, reason: "the value \(value) is not a finite number")
    }
    self.code = code
    self.value = value
  }

  /// Parses HarfBuzz's syntax (`hb_variation_from_string`, as `hb-shape --variations` and
  /// CSS `font-variation-settings`): "wght=700", "wdth=75.5", "opsz 12".
  ///
  /// - Throws: `CaliperError.invalidFontVariation` when HarfBuzz does not accept the string,
  ///   or its value is not a whole number (HarfBuzz reads "wght=5e" as 5) or is past the
  ///   range of the 32-bit float HarfBuzz keeps it in ("wght=1e308").
  public init(parsing string: String) throws(CaliperError) {
    var variation = hb_variation_t()
    let accepted = string.withCString { hb_variation_from_string($0, -1, &variation) != 0 }
    guard accepted, !string.isEmpty else {
      throw .invalidFontVariation(
        string, reason: "expected an axis tag and a value, as \"wght=700\"")
    }
    // The value is what follows the tag and "=" (or spaces), read whole.
    let parts = string.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let afterTag =
      parts.count == 2 ? parts[1] : string.split(separator: " ", maxSplits: 1).last ?? ""
    let text = String(afterTag.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    guard let number = Double(text), number.isFinite else {
      throw .invalidFontVariation(string, reason: "'\(text)' is not a number")
    }
    guard abs(number) <= Double(Float.greatestFiniteMagnitude) else {
      throw .invalidFontVariation(
        string, reason: "the value \(text) is past the range of an axis value (±3.4e38)")
    }
    code = variation.tag
    value = Double(variation.value)
  }

  /// The axis tag ("wght").
  public var tag: String { FontTag.string(code) }

  /// HarfBuzz's form: "wght=700".
  public var description: String {
    let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    return "\(tag)=\(number)"
  }

  /// One setting per axis, the last given winning (as `hb_font_set_variations`), sorted by
  /// tag: two lists that set the same axes alike give the same face.
  static func normalized(_ variations: [FontVariation]) -> [FontVariation] {
    var byTag: [UInt32: FontVariation] = [:]
    for variation in variations { byTag[variation.code] = variation }
    return byTag.values.sorted { $0.code < $1.code }
  }
}
