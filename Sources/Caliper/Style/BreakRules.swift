/// Which rules set the lines: Caliper's own or CSS Text's as Chromium applies them.
///
/// `.unicode` (the default) breaks at ICU's UAX #14 opportunities, breaks a word wider than
/// the line at grapheme boundaries, and takes a line's height from its fonts' unrounded
/// ascent + descent + line gap. `.css` lays text out as a browser's `div` of the proposed
/// width does, with `TextStyle`'s `whiteSpace`, `wordBreak`, `overflowWrap` and `lineBreak`
/// (CSS Text 3, as Blink implements them) and `line-height: normal` as Blink computes it.
/// The CSS properties are read only in `.css` mode.
///
/// ```swift
/// var style = TextStyle(size: 16)
/// style.breakRules = .css
/// style.whiteSpace = .preWrap
/// style.overflowWrap = .anywhere
/// ```
public enum BreakRules: String, Sendable, Hashable, CaseIterable {
  case unicode
  case css
}

extension TextStyle {
  /// CSS `white-space`: whether spaces and newlines collapse, and whether lines wrap.
  public enum WhiteSpace: String, Sendable, Hashable, CaseIterable {
    /// Spaces, tabs and newlines collapse to one space; lines wrap (the default).
    case normal
    /// Collapse as `normal`; lines never wrap.
    case nowrap
    /// Everything is kept; lines break only at newlines.
    case pre
    /// Everything is kept; lines also wrap, spaces at a line's end hang.
    case preWrap = "pre-wrap"
    /// Spaces and tabs collapse, newlines are kept; lines wrap.
    case preLine = "pre-line"
    /// As `pre-wrap`, but spaces take room at a line's end and a line may break after any.
    case breakSpaces = "break-spaces"

    /// Whether runs of spaces and tabs collapse to one space.
    var collapsesSpaces: Bool { self == .normal || self == .nowrap || self == .preLine }
    /// Whether newlines are kept as forced breaks.
    var keepsNewlines: Bool { !(self == .normal || self == .nowrap) }
    /// Whether lines wrap at the proposed width.
    var wraps: Bool { !(self == .nowrap || self == .pre) }
  }

  /// CSS `word-break`: where lines may break inside words.
  public enum WordBreak: String, Sendable, Hashable, CaseIterable {
    /// The usual rules (the default).
    case normal
    /// Between any two letters or digits too (not at punctuation UAX #14 glues).
    case breakAll = "break-all"
    /// Not between letters or digits, even Chinese, Japanese and Korean ones.
    case keepAll = "keep-all"
  }

  /// CSS `overflow-wrap`: whether a word wider than the line is broken.
  public enum OverflowWrap: String, Sendable, Hashable, CaseIterable {
    /// Never: the word overflows the line (the default).
    case normal
    /// At grapheme boundaries when nothing else fits; the min-content width keeps words.
    case breakWord = "break-word"
    /// As `break-word`, and the min-content width is the widest grapheme cluster.
    case anywhere
  }

  /// CSS `line-break`: how strictly Chinese and Japanese punctuation and small kana are
  /// kept from a line's start (ICU's `@lb=` locale keyword), or no rule at all.
  public enum LineBreak: String, Sendable, Hashable, CaseIterable {
    /// The browser's choice: ICU's default for the locale (the default).
    case auto
    case loose
    case normal
    case strict
    /// Between any two grapheme clusters, also around spaces and punctuation.
    case anywhere
  }

  /// The ICU locale the line breaks are found with: `locale`, plus the `@lb=` keyword of a
  /// CSS `line-break` strictness in `.css` mode.
  var lineBreakLocale: String {
    guard breakRules == .css else { return locale }
    switch lineBreak {
    case .auto, .anywhere: return locale
    case .loose, .normal, .strict:
      let separator = locale.contains("@") ? ";" : "@"
      return locale + separator + "lb=" + lineBreak.rawValue
    }
  }
}
