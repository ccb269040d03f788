/// Align: each line's x offset (and, justified, its extra space per word gap) across the
/// text's width.
///
/// Problem: drawing needs to know where each line starts across the text, and a layout
/// must not see the size change with the alignment. Solution: lines align inside the width
/// the text reports (its widest line), as SwiftUI's `multilineTextAlignment` does inside
/// the text's frame: leading 0, trailing the slack, centre half of it (a paragraph's
/// indent stays at its leading edge and is not slack), mirrored in a right-to-left paragraph (its direction comes from ICU's bidi levels: a paragraph whose
/// first strong character is right-to-left has every level ≥ 1). Justified lines keep x 0
/// and spread the slack over their inter-word spaces (U+0020 and U+00A0, as Pango), except
/// the last line, lines ending in a hard break, a truncated line and lines without spaces,
/// which align leading. Limitation: justification stretches spaces only, never letters.
extension PreparedText {
  func align(
    _ lines: inout [Line], spans: [LineBreaker.Span], in box: Double,
    alignment: TextAlignment
  ) {
    let hasRightToLeft = runs.contains(where: \.isRightToLeft)
    var rightToLeft = false
    var startsParagraph = true
    for index in lines.indices {
      let span = spans[index]
      if startsParagraph {
        rightToLeft = hasRightToLeft && isRightToLeftParagraph(from: span.start)
      }
      let endsParagraph = span.end > span.start && analysis.isLineSeparator(span.end - 1)
      let isLast = index == lines.count - 1
      // The indent sits at the paragraph's leading edge; the slack is what is left.
      let indent = span.contentEnd > span.start ? span.indent : 0
      let slack = max(0, box - indent - lines[index].width)
      var mode = alignment
      if mode == .justified {
        let spaces = justifiableSpaces(span.start..<span.contentEnd)
        if isLast || endsParagraph || spaces == 0 {
          mode = .leading
        } else {
          lines[index].justification = slack / Double(spaces)
        }
      }
      let leadingStart = rightToLeft ? 0 : indent  // where the slack starts
      switch mode {
      case .leading, .justified:
        lines[index].x = leadingStart + (rightToLeft && mode == .leading ? slack : 0)
      case .trailing: lines[index].x = leadingStart + (rightToLeft ? 0 : slack)
      case .center: lines[index].x = leadingStart + slack / 2
      }
      startsParagraph = endsParagraph
    }
  }

  /// The spaces justification stretches in `range`: U+0020 and U+00A0.
  func justifiableSpaces(_ range: Range<Int>) -> Int {
    var count = 0
    for index in range
    where analysis.scalars[index].value == 0x20 || analysis.scalars[index].value == 0xA0 {
      count += 1
    }
    return count
  }

  /// Whether the paragraph starting at `start` is right-to-left: its lowest bidi level (that
  /// of its first strong character, of its separator and of whitespace at its end) is odd.
  func isRightToLeftParagraph(from start: Int) -> Bool {
    let count = analysis.scalars.count
    var lowest = UInt8.max
    var index = start
    while index < count {
      lowest = min(lowest, analysis.level(at: index))
      if analysis.isLineSeparator(index) || lowest == 0 { break }
      index += 1
    }
    return lowest != .max && lowest & 1 == 1
  }
}
