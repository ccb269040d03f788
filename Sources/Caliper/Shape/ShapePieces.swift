/// Bounded shaping: a long run in pieces, an over-long cluster in short pieces.
///
/// Problem: HarfBuzz's time and memory grow with its buffer. Debian 12's HarfBuzz 6.0.0 is
/// quadratic in a cluster's length (one base and 80,000 combining marks take ~22 s), and a
/// 10 MB word in one buffer holds ~40 bytes per glyph. Solution: shape at most
/// `longestPiece` scalars per call, with the text around them as context, and keep each
/// piece's results up to the last offset HarfBuzz marks safe to break (where shaping the
/// two sides apart gives the same glyphs); the next piece starts there. A grapheme longer
/// than `longestClusterPiece` scalars (a base and a long run of marks) is shaped that many
/// scalars at a time, as Firefox caps its shaping runs; those cuts are marked as neither
/// cluster starts nor safe, so no line ever breaks there. Limitation: where a piece's
/// second half has no safe offset, or inside an over-long grapheme, the cut is forced:
/// glyphs there are shaped without the other side, which can move mark offsets, not
/// the advances of non-spacing marks.
extension Shaper {
  /// The most scalars one HarfBuzz call shapes.
  static let longestPiece = 4096
  /// The most scalars of one grapheme one HarfBuzz call shapes.
  static let longestClusterPiece = 64

  /// Shapes `range` (inside `run`) of `scalars`: per scalar, packed as in `ShapedPiece`.
  /// With `context`, the whole text is HarfBuzz's pre- and post-context; without, `range`
  /// is shaped as if it were the whole text. `boundaries` holds, per offset, whether a
  /// grapheme starts there (or a stricter set of such offsets): graphemes longer than
  /// `longestClusterPiece` are cut.
  func shape(
    _ scalars: [Unicode.Scalar], boundaries: some BooleanLookup, range: Range<Int>,
    context: Bool, run: TextRun, font: Font
  ) -> [Int64] {
    var result: [Int64] = []
    result.reserveCapacity(range.count)
    shape(
      scalars, boundaries: boundaries, range: range, context: context, run: run, font: font
    ) { _, piece in
      result.append(contentsOf: piece)
    }
    return result
  }

  /// `shape`, handing each piece's results to `body` with the offset of its first scalar,
  /// in text order: a long run never holds more than one piece's results at a time.
  func shape(
    _ scalars: [Unicode.Scalar], boundaries graphemeStart: some BooleanLookup, range: Range<Int>,
    context: Bool, run: TextRun, font: Font, body: (Int, ArraySlice<Int64>) -> Void
  ) {
    let around = context ? 0..<scalars.count : range
    guard range.count > Self.longestClusterPiece else {
      let piece = shapePiece(scalars, range: range, context: around, run: run, font: font)
      body(range.lowerBound, piece[...])
      return
    }
    var start = range.lowerBound
    var forcedCut = false
    while start < range.upperBound {
      let (end, insideCluster) = Self.pieceEnd(
        from: start, in: range, graphemeStart: graphemeStart)
      var piece = shapePiece(scalars, range: start..<end, context: around, run: run, font: font)
      var kept = piece.count
      if !insideCluster, end < range.upperBound {
        // Keep up to the last safe offset in the piece's second half, if there is one.
        var offset = piece.count - 1
        let lowest = max(1, piece.count / 2)
        while offset >= lowest,
          ShapedPiece.unsafeBefore(piece[offset]) || !ShapedPiece.clusterStart(piece[offset])
        {
          offset -= 1
        }
        if offset >= lowest { kept = offset }
      }
      if forcedCut {
        // The previous piece was cut where HarfBuzz did not say it was safe.
        piece[0] = ShapedPiece.with(
          piece[0], clusterStart: graphemeStart[start] && ShapedPiece.clusterStart(piece[0]),
          unsafeBefore: true)
      }
      body(start, piece[..<kept])
      forcedCut = kept == piece.count && end < range.upperBound
      start += kept
    }
  }

  /// Where the piece from `start` ends: before `longestPiece` scalars, before a grapheme
  /// longer than `longestClusterPiece`, or — when `start` is inside or at such a
  /// grapheme — `longestClusterPiece` scalars on (`insideCluster`).
  static func pieceEnd(
    from start: Int, in range: Range<Int>, graphemeStart: some BooleanLookup
  )
    -> (end: Int, insideCluster: Bool)
  {
    let limit = min(range.upperBound, start + Self.longestPiece)
    var lastStart = start
    var offset = start + 1
    while offset < limit {
      if graphemeStart[offset] {
        lastStart = offset
      } else if offset - lastStart >= Self.longestClusterPiece {
        // The grapheme from `lastStart` is over-long.
        if lastStart > start { return (lastStart, false) }
        return (min(range.upperBound, start + Self.longestClusterPiece), true)
      }
      offset += 1
    }
    return (limit, false)
  }
}
