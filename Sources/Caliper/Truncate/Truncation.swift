/// Truncate: the lines a line limit or a proposed height keeps, the last one cut with an
/// ellipsis.
///
/// Problem: a label with `lineLimit(2)`, or text in a fixed-height frame, shows only some
/// lines, and the last of them must say that text is missing without growing past the
/// width. Solution: break lines as usual into a sink that stops once a line is offered
/// past the limit (the count, or the height: the lines that fit, at least one); if text is
/// left over, the last kept line stands for all of it and is cut as Pango cuts (its
/// `ellipsize.c`): a gap grows, one grapheme cluster at a time, from the end (tail), the
/// start (head) or the middle (the side whose next cluster is nearer the centre) until the
/// kept text and "…" fit. Cuts fall where a grapheme boundary is also a HarfBuzz cluster
/// boundary; kept pieces are measured as they draw (edges unsafe to break are reshaped),
/// so the line, ellipsis included, is never wider than the width (only "…" alone can be,
/// when the width is narrower than it). The gap always covers the hard breaks in the rest
/// of the text, so the truncated line is one line. The ellipsis is U+2026 shaped in the
/// face of the text next to the cut, else in the first face of the cascade that has it,
/// else "..." in the text's face. Limitation: Pango's vertically centred ellipsis for
/// Chinese and Japanese (U+22EF) is not used.
struct LimitedLines: LineSink {
  let limit: LineLimit
  var spans: [LineBreaker.Span] = []
  var height = 0.0
  /// Where the first line not shown starts, once one was offered.
  var overflow: Int?

  init(limit: LineLimit) { self.limit = limit }

  var isFull: Bool { overflow != nil }

  mutating func append(_ span: LineBreaker.Span) {
    guard overflow == nil else { return }
    let tooTall =
      !spans.isEmpty && height + span.metrics.height > limit.height + LineBreaker.tolerance
    guard spans.count < limit.lines, !tooTall else {
      overflow = span.start
      return
    }
    spans.append(span)
    height += span.metrics.height
  }
}

/// The ellipsis for one adjacent face: its text, width and face.
struct Ellipsis {
  let text: String
  let width: Double
  let face: Int
  /// The face drawing it: nil only when the text has no face at all.
  var font: Font? = nil
}

extension PreparedText {
  /// The lines for `limit` at `available` width, from the cache or a new scan (then cached).
  func limitedBreaking(_ limit: LineLimit, available: Double, extra: Double) -> Breaking {
    cachedBreaking(at: available, limit: limit, needsSpans: true, extra: extra) {
      var sink = LimitedLines(limit: limit)
      var breaker = LineBreaker(limit: available)
      let ideal = idealLines
      if available + LineBreaker.tolerance >= ideal.fit.widest {
        // The ideal lines, cut to the limit.
        for span in ideal.spans where !sink.isFull { sink.append(span) }
        breaker.narrow(to: (ideal.fit.widest - LineBreaker.tolerance)..<Double.infinity)
      } else {
        breaker.breakLines(widths, into: &sink)
      }
      var spans = sink.spans
      var truncation: LineTruncation?
      if let overflow = sink.overflow, let last = spans.last, showsText(from: overflow),
        case (let span, let cut)? = truncate(last, mode: limit.mode, breaker: &breaker)
      {
        spans[spans.count - 1] = span
        truncation = cut
      }
      return LineBreakCache.Entry(
        limits: breaker.validLimits, fit: LineFit(spans), spans: spans,
        limited: LineBreakCache.Limited(limit: limit, truncation: truncation))
    }
  }

  /// Whether anything but whitespace and line separators is left from `offset` (hiding
  /// blank lines hides nothing).
  func showsText(from offset: Int) -> Bool {
    analysis.scalars[offset...].contains { !Self.isTrailing($0) }
  }

  /// The last shown line `span`, made to stand for all the text from its start, cut with
  /// an ellipsis to fit `breaker.limit`; nil for a text with no face to draw an ellipsis.
  func truncate(_ span: LineBreaker.Span, mode: TruncationMode, breaker: inout LineBreaker)
    -> (LineBreaker.Span, LineTruncation)?
  {
    let scalars = analysis.scalars
    let count = scalars.count
    let start = span.start
    breaker.measure(fromIndent: span.contentEnd > span.start ? span.indent : 0)
    // The rest of the text, without the whitespace and line separators it ends with.
    let end = max(start, Self.contentEnd(scalars, from: start, to: count))
    var ellipses: [Int: Ellipsis] = [:]
    func ellipsis(near offset: Int) -> Ellipsis {
      let face = face(at: min(max(offset, 0), count - 1))
      if let known = ellipses[face] { return known }
      let made = makeEllipsis(adjacentTo: min(max(offset, 0), count - 1))
      ellipses[face] = made
      return made
    }
    var prefixEnd = start
    var suffixStart = end
    switch mode {
    case .tail:
      let limit = (start..<end).first(where: analysis.isLineSeparator) ?? end
      prefixEnd = tailCut(from: start, limit: limit, breaker: &breaker) {
        ellipsis(near: $0 > start ? $0 - 1 : start).width
      }
    case .head:
      let floor = (start..<end).last(where: analysis.isLineSeparator).map { $0 + 1 } ?? start
      suffixStart = headCut(to: end, floor: floor, lineEnd: count, breaker: &breaker) {
        ellipsis(near: $0 < end ? $0 : end - 1).width
      }
    case .middle:
      (prefixEnd, suffixStart) = middleCut(
        start, end, lineEnd: count, breaker: &breaker
      ) { left, right in
        ellipsis(near: left > start ? left - 1 : (right < end ? right : end - 1)).width
      }
    }
    let adjacent =
      prefixEnd > start ? prefixEnd - 1 : (suffixStart < end ? suffixStart : end - 1)
    let mark = ellipsis(near: adjacent)
    guard let font = mark.font else { return nil }
    let prefix = start..<prefixEnd
    let suffix = suffixStart..<end
    // Added in the order the pieces are drawn (prefix, ellipsis, suffix), so that the
    // drawn advances sum to this width bit for bit.
    let width =
      (prefix.isEmpty ? 0 : keptWidth(prefix, breakingAt: prefixEnd, widths: widths))
      + mark.width + (suffix.isEmpty ? 0 : keptWidth(suffix, breakingAt: count, widths: widths))
    var faces = FaceMask(face: mark.face)
    for piece in [prefix, suffix] where !piece.isEmpty { faces |= faceMask(piece) }
    // The fonts' metrics, then the paragraph's line height model for a last line.
    var metrics = lineMetricsByFace[mark.face]
    for piece in [prefix, suffix] where !piece.isEmpty {
      metrics = metrics.union(fontLineMetrics(piece, faces: faceMask(piece)))
    }
    if style.paragraph.changesLineHeights {
      metrics = style.paragraph.lineMetrics(metrics, endsParagraph: false, isLast: true)
    }
    let hidden = mode == .tail ? prefixEnd..<count : prefixEnd..<suffixStart
    let line = LineBreaker.Span(
      start: start, contentEnd: end, end: count, width: width, emergency: false, hyphen: false,
      faces: faces, metrics: metrics, indent: span.indent)
    return (
      line,
      LineTruncation(
        prefix: prefix, suffix: suffix, hidden: hidden, ellipsis: mark.text, ellipsisFont: font,
        ellipsisWidth: mark.width)
    )
  }

  /// The width of the kept pieces as drawn: each reshaped at edges unsafe to break, with
  /// the letter spacing between each piece and the ellipsis.
  func shownWidth(prefix: Range<Int>, suffix: Range<Int>, lineEnd: Int) -> Double {
    var total = 0.0
    if !prefix.isEmpty {
      total += keptWidth(prefix, breakingAt: prefix.upperBound, widths: widths)
    }
    if !suffix.isEmpty {
      total += keptWidth(suffix, breakingAt: lineEnd, widths: widths)
    }
    return total
  }

  /// The width of one piece a truncated line keeps, broken at `breakAt`: its whole pen
  /// advance, whitespace at its end and the letter spacing after its last cluster included
  /// (CSS adds letter spacing after every character; the line goes on with the ellipsis,
  /// which a kept suffix's spacing stands for). Truncation sums it, drawing places the
  /// piece's glyphs over it (`PreparedText.runs(in:)`).
  func keptWidth(_ piece: Range<Int>, breakingAt breakAt: Int, widths: LineWidths) -> Double {
    widths.penAdvance(from: piece.lowerBound, to: piece.upperBound, breakingAt: breakAt)
  }

  /// The next cut after `offset` before `limit` (a grapheme boundary), or
  /// `limit`.
  func nextCut(after offset: Int, limit: Int) -> Int {
    var index = offset + 1
    while index < limit, !isEmergencyBreak(index) { index += 1 }
    return min(index, limit)
  }

  /// The last cut before `offset` after `floor`, or `floor`.
  func previousCut(before offset: Int, floor: Int) -> Int {
    var index = offset - 1
    while index > floor, !isEmergencyBreak(index) { index -= 1 }
    return max(index, floor)
  }

  /// Tail: the furthest cut in [start, limit] whose prefix and ellipsis fit.
  private func tailCut(
    from start: Int, limit: Int, breaker: inout LineBreaker, ellipsis: (Int) -> Double
  ) -> Int {
    var chosen = start
    while chosen < limit {
      let next = nextCut(after: chosen, limit: limit)
      guard breaker.fits(advanceSum(start..<next) + ellipsis(next)) else { break }
      chosen = next
    }
    // Confirm with the width as drawn, stepping back where the cut edge reshapes wider.
    while chosen > start,
      !breaker.fits(
        shownWidth(prefix: start..<chosen, suffix: 0..<0, lineEnd: 0) + ellipsis(chosen))
    {
      chosen = previousCut(before: chosen, floor: start)
    }
    return chosen
  }

  /// Head: the nearest cut to `start`, not before `floor`, whose suffix and ellipsis fit.
  private func headCut(
    to end: Int, floor: Int, lineEnd: Int, breaker: inout LineBreaker,
    ellipsis: (Int) -> Double
  ) -> Int {
    var chosen = end
    while chosen > floor {
      let previous = previousCut(before: chosen, floor: floor)
      guard breaker.fits(advanceSum(previous..<end) + ellipsis(previous)) else { break }
      chosen = previous
    }
    while chosen < end,
      !breaker.fits(
        shownWidth(prefix: 0..<0, suffix: chosen..<end, lineEnd: lineEnd) + ellipsis(chosen))
    {
      chosen = nextCut(after: chosen, limit: end)
    }
    return chosen
  }

  /// Middle: Pango's gap, grown from the cluster at the centre of the text, one cluster
  /// (with any zero-width clusters next to it) at a time on the side whose new edge is
  /// nearer the centre, until the pieces and the ellipsis fit.
  private func middleCut(
    _ start: Int, _ end: Int, lineEnd: Int, breaker: inout LineBreaker,
    ellipsis: (Int, Int) -> Double
  ) -> (Int, Int) {
    func x(_ offset: Int) -> Double { advanceSum(start..<offset) }
    let total = x(end)
    let center = total / 2
    var left = start
    while left < end {
      let next = nextCut(after: left, limit: end)
      guard next < end, x(next) <= center else { break }
      left = next
    }
    var right = nextCut(after: left, limit: end)
    // The gap covers every hard break, so that what is left is one line.
    if let first = (start..<end).first(where: analysis.isLineSeparator),
      let last = (start..<end).last(where: analysis.isLineSeparator)
    {
      left = min(left, first)
      right = max(right, last + 1)
    }
    while true {
      let mark = ellipsis(left, right)
      if breaker.fits(x(left) + mark + (total - x(right))),
        breaker.fits(
          shownWidth(prefix: start..<left, suffix: right..<end, lineEnd: lineEnd) + mark)
      {
        break
      }
      var newLeft = left
      while newLeft > start {
        newLeft = previousCut(before: newLeft, floor: start)
        if x(newLeft) != x(left) { break }
      }
      var newRight = right
      while newRight < end {
        newRight = nextCut(after: newRight, limit: end)
        if x(newRight) != x(right) { break }
      }
      if newLeft == left && newRight == right { break }
      if newRight == right || (newLeft != left && center - x(newLeft) < x(newRight) - center) {
        left = newLeft
      } else {
        right = newRight
      }
    }
    return (left, right)
  }

  /// The ellipsis next to `offset`: U+2026 in the face there, else in the first cascade
  /// face that has it, else "..." in the face there.
  func makeEllipsis(adjacentTo offset: Int) -> Ellipsis {
    let face = face(at: offset)
    let horizontal: Unicode.Scalar = "\u{2026}"
    var choice: (face: Int, scalars: [Unicode.Scalar])?
    if let font = cascadeFonts[face], font.covers(horizontal) {
      choice = (face, [horizontal])
    } else if let index = cascadeFonts.firstIndex(where: { $0?.covers(horizontal) == true }) {
      choice = (index, [horizontal])
    }
    let (index, scalars) = choice ?? (face, ["." as Unicode.Scalar, ".", "."])
    guard let font = cascadeFonts[index] ?? cascadeFonts.compactMap({ $0 }).first else {
      return Ellipsis(text: String(String.UnicodeScalarView(scalars)), width: 0, face: face)
    }
    let near = itemizedRun(containing: offset)
    let run = TextRun(
      range: 0..<scalars.count, face: index, script: near.script, level: near.level)
    let packed = Shaper(style: style(ofFace: index)).shape(
      scalars, boundaries: [Bool](filled: true, count: scalars.count + 1),
      range: 0..<scalars.count, context: false, run: run, font: font)
    let size = style(ofFace: index).size
    let width = packed.reduce(0.0) {
      $0 + font.units.points(Double(ShapedPiece.advance($1)), size: size)
    }
    return Ellipsis(
      text: String(String.UnicodeScalarView(scalars)), width: width, face: index, font: font)
  }
}
