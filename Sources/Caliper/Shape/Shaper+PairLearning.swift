/// Learning the pair table from HarfBuzz: where a range the pair path missed is shaped by
/// HarfBuzz after all (`Shaper.shapeMissed` in Shaper+PairStore.swift), its values fill the table's missing entries
/// (`learn`), and how many entries a range still misses decides between filling them one by
/// one and shaping it whole (`missingPairs`, `fewPairs`). The rules of which pairs are for
/// the path are `PairTable.admits` and `Shaper.opensWindow` (Shaper+Pairs.swift).
extension Shaper {
  /// Fills `table`'s entries for the pairs of `range` of `scalars` that `packed`
  /// (HarfBuzz's values for the range, shaped alone or in context: the default shaper
  /// reads no context) answers by the model: each pair of simple scalars outside the
  /// `windows` or across a window's cut (`SimpleGlyphs`, `SimpleGlyphs.Ligatures`; in a
  /// range that is not `pure`, a starter counts as simple, but never before a scalar that
  /// continues one of its ligatures: that pair's values would be the ligature's), its
  /// first scalar's advance and its second's flag, and the range's last scalar's advance
  /// alone where it is outside them. A value against the model (a cluster that is not one
  /// scalar, a missing glyph) refuses the table.
  static func learn(
    _ packed: [Int64], _ scalars: [Unicode.Scalar], _ range: Range<Int>,
    _ windows: [Range<Int>], pure: Bool, _ table: PairTable
  ) {
    // 0 outside the windows, bit 1 a window's first, bit 2 its last, 4 inside (6: a
    // window's last, 3: a window of one).
    var place = [UInt8](filled: 0, count: range.count)
    for window in windows {
      for index in window { place[index - range.lowerBound] = 4 }
      place[window.lowerBound - range.lowerBound] = 1
      place[window.upperBound - 1 - range.lowerBound] |= 2
      if window.count == 1 { place[window.lowerBound - range.lowerBound] = 3 }
    }
    let simple = table.simple
    let isSimple = { (value: UInt32) in
      pure ? simple.holds(value) : simple.holdsMixed(value) || simple.startsLigatures(value)
    }
    for local in packed.indices {
      let value = packed[local]
      let index = range.lowerBound + local
      guard place[local] == 0 || place[local] & 2 != 0, isSimple(scalars[index].value) else {
        continue
      }
      let last = local + 1 == packed.count
      if !last {
        let next = packed[local + 1]
        let (first, second) = (scalars[index].value, scalars[index + 1].value)
        guard place[local + 1] == 0 || place[local + 1] & 1 != 0, isSimple(second),
          !simple.startsLigatures(first) || !simple.continuesLigature(first, second)
        else { continue }
        guard ShapedPiece.clusterStart(value), !ShapedPiece.missingGlyph(value),
          ShapedPiece.clusterStart(next), !ShapedPiece.missingGlyph(next)
        else {
          table.refuse()
          return
        }
      } else if place[local] != 0 {
        continue
      }
      guard ShapedPiece.clusterStart(value), !ShapedPiece.missingGlyph(value),
        let entry = PairTable.Entry(
          advance: Int32(truncatingIfNeeded: ShapedPiece.advance(value)),
          unsafe: last ? false : ShapedPiece.unsafeBefore(packed[local + 1]))
      else { continue }
      let at = PairTable.index(scalars[index].value, last ? nil : scalars[index + 1].value)
      if table.entry(at: at) == nil { table.fill(at, with: entry) }
    }
  }

  /// The most missing entries a range the pair path missed has filled one by one
  /// (`pairValue`, a HarfBuzz call of one or two scalars each) rather than shaped whole by
  /// HarfBuzz and learnt from: a call costs about as much as 5 scalars of a range's.
  static let fewPairs = 4

  /// How many entries the pair path needs for `range` of `scalars` (outside `windows`, and
  /// across their cuts) that `table` has not filled yet, counted up to `limit` + 1.
  static func missingPairs(
    _ scalars: [Unicode.Scalar], _ range: Range<Int>, _ windows: [Range<Int>],
    _ table: PairTable, upTo limit: Int
  ) -> Int {
    // Per scalar, 1 + the number of its window, 0 outside them.
    var inWindow = [Int](filled: 0, count: range.count)
    for (number, window) in windows.enumerated() {
      for index in window { inWindow[index - range.lowerBound] = number + 1 }
    }
    var missing = 0
    for index in range {
      let local = index - range.lowerBound
      let last = index + 1 == range.upperBound
      // A pair is needed unless both its scalars are inside one window (the range's last
      // scalar alone unless it is in one).
      let window = inWindow[local]
      if window != 0 && (last || inWindow[local + 1] == window) { continue }
      let second = last ? nil : scalars[index + 1].value
      if table.entry(at: PairTable.index(scalars[index].value, second)) == nil {
        missing += 1
        if missing > limit { return missing }
      }
    }
    return missing
  }
}
