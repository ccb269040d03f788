/// Blink's rounding of a font's metrics, read by `.css` line heights (Prepare) and by the
/// vertical advance Blink synthesizes for a face without `vmtx` (Shape).
extension LineMetrics {
  /// The metrics as Blink uses them for `line-height: normal`: ascent, descent and line
  /// gap each rounded to whole pixels (Skia's `SkScalarRoundToScalar`), the gap split evenly
  /// above and below (its upper half floored to a 1/64-px LayoutUnit).
  var blinkRounded: LineMetrics {
    func rounded(_ value: Double) -> Double { (value + 0.5).rounded(.down) }
    let gap = rounded(lineGap)
    let above = (gap / 2 * 64).rounded(.down) / 64  // a LayoutUnit: 1/64 px
    return LineMetrics(
      ascent: rounded(ascent) + above, descent: rounded(descent) + gap - above, lineGap: 0)
  }
}
