/// Which short runs a vertical line sets upright in the space of one character (CSS
/// `text-combine-upright`, tate-chū-yoko); ignored in `.horizontalTB`.
///
/// A combined run (a year's "24", a date's "3") is set horizontally inside one em of the
/// column, as Chromium sets it: it advances down the column by exactly the font size and is
/// never broken inside; the break opportunities around it are its characters' ("は|03-" may
/// break before "03", not after it). Chromium draws it compressed (scaled across) when it
/// is wider than 1.1 em.
///
/// ```swift
/// var style = TextStyle(size: 16, locale: "ja")
/// style.writingMode = .verticalRL
/// style.textCombineUpright = .digits2  // "3月12日": "3" and "12" each one em
/// ```
public enum TextCombineUpright: String, Sendable, Hashable, CaseIterable {
  /// No combining (the default): digits lie sideways, as Unicode says.
  case none
  /// The whole text of each line between hard breaks is one combined run (CSS `all` on the
  /// paragraph's element).
  case all
  /// Every run of at most 2 (3, 4) ASCII digits, bounded by characters that are not ASCII
  /// digits, is combined (CSS Writing Modes 4 `digits 2`; `digits` alone means 2).
  case digits2 = "digits 2"
  case digits3 = "digits 3"
  case digits4 = "digits 4"

  /// The longest run of digits combined; nil for `.none` and `.all`.
  var digitCount: Int? {
    switch self {
    case .none, .all: return nil
    case .digits2: return 2
    case .digits3: return 3
    case .digits4: return 4
    }
  }
}
