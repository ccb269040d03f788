/// Measure: a text's box trimmed (`TextBoxTrim`), from the edges found while preparing
/// (`PreparedText+TextBox.swift`).
///
/// Problem: `measure`, `sizeThatFits` and the ideal size must report the same trimmed box.
/// Solution: one place takes the edges off the breaking's first ascent and last height below
/// the baseline (`LineFit`), and every size goes through it; `LineMaker` moves the lines up
/// by the top trim. Limitation: a proposed height that limits the lines
/// (`TextContainerOptions.truncationMode`) is compared with the untrimmed lines.
extension PreparedText {
  /// The points trimmed from the top of the first line and the bottom of the last of the
  /// lines `fit` sums (zero without a trim, or without lines).
  func textBoxTrim(_ fit: LineFit) -> (top: Double, bottom: Double) {
    // Untrimmed text answers from a fact found while preparing, without copying `style`.
    guard storage.breakFacts.contains(.trimsLineBoxes), fit.count > 0 else { return (0, 0) }
    let trim = storage.style.paragraph.textBoxTrim
    let edges = storage.textBoxEdges
    return (
      trim.trimsStart ? fit.firstAscent - edges.over : 0,
      trim.trimsEnd ? fit.lastBelowBaseline - edges.under : 0
    )
  }

  /// The size and used rect of the lines `fit` sums, trimmed (`textBoxTrim`). In line, with
  /// the trim out of line: every relayout's size comes through here, and as a call of its
  /// own (which the grown `sizeThatFits` made it) it cost a relayout some 20 instructions.
  @inline(__always)
  func size(of fit: LineFit, options: TextContainerOptions) -> (size: Size, usedRect: Rect) {
    guard storage.breakFacts.contains(.trimsLineBoxes) else { return fit.size(options: options) }
    return trimmedSize(of: fit, options: options)
  }

  /// `size(of:options:)` for a text whose style trims its line boxes.
  @inline(never)
  private func trimmedSize(of fit: LineFit, options: TextContainerOptions) -> (
    size: Size, usedRect: Rect
  ) {
    let trim = textBoxTrim(fit)
    guard trim != (0, 0) else { return fit.size(options: options) }
    var trimmed = fit
    trimmed.height = max(0, fit.height - trim.top - trim.bottom)
    return trimmed.size(options: options)
  }
}
