internal import CHarfBuzz

/// Shaping a run of simple scalars from its plan's pair table, as HarfBuzz would.
///
/// Problem: a word the shape cache does not keep (longer than `ShapeCache.longestWord`: the
/// URLs, paths and hashes of the URL class) or has not seen yet cost a HarfBuzz call, about
/// 1,900 instructions a scalar. Solution: where every scalar of the range is simple for the
/// face and plan (`SimpleGlyphs`: HarfBuzz's output is then a function of adjacent pairs),
/// each scalar's advance is the entry of its pair with the next (the last one's, of itself
/// alone) and its unsafe-to-break flag the entry of its pair with the one before (the
/// first one's: none), from `PairTable`, filled by shaping the pair with the same plan and
/// font the first time it is needed. Limitation: left-to-right runs of the default
/// shaper's scripts (`pairScripts`), not upright; a shaper of a library without a shape
/// cache (`Shaper.usesPairs`) or with a feature limited to a range keeps HarfBuzz.
extension Shaper {
  /// `range` of `scalars` (in `run`, shaped in `font`), per scalar and packed as in
  /// `ShapedPiece`, from the plan's pair table; nil where a scalar is not simple or the
  /// run's plan has no table (the caller then asks HarfBuzz).
  func pairPiece(_ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font)
    -> [Int64]?
  {
    guard !run.isUpright, !run.isRightToLeft, Self.pairScripts(run.script),
      let table = pairTable(run: run, font: font), table.isUsable
    else { return nil }
    let simple = table.simple
    return scalars.withUnsafeBufferPointer { scalars -> [Int64]? in
      for index in range where !simple.holds(scalars[index].value) { return nil }
      var packed = [Int64](filled: 0, count: range.count)
      let filled = packed.withUnsafeMutableBufferPointer { packed -> Bool in
        var unsafe = false
        for index in range {
          let first = scalars[index].value
          let second = index + 1 < range.upperBound ? scalars[index + 1].value : nil
          let at = PairTable.index(first, second)
          guard let entry = table.entry(at: at) ?? pairValue(first, second, run, font, table, at)
          else { return false }
          packed[index - range.lowerBound] = ShapedPiece.pack(
            advance: Int64(entry.advance), clusterStart: true, unsafeBefore: unsafe)
          unsafe = entry.unsafe
        }
        return true
      }
      return filled ? packed : nil
    }
  }

  /// Whether HarfBuzz 6 shapes `script` (`hb_script_t`) with its default shaper: the
  /// scripts that shape cluster by cluster (`clusterScripts`) but Hangul, which has a
  /// shaper of its own.
  static func pairScripts(_ script: UInt32) -> Bool {
    clusterScripts(script) && script != HB_SCRIPT_HANGUL.rawValue
  }

  /// The pair table of the plan `run` shapes with in `font`, made the first time.
  private func pairTable(run: TextRun, font: Font) -> PairTable? {
    guard let buffer = harfBuzz.buffer else { return nil }
    let plan = setUp(buffer, run: run, font: font)
    return harfBuzz.pairTable {
      plan.pairs.table {
        SimpleGlyphs.of(
          face: hb_font_get_face(font.hbFont), font: font.hbFont, plan: plan.pointer,
          features: features.map(\.tag))
      }
    }
  }

  /// Shapes the pair (`first`, `second`), or `first` alone where `second` is nil, with the
  /// run's plan, and fills the table's entry `index` with the answer; nil (and the table
  /// refused) where HarfBuzz's glyphs are not the model's: one glyph a scalar, its cmap
  /// glyph, its own cluster, the first not unsafe. An advance that does not fit an entry
  /// leaves it unfilled.
  ///
  /// The corresponding HarfBuzz function is `hb_shape` (through `ShapePlans`).
  private func pairValue(
    _ first: UInt32, _ second: UInt32?, _ run: TextRun, _ font: Font, _ table: PairTable,
    _ index: Int
  ) -> PairTable.Entry? {
    guard let buffer = harfBuzz.buffer else { return nil }
    hb_buffer_clear_contents(buffer)
    let text = second.map { [first, $0] } ?? [first]
    hb_buffer_add_utf32(buffer, text, Int32(text.count), 0, Int32(text.count))
    let plan = setUp(buffer, run: run, font: font)
    ShapePlans.execute(plan, buffer, font: font.hbFont, features: features)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    guard let infos, let positions, Int(count) == text.count,
      infos[0].mask & HB_GLYPH_FLAG_DEFINED.rawValue == 0
    else {
      table.refuse()
      return nil
    }
    for (offset, value) in text.enumerated() {
      var glyph: hb_codepoint_t = 0
      guard infos[offset].cluster == UInt32(offset),
        hb_font_get_nominal_glyph(font.hbFont, value, &glyph) != 0,
        infos[offset].codepoint == glyph
      else {
        table.refuse()
        return nil
      }
    }
    let unsafe = second != nil && Self.unsafeToBreak(infos[1])
    guard let entry = PairTable.Entry(advance: positions[0].x_advance, unsafe: unsafe) else {
      return nil
    }
    table.fill(index, with: entry)
    return entry
  }
}
