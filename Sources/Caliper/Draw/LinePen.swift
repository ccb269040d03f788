/// Pen: where each cluster of a drawn line starts, read from the widths measuring summed.
///
/// Problem: a line's width is measured from prefix sums and reshaped edges, with tab stops,
/// letter and word spacing; alignment then spreads a justified line's slack over its
/// inter-word spaces. A renderer needs the x of every glyph, and a second computation of
/// those rules (drawing used to shape whole runs again and re-apply spacing, tabs and
/// justification to the glyphs) drifts from the first. Solution: the pen before any offset
/// of a line is `LineWidths.penAdvance` from the line's start — the function whose value at
/// the content's end, less the letter spacing after the last cluster, is the line's width —
/// plus the line's justification on each inter-word space before it, the one place
/// justification moves anything; at the content's end it is the measured width itself.
/// Glyphs and runs are placed with `step(from:to:)`, so that a pen that adds up their
/// advances lands on these positions exactly, bit for bit. Limitation: positions inside a
/// cluster of several glyphs are HarfBuzz's own advances from the cluster's start.
struct LinePen {
  let widths: LineWidths
  /// The line's first offset, where its content ends, and where it breaks.
  let start: Int
  let contentEnd: Int
  let end: Int
  /// The points added to each inter-word space (`Line.justification`).
  let justification: Double
  /// The justifiable spaces before each offset of the content (only for a justified line).
  private let spacesBefore: [Int]
  /// The content's drawn width: the measured width with the justification of its spaces.
  let width: Double

  /// The pen of the line start..<end whose content ends at `contentEnd`. `measuredWidth` is
  /// the line's measured content width when it has one (`Line.width`, not for a line that
  /// shows a hyphen or an ellipsis); else the width is measured here, by the same function.
  init(
    _ text: PreparedText, start: Int, contentEnd: Int, end: Int, measuredWidth: Double?,
    justification: Double
  ) {
    widths = LineWidths(text, drawing: true)
    self.start = start
    self.contentEnd = contentEnd
    self.end = end
    self.justification = justification
    var spaces = 0
    if justification != 0 {
      var before = [Int](filled: 0, count: contentEnd - start + 1)
      for offset in start..<contentEnd {
        let value = text.analysis.scalars[offset].value
        if value == 0x20 || value == 0xA0 { spaces += 1 }  // as `justifiableSpaces`
        before[offset - start + 1] = spaces
      }
      spacesBefore = before
    } else {
      spacesBefore = []
    }
    let measured =
      measuredWidth
      ?? (contentEnd > start ? widths.width(from: start, to: contentEnd, breakingAt: end) : 0)
    width = Self.justified(measured, justification: justification, spaces: spaces)
  }

  /// A measured width with `justification` added to each of its `spaces`: how a justified
  /// line's drawn width is made from its measured one (`Line.width`).
  static func justified(_ width: Double, justification: Double, spaces: Int) -> Double {
    width + justification * Double(spaces)
  }

  /// The pen before the scalar at `offset` (from `start` to `contentEnd`), from the line's
  /// start: the width of the content before it as measured, the spacing after its last
  /// cluster kept (the line goes on), and its spaces justified.
  func callAsFunction(_ offset: Int) -> Double {
    if offset >= contentEnd { return width }
    if offset <= start { return 0 }
    let pen = widths.penAdvance(from: start, to: offset, breakingAt: end)
    return justification == 0
      ? pen : pen + justification * Double(spacesBefore[offset - start])
  }

  /// The advance that takes a pen at `pen` to `target` exactly: `target - pen`, moved by an
  /// ulp where adding it back would round to another value.
  static func step(from pen: Double, to target: Double) -> Double {
    var step = target - pen
    for _ in 0..<4 where pen + step != target {
      step = pen + step < target ? step.nextUp : step.nextDown
    }
    return step
  }
}
