/// Lines drawn with a span's text: underline, overline and line-through (CSS
/// `text-decoration`), in a style, a colour and a thickness.
///
/// Problem: a renderer that draws decorations where it guesses (a fixed offset, one pixel
/// thick) puts them in the wrong place for every font, and a layout that does not know about
/// them cannot say where they are. Solution: a span's `decoration` asks for the lines; their
/// position and thickness come from the face that draws each piece of text (`FontMetrics`:
/// the `post` table's underline, `OS/2`'s strikeout; an overline at the face's ascent, as
/// Chromium draws it), unless the span gives a thickness; `PreparedText.decorations(of:)`
/// places them, and `caliper render` draws them, breaking underlines and overlines where
/// glyphs cross them (CSS `text-decoration-skip-ink: auto`).
///
/// ```swift
/// let span = TextSpan(0..<4, decoration: TextDecoration(lines: .underline, style: .wavy))
/// ```
public struct TextDecoration: Sendable, Hashable {
  /// Which lines.
  public struct Lines: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let underline = Lines(rawValue: 1)
    public static let overline = Lines(rawValue: 2)
    public static let lineThrough = Lines(rawValue: 4)
  }

  /// How a line is drawn (CSS `text-decoration-style`; `single` is CSS's `solid`).
  public enum Style: String, Sendable, Hashable, CaseIterable {
    case single, double, dotted, dashed, wavy
  }

  public var lines: Lines
  public var style: Style
  /// The colour as 0xRRGGBB; nil: the text's.
  public var color: UInt32?
  /// The thickness in points; nil: the face's (`FontMetrics.underlineThickness` for the
  /// underline and overline, `strikeoutThickness` for the line-through).
  public var thickness: Double?

  public init(
    lines: Lines, style: Style = .single, color: UInt32? = nil, thickness: Double? = nil
  ) {
    self.lines = lines
    self.style = style
    self.color = color
    self.thickness = thickness
  }
}
