/// Analysis, vertical text: a combined run (`TextCombineUpright`) is never broken inside.
///
/// Problem: Chromium sets a `text-combine-upright` run as one box in the column. Recorded
/// with `Scripts/chromium-text-combine` (every pair of 16 characters around a combined
/// "12" at a 1-px column, where each break opportunity starts a column), the breaks around
/// such a box are its characters' own, with one exception: Blink breaks between "-" and a
/// digit only after a letter or digit ("03-|1234", "ab-|12"), and a box before the "-"
/// counts as neither ("[03]-1234" keeps together). Solution: each combined run becomes one
/// grapheme cluster with no break inside (as an inline placeholder does); in `.css` mode the
/// break after a "-" that follows a combined run and precedes a digit is removed.
extension TextAnalysis {
  /// Joins each of `combined` (ascending, apart) into one unbreakable cluster.
  mutating func combineUpright(_ combined: [Range<Int>], style: TextStyle) {
    guard !combined.isEmpty else { return }
    joinPlaceholders(combined)
    guard style.breakRules == .css else { return }
    let digits: ClosedRange<Unicode.Scalar> = "0"..."9"
    removeBreaks(
      at: Set(
        combined.compactMap { range in
          let next = range.upperBound + 1
          guard next < scalars.count, scalars[range.upperBound] == "-",
            digits.contains(scalars[next])
          else { return nil }
          return next
        }))
  }
}

extension TextCombineUpright {
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
