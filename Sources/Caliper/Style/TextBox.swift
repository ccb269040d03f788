/// CSS `text-box-trim` and `text-box-edge`: line boxes trimmed to the text's own edges.
///
/// Problem: a text's box starts at its first line's top, which lies above the capitals by the
/// font's ascent overshoot and half the leading, and ends below the last baseline by the
/// descent, so text beside an icon or in a button never looks centred. Solution: CSS Inline
/// 3's trim, as Chromium ships it: the first line's top (`trim-start`) moves down to the
/// over edge of the paragraph's first font (its ascent for `text`, its OS/2 cap height for
/// `cap`, its x-height for `ex`) above the first baseline, and the last line's bottom
/// (`trim-end`) up to the under edge (its descent for `text`, the baseline for
/// `alphabetic`); the half-leading of a line height goes with it. Only the text's first and
/// last lines change, the size and used rect shrink by the trimmed amounts, and every line's
/// `y` moves up by the top trim (the first line then starts above 0: its ink overflows the
/// box, as in CSS). With `.css` break rules the edges are Blink's: ascent and descent
/// rounded to whole pixels, cap and x-height to its 1/64-px LayoutUnit.
///
/// SkParagraph's `TextHeightBehavior` maps onto it: `kDisableFirstAscent` is `trim-start`
/// and `kDisableLastDescent` is `trim-end`, both with the `text` edge (they drop the line
/// height's leading above the first line and below the last, down to the font's ascent and
/// descent).
///
/// ```swift
/// var style = TextStyle(size: 16)
/// style.paragraph.textBoxTrim = .trimBoth
/// style.paragraph.textBoxEdge = TextBoxEdge(over: .cap, under: .alphabetic)
/// ```
public enum TextBoxTrim: String, Sendable, Hashable, CaseIterable {
  /// No trim (the default).
  case none
  /// The first line's top moves to the over edge.
  case trimStart = "trim-start"
  /// The last line's bottom moves to the under edge.
  case trimEnd = "trim-end"
  /// Both.
  case trimBoth = "trim-both"

  var trimsStart: Bool { self == .trimStart || self == .trimBoth }
  var trimsEnd: Bool { self == .trimEnd || self == .trimBoth }
}

/// The edges `TextBoxTrim` trims to: CSS `text-box-edge`, an over and an under edge.
public struct TextBoxEdge: Sendable, Hashable, CustomStringConvertible {
  /// Where the top of the first line goes, above its baseline.
  public enum Over: String, Sendable, Hashable, CaseIterable {
    /// The first font's ascent.
    case text
    /// The first font's cap height (OS/2 `sCapHeight`).
    case cap
    /// The first font's x-height (OS/2 `sxHeight`).
    case ex
  }

  /// Where the bottom of the last line goes, below its baseline.
  public enum Under: String, Sendable, Hashable, CaseIterable {
    /// The first font's descent.
    case text
    /// The baseline.
    case alphabetic
  }

  public var over: Over
  public var under: Under

  public init(over: Over, under: Under) {
    self.over = over
    self.under = under
  }

  /// CSS's `auto` (the initial value): `text text`.
  public static let auto = TextBoxEdge(over: .text, under: .text)

  /// Reads a value as CSS writes it: `auto`, `text`, or an over and an under edge (`cap
  /// alphabetic`, `ex alphabetic`, `text alphabetic`, `text text`). One keyword is both
  /// edges, so of the over edges only `text` stands alone (as in Chromium, which refuses a
  /// lone `cap` or `ex`); nil for anything else.
  public init?(parsing text: String) {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
    switch words.count {
    case 1 where words[0] == "auto" || words[0] == "text": self = .auto
    case 2:
      guard let over = Over(rawValue: String(words[0])),
        let under = Under(rawValue: String(words[1]))
      else { return nil }
      self.init(over: over, under: under)
    default: return nil
    }
  }

  /// The values `init(parsing:)` reads, for messages.
  static let spellings =
    "auto, text, or an over edge (text, cap, ex) and an under edge (text, alphabetic)"

  public var description: String { self == .auto ? "auto" : "\(over.rawValue) \(under.rawValue)" }
}
