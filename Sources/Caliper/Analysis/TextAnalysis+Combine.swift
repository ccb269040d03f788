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
