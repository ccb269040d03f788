/// Break, wrap styles: what the score-based breaker needs of a paragraph's greedy lines.
///
/// Problem: `balance` re-breaks a paragraph from its greedy lines, but of them it needs only
/// how many there are, where the first and last start and the last ends, and whether one
/// overflows; keeping them as spans (an array a width, a span built and stored a line) was
/// about a tenth of a balanced relayout. Solution: this summary, which is also a `LineSink`:
/// the greedy breaker hands it the lines and none is kept (`wrapStyledLines`, for a text of
/// one plain paragraph); the spans are made only where Blink keeps the greedy lines or
/// bisects.
struct GreedyLines: LineSink {
  /// The available width.
  let limit: Double
  var count = 0
  var start = 0
  var lastStart = 0
  var end = 0
  /// Whether a line is broken inside a word.
  var emergency = false
  /// Whether a line is wider than `limit` (a word that may not be broken) or broken inside
  /// a word (`LineBreaker.Span.overflows(_:)`).
  var overflows = false

  init(limit: Double) {
    self.limit = limit
  }

  /// The summary of `lines`.
  init(_ lines: some Collection<LineBreaker.Span>, limit: Double) {
    self.limit = limit
    for span in lines { append(span) }
  }

  @inline(__always)
  mutating func append(_ span: LineBreaker.Span) {
    add(
      start: span.start, end: span.end, width: span.width, indent: span.indent,
      emergency: span.emergency)
  }

  /// Adds a line from `start` to `end`, `width` wide from `indent`, broken inside a word
  /// where `emergency`: what `append` reads of a span, with no span made.
  @inline(__always)
  mutating func add(start: Int, end: Int, width: Double, indent: Double, emergency: Bool) {
    if count == 0 { self.start = start }
    lastStart = start
    self.end = end
    count += 1
    self.emergency = self.emergency || emergency
    overflows =
      overflows
      || LineBreaker.Span.overflows(
        width: width, indent: indent, emergency: emergency, available: limit)
  }

  /// The summary of a plain text's greedy lines at `limit`, counted from its table of line
  /// ends (`PlainLineIndex`) as `LineBreaker.breakLines(_:intoSize:)` finds them, with no
  /// line made; nil where a segment does not fit on a line of its own (the general scan
  /// decides that line: `LineBreaker.breakLines`). Counting stops past `most` lines (the
  /// count is then `most + 1`).
  ///
  /// Only for a text of `BreakFacts.plainLines` without indents: each line is whole
  /// segments, measured by its prefix sums from an indent of 0, and ends at the last
  /// segment whose content end passes `fitsAt` (the positions rise, so the table's guess
  /// decides only where the tests start). The lines, and so the summary, are
  /// `breakPlainLines`' to the bit (`GreedyLinesTests`). Where it declines, it writes into
  /// `wide` the width of the segment that does not fit on a line of its own: that line's
  /// width where the scan lets it overflow, as it may not be broken (else it is broken
  /// inside the word).
  init?(
    plain table: PlainLineIndex, segments: UnsafeBufferPointer<Segment>, limit: Double,
    most: Int, wide: inout Double
  ) {
    self.limit = limit
    let count = segments.count
    let endAt = table.endPositions
    let startAt = table.startPositions
    // `LineBreaker.fitsAt` from an indent of 0 (added all the same, as it adds it).
    @inline(__always) func fits(_ width: Double) -> Bool {
      LineBreaker.fits(width, indent: 0, limit: limit)
    }
    var index = 0
    // Segments on the last line: the next line's first guess (lines are alike); the first
    // line's from the table.
    var length = count > 0 ? table.guess(from: 0, base: startAt[0], room: limit) &+ 1 : 1
    // The last line's first and last segments: its start and end are read once, at the end
    // (`add` reads them a line).
    var (lastFirst, lastGood) = (0, 0)
    defer {
      if self.count > 0 {
        start = segments[0].start
        lastStart = segments[lastFirst].start
        end = segments[lastGood].end
      }
    }
    // Wrapping arithmetic: every index here lies in 0...count.
    while index < count {
      let base = startAt[index]
      var good = index &+ length &- 1
      if good >= count { good = count &- 1 }
      // `good` is at least `index`: where its line fits, so does the line of `index` alone
      // (the positions rise), else that is tested.
      if fits(endAt[good] - base) {
        while good &+ 1 < count, fits(endAt[good &+ 1] - base) { good &+= 1 }
      } else {
        guard fits(endAt[index] - base) else {
          wide = endAt[index] - base
          return nil
        }
        // Past the end by rounding: back to the last that fits (`index` does).
        repeat { good &-= 1 } while !fits(endAt[good] - base)
      }
      // `add` but for the starts and end (above).
      self.count &+= 1
      overflows =
        overflows
        || LineBreaker.Span.overflows(
          width: endAt[good] - base, indent: 0, emergency: false, available: limit)
      (lastFirst, lastGood) = (index, good)
      if self.count > most { return }
      length = good &+ 1 &- index
      index = good &+ 1
    }
  }
}
