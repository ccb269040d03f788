/// Break: one breaking of a prepared text for a proposal, and the cache lookup that every
/// breaking (with or without a line limit) goes through.

/// One breaking of a prepared text for a proposal: its size, its lines if asked for, and
/// the range of available widths (padding and insets taken off) that give the same lines.
struct Breaking {
  var spans: [LineBreaker.Span]? = nil
  var fit: LineFit
  var limits: Range<Double>
  /// Padding and insets on both sides, added back to `limits` for proposed widths.
  var extra: Double
  /// How the last line was truncated, under a line limit.
  var truncation: LineTruncation? = nil
  /// The width the lines were broken in (∞ for the ideal lines).
  var available = Double.infinity
  /// Whether the lines are a wrap style's (`TextStyle.WrapStyle`), whose tight width is
  /// CSS's `fit-content` width rather than the narrowest one with the same lines.
  var fitsContent = false

  /// `limits` with `extra` added to both ends: a range as `limits` is (adding one number to
  /// both ends keeps their order), so made without `..<`'s check.
  var proposedWidths: Range<Double> {
    Range(uncheckedBounds: (limits.lowerBound + extra, limits.upperBound + extra))
  }

  /// The narrowest proposed width that gives these lines (`TextMeasurement.tightWidth`),
  /// for lines whose size is `size`: the lower end of `limits`, the widest line that fit
  /// (the size's width when every line fits, said as that width rather than its threshold
  /// 1e-6 below), or above it where another decision set it (a hyphenation factor). Where
  /// lines overflow (a word that may not be broken), the widest line that fit, as any
  /// narrower width keeps the overflowing ones. A wrap style's lines: CSS's `fit-content`
  /// width, max(min-content, available), which is what Chromium gives a `width:
  /// fit-content` box (its lines are balanced or pretty inside that width, not shrunk to
  /// them).
  func tightWidth(size: Size, minWidth: () -> Double) -> Double {
    if fitsContent { return max(minWidth(), available) + extra }
    guard fit.count > 0 else { return size.width }
    let lowest = limits.lowerBound + extra
    // Every line fits: the range starts at the widest line's threshold, or above it.
    if lowest >= size.width - 2 * LineBreaker.tolerance { return max(size.width, lowest) }
    return max(0, limits.lowerBound + LineBreaker.tolerance) + extra
  }
}

extension LineFit {
  /// The size and TextKit used rect of these lines with `options`' padding and insets.
  func size(options: TextContainerOptions) -> (size: Size, usedRect: Rect) {
    let inset = options.textContainerInset
    let usedWidth = count == 0 ? 0 : widest + 2 * options.lineFragmentPadding
    let used = Rect(x: inset.width, y: inset.height, width: usedWidth, height: height)
    let size = Size(width: usedWidth + 2 * inset.width, height: height + 2 * inset.height)
    return (size, used)
  }
}

extension PreparedText {
  /// The breaking at `available` width under `limit` (nil: none): the cached one whose
  /// range of widths holds it (with its lines, when `needsSpans`), else the one `scan`
  /// makes, then cached. Breakings with and without a line limit both go through here.
  func cachedBreaking(
    at available: Double, limit: LineLimit?, needsSpans: Bool, extra: Double,
    scan: () -> LineBreakCache.Entry
  ) -> Breaking {
    let entry: LineBreakCache.Entry
    if let hit = breakCache.entry(containing: available, limit: limit, needsSpans: needsSpans) {
      entry = hit
    } else {
      entry = scan()
      breakCache.insert(entry, of: self)
    }
    return Breaking(
      spans: entry.spans, fit: entry.fit, limits: entry.limits, extra: extra,
      truncation: entry.truncation)
  }
}
