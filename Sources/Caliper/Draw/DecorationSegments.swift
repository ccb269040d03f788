/// Decorations placed: where each underline, overline and line-through of the spans'
/// `TextDecoration`s is drawn, piece by piece, line by line.
///
/// Problem: a decoration follows its text across line breaks and bidi reordering, at the
/// position and thickness of the text's font. Solution: each decorated span's characters on
/// each line are covered by the rects character geometry gives (one per visually contiguous
/// piece; hanging whitespace at a line's end has no width, so it is not decorated), and each
/// piece gets a stroke from the metrics of the face drawing the span's first character on
/// that line (CSS takes a decorating box's first available font): the underline's top
/// `underlinePosition` below the baseline, the line-through's `strikeoutPosition` above it,
/// the overline's at the face's ascent; the thickness is the span's, else the face's. The
/// baseline is the line's, raised by the span's baseline offset. Limitation: skipping ink is
/// the renderer's (it knows the pixels).
public struct DecorationSegment: Sendable, Hashable {
  /// The line's index in the measurement.
  public let line: Int
  /// Which line this is: one of `.underline`, `.overline`, `.lineThrough`.
  public let kind: TextDecoration.Lines
  public let style: TextDecoration.Style
  /// 0xRRGGBB, or nil for the text's colour.
  public let color: UInt32?
  /// The stroke: x over the decorated piece, y its top, height its thickness; in the
  /// coordinates of `Line` (x from the left edge of the lines, y from the top of the text).
  public let rect: Rect
}

extension PreparedText {
  /// The decorations of `measurement`'s lines (from `measure` on this text, with its
  /// lines), in span order, then line, then underline, overline, line-through.
  public func decorations(of measurement: TextMeasurement) -> [DecorationSegment] {
    let decorated = spans.filter { $0.decoration != nil && !$0.range.isEmpty }
    guard !decorated.isEmpty, !measurement.lines.isEmpty else { return [] }
    let geometry = characterGeometry(of: measurement)
    let count = analysis.scalars.count
    var segments: [DecorationSegment] = []
    for span in decorated {
      guard let decoration = span.decoration else { continue }
      for (index, line) in measurement.lines.enumerated() {
        let start = max(span.range.lowerBound, line.range.lowerBound)
        let end = min(span.range.upperBound, line.range.upperBound, count)
        guard start < end else { continue }
        let face = self.face(at: start)
        guard let font = cascadeFonts[face] else { continue }
        let size = style(ofFace: face).size
        let baseline = line.baseline - baselineOffset(ofFace: face)
        let metrics = font.metrics
        func points(_ units: Double) -> Double { font.units.points(units, size: size) }
        let strokes: [(TextDecoration.Lines, top: Double, thickness: Double)] = [
          (
            .underline, baseline - points(metrics.underlinePosition),
            decoration.thickness ?? points(metrics.underlineThickness)
          ),
          (
            .overline, baseline - points(metrics.ascender),
            decoration.thickness ?? points(metrics.underlineThickness)
          ),
          (
            .lineThrough, baseline - points(metrics.strikeoutPosition),
            decoration.thickness ?? points(metrics.strikeoutThickness)
          ),
        ]
        for rect in geometry.rects(for: start..<end) where rect.width > 0 {
          for (kind, top, thickness) in strokes where decoration.lines.contains(kind) {
            segments.append(
              DecorationSegment(
                line: index, kind: kind, style: decoration.style, color: decoration.color,
                rect: Rect(x: rect.minX, y: top, width: rect.width, height: thickness)))
          }
        }
      }
    }
    return segments
  }
}
