/// Line edges: the width of a stretch whose edges HarfBuzz marks unsafe to break.
///
/// Problem: prefix sums hold the paragraph's advances, but a line cut where kerning or a
/// ligature crosses the cut shapes differently. Solution: reshape only the stretch between
/// the unsafe edge and the nearest safe offset inside the line, each run in its own face
/// and its span's style, with its letter and word spacing (`shapeStretch`, through which
/// drawing shapes the same stretches for their glyphs). Limitation: a stretch without a
/// safe offset is reshaped over at most `longestReshape` scalars.
extension LineWidths {
  /// `width` for a stretch whose tabs (if any) advance like any other character. An edge
  /// is a cut (reshaped where unsafe) unless the line goes on through it: `cutsAtStart`
  /// and `cutsAtEnd` are false at a tab inside the line. Inlined: most edges are safe, and
  /// the prefix arithmetic then is a few instructions where the call was some 80 (an
  /// emergency-broken word measures two lines a piece); the reshaping is out of line.
  @inline(__always)
  func untabbedWidth(
    from start: Int, to contentEnd: Int, breakingAt end: Int, cutsAtStart: Bool = true,
    cutsAtEnd: Bool = true
  ) -> Double {
    let count = text.analysis.scalars.count
    let unsafeStart = cutsAtStart && start > 0 && start < count && text.unsafeBefore[start]
    let unsafeEnd = cutsAtEnd && end > start && end < count && text.unsafeBefore[end]
    guard unsafeStart || unsafeEnd else { return text.advanceSum(start..<contentEnd) }
    return reshapedLineWidth(
      from: start, to: contentEnd, breakingAt: end, unsafeStart: unsafeStart,
      unsafeEnd: unsafeEnd)
  }

  /// `untabbedWidth` of a line with an unsafe edge: its stretches at those edges reshaped.
  @inline(never)
  private func reshapedLineWidth(
    from start: Int, to contentEnd: Int, breakingAt end: Int, unsafeStart: Bool,
    unsafeEnd: Bool
  ) -> Double {
    // The stretches to reshape: [start, left) and [right, end).
    let (left, right) = reshapedBounds(
      from: start, breakingAt: end, unsafeStart: unsafeStart, unsafeEnd: unsafeEnd)
    guard left < right else { return reshapedWidth(start..<end, contentEnd: contentEnd) }
    var total = 0.0
    if unsafeStart { total += reshapedWidth(start..<left, contentEnd: contentEnd) }
    total += text.advanceSum(left..<max(left, min(right, contentEnd)))
    if unsafeEnd { total += reshapedWidth(right..<end, contentEnd: contentEnd) }
    return total
  }

  /// Where the stretches reshaped at a line's unsafe edges end and start: [start, left) and
  /// [right, end); `left >= right` when the whole line is one reshaped stretch.
  @inline(__always)
  private func reshapedBounds(
    from start: Int, breakingAt end: Int, unsafeStart: Bool, unsafeEnd: Bool
  ) -> (left: Int, right: Int) {
    (
      unsafeStart ? safeOffset(after: start, before: end) : start,
      unsafeEnd ? safeOffset(before: end, after: start) : end
    )
  }

  /// The stretches of the line start..<end that `width` reshapes (empty where its edge is
  /// safe): the line's head, from `start`, and its tail, up to `end`. The rest of the line
  /// keeps the advances preparing shaped. A line that is one reshaped stretch is all head.
  func reshapedStretches(from start: Int, breakingAt end: Int) -> (
    head: Range<Int>, tail: Range<Int>
  ) {
    let count = text.analysis.scalars.count
    let unsafeStart = start > 0 && start < count && text.unsafeBefore[start]
    let unsafeEnd = end > start && end < count && text.unsafeBefore[end]
    guard unsafeStart || unsafeEnd else { return (start..<start, end..<end) }
    let (left, right) = reshapedBounds(
      from: start, breakingAt: end, unsafeStart: unsafeStart, unsafeEnd: unsafeEnd)
    guard left < right else { return (start..<end, end..<end) }
    return (start..<left, right..<end)
  }

  /// How far a reshaped stretch may reach from a line edge: a pathological text with no
  /// safe offset for longer (a huge joined word) is reshaped over this many scalars, with
  /// the paragraph as context, rather than over the whole line.
  static let longestReshape = 256

  /// The first offset in (start, end) where breaking is safe (a cluster start HarfBuzz
  /// does not mark), at most `longestReshape` away; `end` if none.
  func safeOffset(after start: Int, before end: Int) -> Int {
    var offset = start + 1
    let limit = min(end, start + Self.longestReshape)
    while offset < limit, text.unsafeBefore[offset] || !text.clusterStart[offset] { offset += 1 }
    return offset < limit ? offset : (limit == end ? end : limit)
  }

  /// The last offset in (start, end) where breaking is safe, at most `longestReshape`
  /// before `end`; `start` if none.
  func safeOffset(before end: Int, after start: Int) -> Int {
    var offset = end - 1
    let limit = max(start, end - Self.longestReshape)
    while offset > limit, text.unsafeBefore[offset] || !text.clusterStart[offset] { offset -= 1 }
    return offset > limit ? offset : limit
  }

  /// Shapes `range` on its own (paragraph as context) and sums advances up to `contentEnd`;
  /// a stretch already reshaped for another line answers from `LineBreakCache.edgeWidth`
  /// (or, for drawing, from `stretchMemo`).
  func reshapedWidth(_ range: Range<Int>, contentEnd: Int) -> Double {
    // Only offsets before `contentEnd` count: clamped, equal stretches share one entry.
    let contentEnd = min(max(contentEnd, range.lowerBound), range.upperBound)
    if let memo = stretchMemo {
      return memo.width(range, upTo: contentEnd) { shapedAdvances(range) }
    }
    if let known = text.breakCache.edgeWidth(range, contentEnd: contentEnd) { return known }
    let total = StretchMemo.sum(shapedAdvances(range), upTo: contentEnd - range.lowerBound)
    text.breakCache.rememberEdge(range, contentEnd: contentEnd, width: total)
    return total
  }

  /// The advance of each scalar of `range` shaped on its own, in points: letter and word
  /// spacing added, clamped at 0 as the prepared advances are (`clampedAdvanceCount`), none
  /// on line separators; a placeholder's box keeps its prepared width.
  private func shapedAdvances(_ range: Range<Int>) -> [Double] {
    var advances = [Double](filled: 0, count: range.count)
    let shaper = Shaper(style: text.style)
    for run in text.runs where run.range.overlaps(range) {
      let piece =
        max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
      if text.isPlaceholder(face: run.face) || run.isCombined {
        // A box (or a combined run's em) is as wide as it is, wherever the line ends.
        for index in piece {
          advances[index - range.lowerBound] = text.advanceSum(index..<index + 1)
        }
        continue
      }
      let font = text.cascadeFonts[run.face]!  // every run's face was opened while itemizing
      let runStyle = text.style(ofFace: run.face)
      shapeStretch(piece, run: run, shaper: shaper, as: PackedPiece.self) { part in
        for (local, value) in part.values.enumerated() {
          let index = part.start + local
          guard !text.analysis.isLineSeparator(index) else { continue }
          advances[index - range.lowerBound] = max(
            0,
            font.units.points(Double(ShapedPiece.advance(value)), size: runStyle.size)
              + PreparedText.spacing(
                at: index, clusterStart: text.clusterStart, analysis: text.analysis,
                style: runStyle))
        }
      }
    }
    return advances
  }

  /// The one way a stretch of an itemized run is shaped after preparing: `piece` (inside
  /// `run`) with the paragraph as context, in the run's face and its span's features (a
  /// shaper of its own where they differ from the text's), in bounded pieces handed to
  /// `body` in text order. Line edges are measured (`reshapedWidth`) and drawn
  /// (`glyphRuns(in:)`) through here, so both see the same glyphs.
  func shapeStretch<Piece: ShapedPieceResult>(
    _ piece: Range<Int>, run: TextRun, shaper: borrowing Shaper, as kind: Piece.Type,
    body: (Piece) -> Void
  ) {
    let font = text.cascadeFonts[run.face]!  // every run's face was opened while itemizing
    if !text.shapesInSpanStyle(face: run.face) {
      shaper.shape(
        text.analysis.scalars, boundaries: text.clusterStart, range: piece, context: true,
        run: run, font: font, as: kind, body: body)
    } else {
      Shaper(style: text.shapingStyle(ofFace: run.face)).shape(
        text.analysis.scalars, boundaries: text.clusterStart, range: piece, context: true,
        run: run, font: font, as: kind, body: body)
    }
  }
}

/// The advances of the last stretch reshaped, for drawing: a line's pen is asked at every
/// cluster of its reshaped edges, and each answer is a sum over the same shaping.
final class StretchMemo {
  private var range = 0..<0
  private var advances: [Double] = []

  /// The sum of the advances of `range` before `contentEnd`, shaped by `shape` the first
  /// time `range` is asked for.
  func width(_ range: Range<Int>, upTo contentEnd: Int, shape: () -> [Double]) -> Double {
    if range != self.range {
      advances = shape()
      self.range = range
    }
    return Self.sum(advances, upTo: contentEnd - range.lowerBound)
  }

  /// `advances[..<count]` added in order: how every reshaped stretch's width is summed.
  static func sum(_ advances: [Double], upTo count: Int) -> Double {
    var total = 0.0
    for advance in advances[..<count] { total += advance }
    return total
  }
}
