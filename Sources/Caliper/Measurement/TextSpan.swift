/// A stretch of a paragraph with its own style: size, fonts, weight, slant and baseline
/// offset (styled text, as an attributed string's runs).
///
/// Offsets are Unicode scalars, like every offset Caliper reports. A span's unset fields
/// keep the paragraph's; where spans overlap, the later one wins; a boundary inside a
/// grapheme cluster moves to the cluster's end (a cluster is never split between styles).
///
/// ```swift
/// let text = try fonts.prepare(
///   "Blue tile", style: TextStyle(size: 16), spans: [TextSpan(5..<9, bold: true)])
/// ```
public struct TextSpan: Sendable, Hashable {
  /// Offsets in Unicode scalars.
  public var range: Range<Int>
  /// Font size in points; nil keeps the paragraph's.
  public var size: Double?
  /// Fonts tried first, before the bundled cascade; nil keeps the paragraph's.
  public var fonts: [FontReference]?
  /// Bold: the bundled Noto Sans Bold (or Bold Italic) is tried before the span's fonts.
  public var bold: Bool
  /// Italic: the bundled Noto Sans Italic (or Bold Italic) is tried before the span's fonts.
  public var italic: Bool
  /// Points the span's baseline is raised (negative: lowered). Its line makes room: the
  /// line's ascent is the largest of each face's ascent plus its offset, its descent the
  /// largest descent minus the offset, as Pango's rise does.
  public var baselineOffset: Double

  public init(
    _ range: Range<Int>, size: Double? = nil, fonts: [FontReference]? = nil, bold: Bool = false,
    italic: Bool = false, baselineOffset: Double = 0
  ) {
    self.range = range
    self.size = size
    self.fonts = fonts
    self.bold = bold
    self.italic = italic
    self.baselineOffset = baselineOffset
  }

  /// The paragraph's style with this span's changes.
  func style(over base: TextStyle) -> TextStyle {
    var style = base
    if let size { style.size = size }
    if let fonts { style.fonts = fonts }
    if bold || italic {
      let face =
        bold && italic ? "Noto Sans Bold Italic" : (bold ? "Noto Sans Bold" : "Noto Sans Italic")
      style.fonts.insert(.family(face), at: 0)
    }
    return style
  }
}
