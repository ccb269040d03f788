/// When words are hyphenated automatically at line ends (TextKit's `hyphenationFactor`,
/// CSS `hyphens: auto`).
///
/// The points come from libhyphen's pattern dictionary for the style's locale
/// (`HyphenationDictionary`); a line broken at one shows a hyphen, as at a soft hyphen, and
/// the hyphen's width counts on that line. With a factor below 1, a line is hyphenated only
/// where, broken without hyphenation, it would be filled less than that fraction of the
/// width (TextKit's rule); `auto` (factor 1) hyphenates wherever a syllable fits.
///
/// ```swift
/// var style = TextStyle(size: 16, locale: "en-US")
/// style.hyphenation = .auto
/// style.hyphenation = Hyphenation(factor: 0.8)
/// ```
public struct Hyphenation: Sendable, Hashable, CustomStringConvertible {
  /// From 0 (never hyphenate) to 1 (hyphenate wherever a syllable fits).
  public var factor: Double

  /// Hyphenation with `factor` in 0…1 (checked when the style is used).
  public init(factor: Double) {
    self.factor = factor
  }

  /// No automatic hyphenation: lines break at spaces, soft hyphens and other break
  /// opportunities only (the default).
  public static let none = Hyphenation(factor: 0)
  /// Hyphenate wherever a syllable fits (factor 1, CSS `hyphens: auto`).
  public static let auto = Hyphenation(factor: 1)

  /// Whether words are hyphenated at all.
  public var isEnabled: Bool { factor > 0 }

  /// "none", "auto" or the factor.
  public var description: String {
    factor == 0 ? "none" : factor == 1 ? "auto" : "\(factor)"
  }

  /// Reads "none", "auto" or a factor from 0 to 1; nil for anything else.
  public init?(parsing text: String) {
    switch text {
    case "none": self = .none
    case "auto": self = .auto
    default:
      guard let factor = Double(text), factor >= 0, factor <= 1 else { return nil }
      self.init(factor: factor)
    }
  }

  /// The first reason this setting cannot be used, if any.
  var problem: String? {
    factor >= 0 && factor <= 1
      ? nil : "hyphenation factor \(factor) must be a number from 0 to 1 (or none, auto)"
  }
}
