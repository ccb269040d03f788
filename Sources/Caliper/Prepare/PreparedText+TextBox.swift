/// Line-box trim (`TextBoxTrim`, CSS `text-box-trim`): how much of the first line's top and
/// the last line's bottom a text's box leaves out, from the paragraph's first font.
///
/// Problem: CSS trims a block's first and last line boxes to the edges of its root inline
/// box's first available font, not to the faces a line happens to use, and Blink rounds
/// those edges. Solution: the edges are found once while preparing, from the cascade's
/// first face (the style's first font, else Noto Sans) at the text's size; a measurement
/// takes them off its lines (`PreparedText+TextBoxTrim.swift`, in Measure/).
extension PreparedText {
  /// The over and under edges of `font` at `style`'s size, in points above and below the
  /// baseline, for `style.paragraph.textBoxEdge`; with `.css` break rules as Blink has them
  /// (ascent and descent rounded to whole pixels, cap and x-height to 1/64 px).
  static func textBoxEdges(_ font: Font, style: TextStyle) -> (over: Double, under: Double) {
    let css = style.breakRules == .css
    let line = font.lineMetrics(size: style.size)
    func pixels(_ value: Double) -> Double { css ? (value + 0.5).rounded(.down) : value }
    func layoutUnits(_ units: Double) -> Double {
      let points = font.units.points(units, size: style.size)
      return css ? (points * 64).rounded() / 64 : points
    }
    let edge = style.paragraph.textBoxEdge
    let over: Double
    switch edge.over {
    case .text: over = pixels(line.ascent)
    case .cap: over = layoutUnits(font.metrics.capHeight)
    case .ex: over = layoutUnits(font.metrics.xHeight)
    }
    let under = edge.under == .text ? pixels(line.descent) : 0
    return (over, under)
  }
}
