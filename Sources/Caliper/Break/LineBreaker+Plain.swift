/// Break lines, plain texts: each line found by one search over the prefix sums.
///
/// Problem: a relayout at a new width is a few lines of a few dozen segments, and the
/// general scan pays for what most texts never have at every line: it leaves its tight
/// loop at the segment that does not fit, keeps a fallback line end, works out the line's
/// faces and metrics, and starts the next line in its general code (about 500 instructions
/// a line against a few dozen for the search).
/// Solution: for a text whose every line is whole segments measured by prefix arithmetic
/// (`PreparedTextStorage.BreakFacts.plainLines`: one face, rising prefix sums, no tab,
/// letter spacing or hyphenation, no soft hyphen, unsafe end or hard break), a line from
/// segment `i` ends at the last segment `j` whose content fits: found by galloping from
/// the previous line's length, then bisecting, or, for a text relaid out at more than one
/// new width, by a few tests from a table's guess (`PlainLineIndex`). The scan's `fits` tests come out the same
/// for any limit between the thresholds of `j` (fits) and `j + 1` (does not), so those two
/// narrow `validLimits` exactly as the general scan narrows it, and the line is emitted
/// with the same span. The line metrics are worked out once per breaking when they are the
/// same for every line (`sameLineMetrics`). Limitation: a segment wider than the line on a
/// line of its own stops the search; the general scan emergency-breaks it and comes back
/// here at the next whole segment (`LineBreaker.breakLines`).
extension LineBreaker {
  /// The last segment in `good..<bad` whose content, measured from `base`, fits
  /// (`fitsAt`), where `good` is known to fit (or is one before the first segment tried) and
  /// `bad` known not to (or is the end): galloping up from `good`, then bisecting, which
  /// the widths rising with the segments allow (`prefixRises`).
  @inline(__always)
  func lastFitting(
    after good: Int, before bad: Int, from base: Double, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>
  ) -> Int {
    var good = good
    var bad = bad
    // Wrapping arithmetic: every index here lies in 0...segments.count, and `step` stays
    // below it, so none can overflow (the checks were a tenth of the search's instructions).
    var step = 1
    while good &+ step < bad {
      let probe = good &+ step
      guard fitsAt(prefix[segments[probe].contentEnd] - base) else {
        bad = probe
        break
      }
      good = probe
      step &+= step
    }
    while bad &- good > 1 {
      let middle = good &+ (bad &- good) >> 1
      if fitsAt(prefix[segments[middle].contentEnd] - base) {
        good = middle
      } else {
        bad = middle
      }
    }
    return good
  }

  /// The last segment from `index` (known to fit) whose content, measured from `base`,
  /// fits: galloping from the previous line's `length` (lines are alike), up while segments
  /// fit, else down, then bisecting.
  @inline(__always)
  func lastFitting(
    from index: Int, length: Int, base: Double, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>
  ) -> Int {
    let count = segments.count
    var good = index  // the last segment known to fit
    var bad = count  // the first known not to
    // Wrapping arithmetic as in `lastFitting(after:before:from:segments:prefix:)`: indices
    // and lengths within 0...count.
    let guess = index &+ length &- 1
    if guess > index, guess < count {
      if fitsAt(prefix[segments[guess].contentEnd] - base) {
        good = guess
      } else {
        bad = guess
        var step = 1
        while bad &- step > good {
          let probe = bad &- step
          if fitsAt(prefix[segments[probe].contentEnd] - base) {
            good = probe
            break
          }
          bad = probe
          step &+= step
        }
      }
    }
    return lastFitting(after: good, before: bad, from: base, segments: segments, prefix: prefix)
  }

  /// Lines of whole segments from segment `first` (where a line starts), handed to `sink`
  /// in order. Returns the segment it stopped at: `segments.count` when every line is
  /// emitted, else one that does not fit on a line of its own (or the first after the line
  /// that filled the sink).
  mutating func breakPlainLines<Sink: LineSink>(
    _ widths: LineWidths, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>, from first: Int, metrics known: inout LineMetrics?,
    into sink: inout Sink
  ) -> Int {
    let count = segments.count
    let sameMetrics = widths.text.storage.breakFacts.contains(.sameLineMetrics)
    var index = first
    // Segments on the last line: where the next line's search starts. The first line's is
    // estimated from the segments' mean width: only a guess, which the search corrects,
    // but closer than one segment, from which it galloped.
    var length = 1
    let table = plainIndex?.pointee
    if table == nil, index < count {
      let mean =
        (prefix[segments[count - 1].end] - prefix[segments[index].start]) / Double(count - index)
      let estimate = (limit - indent) / mean  // Int(_:) below rounds it down
      if estimate >= 1 { length = estimate < Double(count) ? Int(estimate) : count }
    }
    while index < count {
      let head = segments[index]
      let start = head.start
      indent = widths.indent(atLineStart: start)
      let base = prefix[start]
      guard fitsAt(prefix[head.contentEnd] - base) else { return index }
      // The last segment that fits.
      var good = index
      if let table {
        // From the table's guess, a step or so behind: forward while the next fits, or
        // back (the guess past the end by rounding) while it does not.
        good = table.guess(from: index, base: base, room: limit - indent)
        let endAt = table.endPositions
        if fitsAt(endAt[good] - base) {
          while good &+ 1 < count, fitsAt(endAt[good &+ 1] - base) { good &+= 1 }
        } else {
          repeat { good &-= 1 } while !fitsAt(endAt[good] - base)
        }
      } else {
        good = lastFitting(
          from: index, length: length, base: base, segments: segments, prefix: prefix)
      }
      // The general scan's tests: every segment up to `good` fits (the thresholds rise, so
      // the last one's is the highest), and the next one does not.
      let last = segments[good]
      let width = prefix[last.contentEnd] - base
      // A segment alone on its line that may not be broken is that line at any width (it
      // overflows): its fit decides nothing (`fitsAlone`).
      if good > index || isBreakable(widths, from: start, to: last.contentEnd) {
        _ = fits(width)
      }
      if good &+ 1 < count { _ = fits(prefix[segments[good &+ 1].contentEnd] - base) }
      let faces = head.faces
      let metrics = known ?? widths.text.lineMetrics(start..<last.end, faces: faces)
      if sameMetrics { known = metrics }
      sink.append(
        Span(
          start: start, contentEnd: last.contentEnd, end: last.end, width: width,
          emergency: false, faces: faces, metrics: metrics,
          indent: start == last.end ? widths.indent(atLineStart: start) : indent))
      length = good &+ 1 &- index
      index = good &+ 1
      if sink.isFull { break }
    }
    return index
  }
}
