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

  /// The combined runs of `scalars` (an analysed text's) under `style` and `spans` (a
  /// span's own `textCombineUpright` rules inside it), ascending and apart; empty for
  /// horizontal text.
  static func ranges(
    _ scalars: [Unicode.Scalar], style: TextStyle, spans: [TextSpan] = []
  ) -> [Range<Int>] {
    guard style.writingMode.isVertical else { return [] }
    let whole = 0..<scalars.count
    let own = spans.filter { $0.textCombineUpright != nil && !$0.range.clamped(to: whole).isEmpty }
    var result = style.textCombineUpright.ranges(scalars, in: whole).filter { range in
      !own.contains { $0.range.overlaps(range) }
    }
    for span in own {
      result += span.textCombineUpright!.ranges(scalars, in: span.range.clamped(to: whole))
    }
    // Where spans overlap, the first run found of those that overlap stays.
    var kept: [Range<Int>] = []
    for range in result.sorted(by: { $0.lowerBound < $1.lowerBound })
    where kept.last.map({ $0.upperBound <= range.lowerBound }) ?? true {
      kept.append(range)
    }
    return kept
  }

  /// The combined runs inside `bounds` (its edges bound a run of digits as other
  /// characters do).
  private func ranges(_ scalars: [Unicode.Scalar], in bounds: Range<Int>) -> [Range<Int>] {
    guard self != .none else { return [] }
    var ranges: [Range<Int>] = []
    var start: Int? = nil
    for index in bounds.lowerBound...bounds.upperBound {
      let member: Bool
      if index == bounds.upperBound {
        member = false
      } else if digitCount != nil {
        member = ("0"..."9").contains(scalars[index])
      } else {
        // An inline placeholder's U+FFFC is a box of its own, never combined.
        member = !TextAnalysis.isLineSeparator(scalars[index]) && scalars[index] != "\u{FFFC}"
      }
      if member, start == nil { start = index }
      if !member, let first = start {
        if digitCount.map({ index - first <= $0 }) ?? true { ranges.append(first..<index) }
        start = nil
      }
    }
    return ranges
  }
}
