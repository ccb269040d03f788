/// Where the pair path writes a range's values: packed per scalar (`PackedPairs`, as
/// `ShapedPiece` packs them), or straight into a text's advances and flags (`PointPairs`).
///
/// Problem: a piece that is not cached (a URL, a path: longer than the shape cache keeps) was
/// shaped from the pair table into an array of packed values, which `ShapedText.store` then
/// read again to write each scalar's advance in points and its flags: two passes and an
/// array a piece. Solution: `Shaper.storePairs` writes the pairs' advances in points and
/// their unsafe-to-break flags where `store` would (a pair's scalar is a cluster start with
/// a glyph, as the text's flags already say), and stores only the windows' HarfBuzz values
/// through `store`.
protocol PairSink {
  /// Writes the value of the scalar at `index` (of the text): a cluster start with a glyph
  /// whose advance is that of a filled pair entry's `bits` (`PairTable.Entry`) and whose
  /// unsafe-to-break flag is `unsafeBit` (2 or 0).
  func put(_ index: Int, entryBits bits: UInt32, unsafeBit: Int64)
  /// Writes HarfBuzz's `values` (packed as in `ShapedPiece`) from `index`.
  mutating func put(_ values: [Int64], at index: Int)
}

/// A range's values packed as in `ShapedPiece`, from `base`.
struct PackedPairs: PairSink {
  let values: UnsafeMutablePointer<Int64>
  let base: Int

  @inline(__always)
  func put(_ index: Int, entryBits bits: UInt32, unsafeBit: Int64) {
    values[index &- base] = ShapedPiece.pack(entryBits: bits, unsafeBit: unsafeBit)
  }

  mutating func put(_ values: [Int64], at index: Int) {
    for (offset, value) in values.enumerated() { self.values[index - base + offset] = value }
  }
}

/// A range's values written into a `ShapedText`'s advances (in points, as
/// `ShapedText.store` converts them) and unsafe-to-break flags, whose range no store has
/// written yet; the windows' values kept for `store`.
struct PointPairs: PairSink {
  /// `ShapedText.advances` (scalar i's at i + 1).
  let advances: UnsafeMutablePointer<Double>
  /// `ShapedText.unsafeBefore`'s words.
  let unsafe: UnsafeMutablePointer<UInt64>
  let size: Double
  let units: FontUnits
  /// The windows' values and where each starts.
  var windows: [(at: Int, values: [Int64])] = []

  @inline(__always)
  func put(_ index: Int, entryBits bits: UInt32, unsafeBit: Int64) {
    advances[index &+ 1] = units.points(Double(PairTable.Entry(bits: bits).advance), size: size)
    if unsafeBit != 0 { unsafe[index &>> 6] |= 1 &<< UInt64(index & 63) }
  }

  mutating func put(_ values: [Int64], at index: Int) {
    windows.append((index, values))
  }

  /// Clears the unsafe-to-break flags of `range`, as the text was made.
  func clearUnsafe(_ range: Range<Int>) {
    for index in range { unsafe[index >> 6] &= ~(1 << UInt64(index & 63)) }
  }
}

extension Shaper {
  /// `withGlyphs`, folded per scalar and packed as in `ShapedPiece`. Callers go through
  /// `shape(_:range:context:run:font:)`, which bounds the piece.
  func shapePiece(
    _ scalars: [Unicode.Scalar], range: Range<Int>, context: Range<Int>, run: TextRun,
    font: Font
  ) -> [Int64] {
    guard usesPairs,
      let attempt = pairAttempt(scalars, range: range, run: run, font: font, fill: false)
    else { return harfBuzzPiece(scalars, range: range, context: context, run: run, font: font) }
    if let packed = attempt.packed { return packed }
    return shapeMissed(attempt, scalars, range: range, context: context, run: run, font: font)
  }

  /// `shapePiece` of a range whose pairs are not all in the table. Not inlined: in
  /// `shapePiece`, it kept the shaping loop from being inlined in `shapeRun` (fallback-heavy
  /// +1.3 K a paragraph).
  @inline(never)
  private func shapeMissed(
    _ attempt: PairAttempt, _ scalars: [Unicode.Scalar], range: Range<Int>, context: Range<Int>,
    run: TextRun, font: Font
  ) -> [Int64] {
    // A few pairs not in the table yet: each shaped alone (a HarfBuzz call of two scalars),
    // not the whole range.
    if Self.missingPairs(scalars, range, attempt.windows, attempt.table, upTo: Self.fewPairs)
      <= Self.fewPairs,
      let packed = pairAttempt(scalars, range: range, run: run, font: font, fill: true)?.packed
    {
      return packed
    }
    // Many: HarfBuzz's values for the range, learnt from.
    let packed = harfBuzzPiece(scalars, range: range, context: context, run: run, font: font)
    Self.learn(packed, scalars, range, attempt.windows, pure: attempt.pure, attempt.table)
    return packed
  }

  /// Shapes `range` of `scalars` (a piece of `run` in `font` no store has written) from its
  /// plan's pair table straight into `output`, as `shape(_:boundaries:range:context:run:font:as:resume:stop:body:)`
  /// and `ShapedText.store` would: one piece (at most `longestPiece` scalars of printable
  /// ASCII, each its own grapheme by UAX #29's GB999, so the loop would not cut it:
  /// `PairWindowsTests.storedPairsAreTheShapingLoops` checks it). False, with `output`'s
  /// range as it was but its advances, where the range is not for the pair path or a pair
  /// is missing: the caller shapes it the general way, which learns or fills it.
  @inline(never)
  func storePairs(
    _ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font,
    into output: inout ShapedText
  ) -> Bool {
    guard usesPairs, range.count <= Self.longestPiece, !range.isEmpty, !run.isUpright,
      !run.isRightToLeft, Self.pairScripts(run.script),
      let table = pairTable(run: run, font: font, asking: false), table.isUsable
    else { return false }
    let (size, units) = (output.size, font.units)
    let stored = output.withAdvancesAndUnsafe(range) { advances, unsafe in
      scalars.withUnsafeBufferPointer { scalars in
        Self.storeWithoutWindows(
          scalars, range: range, table: table,
          into: PointPairs(advances: advances, unsafe: unsafe, size: size, units: units))
      }
    }
    if stored { return true }
    // A window (or a pair missing, or a scalar not for the path): the range's pass, then
    // its stretches and windows.
    guard let plan = pairPlan(scalars, range: range, run: run, font: font) else { return false }
    var windows: [(at: Int, values: [Int64])] = []
    let paired = output.withAdvancesAndUnsafe(range) { advances, unsafe in
      var sink = PointPairs(advances: advances, unsafe: unsafe, size: size, units: units)
      let paired = fillPairs(
        scalars, range: range, plan: plan, run: run, font: font, fill: false, into: &sink)
      windows = sink.windows
      // As the text was made: the general path sets only the flags that are set.
      if !paired { sink.clearUnsafe(range) }
      return paired
    }
    guard paired else { return false }
    for window in windows {
      output.store(window.values[...], at: window.at, font: font, scalars: scalars)
    }
    return true
  }

  /// `storePairs` of a range with no window (no ligature starter followed by a scalar that
  /// may continue its ligature): `pairPlan`'s pass and `fillPairs`' loop in one, each
  /// scalar's kind tested as its pair is read. False, with no flag set, where the range
  /// has a window, a scalar not for the pair path, or a pair missing from `table`.
  @inline(__always)
  static func storeWithoutWindows(
    _ scalars: UnsafeBufferPointer<Unicode.Scalar>, range: Range<Int>, table: PairTable,
    into sink: PointPairs
  ) -> Bool {
    let (reader, simple, upper) = (table.reader, table.simple, range.upperBound)
    var index = range.lowerBound
    var first = scalars[index].value
    // Every scalar's kind bits and-ed, as `pairPlan`'s pass finds them.
    var all: UInt8 = 0xFF
    // Whether the scalar at `at` (of kind `kind`) may be paired here: simple, or a starter
    // that opens no window.
    func pairs(_ kind: UInt8, at: Int) -> Bool {
      if kind & PairTable.simpleKind != 0 { return true }
      guard kind & PairTable.starterKind != 0 else { return false }
      return !opensWindow(at: at, upTo: upper, scalars, simple)
    }
    var kind = reader.kind(first)
    all &= kind
    guard pairs(kind, at: index) else { return false }
    var unsafeBit: Int64 = 0
    while index &+ 1 < upper {
      let second = scalars[index &+ 1].value
      kind = reader.kind(second)
      all &= kind
      // Tested before its entry is read: only a kind's scalars have one.
      guard kind & PairTable.simpleKind != 0 || pairs(kind, at: index &+ 1) else {
        sink.clearUnsafe(range.lowerBound..<index)
        return false
      }
      let bits = reader.bits(at: PairTable.index(first, second))
      guard bits != 0 else {
        sink.clearUnsafe(range.lowerBound..<index)
        return false
      }
      sink.put(index, entryBits: bits, unsafeBit: unsafeBit)
      unsafeBit = Int64(bits & 2)
      first = second
      index &+= 1
    }
    // The last alone: the entry's own flag is clear, the one before is the last pair's.
    let bits = reader.bits(at: PairTable.index(first, nil))
    guard bits != 0, PairTable.admits(kinds: all, reach: simple.reach) else {
      sink.clearUnsafe(range.lowerBound..<index)
      return false
    }
    sink.put(index, entryBits: bits & ~2, unsafeBit: unsafeBit)
    return true
  }
}
