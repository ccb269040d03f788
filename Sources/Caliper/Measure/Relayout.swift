/// Relayout: the size text needs for a proposal, without its lines.
///
/// Problem: layout containers ask a text for its size far more often than for its lines (a
/// stack probes each child, ViewThatFits tries each candidate, a window resizes pixel by
/// pixel), and building line values (substrings, one per line) costs more than breaking.
/// Solution: `sizeThatFits` runs the same line breaker as `measure` into a running size
/// instead of an array — one scan over the segments, no shaping but at unsafe line edges,
/// no allocation — and answers from the prepared text's cached breakings when the width
/// falls in a range it already knows. The size is bit-identical to `measure`'s. With a
/// line limit (or a truncation mode and a finite proposed height) the lines are cut to the
/// limit and the last one truncated, as in `measure`.
///
/// ```swift
/// let text = try fonts.prepare("Blue tile with a longer local label")
/// text.sizeThatFits(ProposedViewSize(width: 120, height: nil)).lineCount  // 3
/// ```

extension PreparedText {
  /// The size and line count of the text for a proposal: `measure(_:options:)`'s result
  /// without its lines (none are built).
  public func sizeThatFits(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) -> TextMeasurement {
    let (known, available, extra) = knownBreaking(
      proposal, options: options, needsSpans: false)
    if let known { return linelessMeasurement(known, proposal: proposal, options: options) }
    // Made here rather than returned by `breaking`: a `Breaking` with no lines and no
    // truncation is plain values, which the compiler sees and destroys for free (returned
    // from a call, each relayout destroyed its optional lines and truncation out of line).
    // The lookup, breaking and store in line: one frame a relayout.
    var fit = LineFit()
    let limits = sizeOnlyFit(containing: available, into: &fit)
    return linelessMeasurement(
      Breaking(fit: fit, limits: limits, extra: extra, available: available),
      proposal: proposal, options: options)
  }

  /// The range and size of the breaking without a line limit at `available` width: the
  /// cache's plain values, else a new scan into a size (no lines), then cached: for
  /// `measure(_:options:eachLine:)`, whose lines are then made by a second scan. The general
  /// scan, not the table's loop (`sizeOnlyFit(containing:into:)`), which gives the same
  /// lines: that loop is inlined in `sizeThatFits` alone.
  func sizeOnlyFit(available: Double) -> (limits: Range<Double>, fit: LineFit) {
    let cached = breakCache.fit(containing: available)
    if let found = cached.found { return found }
    var fit = LineFit()
    var breaker = LineBreaker(limit: available)
    breaker.breakLines(widths, into: &fit)
    breakCache.insertFit(breaker.validLimits, fit, at: cached.vacancy, of: self)
    return (breaker.validLimits, fit)
  }

  /// The measurement of `breaking` (made for `proposal` and `options`) without its lines:
  /// what `sizeThatFits` returns, and `measure(_:options:eachLine:)` after handing the lines
  /// on.
  @inline(__always)
  func linelessMeasurement(
    _ breaking: Breaking, proposal: ProposedViewSize, options: TextContainerOptions
  ) -> TextMeasurement {
    let (size, used) = size(of: breaking.fit, options: options)
    return TextMeasurement(
      proposal: proposal, size: size, lines: [], lineCount: breaking.fit.count, usedRect: used,
      lineBreakRange: breaking.proposedWidths,
      tightWidth: breaking.tightWidth(size: size) { minWidth },
      hiddenRange: breaking.truncation?.hidden)
  }

  /// The lines for a proposal: the ideal ones when the available width holds them, else a
  /// cached breaking whose range holds the width, else a new scan (then cached).
  func breaking(
    _ proposal: ProposedViewSize, options: TextContainerOptions, needsSpans: Bool
  ) -> Breaking {
    let (known, available, extra) = knownBreaking(
      proposal, options: options, needsSpans: needsSpans)
    if let known { return known }
    guard needsSpans else {
      // A size alone: the cache's plain values, no entry made or copied.
      let (limits, fit) = sizeOnlyFit(available: available)
      return Breaking(fit: fit, limits: limits, extra: extra, available: available)
    }
    var found = cachedBreaking(at: available, limit: nil, needsSpans: true, extra: extra) {
      var breaker = LineBreaker(limit: available)
      let spans = breaker.breakLines(widths)
      return LineBreakCache.Entry(limits: breaker.validLimits, fit: LineFit(spans), spans: spans)
    }
    found.available = available
    return found
  }

  /// `breaking(_:options:needsSpans:)` with its lines, where a new scan without a line limit
  /// is `scan`'s own (at the available width; it keeps the lines and returns their size and
  /// range of widths), cached by its size alone. A width no breaking holds (each width once,
  /// as `caliper measure` asks) costs one size-only search and one store in the slot it chose.
  func breaking(
    _ proposal: ProposedViewSize, options: TextContainerOptions,
    scan: (Double) -> (LineFit, Range<Double>)
  ) -> Breaking {
    let (known, available, extra) = knownBreaking(proposal, options: options, needsSpans: true)
    if let known { return known }
    let cached = breakCache.fit(containing: available)
    if cached.found != nil,
      let hit = breakCache.entry(containing: available, needsSpans: true)
    {
      return Breaking(
        spans: hit.spans, fit: hit.fit, limits: hit.limits, extra: extra, available: available)
    }
    let (fit, limits) = scan(available)
    if cached.found == nil {
      breakCache.insertFit(limits, fit, at: cached.vacancy, of: self)
    } else {
      breakCache.insert(LineBreakCache.Entry(limits: limits, fit: fit, spans: nil), of: self)
    }
    return Breaking(fit: fit, limits: limits, extra: extra, available: available)
  }

  /// What both `breaking`s do first: the breaking when it needs no new scan without a line
  /// limit (no wrapping, the ideal lines, or a line limit), else nil; with the available
  /// width and the container's extra width.
  @inline(__always)
  private func knownBreaking(
    _ proposal: ProposedViewSize, options: TextContainerOptions, needsSpans: Bool
  ) -> (Breaking?, available: Double, extra: Double) {
    // CSS `white-space: nowrap` and `pre` never wrap: every width gives the ideal lines.
    let proposal = wraps ? proposal : ProposedViewSize(width: nil, height: proposal.height)
    let extra = 2 * (options.textContainerInset.width + options.lineFragmentPadding)
    // nil and +∞ ask for the ideal lines; NaN and negative widths (−∞ too) count as 0.
    var available = Double.infinity
    if let width = proposal.width, width != .infinity {
      // `max(0, left)` but for a NaN, whose comparison is false: 0, as for a NaN width
      // (one comparison where a test for NaN took eight instructions a relayout).
      let left = width - extra
      available = left >= 0 ? left : 0
    }
    if let limit = LineLimit(options, proposal: proposal) {
      prefetchForRelayout()
      var limited = limitedBreaking(limit, available: available, extra: extra)
      limited.available = available
      return (limited, available, extra)
    }
    let idealFit = lineBreaks.idealFit
    let idealWidth = idealFit.widest
    guard available + LineBreaker.tolerance < idealWidth else {
      let ideal = Breaking(
        spans: needsSpans ? idealLines.spans : nil, fit: idealFit,
        limits: (idealWidth - LineBreaker.tolerance)..<Double.infinity, extra: extra)
      return (ideal, available, extra)
    }
    // A width below the ideal one: the cache's slots and table are read next. (The ideal
    // lines read neither: asked for there, an ideal-size query after a miss paid for up to
    // 8 KB of the table's block.)
    prefetchForRelayout()
    // A fact found while preparing: reading `style` here would copy it (and retain its
    // arrays and strings) on every relayout.
    if storage.breakFacts.contains(.reworksLines) {
      return (
        wrapStyledBreaking(available: available, extra: extra, needsSpans: needsSpans),
        available, extra
      )
    }
    return (nil, available, extra)
  }
}
