/// The general scan of `LineBreaker`: every segment in turn, for texts (or stretches of
/// them) that the plain search and the table's loop do not take: soft hyphens, unsafe line
/// edges, tabs and letter spacing, hyphenation, hard breaks, and words wider than the line
/// (but for a size alone, whose table's loop cuts them: `LineBreaker+EmergencyLines.swift`).
extension LineBreaker {
  /// The general scan, from segment `first` (where a line starts). Returns where it
  /// stopped: `segments.count`, or where a line limit filled the sink. `plainMetrics`,
  /// given only for a text whose lines all have the same metrics
  /// (`BreakFacts.sameLineMetrics`), are every line's: none is worked out from its faces.
  @discardableResult
  mutating func breakLines<Sink: LineSink>(
    _ widths: LineWidths, segments: UnsafeBufferPointer<Segment>,
    prefix: UnsafeBufferPointer<Double>, from first: Int, plainMetrics: LineMetrics?,
    into sink: inout Sink
  ) -> Int {
    // Invariants of the text, read once rather than per segment.
    let adjustsLineWidths = widths.adjustsLineWidths
    let rises = widths.text.storage.prefixRises
    // The open line, in locals (a Span is built only when a line is emitted).
    var open = false
    // Where the open line, or the next one, starts.
    var start = first < segments.count ? segments[first].start : 0
    var unsafeStart = false
    var contentEnd = 0
    var end = 0
    var lineWidth = 0.0
    var faces = FaceMask.empty
    var hyphen = false  // whether the open line, ended where it is, shows a soft hyphen
    // Where the open line may last end, while the segments after it were added only
    // because the word goes on (a soft hyphen whose hyphen does not fit): if the line ends
    // before another valid end, it ends here.
    var fallback: Fallback?
    var splitSyllable = false  // the next segment's syllable must be emergency-broken
    // The open line's last end that is not an automatic hyphenation point: where a line
    // that would end at one ends instead when it is filled enough (`Hyphenation.factor`).
    var plain: Fallback?
    let hyphenates = widths.text.style.hyphenation.isEnabled
    let plainLines =
      searchesPlainLines && widths.text.storage.breakFacts.contains(.plainLines)
    var plainMetrics = plainMetrics
    var index = first
    while index < segments.count {
      if !open, start == segments[index].start {
        if plainLines {
          index = breakPlainLines(
            widths, segments: segments, prefix: prefix, from: index, metrics: &plainMetrics,
            into: &sink)
          if sink.isFull { return index }
          guard index < segments.count else { break }
          start = segments[index].start
        }
      }
      if open, fallback == nil, !unsafeStart, !adjustsLineWidths, !hyphenates {
        // The common case in a tight loop: segments with no soft hyphen, unsafe end or hard
        // break that fit on the open line, taken exactly as the general code below takes
        // them (with automatic hyphenation on, the general code also tracks `plain`). The first other segment, or the first that does not fit, goes on below
        // (its `fits` test repeated there narrows `validLimits` to the same range).
        let base = prefix[start]
        var packedFaces: UInt32 = 0
        if rises {
          // The widths from `start` rise with the segment index, so the last segment that
          // fits is found in O(log n) probes (galloping, then bisecting) rather than by a
          // scan; the plain segments up to it are taken. The last one's `fits` narrows
          // `validLimits` as the scan's many would (their thresholds rise too); the first
          // segment that does not fit is tested again below, as after the scan.
          let good = lastFitting(
            after: index - 1, before: segments.count, from: base, segments: segments,
            prefix: prefix)
          var taken = index
          while taken <= good, segments[taken].isPlain {
            packedFaces |= segments[taken].packedFaces
            taken += 1
          }
          if taken > index {
            let last = segments[taken - 1]
            lineWidth = prefix[last.contentEnd] - base
            _ = fits(lineWidth)
            contentEnd = last.contentEnd
            end = last.end
            hyphen = false
            index = taken
          }
        } else {
          while index < segments.count {
            let next = segments[index]
            guard next.isPlain else { break }
            let width = prefix[next.contentEnd] - base
            guard fits(width) else { break }
            packedFaces |= next.packedFaces
            contentEnd = next.contentEnd
            end = next.end
            lineWidth = width
            hyphen = false
            index += 1
          }
        }
        faces |= Segment.faces(packedFaces)
        guard index < segments.count else { break }
      }
      let segment = segments[index]
      if !open {
        unsafeStart = widths.isUnsafeStart(start)
        indent = widths.indent(atLineStart: start)
      }
      // Plain prefix arithmetic unless an edge is unsafe to break (then `width` reshapes)
      // or the text has tabs or letter spacing (then `width` adjusts for them). A line
      // broken at a soft hyphen shows a hyphen, which counts in its width (`endWidth`); one
      // that goes on past it keeps the advances in context (`width`).
      // A segment of whitespace alone (after a tab, which breaks) hangs after the open
      // line's content: the line keeps its content end and width, as drawing hangs it.
      var hangs = false
      let width: Double
      let endWidth: Double
      if segment.softHyphen {
        (width, endWidth) = widths.softHyphenWidths(from: start, segment: index)
      } else if open && segment.contentEnd == segment.start {
        hangs = true
        (width, endWidth) = (lineWidth, lineWidth)
      } else {
        width =
          segment.unsafeEnd || unsafeStart || adjustsLineWidths
          ? widths.width(from: start, to: segment.contentEnd, breakingAt: segment.end)
          : prefix[segment.contentEnd] - prefix[start]
        endWidth = width
      }
      if open {
        let fitsEnd = fits(endWidth)
        guard fitsEnd || (segment.softHyphen && fits(width)) else {
          if let last = fallback, last.splitsSyllable {
            // A syllable that fits only without its hyphen opened this line: split it.
            open = false
            fallback = nil
            splitSyllable = true
            index = last.next
            continue
          }
          var last =
            fallback
            ?? Fallback(
              contentEnd: contentEnd, end: end, width: lineWidth, faces: faces, hyphen: hyphen,
              next: index, splitsSyllable: false)
          if hyphenates { last = preferringPlain(last, plain, widths) }
          emit(
            widths, start, last.contentEnd, last.end, last.width, last.faces, hyphen: last.hyphen,
            metrics: plainMetrics, to: &sink)
          index = last.next
          if sink.isFull { return index }
          open = false
          fallback = nil
          plain = nil
          start = segments[index].start
          continue
        }
        if !fitsEnd {
          if fallback == nil {
            fallback = Fallback(
              contentEnd: contentEnd, end: end, width: lineWidth, faces: faces, hyphen: hyphen,
              next: index, splitsSyllable: false)
          }
        } else if fallback != nil {
          fallback = nil
        }
        faces |= segment.faces
      } else {
        var breakAt = segment.contentEnd
        if !fitsAlone(width, widths, from: start, to: segment.contentEnd) {
          // A word wider than the line: emergency-break it, then go on with its rest
          // (CSS `overflow-wrap: normal` lets it overflow instead).
          let piece = emergencyPiece(widths, from: start, to: segment.contentEnd)
          emit(
            widths, start, piece.breakAt, piece.end, piece.width,
            widths.text.faceMask(start..<piece.end), emergency: true, metrics: plainMetrics,
            to: &sink)
          if sink.isFull { return index }
          start = piece.end
          continue
        } else if segment.softHyphen && !fits(endWidth) {
          // The syllable fits only without its hyphen: keep it if the word goes on on this
          // line, else split the syllable (as Pango does).
          if splitSyllable {
            splitSyllable = false
            breakAt = syllableBreak(widths, from: start, lineEnd: segment.end)
          } else {
            fallback = Fallback(
              contentEnd: 0, end: 0, width: 0, faces: .empty, hyphen: false, next: index,
              splitsSyllable: true)
          }
        }
        if breakAt < segment.contentEnd {
          // Whitespace right after the break hangs at the end of this line.
          let pieceEnd = widths.wordCuts.hangingEnd(after: breakAt, before: segment.contentEnd)
          let piece = widths.width(from: start, to: breakAt, breakingAt: pieceEnd)
          emit(
            widths, start, breakAt, pieceEnd, piece, widths.text.faceMask(start..<pieceEnd),
            emergency: true, metrics: plainMetrics, to: &sink)
          if sink.isFull { return index }
          start = pieceEnd
          continue
        }
        // The rest of an emergency-broken word uses only its own faces.
        faces = start == segment.start ? segment.faces : widths.text.faceMask(start..<segment.end)
        open = true
        plain = nil
      }
      if !hangs { contentEnd = segment.contentEnd }
      end = segment.end
      lineWidth = endWidth
      hyphen = segment.softHyphen
      index += 1
      if hyphenates, !hyphen || !widths.text.isHyphenationPoint(end), fits(endWidth) {
        plain = Fallback(
          contentEnd: contentEnd, end: end, width: lineWidth, faces: faces, hyphen: hyphen,
          next: index, splitsSyllable: false)
      }
      if segment.isHardBreak {
        emit(widths, start, contentEnd, end, lineWidth, faces, to: &sink)
        if sink.isFull { return index }
        open = false
        start = segment.end
      }
    }
    if open {
      emit(
        widths, start, contentEnd, end, lineWidth, faces, hyphen: hyphen, metrics: plainMetrics,
        to: &sink)
      if sink.isFull { return index }
    }
    // A trailing hard break (or empty text after one) leaves an empty last line.
    if let last = segments.last, last.isHardBreak {
      emit(widths, last.end, last.end, last.end, 0, .empty, to: &sink)
    }
    return segments.count
  }

  /// A place the open line may end, kept while tentative segments follow it.
  struct Fallback {
    var contentEnd: Int
    var end: Int
    var width: Double
    var faces: FaceMask
    var hyphen: Bool
    /// The segment after it.
    var next: Int
    /// Whether it stands for "split the syllable that opened the line" rather than an end.
    var splitsSyllable: Bool
  }
}
