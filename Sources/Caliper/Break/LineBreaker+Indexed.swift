/// Break lines into a size, plain texts with a `PlainLineIndex`: each line one table read
/// and a test or two, in registers.
///
/// Problem: with each line's end found from the table, the search was no longer what a
/// line cost: `breakPlainLines` still read each line's head segment and its start's prefix
/// sum, kept `validLimits` and the open line's indent in the breaker (stored back on every
/// line), and built a span for the sink (about 180 instructions a line in all).
/// Solution: for a size alone (`PreparedText.sizeOnlyFit`) of a text whose lines all have
/// the same metrics and no indent, a loop over the table's arrays alone (`startPositions`,
/// `endPositions`, `lastAtStep`), with the range of limits and the size in locals: the same `fits` tests
/// as `breakPlainLines` (a line's threshold is its width plus its indent, 0 here, less
/// `tolerance`, compared the same way), so the same lines, size and `validLimits`. A
/// segment wider than the line on a line of its own is that line when it may not be broken
/// (the scan's `fitsAlone`); one that may is emergency-broken as the general scan breaks
/// it, up to the next line that starts at a segment (`LineBreaker+EmergencyLines.swift`;
/// about one relayout in twelve of Gatsby's, at the narrowest widths). A text of several
/// faces whose lines are otherwise plain (`BreakFacts.plainFaces`: vertical Japanese,
/// fallback faces) takes the same loop, each line's metrics those of the union of its
/// segments' faces, as the scan's `emit` works them out.
/// A line's work (about 45 instructions, issue 32's tenth round): its start read, the
/// guess (the last line's extent) tested, the first segment tested only where the guess
/// fails, a walk that stops at the table's `.nan` past the last segment, the two
/// thresholds carried from the walk into the range's ends, whether a segment alone may be
/// broken read from the table's bits, and the size's count, widest and height in
/// registers, its first and last lines' edges set once after the lines of one metrics.
extension LineBreaker {
  /// `breakLines(_:into:)` into a size: through the table's loop when the text has one
  /// (`plainIndex`), its lines are plain (one face and the same metrics, or `plainFaces`)
  /// and have no indent, else as ever. `@_transparent`, so that it is inlined into
  /// `PreparedText.sizeOnlyFit(containing:into:)`, itself inlined into `sizeThatFits` (one
  /// frame, the breaker's fields the constants just set): `@inline(__always)` was not
  /// honoured there (issue 32's tenth round, i32w2).
  @_transparent
  mutating func breakLines(_ widths: LineWidths, intoSize fit: inout LineFit) {
    // The facts that choose the loop, one byte compared: one face with every line's
    // metrics the text's, or several faces (`plainFaces`), each line's metrics its faces';
    // no indent either way.
    let facts = widths.text.storage.breakFacts.intersection(Self.indexedFacts)
    let metrics = widths.text.lineBreaks.plainLineMetrics
    guard let table = plainIndex, searchesPlainLines,
      facts == [.plainLines, .sameLineMetrics] && metrics != nil || facts == .plainFaces
    else { return breakLines(widths, into: &fit) }
    #if DEBUG
      widths.text.breakCache.scans.add(1, ordering: .relaxed)
      widths.text.breakCache.indexedScans.add(1, ordering: .relaxed)
    #endif
    // The arrays' buffers without `withUnsafeBufferPointer`'s closures: in `sizeThatFits`,
    // which takes this loop in line, a closure's body stayed a function of its own. The
    // text's storage keeps both arrays, unchanged, while the loop reads them.
    // Their counts from the table's first line (`PlainLineIndex.segmentCount`): the
    // arrays' own are on their headers' lines, which a call that breaks no word reads
    // nothing else of.
    let storage = widths.text.storage
    let segments = UnsafeBufferPointer(
      start: storage.segments._baseAddressIfContiguous, count: table.pointee.segmentCount)
    let prefix = UnsafeBufferPointer(
      start: storage.prefix._baseAddressIfContiguous, count: table.pointee.prefixCount)
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
    withExtendedLifetime(storage) {}
  }

  /// The facts `breakLines(_:intoSize:)` reads to choose its loop.
  private static let indexedFacts: PreparedTextStorage.BreakFacts = [
    .plainLines, .sameLineMetrics, .plainFaces, .indents,
  ]

  /// The lines, each `metrics` high (`facesPerLine`: its faces' metrics, as the general
  /// scan's `emit` works them out), added to `fit`. A segment wider than the line, alone on it, is that
  /// line when it may not be broken (`fitsAlone`); else it is emergency-broken as the
  /// general scan breaks it, up to the next line that starts at a segment
  /// (`breakEmergencyLines`).
  @inline(__always)
  private mutating func breakIndexedLines(
    _ widths: LineWidths, table: UnsafePointer<PlainLineIndex>,
    segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>, metrics: LineMetrics, facesPerLine: Bool,
    into fit: inout LineFit
  ) {
    let count = segments.count
    let endAt = table.pointee.endPositions
    let startAt = table.pointee.startPositions
    let limit = self.limit
    // No line has an indent; added all the same, as `fits` and `LineFit.append` add it.
    let indent = 0.0
    self.indent = indent
    var lowest = self.lowest
    // The widest line whose last segment's test narrows `lowest`: its threshold is the
    // largest of theirs, `x - tolerance` never falling as `x` rises, so `lowest` takes it
    // once (`narrowLowest`, after the lines and before an emergency break's), where each
    // line's threshold took a copy and an add.
    // (The constants here from `RelayoutConstants`' one cache line.)
    var widestFitting = RelayoutConstants.negativeInfinity
    var highest = self.highest
    var size = fit
    // Lines of the one `metrics` since the last emergency break: their edges (first ascent,
    // last height below the baseline) are set once, after them (`LineFit.setEdges`).
    var settled = size.count
    /// What `fits` compares `limit` with for a line `width` wide: `width + indent -
    /// tolerance` with the indent 0 left out, the same number (adding 0 changes only a
    /// −0, and −0 and +0 less the tolerance are equal).
    @inline(__always) func threshold(_ width: Double) -> Double {
      width - RelayoutConstants.tolerance
    }
    /// `lowest` narrowed to the threshold of `widestFitting` (`max` as one `maxsd`, as
    /// below): the largest of the lines' thresholds, the same number.
    @inline(__always) func narrowLowest() {
      let fitting = threshold(widestFitting)
      lowest = lowest > fitting ? lowest : fitting
    }
    // With several faces: the last line's packed faces and their metrics.
    var lastPacked: UInt32 = 0
    var lastMetrics = LineMetrics.zero
    var index = 0
    // Segments on the last line less one, the next line's first guess (lines are alike):
    // integer arithmetic, which the processor runs ahead on, where the table's guess is a
    // chain of floating-point steps and a load that each line's end waited for. The first
    // line's comes from the table (which has a segment at least).
    var extent = table.pointee.firstGuess(room: limit - indent)
    let last = count &- 1
    // Wrapping arithmetic: every index here lies in 0...count.
    while index <= last {
      let base = startAt[index]
      // The guess: from the line's first segment, as many as the last line had.
      var good = index &+ extent
      if good > last { good = last }
      // The last segment's threshold on the line (`good`'s once found), and the threshold
      // of the segment after it, the first that does not fit.
      var fitting = threshold(endAt[good] - base)
      var failing = fitting
      // The line's width, once its last segment is found.
      var width: Double
      // Past the guess's test, the first segment's only where the guess does not fit: the
      // positions rise, so it fits wherever a later one does.
      if _slowPath(!(limit >= fitting) && !(limit >= threshold(endAt[index] - base))) {
        good = index
        width = endAt[index] - base
        failing = threshold(endAt[index &+ 1] - base)
        // A segment wider than the line, alone on it: where it may be broken, its emergency
        // breaks, as the general scan makes them, to the next line that starts at a segment
        // (`LineBreaker+EmergencyLines.swift`).
        if let cut = firstBreak(
          widths, from: segments[index].start, to: segments[index].contentEnd)
        {
          if !facesPerLine { size.setEdges(metrics, after: settled) }
          narrowLowest()
          self.lowest = lowest
          self.highest = highest
          if !facesPerLine {
            // Through `fit`, whose address the call takes, so that `size`'s does not
            // escape and its fields stay in registers through the lines (else each line's
            // count, widest and height were stored to it and loaded back).
            fit = size
            index = breakEmergencyLines(
              widths, segments: segments, prefix: prefix, from: index, firstBreak: cut,
              metrics: metrics, into: &fit)
            size = fit
          } else {
            // With several faces, `size` stays in memory: in registers, each line's edges
            // and the faces' metrics left too few for the loop (fallback-heavy spilled
            // more than it saved).
            index = breakEmergencyLines(
              widths, segments: segments, prefix: prefix, from: index, firstBreak: cut,
              metrics: nil, into: &size)
          }
          settled = size.count
          lowest = self.lowest
          widestFitting = RelayoutConstants.negativeInfinity
          highest = self.highest
          continue
        }
        // One that may not be broken is the line at any width: its test narrows nothing
        // (`fitsAlone`); the next segment's below does, as the scan's on the open line.
      } else {
        if limit >= fitting {
          // Forward while the next fits: the table's `.nan` past the last segment fits
          // no limit, so the walk stops there.
          // The last fitting threshold is not carried (a register copy a step): it is
          // the line's width less the tolerance, worked out once below.
          var next = good &+ 1
          while true {
            failing = threshold(endAt[next] - base)
            guard limit >= failing else { break }
            next &+= 1
          }
          good = next &- 1
        } else {
          // Past the end by rounding: back to the last that fits (`index` does).
          repeat {
            failing = fitting
            good &-= 1
            fitting = threshold(endAt[good] - base)
          } while !(limit >= fitting)
        }
        width = endAt[good] - base
        // `breakPlainLines`' two tests: the last segment fits (unless it is alone on its
        // line and may not be broken: `fitsAlone`), the next one does not.
        if good > index || table.pointee.isBreakable(index) {
          // `max(lowest, t)` written as the one instruction it is for numbers (`maxsd`):
          // `max`'s `t >= lowest ? t : lowest` differs only for a NaN, which no width or
          // threshold here is (finite positions), and took four.
          widestFitting = widestFitting > width ? widestFitting : width
        }
        extent = good &- index
      }
      // The next segment's test; past the last segment the table's `.nan`, which leaves
      // `highest` as it is (`min(x, .nan)` is `x`), as no test there does.
      highest = min(highest, failing)
      if !facesPerLine {
        // `width + indent` without the 0 added, the same number: a difference of rising
        // positions, none −0 (`PlainLineIndex`), is not −0; and finite ones, not NaN.
        size.add(number: width, height: metrics.height)
      } else {
        // The line's faces, trailing whitespace included, as the scan gathers them (one read
        // a run of equal faces); the metrics of the last line's faces kept (most lines have
        // the same ones).
        let packed = table.pointee.packedFaces(segments, from: index, through: good)
        if packed != lastPacked || packed == 0 {
          lastPacked = packed
          lastMetrics = widths.text.lineMetrics(
            segments[index].start..<segments[good].end, faces: Segment.faces(packed))
        }
        size.append(width: width + indent, metrics: lastMetrics)
      }
      index = good &+ 1
    }
    if !facesPerLine { size.setEdges(metrics, after: settled) }
    narrowLowest()
    self.lowest = lowest
    self.highest = highest
    fit = size
  }
}
