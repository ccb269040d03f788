/// Break lines into a size, plain texts with a `PlainLineIndex`: each line one table read
/// and a test or two, in registers.
///
/// Problem: with each line's end found from the table, the search was no longer what a
/// line cost: `breakPlainLines` still read each line's head segment and its start's prefix
/// sum, kept `validLimits` and the open line's indent in the breaker (stored back on every
/// line), and built a span for the sink (about 180 instructions a line in all).
/// Solution: for a size alone (`PreparedText.sizeOnlyFit`) of a text whose lines all have
/// the same metrics and no indent, a loop over the table's arrays alone (`startPositions`, `endPositions`,
/// `lastAtStep`), with the range of limits and the size in locals: the same `fits` tests
/// as `breakPlainLines` (a line's threshold is its width plus its indent, 0 here, less
/// `tolerance`, compared the same way), so the same lines, size and `validLimits`. A
/// segment wider than the line on a line of its own is that line when it may not be broken
/// (the scan's `fitsAlone`); one that may is emergency-broken as the general scan breaks
/// it, up to the next line that starts at a segment (`LineBreaker+EmergencyLines.swift`;
/// about one relayout in twelve of Gatsby's, at the narrowest widths). A text of several faces whose lines are otherwise
/// plain (`BreakFacts.plainFaces`: vertical Japanese, fallback faces) takes the same loop,
/// each line's metrics those of the union of its segments' faces, as the scan's `emit`
/// works them out.
extension LineBreaker {
  /// `breakLines(_:into:)` into a size: through the table's loop when the text has one
  /// (`plainIndex`), its lines are plain (one face and the same metrics, or `plainFaces`)
  /// and have no indent, else as ever.
  mutating func breakLines(_ widths: LineWidths, intoSize fit: inout LineFit) {
    let facts = widths.text.storage.breakFacts
    // One face: every line has the text's metrics. Several (`plainFaces`): each line's are
    // its faces' (nil here).
    let metrics = widths.text.lineBreaks.plainLineMetrics
    guard let table = plainIndex?.pointee, searchesPlainLines, !facts.contains(.indents),
      facts.contains([.plainLines, .sameLineMetrics]) && metrics != nil
        || facts.contains(.plainFaces)
    else { return breakLines(widths, into: &fit) }
    #if DEBUG
      widths.text.breakCache.scans.add(1, ordering: .relaxed)
    #endif
    widths.text.segments.withUnsafeBufferPointer { segments in
      Self.prefetch(UnsafeBufferPointer(start: table.startPositions, count: segments.count))
      Self.prefetch(UnsafeBufferPointer(start: table.endPositions, count: segments.count))
      widths.text.prefix.withUnsafeBufferPointer { prefix in
        // Two copies of the loop, each with its way to a line's metrics fixed.
        if let metrics {
          breakIndexedLines(
            widths, table: table, segments: segments, prefix: prefix, metrics: metrics,
            facesPerLine: false, into: &fit)
        } else {
          breakIndexedLines(
            widths, table: table, segments: segments, prefix: prefix, metrics: .zero,
            facesPerLine: true, into: &fit)
        }
      }
    }
  }

  /// The lines, each `metrics` high (`facesPerLine`: its faces' metrics, as the general
  /// scan's `emit` works them out), added to `fit`. A segment wider than the line, alone on it, is that
  /// line when it may not be broken (`fitsAlone`); else it is emergency-broken as the
  /// general scan breaks it, up to the next line that starts at a segment
  /// (`breakEmergencyLines`).
  @inline(__always)
  private mutating func breakIndexedLines(
    _ widths: LineWidths, table: PlainLineIndex, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>, metrics: LineMetrics, facesPerLine: Bool,
    into fit: inout LineFit
  ) {
    let count = segments.count
    let endAt = table.endPositions
    let startAt = table.startPositions
    let limit = self.limit
    // No line has an indent; added all the same, as `fits` and `LineFit.append` add it.
    let indent = 0.0
    self.indent = indent
    var lowest = self.lowest
    var highest = self.highest
    var size = fit
    /// What `fits` compares `limit` with for a line `width` wide: `width + indent -
    /// tolerance` with the indent 0 left out, the same number (adding 0 changes only a
    /// −0, and −0 and +0 less the tolerance are equal).
    @inline(__always) func threshold(_ width: Double) -> Double {
      width - Self.tolerance
    }
    // With several faces: the last line's packed faces and their metrics.
    var lastPacked: UInt32 = 0
    var lastMetrics = LineMetrics.zero
    var index = 0
    // Segments on the last line, the next line's first guess (lines are alike): integer
    // arithmetic, which the processor runs ahead on, where the table's guess is a chain of
    // floating-point steps and a load that each line's end waited for. The first line's
    // comes from the table.
    var length = count > 0 ? table.guess(from: 0, base: startAt[0], room: limit - indent) &+ 1 : 1
    // Wrapping arithmetic: every index here lies in 0...count.
    while index < count {
      let base = startAt[index]
      var good = index
      if _slowPath(!(limit >= threshold(endAt[index] - base))) {
        // A segment wider than the line, alone on it: where it may be broken, its
        // emergency breaks, as the general scan makes them, to the next line that starts
        // at a segment (`LineBreaker+EmergencyLines.swift`).
        if let cut = firstBreak(
          widths, from: segments[index].start, to: segments[index].contentEnd)
        {
          self.lowest = lowest
          self.highest = highest
          index = breakEmergencyLines(
            widths, segments: segments, prefix: prefix, from: index, firstBreak: cut,
            metrics: facesPerLine ? nil : metrics, into: &size)
          lowest = self.lowest
          highest = self.highest
          continue
        }
        // One that may not be broken is the line at any width: its test narrows nothing
        // (`fitsAlone`); the next segment's below does, as the scan's on the open line.
      } else {
        good = index &+ length &- 1
        if good >= count { good = count &- 1 }
        if limit >= threshold(endAt[good] - base) {
          while good &+ 1 < count, limit >= threshold(endAt[good &+ 1] - base) { good &+= 1 }
        } else {
          // Past the end by rounding: back to the last that fits (`index` does).
          repeat { good &-= 1 } while !(limit >= threshold(endAt[good] - base))
        }
        // `breakPlainLines`' two tests: the last segment fits (unless it is alone on its
        // line and may not be broken: `fitsAlone`), the next one does not.
        if good > index
          || isBreakable(widths, from: segments[index].start, to: segments[good].contentEnd)
        {
          // `max(lowest, t)` written as the one instruction it is for numbers (`maxsd`):
          // `max`'s `t >= lowest ? t : lowest` differs only for a NaN, which no threshold
          // here is (finite positions), and took four.
          let t = threshold(endAt[good] - base)
          lowest = lowest > t ? lowest : t
        }
        length = good &+ 1 &- index
      }
      let width = endAt[good] - base
      if good &+ 1 < count { highest = min(highest, threshold(endAt[good &+ 1] - base)) }
      if !facesPerLine {
        size.append(width: width + indent, metrics: metrics)
      } else {
        // The line's faces, trailing whitespace included, as the scan gathers them (one read
        // a run of equal faces); the metrics of the last line's faces kept (most lines have
        // the same ones).
        let packed = table.packedFaces(segments, from: index, through: good)
        if packed != lastPacked || packed == 0 {
          lastPacked = packed
          lastMetrics = widths.text.lineMetrics(
            segments[index].start..<segments[good].end, faces: Segment.faces(packed))
        }
        size.append(width: width + indent, metrics: lastMetrics)
      }
      index = good &+ 1
    }
    self.lowest = lowest
    self.highest = highest
    fit = size
  }
}
