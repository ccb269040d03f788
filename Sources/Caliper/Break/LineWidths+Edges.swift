/// Line edges: the width of a stretch whose edges HarfBuzz marks unsafe to break.
///
/// Problem: prefix sums hold the paragraph's advances, but a line cut where kerning or a
/// ligature crosses the cut shapes differently. Solution: reshape only the stretch between
/// the unsafe edge and the nearest safe offset inside the line, each run in its own face
/// and its span's style, with its letter and word spacing. Limitation: a stretch without a
/// safe offset is reshaped over at most `longestReshape` scalars.
extension LineWidths {
  /// `width` for a stretch whose tabs (if any) advance like any other character. An edge
  /// is a cut (reshaped where unsafe) unless the line goes on through it: `cutsAtStart`
  /// and `cutsAtEnd` are false at a tab inside the line.
  func untabbedWidth(
    from start: Int, to contentEnd: Int, breakingAt end: Int, cutsAtStart: Bool = true,
    cutsAtEnd: Bool = true
  ) -> Double {
    let count = text.analysis.scalars.count
    let unsafeStart = cutsAtStart && start > 0 && start < count && text.unsafeBefore[start]
    let unsafeEnd = cutsAtEnd && end > start && end < count && text.unsafeBefore[end]
    guard unsafeStart || unsafeEnd else { return text.advanceSum(start..<contentEnd) }
    // The stretches to reshape: [start, left) and [right, end).
    let left = unsafeStart ? safeOffset(after: start, before: end) : start
    let right = unsafeEnd ? safeOffset(before: end, after: start) : end
    guard left < right else { return reshapedWidth(start..<end, contentEnd: contentEnd) }
    var total = 0.0
    if unsafeStart { total += reshapedWidth(start..<left, contentEnd: contentEnd) }
    total += text.advanceSum(left..<max(left, min(right, contentEnd)))
    if unsafeEnd { total += reshapedWidth(right..<end, contentEnd: contentEnd) }
    return total
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
  /// a stretch already reshaped for another line answers from `LineBreakCache.edgeWidth`.
  func reshapedWidth(_ range: Range<Int>, contentEnd: Int) -> Double {
    // Only offsets before `contentEnd` count: clamped, equal stretches share one entry.
    let contentEnd = min(max(contentEnd, range.lowerBound), range.upperBound)
    if let known = text.breakCache.edgeWidth(range, contentEnd: contentEnd) { return known }
    let total = shapedWidth(range, contentEnd: contentEnd)
    text.breakCache.rememberEdge(range, contentEnd: contentEnd, width: total)
    return total
  }

  /// `reshapedWidth` without the cache: the shaping itself.
  private func shapedWidth(_ range: Range<Int>, contentEnd: Int) -> Double {
    var total = 0.0
    let shaper = Shaper(style: text.style)
    for run in text.runs where run.range.overlaps(range) {
      let piece =
        max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
      if text.isPlaceholder(face: run.face) || run.isCombined {
        // A box (or a combined run's em) is as wide as it is, wherever the line ends.
        total += text.advanceSum(
          piece.lowerBound..<max(piece.lowerBound, min(piece.upperBound, contentEnd)))
        continue
      }
      let font = text.cascadeFonts[run.face]!  // every run's face was opened while itemizing
      let runStyle = text.style(ofFace: run.face)
      // A span with its own features shapes with its own shaper.
      let packed =
        text.slotStyles.isEmpty
          || runStyle.features == text.style.features
            && runStyle.letterSpacing == text.style.letterSpacing
        ? shaper.shape(
          text.analysis.scalars, boundaries: text.clusterStart, range: piece, context: true,
          run: run,
          font: font)
        : Shaper(style: runStyle).shape(
          text.analysis.scalars, boundaries: text.clusterStart, range: piece, context: true,
          run: run,
          font: font)
      for (local, index) in piece.enumerated()
      where index < contentEnd && !text.analysis.isLineSeparator(index) {
        // Clamped at 0 as the prepared advances are (`clampedAdvanceCount`).
        total += max(
          0,
          font.units.points(Double(ShapedPiece.advance(packed[local])), size: runStyle.size)
            + PreparedText.spacing(
              at: index, clusterStart: text.clusterStart, analysis: text.analysis, style: runStyle))
      }
    }
    return total
  }
}
