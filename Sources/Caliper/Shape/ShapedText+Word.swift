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
  @inline(__always)
  mutating func storeWord(
    in piece: UnsafePointer<ShapedPiece>, at offset: Int, font: Font, scalars: [Unicode.Scalar]
  ) {
    storeWord(in: piece, at: offset, units: font.units, scalars: scalars)
  }

  /// `storeWord(in:at:font:scalars:)` given the font's units alone, all a store reads of
  /// it: the shape cache's loop over a paragraph's runs reads them once a run, with no call
  /// to borrow the font (`Shaper.cachedStretch`).
  @inline(__always)
  mutating func storeWord(
    in piece: UnsafePointer<ShapedPiece>, at offset: Int, units: FontUnits,
    scalars: [Unicode.Scalar]
  ) {
    guard piece.pointee.isClean, !piece.pointee.isWide else {
      store(piece.pointee.packed[...], at: offset, units: units, scalars: scalars)
      return
    }
    let isPlain = piece.pointee.isPlain
    if piece.pointee.isInline {
      var lanes = piece.pointee.inlineLanes
      let count = piece.pointee.count
      withUnsafeBytes(of: &lanes) { bytes in
        let values = UnsafeBufferPointer(rebasing: bytes.bindMemory(to: Int32.self)[..<count])
        storeAdvances(values, at: offset, units: units)
      }
      // The flags a word at a time from the piece's masks (an inline piece has them): only
      // the arrays with a flag to write are touched.
      let (joined, unsafe) = (piece.pointee.joinedMask, piece.pointee.unsafeMask)
      if joined != 0 {
        clusterStart.withUnsafeMutableWords { BitArray.clear(UInt64(joined), at: offset, $0) }
      }
      if unsafe != 0 {
        unsafeBefore.withUnsafeMutableWords { BitArray.set(UInt64(unsafe), at: offset, $0) }
      }
    } else {
      piece.pointee.spilledValues.withUnsafeBufferPointer { values in
        storeClean(values, isPlain: isPlain, at: offset, units: units)
      }
    }
  }

  /// `storeWord` of a clean piece whose packed values are `packed` (inline in the piece or
  /// its array).
  @inline(__always)
  private mutating func storeClean<Value: FixedWidthInteger>(
    _ packed: UnsafeBufferPointer<Value>, isPlain: Bool, at offset: Int, units: FontUnits
  ) {
    storeAdvances(packed, at: offset, units: units)
    guard !isPlain else { return }
    // The offsets are this word's alone and not yet written: a cluster start and a safe
    // break, as `init(count:size:)` made them.
    clusterStart.withUnsafeMutableWords { starts in
      unsafeBefore.withUnsafeMutableWords { unsafe in
        for local in 0..<packed.count where !ShapedPiece.isPlainCluster(Int64(packed[local])) {
          let value = Int64(packed[local])
          if !ShapedPiece.clusterStart(value) { BitArray.set(starts, offset + local, false) }
          if ShapedPiece.unsafeBefore(value) { BitArray.set(unsafe, offset + local, true) }
        }
      }
    }
  }
}

extension ShapedText {
  /// Writes the advances of the packed values `packed` for the scalars from `offset`, each
  /// converted to points as `store` does.
  @inline(__always)
  fileprivate mutating func storeAdvances<Value: FixedWidthInteger>(
    _ packed: UnsafeBufferPointer<Value>, at offset: Int, units: FontUnits
  ) {
    let size = self.size
    advances.withUnsafeMutableBufferPointer { advances in
      // Checked on the buffers: `Array.count` was an outlined call each here.
      precondition(offset >= 0 && offset + packed.count < advances.count, "store out of range")
      // Wrapping offsets past the check: an overflow test a scalar was a tenth of the loop.
      let first = advances.baseAddress! + (offset &+ 1)
      for local in 0..<packed.count {
        first[local] = units.points(Double(ShapedPiece.advance(Int64(packed[local]))), size: size)
      }
    }
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
