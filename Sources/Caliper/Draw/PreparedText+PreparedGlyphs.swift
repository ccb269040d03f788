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
    let byWord = shaper.shapesByWord(run, font: font, cacheEnabled: storage.shapedByWord)
    let boundaries = GraphemeStarts(text: self)
    var parts: [[ShapedGlyph]] = []
    var start = Shaper.pieceStart(
      containing: range.lowerBound, in: run, scalars: scalars, byWord: byWord)
    while start < range.upperBound {
      let piece = Shaper.piece(from: start, in: run, scalars: scalars, byWord: byWord)
      shaper.shape(
        scalars, boundaries: boundaries, range: piece.range, context: piece.context, run: run,
        font: font, as: GlyphPiece.self, resume: resumption(in: piece.range, before: range),
        stop: range.upperBound
      ) { part in
        let kept = part.glyphs.filter { range.contains($0.cluster) }
        if !kept.isEmpty { parts.append(kept) }
      }
      start = piece.range.upperBound
    }
    return parts
  }

  /// The style a face's runs were shaped in: the text's, unless a span's features differ
  /// (as `shapeRun` and `LineWidths.shapeStretch` choose their shaper).
  func shapingStyle(ofFace face: Int) -> TextStyle {
    let runStyle = style(ofFace: face)
    return slotStyles.isEmpty || Shaper.features(runStyle) == Shaper.features(style)
      ? style : runStyle
  }

  /// The last cut preparing made inside `piece` at or before `range`'s start, where the
  /// shaping loop resumes for `range`; nil (the piece's start) if none.
  private func resumption(in piece: Range<Int>, before range: Range<Int>) -> Int? {
    let cuts = storage.cuts
    guard !cuts.isEmpty else { return nil }
    // The first cut after `range`'s start; the one before it is the last at or before it.
    var (low, high) = (0, cuts.count)
    while low < high {
      let middle = (low + high) / 2
      if cuts[middle] <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    guard low > 0, piece.lowerBound < cuts[low - 1] else { return nil }
    return cuts[low - 1]
  }
}

/// Where a grapheme starts in a prepared text, as the shaping loop takes its boundaries:
/// the `TextAnalysis.graphemeStart` that preparing shaped with.
struct GraphemeStarts: BooleanLookup {
  let text: PreparedText

  subscript(index: Int) -> Bool { text.isGraphemeStart(index) }
}
