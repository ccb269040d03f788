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
struct LineAligner {
  let text: PreparedText
  /// The width lines align in: the widest line.
  let box: Double
  let alignment: TextAlignment
  /// The lines in the breaking: the last is never justified.
  let lineCount: Int
  let hasRightToLeft: Bool
  /// Whether any line moves: not for leading lines of a left-to-right text.
  var isNeeded: Bool { alignment != .leading || hasRightToLeft }
  private var index = 0
  private var rightToLeft = false
  private var startsParagraph = true

  init(_ text: PreparedText, box: Double, alignment: TextAlignment, lineCount: Int) {
    self.text = text
    self.box = box
    self.alignment = alignment
    self.lineCount = lineCount
    hasRightToLeft = text.runs.contains(where: \.isRightToLeft)
  }

  /// Sets the x offset (and justification) of the next line, `line`, made from `span`.
  mutating func align(_ line: inout Line, span: LineBreaker.Span) {
    defer { index += 1 }
    guard isNeeded else { return }
    if startsParagraph {
      rightToLeft = hasRightToLeft && text.paragraphLevel(at: span.start) & 1 == 1
    }
    let endsParagraph = span.end > span.start && text.analysis.isLineSeparator(span.end - 1)
    let isLast = index == lineCount - 1
    // The indent sits at the paragraph's leading edge; the slack is what is left.
    let indent = span.contentEnd > span.start ? span.indent : 0
    let slack = max(0, box - indent - line.width)
    var mode = alignment
    if mode == .justified {
      // The spaces of the content drawn: not whitespace the span's content ends with (an
      // emergency-broken line's last piece keeps the space after it), which hangs.
      let content = PreparedText.contentEnd(
        text.analysis.scalars, from: span.start, to: span.contentEnd)
      let spaces = text.justifiableSpaces(span.start..<content)
      if isLast || endsParagraph || spaces == 0 {
        mode = .leading
      } else {
        line.justification = slack / Double(spaces)
      }
    }
    let leadingStart = rightToLeft ? 0 : indent  // where the slack starts
    switch mode {
    case .leading, .justified:
      line.x = leadingStart + (rightToLeft && mode == .leading ? slack : 0)
    case .trailing: line.x = leadingStart + (rightToLeft ? 0 : slack)
    case .center: line.x = leadingStart + slack / 2
    }
    startsParagraph = endsParagraph
  }
}

extension PreparedText {
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
