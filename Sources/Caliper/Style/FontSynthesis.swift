/// CSS `font-synthesis`: which styles may be synthesized when a face lacks them, and which a
/// face is drawn with (`Font.synthesis`).
///
/// Problem: a family with only a regular face (Noto Sans Mono, most CJK and Indic fonts) asked
/// for bold or italic either draws regular, and the emphasis is lost, or takes another
/// family's bold face, and the text changes font. Solution: as Chromium 156 does for a face
/// without the asked-for style, the regular face is kept and its outlines are changed when
/// drawn: emboldened (grown by `emboldening(size:)`, half of it on each side) for a weight of
/// 600 or more on a face lighter than 600, and slanted (x moved right by `obliqueSkew` × the
/// height above the baseline, about 14°) for italic or oblique on an upright face. Advances,
/// and so widths and line breaks, stay the face's own (Chromium's do; `font-synthesis: none`
/// measures the same text the same); ink bounds and drawings grow. Limitation: colour bitmap
/// faces (emoji) are drawn as they are.
///
/// ```swift
/// var style = TextStyle(fonts: [.descriptor(FontDescriptor(family: "Noto Sans Mono", weight: 700))])
/// style.fontSynthesis = []  // CSS `font-synthesis: none`: drawn regular
/// ```
public struct FontSynthesis: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold synthesized by emboldening the outlines (CSS `weight`).
  public static let weight = FontSynthesis(rawValue: 1)
  /// Italic or oblique synthesized by slanting the outlines (CSS `style`).
  public static let style = FontSynthesis(rawValue: 2)
  /// Both, CSS's initial value and the default.
  public static let all: FontSynthesis = [.weight, .style]

  /// Reads CSS's spelling: `none`, `weight`, `style`, or both (`weight style`, either
  /// order); nil for anything else.
  public init?(css text: String) {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
    if words == ["none"] {
      self = []
      return
    }
    var result: FontSynthesis = []
    for word in words {
      let one: FontSynthesis
      switch word {
      case "weight": one = .weight
      case "style": one = .style
      default: return nil
      }
      guard !result.contains(one) else { return nil }
      result.insert(one)
    }
    guard !result.isEmpty else { return nil }
    self = result
  }

  /// CSS's spelling: `none`, `weight`, `style` or `weight style`.
  public var description: String {
    switch self {
    case []: return "none"
    case .weight: return "weight"
    case .style: return "style"
    default: return "weight style"
    }
  }

  /// The spellings `init(css:)` reads, for messages.
  static let spellings = "none, weight, style or 'weight style'"

  /// The weight from which a face lighter than it is emboldened (Blink's `BoldThreshold`).
  public static let boldThreshold = 600

  /// How far a synthesized oblique moves a point right per point of height above the
  /// baseline: Skia's skew of 1/4 (about 14°), which Chromium draws with.
  public static let obliqueSkew = 0.25

  /// How much a synthesized bold grows a glyph's outline at `size` points, in points: half
  /// on each side. Skia's fake bold, which Chromium draws with: the outline is stroked with a
  /// line of `size` × 1/24 up to 9 pt, `size` × 1/32 from 36 pt, and linearly between
  /// (`kStdFakeBoldInterpKeys`, `kStdFakeBoldInterpValues`): 0.623 pt at 16 pt.
  public static func emboldening(size: Double) -> Double {
    let (small, large) = (9.0, 36.0)
    let (atSmall, atLarge) = (1.0 / 24, 1.0 / 32)
    let t = min(max((size - small) / (large - small), 0), 1)
    return size * (atSmall + t * (atLarge - atSmall))
  }

  /// What a face of weight `weight` (upright unless `italic`) lacks of a request for
  /// `wantedWeight` and `wantedSlant`, of the styles this set allows.
  func missing(
    wantedWeight: Int, wantedSlant: FontDescriptor.Slant, weight: Double, italic: Bool
  ) -> FontSynthesis {
    var result: FontSynthesis = []
    if contains(.weight), wantedWeight >= Self.boldThreshold,
      weight < Double(Self.boldThreshold)
    {
      result.insert(.weight)
    }
    if contains(.style), wantedSlant != .roman, !italic { result.insert(.style) }
    return result
  }
}
