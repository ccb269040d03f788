/// Per-scalar shaping results of a whole text, in points at the style's size.
struct ShapedText {
  /// The size the next run is stored at (a styled text's runs differ).
  var size: Double
  /// Advance in points of each scalar (a cluster's advance sits on its first scalar), one
  /// place on: `advances[i + 1]` is scalar i's, so that `takePrefixSums()` can turn the array
  /// into prefix sums in place, with no second array of the text's length.
  var advances: [Double]
  /// Whether a HarfBuzz cluster starts at each offset (count + 1 entries).
  var clusterStart: BitArray
  /// Whether breaking before each offset is unsafe (count + 1 entries).
  var unsafeBefore: BitArray
  /// Clusters drawn with a `.notdef` glyph (line separators aside).
  var missingGlyphCount = 0
  /// The pieces shaped in several calls, in text order, with where each call but the first
  /// started: where drawing resumes the shaping loop (`RunPiece`).
  var cutPieces: [CutPiece] = []

  init(count: Int, size: Double) {
    self.size = size
    advances = [Double](filled: 0, count: count + 1)
    clusterStart = BitArray(repeating: true, count: count + 1)
    unsafeBefore = BitArray(repeating: false, count: count + 1)
  }

  /// Notes that the shaping of `piece` was cut at `offset`.
  mutating func noteCut(_ offset: Int, in piece: Range<Int>) {
    if cutPieces.last?.range == piece {
      cutPieces[cutPieces.count - 1].append(offset)
    } else {
      cutPieces.append(CutPiece(range: piece, cut: offset))
    }
  }

  /// Keeps a cluster start only where `graphemeStart` also has one, and marks every
  /// offset inside a cluster unsafe to break: a break opportunity there (ICU's after a soft
  /// hyphen inside an "f\u{AD}i" ligature) then has both sides shaped on their own.
  /// `graphemeStart` nil: every offset starts a grapheme cluster.
  mutating func keepClusterStarts(where graphemeStart: BitArray?) {
    if let graphemeStart { clusterStart.formIntersection(graphemeStart) }
    unsafeBefore.insertComplement(of: clusterStart, in: 1..<max(1, clusterStart.count - 1))
  }

  /// Sets negative advances (a broken font's positioning) to 0 — a width below 0 is no
  /// size — and returns how many there were: a lossy step the results count.
  /// Always inlined: called once a text, out of line its loop cost the URL class ~0.2 K
  /// a paragraph more (report-cold.md, i32rl).
  @inline(__always)
  mutating func clampNegativeAdvances() -> Int {
    var clamped = 0
    advances.withUnsafeMutableBufferPointer { advances in
      // A branch-free pass first (nearly every text has no negative advance).
      var least = 0.0
      for advance in advances { least = min(least, advance) }
      guard least < 0 else { return }
      for index in advances.indices where advances[index] < 0 {
        advances[index] = 0
        clamped += 1
      }
    }
    return clamped
  }

  /// The advances as prefix sums (element i is the sum of the advances of scalars 0..<i),
  /// and whether the sums never fall (`PreparedTextStorage.prefixRises`), found in the
  /// same pass over a raw buffer.
  mutating func takePrefixSums() -> (sums: [Double], rises: Bool) {
    var sums: [Double] = []
    swap(&sums, &advances)  // unique: summed in place, not copied
    var rises = true
    sums.withUnsafeMutableBufferPointer { sums in
      guard var total = sums.first else { return }
      for index in sums.indices.dropFirst() {
        let next = sums[index] + total
        if !(total <= next) { rises = false }
        sums[index] = next
        total = next
      }
    }
    return (sums, rises)
  }

  /// Calls `body` with the advances' and the unsafe-to-break flags' storage (`advances[i +
  /// 1]` is scalar i's; flag i is bit i % 64 of word i / 64), for a writer of `range`
  /// (checked here) that sets flags, and clears only flags it set itself (`PointPairs`,
  /// where a store fails). The arrays are moved into locals and back so that they stay
  /// unique.
  mutating func withAdvancesAndUnsafe<R>(
    _ range: Range<Int>,
    _ body: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<UInt64>) -> R
  ) -> R {
    precondition(range.lowerBound >= 0 && range.upperBound < advances.count, "out of range")
    var advances: [Double] = []
    var unsafeBefore = BitArray(repeating: false, count: 0)
    swap(&advances, &self.advances)
    swap(&unsafeBefore, &self.unsafeBefore)
    defer {
      swap(&advances, &self.advances)
      swap(&unsafeBefore, &self.unsafeBefore)
    }
    return advances.withUnsafeMutableBufferPointer { advances in
      unsafeBefore.withUnsafeMutableWords { unsafe in
        body(advances.baseAddress!, unsafe.baseAddress!)
      }
    }
  }

  /// Clears the unsafe-to-break flag at `offset`. Out of line: a run's start flag is nearly
  /// never set, and the write inlined into the loop over a paragraph's runs
  /// (`Shaper.shapeRuns`) had the flags' uniqueness check hoisted to run for every run.
  @inline(never)
  mutating func clearUnsafe(at offset: Int) { unsafeBefore[offset] = false }

  /// Clears the unsafe-to-break flag at `offset` where it is set (read first: a write
  /// checks the flags' uniqueness, and the flag is nearly never set).
  @inline(__always)
  mutating func clearUnsafeIfSet(at offset: Int) {
    if unsafeBefore[offset] { clearUnsafe(at: offset) }
  }

  /// Writes an inline placeholder's box over `range`: one cluster, `width` wide, on its first
  /// scalar (the others are left at no width).
  mutating func storePlaceholder(_ range: Range<Int>, width: Double) {
    advances[range.lowerBound + 1] = width
    for index in range.dropFirst() { clusterStart[index] = false }
  }

  /// Writes shaped values for the scalars from `offset`, which no store has written yet
  /// (`shapeRun` stores each offset once, as `storeWord` does); line separators get no
  /// width.
  @inline(__always)
  mutating func store(
    _ packed: ArraySlice<Int64>, at offset: Int, font: Font, analysis: TextAnalysis
  ) {
    store(packed, at: offset, font: font, scalars: analysis.scalars)
  }

  /// `store(_:at:font:analysis:)` with the text's scalars alone.
  mutating func store(
    _ packed: ArraySlice<Int64>, at offset: Int, font: Font, scalars textScalars: [Unicode.Scalar]
  ) {
    store(packed, at: offset, units: font.units, scalars: textScalars)
  }

  /// `store(_:at:font:scalars:)` given the font's units alone, all it reads of the font
  /// (`ShapedStores.store`, one pass over raw buffers, the range checked once: a BitArray
  /// subscript checks its bounds and its storage's uniqueness per flag).
  mutating func store(
    _ packed: ArraySlice<Int64>, at offset: Int, units: FontUnits,
    scalars textScalars: [Unicode.Scalar]
  ) {
    textScalars.withUnsafeBufferPointer { scalars in
      packed.withUnsafeBufferPointer { packed in
        withStores { $0.store(packed, at: offset, units: units, scalars: scalars) }
      }
    }
  }
}
