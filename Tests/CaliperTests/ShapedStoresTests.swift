import Testing

@testable import Caliper

/// `ShapedStores` (the storage the shape cache's loop stores its hits through, taken once a
/// stretch): a cached word's store (`storeWord`: a clean piece's advances and flag masks,
/// inline or spilled) equals the general per-scalar store of the same values
/// (`ShapedText.store`), several pieces in one `withStores` as each alone.
@Suite struct ShapedStoresTests {
  /// Seeded random texts (letters, a line separator, a control) and pieces of 1 to 20
  /// values (inline up to 8, spilled beyond; some scalars joined to the cluster before,
  /// unsafe before, or with a `.notdef` glyph, so clean, plain and general pieces all
  /// occur), three pieces a text stored in one `withStores` and, in a second text, each
  /// through the general store: the same advances, cluster starts, unsafe flags and
  /// `.notdef` count. Fails with the `.notdef` clusters counted inside `withStores` and not
  /// added to the text's count, or a piece's advances written one place off.
  @Test func storeWordEqualsTheGeneralStore() {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x5707_E5ED)
    let units = FontUnits(unitsPerEm: 1000)
    let alphabet: [Unicode.Scalar] = ["a", "b", "न", "ि", "\u{2028}", "\u{7}", " ", "字"]
    var (plain, clean, general, spilled) = (0, 0, 0, 0)
    for _ in 0..<600 {
      let count = Int.random(in: 64...160, using: &generator)
      let scalars = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      // Three pieces at increasing, disjoint offsets.
      var pieces: [(offset: Int, packed: [Int64])] = []
      var next = 0
      for _ in 0..<3 {
        let offset = next + Int.random(in: 0...10, using: &generator)
        let length = Int.random(in: 1...20, using: &generator)
        guard offset + length <= count else { break }
        let mostlyClean = Bool.random(using: &generator)
        let packed = (0..<length).map { local -> Int64 in
          ShapedPiece.pack(
            advance: Int64.random(in: 0...3000, using: &generator),
            clusterStart: local == 0 || Int.random(in: 0..<5, using: &generator) > 0,
            unsafeBefore: Int.random(in: 0..<(mostlyClean ? 12 : 4), using: &generator) == 0,
            missingGlyph: !mostlyClean && Int.random(in: 0..<6, using: &generator) == 0)
        }
        pieces.append((offset, packed))
        next = offset + length
      }
      let (words, each) = Self.storeBothWays(
        pieces, count: count, size: 16, units: units, scalars: scalars
      ) { _, piece in
        if piece.isPlain { plain += 1 } else if piece.isClean { clean += 1 } else { general += 1 }
        if !piece.isInline { spilled += 1 }
      }
      #expect(words.missingGlyphCount == each.missingGlyphCount)
      // Counted by hand: a `.notdef` glyph on a scalar that is no line separator or control.
      let missing = pieces.reduce(0) { total, piece in
        total
          + piece.packed.indices.filter { local in
            let scalar = scalars[piece.offset + local]
            return ShapedPiece.missingGlyph(piece.packed[local])
              && !TextAnalysis.isLineSeparator(scalar) && !Shaper.isControl(scalar.value)
          }.count
      }
      #expect(words.missingGlyphCount == missing)
    }
    #expect(plain > 100 && clean > 100 && general > 100 && spilled > 100)
  }

  /// Pieces laid end to end over the whole text, as a stretch stores its words, each by
  /// `storeWord` in text order in one `withStores`, against each by the general store: the
  /// same advances and flags. An inline piece's store writes all eight of its lanes where
  /// they fit in the text (`ShapedStores.storeInlineAdvances`: zeros past its count, which
  /// the next piece's store overwrites), and loops over its count at the text's end, where
  /// they do not: the last pieces of every text take the second path, the rest the first.
  /// Fails with the fixed store's lanes cut short (its loop over four of the eight: a piece
  /// of five to eight scalars keeps zeros for its last) or its guard off by one (the
  /// precondition traps).
  @Test func piecesEndToEndEqualTheGeneralStore() {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0xE2D_70E2D)
    let units = FontUnits(unitsPerEm: 2048)
    let alphabet: [Unicode.Scalar] = ["a", "न", "ि", " ", "字", "\u{7}"]
    var (fixed, atTheEnd) = (0, 0)
    for _ in 0..<400 {
      let count = Int.random(in: 1...90, using: &generator)
      let scalars = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      var pieces: [(offset: Int, packed: [Int64])] = []
      var offset = 0
      while offset < count {
        let length = min(count - offset, Int.random(in: 1...12, using: &generator))
        let packed = (0..<length).map { local -> Int64 in
          ShapedPiece.pack(
            advance: Int64.random(in: 1...2500, using: &generator),
            clusterStart: local == 0 || Int.random(in: 0..<6, using: &generator) > 0,
            unsafeBefore: Int.random(in: 0..<8, using: &generator) == 0)
        }
        pieces.append((offset, packed))
        offset += length
      }
      _ = Self.storeBothWays(
        pieces, count: count, size: 13.5, units: units, scalars: scalars
      ) { offset, piece in
        if piece.isInline && piece.isClean {
          if offset + ShapedPiece.inlineCount < count + 1 { fixed += 1 } else { atTheEnd += 1 }
        }
      }
    }
    #expect(fixed > 1_000 && atTheEnd > 300)
  }

  /// `pieces` stored word by word through one `withStores`, in text order, as a stretch
  /// stores them (`seen` is shown each piece first), and each by the general store: expects
  /// the same advances and flags, and returns both texts.
  static func storeBothWays(
    _ pieces: [(offset: Int, packed: [Int64])], count: Int, size: Double, units: FontUnits,
    scalars: [Unicode.Scalar], seen: (Int, ShapedPiece) -> Void
  ) -> (words: ShapedText, each: ShapedText) {
    var words = ShapedText(count: count, size: size)
    var each = ShapedText(count: count, size: size)
    words.withStores { stores in
      for (offset, packed) in pieces {
        let piece = ShapedPiece(packed: packed, scalars: scalars[offset..<offset + packed.count])
        seen(offset, piece)
        withUnsafePointer(to: piece) {
          stores.storeWord(in: $0, at: offset, units: units, scalars: scalars)
        }
      }
    }
    for (offset, packed) in pieces {
      each.store(packed[...], at: offset, units: units, scalars: scalars)
    }
    #expect(words.advances == each.advances)
    #expect(words.clusterStart == each.clusterStart)
    #expect(words.unsafeBefore == each.unsafeBefore)
    return (words, each)
  }
}
