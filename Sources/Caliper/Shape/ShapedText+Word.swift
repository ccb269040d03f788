/// Storing a word from the shape cache.
///
/// Problem: nearly every word of a prepared text comes from the shape cache, and storing
/// its values through `store(_:at:font:analysis:)` unpacked four flags and asked whether
/// each scalar is a line separator, about 55 instructions a scalar (a tenth of preparing a
/// Gatsby paragraph). Solution: a word whose scalars all start clusters with glyphs of
/// their own, with no unsafe break and no line separator (`ShapedPiece.isPlain`, found once
/// when it was shaped) leaves the flags as a fresh `ShapedText` has them, so only its
/// advances are written, each converted to points exactly as `store` does.
extension ShapedText {
  /// Writes the cached word `piece` for the scalars from `offset`.
  mutating func storeWord(_ piece: ShapedPiece, at offset: Int, font: Font, analysis: TextAnalysis)
  {
    guard piece.isPlain else {
      store(piece.packed[...], at: offset, font: font, analysis: analysis)
      return
    }
    let packed = piece.packed
    precondition(offset >= 0 && offset + packed.count < advances.count, "store out of range")
    let (size, units) = (self.size, font.units)
    advances.withUnsafeMutableBufferPointer { advances in
      packed.withUnsafeBufferPointer { packed in
        for local in 0..<packed.count {
          advances[offset + 1 + local] = units.points(
            Double(ShapedPiece.advance(packed[local])), size: size)
        }
      }
    }
  }
}

extension ShapedPiece {
  /// `packed`, the shaping of `scalars`, with `isPlain` found.
  init(packed: [Int64], scalars: ArraySlice<Unicode.Scalar>) {
    self.init(
      packed: packed,
      isPlain: packed.allSatisfy(ShapedPiece.isPlainCluster)
        && !scalars.contains(where: TextAnalysis.isLineSeparator))
  }
}
