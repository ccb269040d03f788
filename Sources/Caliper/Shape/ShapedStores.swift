/// Shape: a `ShapedText`'s per-scalar arrays as raw storage, taken once for many stores.
///
/// Problem: the shape cache's loop over a paragraph's words (`Shaper.cachedStretch`)
/// stored each hit through the text's arrays, and each store checked the arrays'
/// uniqueness (one to three runtime calls a word, ~90 a fallback-heavy paragraph, about
/// 1 K instructions). Solution: `ShapedText.withStores` takes the three arrays' storage
/// once and hands it to the loop; every store of
/// a piece (`storeWord`, `store`) is written here, over that storage, and `ShapedText`'s own
/// stores go through it too. Limitation: valid only inside `withStores`'s body, which
/// must not touch the text itself.
struct ShapedStores {
  /// `ShapedText.advances`' storage (`advances[i + 1]` is scalar i's).
  let advances: UnsafeMutableBufferPointer<Double>
  /// `ShapedText.clusterStart`'s and `unsafeBefore`'s words (flag i: bit i % 64 of word
  /// i / 64).
  let clusterStart: UnsafeMutableBufferPointer<UInt64>
  let unsafeBefore: UnsafeMutableBufferPointer<UInt64>
  /// `ShapedText.size`.
  let size: Double
  /// Clusters drawn with a `.notdef` glyph stored here (added to the text's count after).
  var missingGlyphCount = 0

  /// Whether breaking before `offset` is unsafe (`offset` checked against the flags).
  @inline(__always)
  func isUnsafe(before offset: Int) -> Bool {
    precondition(offset >= 0 && offset < advances.count, "flag out of range")
    return BitArray.test(UnsafePointer(unsafeBefore.baseAddress!), offset)
  }

  /// Clears the unsafe-to-break flag at `offset` (checked against the flags).
  @inline(__always)
  func clearUnsafe(at offset: Int) {
    precondition(offset >= 0 && offset < advances.count, "flag out of range")
    BitArray.set(unsafeBefore, offset, false)
  }

  /// Writes the word `piece` points to (a slot of the shape cache, read in place) for the
  /// scalars from `offset`: a clean piece's advances and only the flags that differ from a
  /// fresh text's (`ShapedText+Word.swift` says why), any other through `store`.
  @inline(__always)
  mutating func storeWord(
    in piece: UnsafePointer<ShapedPiece>, at offset: Int, units: FontUnits,
    scalars: [Unicode.Scalar]
  ) {
    guard piece.pointee.isClean, !piece.pointee.isWide else {
      storeGeneral(piece.pointee.packed, at: offset, units: units, scalars: scalars)
      return
    }
    let isPlain = piece.pointee.isPlain
    if piece.pointee.isInline {
      var lanes = piece.pointee.inlineLanes
      withUnsafeBytes(of: &lanes) { bytes in
        let all = bytes.bindMemory(to: Int32.self)
        if offset >= 0 && offset &+ ShapedPiece.inlineCount < advances.count {
          storeInlineAdvances(all, at: offset, units: units)
        } else {
          let count = piece.pointee.count
          storeAdvances(UnsafeBufferPointer(rebasing: all[..<count]), at: offset, units: units)
        }
      }
      // The flags a word at a time from the piece's masks (an inline piece has them): only
      // the flags to write are touched.
      let (joined, unsafe) = (piece.pointee.joinedMask, piece.pointee.unsafeMask)
      if joined != 0 { BitArray.clear(UInt64(joined), at: offset, clusterStart) }
      if unsafe != 0 { BitArray.set(UInt64(unsafe), at: offset, unsafeBefore) }
    } else {
      storeSpilled(piece, isPlain: isPlain, at: offset, units: units)
    }
  }

  /// `storeWord` of a clean piece whose values are in its array. Out of line: inlined, it
  /// made `storeWord` too large for the shape cache's loop to inline it.
  @inline(never)
  private func storeSpilled(
    _ piece: UnsafePointer<ShapedPiece>, isPlain: Bool, at offset: Int, units: FontUnits
  ) {
    piece.pointee.spilledValues.withUnsafeBufferPointer { values in
      storeClean(values, isPlain: isPlain, at: offset, units: units)
    }
  }

  /// `store` of a piece's packed values as an array (the rare piece `storeWord` leaves to
  /// it). Out of line: a hit's loop keeps only the clean pieces' stores.
  @inline(never)
  private mutating func storeGeneral(
    _ packed: [Int64], at offset: Int, units: FontUnits, scalars: [Unicode.Scalar]
  ) {
    scalars.withUnsafeBufferPointer { scalars in
      packed.withUnsafeBufferPointer { store($0, at: offset, units: units, scalars: scalars) }
    }
  }

  /// `storeWord` of a clean piece whose packed values are `packed` (its array).
  @inline(__always)
  private func storeClean<Value: FixedWidthInteger>(
    _ packed: UnsafeBufferPointer<Value>, isPlain: Bool, at offset: Int, units: FontUnits
  ) {
    storeAdvances(packed, at: offset, units: units)
    guard !isPlain else { return }
    // The offsets are this word's alone and not yet written: a cluster start and a safe
    // break, as `ShapedText.init(count:size:)` made them. The flags to change gathered in
    // two masks with no branch, then written a word at a time as an inline piece's are: a
    // test a scalar flipped along a word's clusters (~8 mispredictions a spilled word).
    // A cached word is at most `ShapeCache.longestWord` (48) scalars: one mask holds it.
    precondition(packed.count <= UInt64.bitWidth, "a clean piece of more than 64 scalars")
    var (joined, unsafe): (UInt64, UInt64) = (0, 0)
    for local in 0..<packed.count {
      let value = UInt64(truncatingIfNeeded: Int64(packed[local]))
      joined |= (~value & 1) &<< UInt64(local)
      unsafe |= (value &>> 1 & 1) &<< UInt64(local)
    }
    if joined != 0 { BitArray.clear(joined, at: offset, clusterStart) }
    if unsafe != 0 { BitArray.set(unsafe, at: offset, unsafeBefore) }
  }

  /// Writes all `ShapedPiece.inlineCount` advances of an inline piece's lanes (`values`) for
  /// the scalars from `offset`, which must leave room for them: the lanes past the piece's
  /// count are zero, so the slots past its last scalar get 0, what a fresh text holds there.
  ///
  /// Problem: a word's store looped over its count (one to eight), and the loop's exit
  /// flipped with the words' lengths, about 58 mispredicted branches of a fallback-heavy
  /// paragraph (report-cold.md, i32fs). Solution: a fixed eight, no branch. Limitation:
  /// sound only because every store goes in text order (`Shaper.shapeRuns` walks the
  /// pieces forward; placeholders and combined ranges are written after shaping), so each
  /// slot written past the word is written again by its own scalar's store, or holds 0 as
  /// before (a skipped placeholder's later scalars). `storeWord` takes it only where the
  /// eight slots are inside the text.
  @inline(__always)
  private func storeInlineAdvances(
    _ values: UnsafeBufferPointer<Int32>, at offset: Int, units: FontUnits
  ) {
    precondition(
      offset >= 0 && offset &+ ShapedPiece.inlineCount < advances.count, "store out of range")
    let first = advances.baseAddress! + (offset &+ 1)
    let lanes = values.baseAddress!
    for local in 0..<ShapedPiece.inlineCount {
      first[local] = units.points(Double(ShapedPiece.advance(Int64(lanes[local]))), size: size)
    }
  }

  /// Writes the advances of the packed values `packed` for the scalars from `offset`, each
  /// converted to points as `store` does.
  @inline(__always)
  private func storeAdvances<Value: FixedWidthInteger>(
    _ packed: UnsafeBufferPointer<Value>, at offset: Int, units: FontUnits
  ) {
    // Checked here: the flags' words hold at least the advances' count.
    precondition(offset >= 0 && offset + packed.count < advances.count, "store out of range")
    // Wrapping offsets past the check: an overflow test a scalar was a tenth of the loop.
    let first = advances.baseAddress! + (offset &+ 1)
    for local in 0..<packed.count {
      first[local] = units.points(Double(ShapedPiece.advance(Int64(packed[local]))), size: size)
    }
  }

  /// Writes shaped values for the scalars (of `scalars`, the text's) from `offset`, which
  /// no store has written yet (each offset is stored once); line separators get no width.
  mutating func store(
    _ packed: UnsafeBufferPointer<Int64>, at offset: Int, units: FontUnits,
    scalars: UnsafeBufferPointer<Unicode.Scalar>
  ) {
    let end = offset + packed.count
    precondition(
      offset >= 0 && end < advances.count && end <= scalars.count, "store out of range")
    var missing = 0
    // The offsets are this piece's alone and not yet written: a cluster start and a safe
    // break, as `ShapedText.init(count:size:)` made them, so only a value that is not a
    // plain cluster has flags to write.
    for local in 0..<packed.count {
      let value = packed[local]
      let index = offset &+ local
      // U+000E…U+0084 (nearly every scalar) ends no line: one comparison first.
      let scalar = scalars[index].value
      if scalar &- 0x0E < 0x77 || !TextAnalysis.isLineSeparator(scalars[index]) {
        advances[index &+ 1] = units.points(Double(ShapedPiece.advance(value)), size: size)
        guard !ShapedPiece.isPlainCluster(value) else { continue }
        if ShapedPiece.unsafeBefore(value) { BitArray.set(unsafeBefore, index, true) }
        // A control is drawn as nothing even in a face with no space glyph to stand for it.
        if ShapedPiece.missingGlyph(value), !Shaper.isControl(scalar) { missing += 1 }
      } else {
        advances[index &+ 1] = 0
      }
      if !ShapedPiece.clusterStart(value) { BitArray.set(clusterStart, index, false) }
    }
    missingGlyphCount += missing
  }
}

extension ShapedText {
  /// Calls `body` with the text's arrays' storage (`ShapedStores`), taken once (each array
  /// in place: three distinct stored properties, so the accesses do not overlap), and
  /// counts the `.notdef` clusters stored after.
  @inline(__always)
  mutating func withStores<R>(_ body: (inout ShapedStores) -> R) -> R {
    let size = self.size
    var missing = 0
    let result = advances.withUnsafeMutableBufferPointer { advances in
      clusterStart.withUnsafeMutableWords { starts in
        unsafeBefore.withUnsafeMutableWords { unsafe in
          var stores = ShapedStores(
            advances: advances, clusterStart: starts, unsafeBefore: unsafe, size: size)
          let result = body(&stores)
          missing = stores.missingGlyphCount
          return result
        }
      }
    }
    missingGlyphCount += missing
    return result
  }
}
