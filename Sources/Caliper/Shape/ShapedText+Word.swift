/// Storing a word from the shape cache.
///
/// Problem: nearly every word of a prepared text comes from the shape cache, and storing
/// its values through `store(_:at:font:analysis:)` unpacked four flags and asked whether
/// each scalar is a line separator, about 55 instructions a scalar (a tenth of preparing a
/// Gatsby paragraph). Solution: a word whose scalars all start clusters with glyphs of
/// their own, with no unsafe break and no line separator (`ShapedPiece.isPlain`, found once
/// when it was shaped) leaves the flags as a fresh `ShapedText` has them, so only its
/// advances are written, each converted to points exactly as `store` does. A word with no
/// `.notdef` glyph and no line separator but a ligature or a kerned pair
/// (`ShapedPiece.isClean`: a sixth of Gatsby's words) writes its advances the same way and
/// then only the flags that differ from a fresh text's.
extension ShapedText {
  /// Writes the cached word `piece` for the scalars from `offset`.
  mutating func storeWord(_ piece: ShapedPiece, at offset: Int, font: Font, analysis: TextAnalysis)
  {
    withUnsafePointer(to: piece) { storeWord(in: $0, at: offset, font: font, analysis: analysis) }
  }

  /// Writes the word `piece` points to (a slot of the shape cache, read in place: a copy of
  /// the piece was four value-witness calls a hit).
  @inline(__always)
  mutating func storeWord(
    in piece: UnsafePointer<ShapedPiece>, at offset: Int, font: Font, analysis: TextAnalysis
  ) {
    storeWord(in: piece, at: offset, font: font, scalars: analysis.scalars)
  }

  /// `storeWord(in:at:font:analysis:)` with the text's scalars alone: what a closure that
  /// stores a hit captures (a whole `TextAnalysis` captured was a copy of its arrays, a
  /// retain and a release each, where the call was not inlined). Always inlined: called
  /// out of the shape cache's loop, a hit retained and released the font and the arrays.
  /// The store is `ShapedStores.storeWord` (the one store of a word, which the shape
  /// cache's loop calls on the storage it took once for its stretch), given the font's
  /// units, all it reads of the font.
  @inline(__always)
  mutating func storeWord(
    in piece: UnsafePointer<ShapedPiece>, at offset: Int, font: Font, scalars: [Unicode.Scalar]
  ) {
    let units = font.units
    withStores { $0.storeWord(in: piece, at: offset, units: units, scalars: scalars) }
  }
}

extension ShapedPiece {
  /// `packed`, the shaping of `scalars`, with `isPlain` and `isClean` found.
  init(packed: [Int64], scalars: ArraySlice<Unicode.Scalar>) {
    let clean =
      !packed.contains(where: ShapedPiece.missingGlyph)
      && !scalars.contains(where: TextAnalysis.isLineSeparator)
    self.init(
      packed: packed, isPlain: clean && packed.allSatisfy(ShapedPiece.isPlainCluster),
      isClean: clean)
  }
}
