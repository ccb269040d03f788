/// The pieces a run is shaped in: one list for measuring and drawing.
///
/// Problem: a line's width is a sum of the advances preparing shaped — each word alone
/// (through the shape cache), or the whole run with the paragraph as context — and drawing
/// must draw the glyphs of those very shapings, not of a reshaping of the line that
/// HarfBuzz's safe-to-break promise says is equal. Solution: one walk names the pieces
/// (`piece(from:in:scalars:byWord:)`); preparing shapes each into advances
/// (`shapeRun`), drawing shapes the pieces a line shows into glyphs
/// (`PreparedText.preparedGlyphs`), each through the one shaping loop
/// (`shape(_:boundaries:range:context:run:font:as:resume:stop:body:)`) with the same range,
/// context and boundaries; a long piece resumes at the cut preparing made
/// (`ShapedText.cutPieces`), so a line costs its own pieces, not the run's. Limitation: the
/// shape cache keeps advances only (glyph ids would add 4 bytes or more a glyph to every
/// entry), so drawing shapes a cached word again with the function that filled the entry.
struct RunPiece: Equatable {
  /// The scalars shaped in one call of the shaping loop.
  let range: Range<Int>
  /// Whether the paragraph is HarfBuzz's context (else the piece is shaped alone).
  let context: Bool
  /// Whether the shape cache keeps the piece (a word of at most `ShapeCache.longestWord`).
  let isCached: Bool
}

extension Shaper {
  /// Whether preparing shapes `run` (of `scalars`) word by word, each word alone, rather
  /// than whole with the paragraph as context: where the face's space takes part in no
  /// lookup, or only in lookups none of the run's scalars can wake (`SpaceWakers`), so that
  /// shaping cannot reach across it; no feature applies to a range, the run is not upright,
  /// and the library has a shape cache (`cacheEnabled`). Out of line: once a run, and
  /// inlined it made `shapeRun` call `Array.count` out of line in its loop.
  @inline(never)
  func shapesByWord(
    _ run: TextRun, scalars: [Unicode.Scalar], font: Font, cacheEnabled: Bool
  ) -> Bool {
    cacheEnabled && run.range.count > 1 && mayShapeWords && !run.isUpright
      && (font.spaceIsInert || Self.spaceSleeps(in: run.range, of: scalars, font: font))
  }

  /// Whether no scalar of `range` can wake the lookups `font`'s space takes part in.
  static func spaceSleeps(in range: Range<Int>, of scalars: [Unicode.Scalar], font: Font) -> Bool {
    guard let wakers = font.spaceWakers else { return false }
    return !scalars[range].contains { wakers.wakes($0, in: font) }
  }

  /// The piece of `run` that starts at `start` (a piece start): the whole run, or — `byWord`
  /// — a word up to and including the spaces after it.
  @inline(__always)
  static func piece(from start: Int, in run: TextRun, scalars: [Unicode.Scalar], byWord: Bool)
    -> RunPiece
  {
    guard byWord else { return piece(run.range, scalars: scalars, byWord: false) }
    // Over a raw buffer: a long word's scan was a bounds check a scalar.
    let end = scalars.withUnsafeBufferPointer { scalars in
      let limit = min(run.range.upperBound, scalars.count)
      var end = start
      while end < limit, scalars[end].value != 0x20 { end += 1 }
      while end < limit, scalars[end].value == 0x20 { end += 1 }
      return end
    }
    return word(start..<end, scalars: scalars)
  }

  /// The piece whose range is `range`, known to be one: a word (`byWord`), else a run.
  static func piece(_ range: Range<Int>, scalars: [Unicode.Scalar], byWord: Bool) -> RunPiece {
    byWord
      ? word(range, scalars: scalars) : RunPiece(range: range, context: true, isCached: false)
  }

  /// The word piece `range`: shaped alone where both its edges are spaces or the text's ends
  /// (and kept in the cache if short), else in context.
  @inline(__always)
  static func word(_ range: Range<Int>, scalars: [Unicode.Scalar]) -> RunPiece {
    let (start, end) = (range.lowerBound, range.upperBound)
    // Alone is the same as in context only where both edges are spaces or text ends.
    let cleanStart = start == 0 || scalars[start - 1].value == 0x20
    let cleanEnd =
      end == scalars.count || scalars[end - 1].value == 0x20 || scalars[end].value == 0x20
    let clean = cleanStart && cleanEnd
    return RunPiece(
      range: range, context: !clean, isCached: clean && range.count <= ShapeCache.longestWord)
  }

  /// The start of the piece of `run` that holds `offset`: the run's start, or — `byWord` —
  /// the start of the word (`piece(from:in:scalars:byWord:)`) holding it, found by looking
  /// back to the first non-space after a space.
  static func pieceStart(
    containing offset: Int, in run: TextRun, scalars: [Unicode.Scalar], byWord: Bool
  ) -> Int {
    guard byWord else { return run.range.lowerBound }
    var start = offset
    while start > run.range.lowerBound,
      !(scalars[start - 1].value == 0x20 && scalars[start].value != 0x20)
    {
      start -= 1
    }
    return start
  }
}

/// A piece preparing shaped in several calls of the shaping loop (longer than
/// `Shaper.longestPiece`, or with an over-long grapheme), and where each call after the
/// first started: where drawing a line inside it resumes.
struct CutPiece: Sendable, Equatable {
  let range: Range<Int>
  private(set) var cuts: [Int]

  init(range: Range<Int>, cut: Int) {
    self.range = range
    cuts = [cut]
  }

  mutating func append(_ cut: Int) { cuts.append(cut) }

  /// The last cut at or before `offset`, if any.
  func cut(atOrBefore offset: Int) -> Int? {
    var (low, high) = (0, cuts.count)
    while low < high {
      let middle = (low + high) / 2
      if cuts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? cuts[low - 1] : nil
  }
}
