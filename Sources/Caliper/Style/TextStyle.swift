/// A font chosen by family name or by file path.
public enum FontReference: Sendable, Hashable, CustomStringConvertible {
  /// A bundled family ("Noto Sans Mono", "Noto Sans Bold") or an installed one (fontconfig).
  case family(String)
  /// A font file.
  case file(String)
  /// One face of a font collection (`.ttc`, `.otc`) by index; `.file` is face 0.
  case face(path: String, index: Int)
  /// A family with a weight, width and slant (bundled, else through fontconfig).
  case descriptor(FontDescriptor)

  /// A path if `nameOrPath` contains "/" or ends in a font file extension, else a family;
  /// a path ending in `#N` names face N of a collection; "Family:weight=700:slant=italic"
  /// is a `FontDescriptor`.
  public init(_ nameOrPath: String) {
    // "fonts.ttc#2": face 2 of a collection.
    var path = nameOrPath
    var index: Int?
    if let hash = nameOrPath.lastIndex(of: "#"),
      let number = Int(nameOrPath[nameOrPath.index(after: hash)...]), number >= 0
    {
      path = String(nameOrPath[..<hash])
      index = number
    }
    let lower = path.lowercased()
    let isPath =
      path.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    if !isPath, nameOrPath.contains(":"), let descriptor = FontDescriptor(parsing: nameOrPath) {
      self = .descriptor(descriptor)
    } else if !isPath {
      self = .family(nameOrPath)
    } else if let index {
      self = .face(path: path, index: index)
    } else {
      self = .file(path)
    }
  }

  public var description: String {
    switch self {
    case .family(let name): return name
    case .file(let path): return path
    case .face(let path, let index): return "\(path)#\(index)"
    case .descriptor(let descriptor): return descriptor.description
    }
  }
}

/// Everything about how text is set that changes its measurement.
///
/// ```swift
/// let style = TextStyle(size: 14, fonts: [.family("Noto Sans Mono")], locale: "en")
/// ```
public struct TextStyle: Sendable, Hashable {
  /// Font size in points.
  public var size: Double
  /// Fonts tried first, in order, before the bundled default cascade.
  public var fonts: [FontReference]
  /// BCP 47 / ICU locale: line-break tailoring (e.g. "ja@lb=strict") and shaping language.
  public var locale: String
  /// OpenType features passed to HarfBuzz with every run ("tnum", "liga=0", "smcp").
  public var features: [FontFeature]
  /// Variable-font axis positions applied to every face that has the axis ("wght=700").
  public var variations: [FontVariation]
  /// Points added between grapheme clusters (tracking; Pango's `letter_spacing`, CSS
  /// `letter-spacing`, SwiftUI `tracking`), not after a line's last one, as in Pango; may
  /// be negative. When not 0, optional ligatures (`liga`, `clig`, `dlig`) are off unless
  /// `features` turns them on, as in Pango and CSS.
  public var letterSpacing: Double
  /// Points added to every word separator (U+0020, U+00A0 and CSS's other word-separator
  /// characters; CSS `word-spacing`); may be negative.
  public var wordSpacing: Double
  /// Tab stops, line heights, spacing between lines and paragraphs, indents.
  public var paragraph: ParagraphStyle
  /// Whether a cluster that no face of the cascade (the style's fonts and the bundled
  /// ones) covers is drawn with a system face: the first in fontconfig's sorted list
  /// (`FcFontSort`) that has all of the cluster's characters (the library's
  /// `SystemFontConfiguration` says which fonts that list holds). Off by default, so that
  /// measurement depends on the bundled fonts alone; when on, text the cascade covers
  /// measures the same and fontconfig is not even loaded.
  public var systemFallback: Bool
  /// Automatic hyphenation at line ends with the locale's libhyphen dictionary (`.none` by
  /// default; `.auto`; or a factor from 0 to 1, TextKit's `hyphenationFactor`). Preparing
  /// text throws `CaliperError.hyphenationDictionary` where no dictionary exists for
  /// `locale`.
  public var hyphenation: Hyphenation
  /// Caliper's line-breaking rules or CSS Text's (`BreakRules`); `.unicode` by default.
  public var breakRules: BreakRules
  /// CSS `white-space` (`.css` mode only).
  public var whiteSpace: WhiteSpace
  /// CSS `word-break` (`.css` mode only).
  public var wordBreak: WordBreak
  /// CSS `overflow-wrap` (`.css` mode only).
  public var overflowWrap: OverflowWrap
  /// CSS `line-break` (`.css` mode only).
  public var lineBreak: LineBreak
  /// CSS `text-wrap-style`: greedy lines (`.auto`, the default), balanced or pretty ones.
  public var wrapStyle: WrapStyle = .auto
  /// Horizontal lines (the default) or vertical columns (`WritingMode`).
  public var writingMode: WritingMode = .horizontalTB
  /// How characters stand in vertical columns (`TextOrientation`).
  public var textOrientation: TextOrientation = .mixed
  /// Which styles a face that lacks them is drawn with synthesized (CSS `font-synthesis`):
  /// both by default, as in CSS (`FontSynthesis`).
  public var fontSynthesis: FontSynthesis = .all
  /// Which short runs a vertical column sets upright in one em (`TextCombineUpright`).
  public var textCombineUpright: TextCombineUpright = .none

  public init(
    size: Double = 16, fonts: [FontReference] = [], locale: String = "en",
    features: [FontFeature] = [], variations: [FontVariation] = [],
    letterSpacing: Double = 0, wordSpacing: Double = 0,
    paragraph: ParagraphStyle = ParagraphStyle(), systemFallback: Bool = false,
    hyphenation: Hyphenation = .none,
    breakRules: BreakRules = .unicode, whiteSpace: WhiteSpace = .normal,
    wordBreak: WordBreak = .normal, overflowWrap: OverflowWrap = .normal,
    lineBreak: LineBreak = .auto
  ) {
    self.size = size
    self.fonts = fonts
    self.locale = locale
    self.features = features
    self.variations = variations
    self.letterSpacing = letterSpacing
    self.wordSpacing = wordSpacing
    self.paragraph = paragraph
    self.systemFallback = systemFallback
    self.hyphenation = hyphenation
    self.breakRules = breakRules
    self.whiteSpace = whiteSpace
    self.wordBreak = wordBreak
    self.overflowWrap = overflowWrap
    self.lineBreak = lineBreak
  }

  /// The first reason this style cannot be used, if any (the size is checked apart).
  var problem: String? {
    // Checked on every prepare: no array made to loop over (the spacings), and the
    // default locale admitted without a lock (`HarfBuzzLanguage`).
    if let problem = Self.spacingProblem("letter spacing", letterSpacing) { return problem }
    if let problem = Self.spacingProblem("word spacing", wordSpacing) { return problem }
    if let problem = hyphenation.problem { return problem }
    if let problem = LocaleTag.problem(locale) { return problem }
    if let problem = HarfBuzzLanguage.problem(admitting: locale) { return problem }
    for case .descriptor(let descriptor) in fonts {
      if let problem = descriptor.problem { return problem }
    }
    return paragraph.problem
  }

  /// Why spacing `value` (`name`) cannot be used, if it cannot.
  private static func spacingProblem(_ name: String, _ value: Double) -> String? {
    let limit = ParagraphStyle.longestLength
    guard !(value.isFinite && abs(value) <= limit) else { return nil }
    return "\(name) \(value) must be a number of points from -\(limit) to \(limit)"
  }
}
