/// Align: each line's x offset (and, justified, its extra space per word gap) across the
/// text's width.
///
/// Problem: drawing needs to know where each line starts across the text, and a layout
/// must not see the size change with the alignment. Solution: lines align inside the width
/// the text reports (its widest line), as SwiftUI's `multilineTextAlignment` does inside
/// the text's frame: leading 0, trailing the slack, centre half of it (a paragraph's
/// indent stays at its leading edge and is not slack), mirrored in a right-to-left
/// paragraph (its direction from ICU, rules P2-P3: the first strong character,
/// `paragraphLevel(at:)`). Justified lines start at their indent and spread the slack over
/// their inter-word spaces (U+0020 and U+00A0, as Pango), except the last line, lines
/// ending in a hard break, a truncated line and lines without spaces, which align leading.
/// Limitation: justification stretches spaces only, never letters.
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
        rightToLeft = hasRightToLeft && paragraphLevel(at: span.start) & 1 == 1
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
}
