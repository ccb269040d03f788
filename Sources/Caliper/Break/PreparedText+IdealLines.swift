/// Break: the ideal lines (broken only at hard breaks) and the min-content width of a
/// prepared text, each made by the line breaker once and kept with the text's breakings.
extension PreparedText {
  /// The size of the lines at the ideal (unconstrained) width, made while preparing.
  var idealFit: LineFit { lineBreaks.idealFit }

  /// The lines at the ideal (unconstrained) width: broken only at hard breaks, the first
  /// time they are asked for (their size is `idealFit`).
  var idealLines: (spans: [LineBreaker.Span], fit: LineFit) {
    let entry = breakCache.ideal {
      var breaker = LineBreaker(limit: .infinity)
      let spans = breaker.breakLines(widths)
      return LineBreakCache.Entry(limits: 0..<Double.infinity, fit: LineFit(spans), spans: spans)
    }
    return (entry.spans ?? [], entry.fit)
  }

  /// The width of the widest line when nothing wraps but hard breaks.
  public var idealWidth: Double { lineBreaks.idealFit.widest }

  /// The width of the widest unbreakable segment (min-content width), with its line's
  /// indent (in `.css` mode CSS's min-content width, `cssMinContent`): computed the first
  /// time it is asked for.
  public var minWidth: Double {
    // Out of line: inlined into `sizeThatFits`, it made the `.auto` relayout's code longer.
    @inline(never) get {
      breakCache.minWidth {
        let widths = self.widths
        var widest = 0.0  // a loop, not a map: no array of a width per segment
        for (index, segment) in segments.enumerated() {
          let width =
            segment.softHyphen
            ? widths.softHyphenWidths(from: segment.start, segment: index).broken
            : widths.width(from: segment.start, to: segment.contentEnd, breakingAt: segment.end)
          widest = max(widest, width + widths.indent(atLineStart: segment.start))
        }
        return style.breakRules == .css ? cssMinContent(wordsWidth: widest) : widest
      }
    }
  }

  /// The CSS min-content width, from the widest unbreakable segment's.
  func cssMinContent(wordsWidth: Double) -> Double {
    guard wraps else { return idealWidth }
    guard style.overflowWrap == .anywhere else { return wordsWidth }
    // The widest grapheme cluster, measured as a line of its own.
    let widths = self.widths
    var widest = 0.0
    var start = 0
    let count = analysis.scalars.count
    for index in 1...max(1, count) where index == count || isEmergencyBreak(index) {
      let contentEnd = Self.contentEnd(analysis.scalars, from: start, to: index)
      if contentEnd > start {
        widest = max(
          widest,
          widths.width(from: start, to: contentEnd, breakingAt: index)
            + widths.indent(atLineStart: start))
      }
      start = index
    }
    return widest
  }
}
