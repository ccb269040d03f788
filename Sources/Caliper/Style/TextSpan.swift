/// A stretch of a paragraph with its own style: size, fonts, weight, width, slant, OpenType
/// features, variable-font axes, letter spacing and baseline offset (styled text, as an
/// attributed string's runs).
///
/// Offsets are Unicode scalars, like every offset Caliper reports. A span's unset fields
/// keep the paragraph's; its features and variations come after the paragraph's (a later
/// setting of the same tag wins, as in HarfBuzz); where spans overlap, the later one wins;
/// a boundary inside a grapheme cluster moves to the cluster's end (a cluster is never
/// split between styles).
///
/// ```swift
/// let text = try fonts.prepare(
///   "Blue tile 1234", style: TextStyle(size: 16),
///   spans: [TextSpan(5..<9, weight: 700), TextSpan(10..<14, features: [try FontFeature(parsing: "tnum")])])
/// ```
public struct TextSpan: Sendable, Hashable {
  /// Offsets in Unicode scalars.
  public var range: Range<Int>
  /// Font size in points; nil keeps the paragraph's.
  public var size: Double?
  /// Fonts tried first, before the bundled cascade; nil keeps the paragraph's.
  public var fonts: [FontReference]?
  /// Bold: `weight` 700 when `weight` is nil.
  public var bold: Bool
  /// Italic: `slant` `.italic` when `slant` is nil.
  public var italic: Bool
  /// CSS / OpenType weight, 1–1000 (700 bold); nil keeps the paragraph's fonts as they are.
  /// A weight, width or slant turns each of the span's font families into a
  /// `FontDescriptor` with them (a variable face such as Inter is set on its `wght` and
  /// `wdth` axes; Noto Sans takes its Bold and Italic faces), followed by the bundled Noto
  /// Sans with them; files and named faces ("Noto Sans Bold") stay as they are, and a
  /// variable one among them is set on its `wght` and `wdth` axes as well.
  public var weight: Int?
  /// Width in percent of normal, 50–200; nil: normal.
  public var width: Double?
  /// Slant; nil: roman (or italic with `italic`).
  public var slant: FontDescriptor.Slant?
  /// OpenType features added after the paragraph's ("tnum", "liga=0").
  public var features: [FontFeature]
  /// Variable-font axis positions added after the paragraph's ("wght=700").
  public var variations: [FontVariation]
  /// Points added between the span's grapheme clusters (`TextStyle.letterSpacing`); nil
  /// keeps the paragraph's.
  public var letterSpacing: Double?
  /// Points the span's baseline is raised (negative: lowered). Its line makes room: the
  /// line's ascent is the largest of each face's ascent plus its offset, its descent the
  /// largest descent minus the offset, as Pango's rise does.
  public var baselineOffset: Double
  /// An inline box that replaces the span's characters (usually one U+FFFC): the span is
  /// then one unbreakable cluster as wide as the box, and its line grows to hold it
  /// (`Placeholder`). Nil: the span's characters are text.
  public var placeholder: Placeholder?
  /// Lines drawn with the span's text (`TextDecoration`); nil: none. A decoration changes
  /// no measurement.
  public var decoration: TextDecoration?
  /// Which styles a face that lacks them is drawn with synthesized (`FontSynthesis`); nil
  /// keeps the paragraph's.
  public var fontSynthesis: FontSynthesis?
  /// How the span's text combines in a vertical column (`TextCombineUpright`): `.all` makes
  /// the span's text one combined run (CSS `text-combine-upright: all` on an inline
  /// element); nil keeps the paragraph's.
  public var textCombineUpright: TextCombineUpright? = nil

  public init(
    _ range: Range<Int>, size: Double? = nil, fonts: [FontReference]? = nil, bold: Bool = false,
    italic: Bool = false, weight: Int? = nil, width: Double? = nil,
    slant: FontDescriptor.Slant? = nil, features: [FontFeature] = [],
    variations: [FontVariation] = [], letterSpacing: Double? = nil, baselineOffset: Double = 0,
    placeholder: Placeholder? = nil, decoration: TextDecoration? = nil
  ) {
    self.range = range
    self.size = size
    self.fonts = fonts
    self.bold = bold
    self.italic = italic
    self.weight = weight
    self.width = width
    self.slant = slant
    self.features = features
    self.variations = variations
    self.letterSpacing = letterSpacing
    self.baselineOffset = baselineOffset
    self.placeholder = placeholder
    self.decoration = decoration
  }

  /// The weight the span asks for: `weight`, else 700 when bold.
  var resolvedWeight: Int? { weight ?? (bold ? 700 : nil) }

  /// The slant the span asks for: `slant`, else italic when italic.
  var resolvedSlant: FontDescriptor.Slant? { slant ?? (italic ? .italic : nil) }
}
