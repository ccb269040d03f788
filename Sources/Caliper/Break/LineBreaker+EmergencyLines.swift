/// Break lines, a plain text's emergency lines inside the table's loop.
///
/// Problem: at the narrowest widths a word of a plain text can be wider than the line
/// (about one relayout in twelve of Gatsby's), and the table's loop handed it to the
/// general scan, which cut it at grapheme boundaries and came back at the next line that
/// starts at a segment: some 2,200 instructions a word, most of them the scan's per-line
/// state and checks for what a plain text never has (soft hyphens, fallback ends, tabs,
/// hard breaks), a span a line, each line's metrics worked out again from its faces, and
/// each piece measured twice (about 250 of a relayout's 1,195, amortized).
/// Solution: the word's lines made here, in the general scan's order and with its tests:
/// each piece `emergencyPiece` (the cut found with the prefix sums and confirmed with the
/// edge-exact width, the width it confirmed kept for the line), then the line the word's
/// rest opens, which takes the segments after it that fit as the scan's open line does
/// (searched over the prefix sums from a safe start, each measured edge-exact from an
/// unsafe one). Each line is added to the size with the text's one metrics, or its faces'
/// as `emit` works them out; every `fits` test is one the scan makes, so the sizes and
/// `validLimits` are the scan's to the bit (tests compare the two). Limitation: only for
/// the table's texts (plain segments, no indent, tab, letter spacing, hyphenation or
/// preserved spaces) into a size without a line limit, which is all the table's loop does.
extension LineBreaker {
  /// The lines of segment `first`, which is wider than the line, alone on it, and may be
  /// broken, its first emergency break at `firstBreak` (`firstBreak(_:from:to:)`), added
  /// to `fit`: its emergency-broken pieces, then the line its rest opens. `metrics`: every
  /// line's (nil: each line's faces', as the general scan's `emit` works them out).
  /// Returns the segment the next line starts at. Out of line: the table's loop stays
  /// small enough for its own calls to be inlined.
  @inline(never)
  mutating func breakEmergencyLines(
    _ widths: LineWidths, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>, from first: Int, firstBreak: Int,
    metrics: LineMetrics?, into fit: inout LineFit
  ) -> Int {
    breakEmergencyLines(
      widths, widths.wordCuts, segments: segments, prefix: prefix, from: first,
      firstBreak: firstBreak, metrics: metrics, into: &fit)
  }

  /// `breakEmergencyLines(_:segments:prefix:from:firstBreak:metrics:into:)` over `cuts`.
  @inline(__always)
  private mutating func breakEmergencyLines(
    _ widths: LineWidths, _ cuts: WordCuts, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>, from first: Int, firstBreak: Int,
    metrics: LineMetrics?, into fit: inout LineFit
  ) -> Int {
    let count = segments.count
    let segment = segments[first]
    let contentEnd = segment.contentEnd
    var start = segment.start
    // The rest of the word from `start`, measured as the scan measures a line's first
    // segment: by the prefix sums from a segment's start (no plain segment ends where
    // breaking is unsafe), edge-exact from a cut where it is unsafe.
    var unsafeStart = false
    var width = prefix[contentEnd] - prefix[start]
    // `fitsAlone`: a rest that may be broken and does not fit is cut again. (Emergency
    // breaks are on: `firstBreak` was found.)
    var cut: Int? = firstBreak
    while let cutAt = cut, !fits(width) {
      let piece = emergencyPiece(widths, cuts, from: start, first: cutAt, to: contentEnd)
      // As `emit` adds a line: its width and the indent (0), its metrics. A number: the
      // table's texts have finite positions, and a reshaped stretch's advances are finite.
      fit.append(
        number: piece.width + indent,
        metrics: metrics
          ?? widths.text.lineMetrics(
            start..<piece.end, faces: widths.text.faceMask(start..<piece.end)))
      start = piece.end
      unsafeStart = cuts.isUnsafeStart(start)
      width =
        unsafeStart
        ? widths.width(from: start, to: contentEnd, breakingAt: segment.end)
        : prefix[contentEnd] - prefix[start]
      cut = cuts.next(after: start, before: contentEnd)
    }
    // The rest opens a line (it fits, or may not be broken), with only its own faces.
    var faces = FaceMask.empty
    if metrics == nil {
      faces = start == segment.start ? segment.faces : widths.text.faceMask(start..<segment.end)
    }
    var lineWidth = width
    var end = segment.end
    var index = first &+ 1
    // The scan's open line: from a safe start, the segments that fit found at once over the
    // prefix sums (`lastFitting`), the last one's `fits` kept; then the next one tested as
    // the scan's general code tests it (from an unsafe start, each in turn, edge-exact).
    while index < count {
      if !unsafeStart {
        let base = prefix[start]
        let good = lastFitting(
          after: index &- 1, before: count, from: base, segments: segments, prefix: prefix)
        if good >= index {
          if metrics == nil {
            var packed: UInt32 = 0
            for taken in index...good { packed |= segments[taken].packedFaces }
            faces |= Segment.faces(packed)
          }
          lineWidth = prefix[segments[good].contentEnd] - base
          _ = fits(lineWidth)
          end = segments[good].end
          index = good &+ 1
          guard index < count else { break }
        }
      }
      let next = segments[index]
      // A segment of whitespace alone hangs after the line's content, as in the scan.
      let nextWidth =
        next.contentEnd == next.start
        ? lineWidth
        : unsafeStart
          ? widths.width(from: start, to: next.contentEnd, breakingAt: next.end)
          : prefix[next.contentEnd] - prefix[start]
      guard fits(nextWidth) else { break }
      faces |= next.faces
      lineWidth = nextWidth
      end = next.end
      index &+= 1
    }
    fit.append(
      number: lineWidth + indent,
      metrics: metrics ?? widths.text.lineMetrics(start..<end, faces: faces))
    return index
  }
}
