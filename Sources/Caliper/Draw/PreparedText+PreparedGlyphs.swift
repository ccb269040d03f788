/// Prepared glyphs: the glyphs of the pieces whose advances a line's width sums.
///
/// Problem: between its reshaped edges a line's width is prefix arithmetic over the advances
/// preparing shaped, word by word or run by run (`RunPiece`); drawing that stretch as one
/// new HarfBuzz run with the paragraph as context gives the same glyphs only by HarfBuzz's
/// safe-to-break promise. Solution: the stretch's glyphs are those of the very pieces
/// preparing shaped — each piece it overlaps shaped again by the same loop, with the same
/// range, context, boundaries and shaper, and resumed at preparing's own cut in a long
/// piece — kept where their cluster falls in the stretch. Limitation: a piece the stretch
/// only partly covers (a word cut by an emergency break, whose edge is reshaped) is shaped
/// whole, a word at most `ShapeCache.longestWord` scalars or a piece of at most
/// `Shaper.longestPiece`.
extension PreparedText {
  /// The glyphs of `range` (inside `run`, between safe offsets: no line edge is reshaped in
  /// it) as preparing shaped them: each piece's glyphs in visual order, the pieces in text
  /// order, in font units.
  func preparedGlyphs(_ range: Range<Int>, of run: TextRun) -> [[ShapedGlyph]] {
    guard !range.isEmpty, let font = cascadeFonts[run.face] else { return [] }
    let scalars = analysis.scalars
    let shaper = Shaper(style: shapingStyle(ofFace: run.face))
    let pieces = shaper.pieces(
      run, scalars: scalars, font: font, cacheEnabled: storage.shapedByWord)
    let boundaries = GraphemeStarts(text: self)
    var parts: [[ShapedGlyph]] = []
    // A piece shaped in several calls is known by its range; any other is at most
    // `Shaper.longestPiece` scalars, so finding its edges costs no more than shaping it (a
    // cluster of a long word of `.wordsOrClusters` is found within `longestClusterWord`).
    var start =
      cutPiece(containing: range.lowerBound)?.range.lowerBound
      ?? Shaper.pieceStart(
        containing: range.lowerBound, in: run, scalars: scalars, boundaries: boundaries,
        pieces: pieces)
    while start < range.upperBound {
      let cut = cutPiece(containing: start)
      let piece =
        cut.map { Shaper.piece($0.range, scalars: scalars, pieces: pieces) }
        ?? Shaper.piece(
          from: start, in: run, scalars: scalars, boundaries: boundaries, pieces: pieces)
      shaper.shape(
        scalars, boundaries: boundaries, range: piece.range, context: piece.context, run: run,
        font: font, as: GlyphPiece.self, resume: cut?.cut(atOrBefore: range.lowerBound),
        stop: range.upperBound
      ) { part in
        let kept = part.glyphs.filter { range.contains($0.cluster) }
        if !kept.isEmpty { parts.append(kept) }
      }
      start = piece.range.upperBound
    }
    return parts
  }

  /// The piece preparing shaped in several calls that holds `offset`, if any.
  private func cutPiece(containing offset: Int) -> CutPiece? {
    let pieces = storage.cutPieces
    guard !pieces.isEmpty else { return nil }
    // The first piece starting after `offset`; the one before it may hold it.
    var (low, high) = (0, pieces.count)
    while low < high {
      let middle = (low + high) / 2
      if pieces[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0, pieces[low - 1].range.contains(offset) else { return nil }
    return pieces[low - 1]
  }
}

/// Where a grapheme starts in a prepared text, as the shaping loop takes its boundaries:
/// the `TextAnalysis.graphemeStart` that preparing shaped with.
struct GraphemeStarts: BooleanLookup {
  let text: PreparedText

  subscript(index: Int) -> Bool { text.isGraphemeStart(index) }
}
