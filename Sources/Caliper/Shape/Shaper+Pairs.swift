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
/// font the first time it is needed. A range that also holds ligature starters (Noto
/// Sans's `f`: `SimpleGlyphs.Ligatures`) is shaped so outside short windows around them,
/// each shaped by HarfBuzz alone and stitched to the rest at its cuts with the pairs across
/// them (`addWindow`, in the range's one pass). Limitation: left-to-right runs of the default
/// shaper's scripts (`pairScripts`), not upright; a shaper of a library without a shape
/// cache (`Shaper.usesPairs`) or with a feature limited to a range keeps HarfBuzz.
extension Shaper {
  /// `range` of `scalars` (in `run`, shaped in `font`), per scalar and packed as in
  /// `ShapedPiece`, from the plan's pair table (and HarfBuzz's windows around ligature
  /// starters); nil where a scalar is neither simple nor a starter, or the run's plan has
  /// no table (the caller then asks HarfBuzz).
  func pairPiece(_ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font)
    -> [Int64]?
  {
    pairAttempt(scalars, range: range, run: run, font: font, fill: true)?.packed
  }

  /// What the pair path made of a range: its values, or (`packed` nil) the table and
  /// windows whose entries were missing, for `learn` once HarfBuzz has shaped it.
  struct PairAttempt {
    var packed: [Int64]?
    let table: PairTable
    let windows: [Range<Int>]
    /// Whether every scalar of the range is in S (else: of `mixed` and starters).
    let pure: Bool
  }

  /// `pairPiece`, where a missing entry is shaped from its pair (`fill`) or ends the attempt
  /// (preparing then fills up to `fewPairs` missing pairs one by one, or else shapes the
  /// range with HarfBuzz and learns its pairs from it: `shapeMissed`); nil where the range
  /// is not for the pair path.
  func pairAttempt(
    _ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font, fill: Bool
  ) -> PairAttempt? {
    guard let plan = pairPlan(scalars, range: range, run: run, font: font) else { return nil }
    var packed = [Int64](filled: 0, count: range.count)
    let paired = packed.withUnsafeMutableBufferPointer { packed in
      var sink = PackedPairs(values: packed.baseAddress!, base: range.lowerBound)
      return fillPairs(
        scalars, range: range, plan: plan, run: run, font: font, fill: fill, into: &sink)
    }
    return PairAttempt(
      packed: paired ? packed : nil, table: plan.table, windows: plan.windows, pure: plan.pure)
  }

  /// What the range's one pass found: its plan's table, the windows of its starters, and
  /// whether every scalar is in S.
  struct PairPlan {
    let table: PairTable
    let windows: [Range<Int>]
    let pure: Bool
  }

  /// The table and windows `range` of `scalars` is shaped with on the pair path, or nil
  /// where it is not for it (`pairAttempt`).
  @inline(__always)
  func pairPlan(_ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font)
    -> PairPlan?
  {
    guard !run.isUpright, !run.isRightToLeft, Self.pairScripts(run.script),
      let table = pairTable(run: run, font: font), table.isUsable
    else { return nil }
    let simple = table.simple
    // One pass: whether every scalar is simple (`all`'s simple bit), else whether every one
    // is simple in a mixed run or a starter, and the windows of its starters.
    return scalars.withUnsafeBufferPointer { scalars -> PairPlan? in
      var all: UInt8 = 0xFF
      var windows: [Range<Int>] = []
      for index in range {
        let kind = table.kind(scalars[index].value)
        all &= kind
        if kind & PairTable.starterKind != 0 {
          Self.addWindow(at: index, range, scalars, simple, to: &windows)
        }
      }
      // A starter is not simple: a pure range has no windows.
      if all & PairTable.simpleKind != 0 { return PairPlan(table: table, windows: [], pure: true) }
      guard PairTable.admits(kinds: all, reach: simple.reach) else { return nil }
      return PairPlan(table: table, windows: windows, pure: false)
    }
  }

  /// Writes `range` of `scalars` to `sink` from `plan`: the pairs outside the windows, whose
  /// scalars are all simple or starters that start no ligature there (`Ligatures`), a
  /// stretch between windows at a time, then each window through HarfBuzz, alone, stitched
  /// with the pairs at its cuts; false where an entry is missing and `fill` is false (what
  /// `sink` holds then is partial).
  @inline(__always)
  func fillPairs<Sink: PairSink>(
    _ scalars: [Unicode.Scalar], range: Range<Int>, plan: PairPlan, run: TextRun, font: Font,
    fill: Bool, into sink: inout Sink
  ) -> Bool {
    let (table, windows) = (plan.table, plan.windows)
    let paired = scalars.withUnsafeBufferPointer { scalars in
      var from = range.lowerBound
      for window in 0...windows.count {
        let to = window < windows.count ? windows[window].lowerBound : range.upperBound
        if from < to {
          guard pairs(from..<to, of: range, scalars, into: sink, run, font, table, fill)
          else { return false }
        }
        if window < windows.count { from = windows[window].upperBound }
      }
      return true
    }
    guard paired else { return false }
    for window in windows {
      var values = windowValues(scalars, window, run, font, table)
      if window.lowerBound > range.lowerBound {
        let (before, start) = (
          scalars[window.lowerBound - 1].value, scalars[window.lowerBound].value
        )
        guard let entry = pair(before, start, run, font, table, fill) else { return false }
        values[0] = ShapedPiece.with(
          values[0], clusterStart: ShapedPiece.clusterStart(values[0]), unsafeBefore: entry.unsafe)
      }
      if window.upperBound < range.upperBound {
        let (last, after) = (scalars[window.upperBound - 1].value, scalars[window.upperBound].value)
        guard let entry = pair(last, after, run, font, table, fill) else { return false }
        let value = values[values.count - 1]
        values[values.count - 1] = ShapedPiece.pack(
          advance: Int64(entry.advance), clusterStart: ShapedPiece.clusterStart(value),
          unsafeBefore: ShapedPiece.unsafeBefore(value),
          missingGlyph: ShapedPiece.missingGlyph(value))
      }
      sink.put(values, at: window.lowerBound)
    }
    return true
  }

  /// HarfBuzz's values for `window` of `scalars`, shaped alone: kept by the table
  /// (`PairWindows`) the first time, read back after.
  private func windowValues(
    _ scalars: [Unicode.Scalar], _ window: Range<Int>, _ run: TextRun, _ font: Font,
    _ table: PairTable
  ) -> [Int64] {
    let key = scalars.withUnsafeBufferPointer { PairWindows.key($0, window) }
    if let key, let kept = table.windows.values(for: key) { return kept }
    let values = harfBuzzPiece(scalars, range: window, context: window, run: run, font: font)
    if let key { table.windows.keep(values, for: key) }
    return values
  }

  /// Writes to `sink` (the values of `range`, from its lower bound) at `stretch`, a stretch
  /// of `range` outside the windows: each scalar's advance from its pair with the next (the
  /// range's last: alone), its flag from its pair with the one before (the range's first:
  /// none); false where an entry is missing and `fill` is false.
  @inline(__always)
  private func pairs<Sink: PairSink>(
    _ stretch: Range<Int>, of range: Range<Int>, _ scalars: UnsafeBufferPointer<Unicode.Scalar>,
    into sink: Sink, _ run: TextRun, _ font: Font, _ table: PairTable, _ fill: Bool
  ) -> Bool {
    var first = scalars[stretch.lowerBound].value
    var unsafe = false
    if stretch.lowerBound > range.lowerBound {
      let before = scalars[stretch.lowerBound - 1].value
      guard let entry = pair(before, first, run, font, table, fill) else { return false }
      unsafe = entry.unsafe
    }
    let last = stretch.upperBound == range.upperBound ? stretch.upperBound - 1 : stretch.upperBound
    var index = stretch.lowerBound
    // The loop over the entries' bits (`PairTable.Entry`), each value packed from them
    // directly; a missing entry takes `pair`'s way.
    var unsafeBit: Int64 = unsafe ? 2 : 0
    while index < last {
      let second = scalars[index &+ 1].value
      var bits = table.bits(at: PairTable.index(first, second))
      if bits == 0 {
        guard let own = pair(first, second, run, font, table, fill) else { return false }
        bits = own.bits
      }
      sink.put(index, entryBits: bits, unsafeBit: unsafeBit)
      unsafeBit = Int64(bits & 2)
      first = second
      index &+= 1
    }
    if last < stretch.upperBound {
      // Alone: the entry's own flag is clear, the one before is the last pair's.
      guard let own = pair(first, nil, run, font, table, fill) else { return false }
      sink.put(last, entryBits: own.bits & ~2, unsafeBit: unsafeBit)
    }
    return true
  }

  /// The table's entry for the pair (`first`, `second`) of simple scalars, or `first` alone
  /// where `second` is nil, filled where it is not yet.
  @inline(__always)
  private func pair(
    _ first: UInt32, _ second: UInt32?, _ run: TextRun, _ font: Font, _ table: PairTable,
    _ fill: Bool
  ) -> PairTable.Entry? {
    let at = PairTable.index(first, second)
    if let entry = table.entry(at: at) { return entry }
    return fill ? pairValue(first, second, run, font, table, at) : nil
  }

  /// Whether the ligature starter at `index` opens a window: the range (up to `upper`) goes
  /// on after it with a scalar that may continue one of its ligatures. The one rule
  /// `addWindow` and `storeWithoutWindows` read.
  @inline(__always)
  static func opensWindow(
    at index: Int, upTo upper: Int, _ scalars: UnsafeBufferPointer<Unicode.Scalar>,
    _ simple: SimpleGlyphs
  ) -> Bool {
    index &+ 1 < upper && simple.continuesLigature(scalars[index].value, scalars[index &+ 1].value)
  }

  /// One step of finding the windows of a run of simple scalars and ligature starters
  /// (`range` of `scalars`) that HarfBuzz shapes (`SimpleGlyphs.Ligatures`), at the starter
  /// `index`, with `windows` those of the starters before it. A window runs from the scalar
  /// before each starter that the next scalar of the range may continue a ligature of to
  /// `reach` scalars past it (one past the longest ligature it can start), those that meet
  /// joined, each cut to the range. A starter followed by no such scalar (or by none: the
  /// range is shaped alone) starts no ligature and has no window.
  @inline(__always)
  static func addWindow(
    at index: Int, _ range: Range<Int>, _ scalars: UnsafeBufferPointer<Unicode.Scalar>,
    _ simple: SimpleGlyphs, to windows: inout [Range<Int>]
  ) {
    guard opensWindow(at: index, upTo: range.upperBound, scalars, simple) else { return }
    let start = max(range.lowerBound, index - 1)
    let end = min(range.upperBound, index + simple.reach + 1)
    if let last = windows.last, start < last.upperBound {
      windows[windows.count - 1] = last.lowerBound..<max(end, last.upperBound)
    } else {
      windows.append(start..<end)
    }
  }

  /// Whether HarfBuzz 6 shapes `script` (`hb_script_t`) with its default shaper: the
  /// scripts that shape cluster by cluster (`clusterScripts`) but Hangul, which has a
  /// shaper of its own.
  static func pairScripts(_ script: UInt32) -> Bool {
    clusterScripts(script) && script != HB_SCRIPT_HANGUL.rawValue
  }

  /// The pair table of the plan `run` shapes with in `font`, made the first time; not
  /// `asking`, only one made already (the ask that makes it is counted once a piece:
  /// `PairTableMemo.asksBeforeAnalysis`).
  func pairTable(run: TextRun, font: Font, asking: Bool = true) -> PairTable? {
    // The last piece's table, while the font and the run's direction and script are the
    // same: what `setUp` and `ShapingBuffer.plan` would find, without their HarfBuzz calls.
    if let kept = harfBuzz.keptPairTable(
      font.shapePlans, direction: VerticalShaping.direction(run),
      script: hb_script_t(rawValue: run.script))
    {
      return kept
    }
    guard let buffer = harfBuzz.buffer else { return nil }
    let plan = setUp(buffer, run: run, font: font)
    return harfBuzz.pairTable {
      guard asking else { return plan.pairs.made() }
      return plan.pairs.table {
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
