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
      scalars, boundaries: boundaries, range: range, context: context, run: run, font: font,
      as: PackedPiece.self
    ) { piece in
      result.append(contentsOf: piece.values)
    }
    return result
  }

  /// The glyphs of `range` (inside `run`) of `scalars`, in bounded pieces as measuring
  /// shapes them, each piece's glyphs in visual order and the pieces in text order.
  func glyphs(
    _ scalars: [Unicode.Scalar], boundaries: some BooleanLookup, range: Range<Int>,
    context: Bool, run: TextRun, font: Font
  ) -> [[ShapedGlyph]] {
    var pieces: [[ShapedGlyph]] = []
    shape(
      scalars, boundaries: boundaries, range: range, context: context, run: run, font: font,
      as: GlyphPiece.self
    ) { piece in
      pieces.append(piece.glyphs)
    }
    return pieces
  }

  /// The one shaping loop: shapes `range` in pieces of at most `longestPiece` scalars, each
  /// kept up to its last safe offset in its second half, and hands `body` each piece's
  /// results (as `Piece` keeps them) in text order: a long run never holds more than one
  /// piece's results at a time. Measuring (advances per scalar) and drawing (glyphs) both
  /// shape through here, so both cut where the other does. Drawing a line of a long piece
  /// resumes at `resume`, a piece start an earlier call handed `body` (`ShapedText.cutPieces`),
  /// and stops before the first piece that starts at or after `stop`.
  func shape<Piece: ShapedPieceResult>(
    _ scalars: [Unicode.Scalar], boundaries graphemeStart: some BooleanLookup, range: Range<Int>,
    context: Bool, run: TextRun, font: Font, as _: Piece.Type, resume: Int? = nil,
    stop: Int? = nil, body: (Piece) -> Void
  ) {
    let around = context ? 0..<scalars.count : range
    guard range.count > Self.longestClusterPiece else {
      body(Piece(self, scalars, range: range, context: around, run: run, font: font))
      return
    }
    var start = resume ?? range.lowerBound
    var forcedCut = false
    while start < min(range.upperBound, stop ?? range.upperBound) {
      let (end, insideCluster) = Self.pieceEnd(
        from: start, in: range, graphemeStart: graphemeStart)
      var piece = Piece(self, scalars, range: start..<end, context: around, run: run, font: font)
      var kept = end
      if !insideCluster, end < range.upperBound {
        // Keep up to the last safe offset in the piece's second half, if there is one.
        let lowest = start + max(1, (end - start) / 2)
        if let safe = piece.lastSafeCut(in: lowest..<end) { kept = safe }
      }
      piece.keep(upTo: kept)
      if forcedCut {
        // The previous piece was cut where HarfBuzz did not say it was safe.
        piece.markForcedCut(graphemeStart: graphemeStart[start])
      }
      body(piece)
      forcedCut = kept == end && end < range.upperBound
      start = kept
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

/// What one HarfBuzz call over a piece gives back, in the form its caller keeps.
protocol ShapedPieceResult {
  /// Shapes `range` of `scalars` with `context` as pre- and post-context.
  init(
    _ shaper: borrowing Shaper, _ scalars: [Unicode.Scalar], range: Range<Int>,
    context: Range<Int>, run: TextRun, font: Font)
  /// The last offset in `candidates` where a cluster starts and breaking is safe, if any.
  func lastSafeCut(in candidates: Range<Int>) -> Int?
  /// Drops what was shaped from `offset` on.
  mutating func keep(upTo offset: Int)
  /// Marks the piece's first scalar as after a forced cut: unsafe, and a cluster start only
  /// where a grapheme starts.
  mutating func markForcedCut(graphemeStart: Bool)
}

/// A piece as measuring keeps it: per scalar from `start`, packed as in `ShapedPiece`.
struct PackedPiece: ShapedPieceResult {
  let start: Int
  private(set) var values: [Int64]

  init(
    _ shaper: borrowing Shaper, _ scalars: [Unicode.Scalar], range: Range<Int>,
    context: Range<Int>, run: TextRun, font: Font
  ) {
    start = range.lowerBound
    values = shaper.shapePiece(scalars, range: range, context: context, run: run, font: font)
  }

  func lastSafeCut(in candidates: Range<Int>) -> Int? {
    var offset = candidates.upperBound - 1
    while offset >= candidates.lowerBound {
      let value = values[offset - start]
      if !ShapedPiece.unsafeBefore(value) && ShapedPiece.clusterStart(value) { return offset }
      offset -= 1
    }
    return nil
  }

  mutating func keep(upTo offset: Int) {
    values.removeLast(start + values.count - offset)
  }

  mutating func markForcedCut(graphemeStart: Bool) {
    guard !values.isEmpty else { return }
    values[0] = ShapedPiece.with(
      values[0], clusterStart: graphemeStart && ShapedPiece.clusterStart(values[0]),
      unsafeBefore: true)
  }
}

/// A piece as drawing keeps it: its glyphs in visual order.
struct GlyphPiece: ShapedPieceResult {
  private(set) var glyphs: [ShapedGlyph]

  init(
    _ shaper: borrowing Shaper, _ scalars: [Unicode.Scalar], range: Range<Int>,
    context: Range<Int>, run: TextRun, font: Font
  ) {
    glyphs = shaper.shapeGlyphs(scalars, range: range, context: context, run: run, font: font)
  }

  func lastSafeCut(in candidates: Range<Int>) -> Int? {
    // A cluster starts where a glyph's cluster is; it is unsafe if any glyph there says so.
    var starts = [Bool](filled: false, count: candidates.count)
    var unsafe = [Bool](filled: false, count: candidates.count)
    for glyph in glyphs where candidates.contains(glyph.cluster) {
      starts[glyph.cluster - candidates.lowerBound] = true
      if glyph.unsafeToBreak { unsafe[glyph.cluster - candidates.lowerBound] = true }
    }
    return candidates.reversed().first {
      starts[$0 - candidates.lowerBound] && !unsafe[$0 - candidates.lowerBound]
    }
  }

  mutating func keep(upTo offset: Int) {
    glyphs.removeAll { $0.cluster >= offset }
  }

  mutating func markForcedCut(graphemeStart: Bool) {}
}

/// One glyph as HarfBuzz placed it, in font units: its id, the scalar offset of its
/// cluster, its offsets and advance, and whether breaking before its cluster is unsafe.
struct ShapedGlyph: Sendable {
  let id: UInt32
  let cluster: Int
  let xOffset: Int32
  let yOffset: Int32
  let advance: Int32
  let unsafeToBreak: Bool
}
