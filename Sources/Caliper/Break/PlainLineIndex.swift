/// Break lines, plain texts relaid out at many widths: each line's end read from a table
/// rather than searched for.
///
/// Problem: a plain text's line ends where the content-end positions of its segments pass
/// the line's start plus the room on it (`LineBreaker+Plain.swift`). Galloping and
/// bisecting over the segments and prefix sums for that point took some 190 instructions a
/// line, half of them probes that each wait for the last (two dependent loads a probe, one
/// of them into the prefix sums, a cache line apart from the next).
/// Solution: for a text relaid out at a second new width (`PreparedText.sizeOnlyFit(
/// containing:into:)`), arrays made once: each segment's
/// content-end position side by side (`endPositions`) and each one's start position
/// (`startPositions`), 8 bytes a segment each, and, for positions cut into steps of the
/// segments' mean width, the last segment ending at or before each step (`lastAtStep`, 4
/// bytes a segment).
/// A line's end is then one table read for a first guess, at most a step's worth of
/// segments behind the answer, and one or two exact `fitsAt` tests from there: the guess
/// decides only where the tests start, never which segment ends the line, so the lines are
/// the search's to the bit. The positions never fall (`BreakFacts.plainLines` holds them
/// rising), which both the guess and the walk from it rely on. A text of several faces
/// (`BreakFacts.plainFaces`: vertical Japanese) also gets, for each segment, where the run
/// of segments with its faces ends (`faceRunEnds`, 4 bytes a segment): a line's faces are
/// then one read per run on it rather than one per segment (a column is about as many
/// segments as characters). For the size-only loop, a `.nan` past the last end (a walk
/// stops there untested) and a bit a segment: whether it may be broken. Limitation: a text
/// of more than 2³¹ segments, or none, or with positions not all finite, gets no table and
/// keeps the search.
struct PlainLineIndex {
  // What the table's loop reads (`LineBreaker.breakIndexedLines`) comes first: the 64
  // bytes up to `scale`, one or two cache lines from malloc's 16-byte-aligned start (the
  // loop read 80 bytes, always two); the rest after.
  /// `prefix[segments[i].contentEnd]` for each segment `i`, then `.nan`: the test of a
  /// line that would take a segment past the last fits no limit, so a walk forward stops
  /// there without a test of the index (`LineBreaker.breakIndexedLines`).
  let endPositions: UnsafeMutablePointer<Double>
  /// `prefix[segments[i].start]` for each segment `i`: where a line starting there is
  /// measured from. In the same block as `endPositions`, after it (`Block`).
  let startPositions: UnsafeMutablePointer<Double>
  /// For each step `k`: the last segment whose end is at most `origin + k / scale`, or −1.
  let lastAtStep: UnsafeMutablePointer<Int32>
  /// For each segment `i`, bit `i % 64` of word `i / 64`: whether the segment may be broken
  /// (`LineBreaker.isBreakable` over its content), which decides whether a line of it
  /// alone narrows the range of limits (`fitsAlone`), read without the text's graphemes.
  let breakable: UnsafeMutablePointer<UInt64>
  /// The text's segment count and its prefix sums' count, which the table was made over
  /// (both arrays are fixed at prepare): the loop's buffers are made with these, where
  /// reading the arrays' own counts touched a line of each array's header, two misses at
  /// the first call after other work (the loop reads neither array but on the emergency
  /// path).
  let segmentCount: Int
  let prefixCount: Int
  /// The last step's index, as a `Double`.
  let lastStep: Double
  /// Steps a point: the inverse of the segments' mean width.
  let scale: Double
  /// For each segment `i`, the first segment after it whose packed faces differ from its
  /// own (`Segment.packedFaces`), or the segment count; nil where every segment has the
  /// first one's (one face: a line's faces are any of its segments').
  let faceRunEnds: UnsafeMutablePointer<Int32>?
  /// How many steps `lastAtStep` holds (the segment count plus one).
  var steps: Int { segmentCount + 1 }
  /// The bytes of the block the arrays share (`Block`), kept: a relayout reads it to ask
  /// for the block (`RelayoutHints`), where working it out again took some 30 instructions.
  let blockBytes: Int
  /// The position of the first segment's start.
  let origin: Double

  /// The table for `segments` over `prefix`, whose content ends rise with the segment
  /// index, with no `breakable` bit set (`make` sets them); nil for no segments, too many,
  /// or positions that are not all finite.
  private init?(segments: UnsafeBufferPointer<Segment>, prefix: UnsafeBufferPointer<Double>) {
    let count = segments.count
    guard count > 0, count < Int(Int32.max) else { return nil }
    // Finite ends, so every position between them (they rise): a line's width, a
    // difference of two, is then a number, never NaN (`LineBreaker.breakIndexedLines`).
    guard prefix[segments[0].start].isFinite, prefix[segments[count - 1].contentEnd].isFinite
    else { return nil }
    // One block (`Block`): the step guesses and breakable bits, which a breaking reads
    // first, then the positions, then the face runs of a text of several faces, so that a
    // relayout asks for the table in one range (`RelayoutHints`) and the block is one
    // allocation.
    let facesDiffer = Self.facesDiffer(segments)
    let block = Block(count: count, faceRuns: facesDiffer)
    // After room for the table itself (`make` puts it there): one allocation, so that the
    // table and its block share a page (and a line), where the table's own small one came
    // from elsewhere in the heap, a TLB entry more at a paragraph visit's first call.
    let raw =
      UnsafeMutableRawPointer.allocate(
        byteCount: Self.headerBytes + block.bytes, alignment: Self.headerAlignment)
      + Self.headerBytes
    blockBytes = block.bytes
    segmentCount = count
    prefixCount = prefix.count
    lastAtStep = raw.bindMemory(to: Int32.self, capacity: count + 1)
    breakable = (raw + block.breakableOffset).bindMemory(
      to: UInt64.self, capacity: Self.words(count))
    endPositions = (raw + block.positionsOffset).bindMemory(
      to: Double.self, capacity: 2 * count + 1)
    startPositions = endPositions + (count + 1)
    // Each position plus 0: the same number, a −0 made +0, so that no width, a difference
    // of two rising positions, is −0 (`LineBreaker.breakIndexedLines` adds no 0 indent).
    for index in 0..<count {
      (endPositions + index).initialize(to: prefix[segments[index].contentEnd] + 0)
      (startPositions + index).initialize(to: prefix[segments[index].start] + 0)
    }
    (endPositions + count).initialize(to: .nan)
    breakable.initialize(repeating: 0, count: Self.words(count))
    origin = prefix[segments[0].start]
    let span = endPositions[count - 1] - origin
    // A text whose segments take no room steps by a point (any positive step would do).
    scale = span > 0 && span.isFinite ? Double(count) / span : 1
    lastStep = Double(count)
    var last = -1
    for step in 0...count {
      let edge = origin + Double(step) / scale
      while last + 1 < count, endPositions[last + 1] <= edge { last += 1 }
      (lastAtStep + step).initialize(to: Int32(truncatingIfNeeded: last))
    }
    faceRunEnds =
      facesDiffer
      ? Self.faceRuns(
        segments,
        into: (raw + block.faceRunsOffset).bindMemory(to: Int32.self, capacity: count))
      : nil
  }

  /// Where the table's arrays lie in its one block for `count` segments: `lastAtStep`
  /// (`count + 1` steps) at its start, `breakable` after it (on an 8-byte boundary), then
  /// `endPositions` with its `.nan` and `startPositions`, then `faceRunEnds` where
  /// `faceRuns` (a text of several faces).
  struct Block {
    let breakableOffset: Int
    let positionsOffset: Int
    let faceRunsOffset: Int
    let bytes: Int

    init(count: Int, faceRuns: Bool) {
      let steps = (count + 1) * MemoryLayout<Int32>.stride
      breakableOffset = (steps + 7) & ~7
      positionsOffset = breakableOffset + PlainLineIndex.words(count) * MemoryLayout<UInt64>.stride
      faceRunsOffset = positionsOffset + (2 * count + 1) * MemoryLayout<Double>.stride
      bytes = faceRunsOffset + (faceRuns ? count * MemoryLayout<Int32>.stride : 0)
    }
  }

  /// The table's block (`Block`): its start and bytes, what a relayout asks for at once.
  var block: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: lastAtStep, count: blockBytes)
  }

  /// Whether `segments` (at least one) have other faces than the first one's: the table
  /// then keeps `faceRunEnds`.
  private static func facesDiffer(_ segments: UnsafeBufferPointer<Segment>) -> Bool {
    let first = segments[0].packedFaces
    return segments.contains(where: { $0.packedFaces != first })
  }

  /// `faceRunEnds` for `segments`, written to `ends` (a place for each segment).
  private static func faceRuns(
    _ segments: UnsafeBufferPointer<Segment>, into ends: UnsafeMutablePointer<Int32>
  ) -> UnsafeMutablePointer<Int32> {
    let count = segments.count
    var end = count
    for index in stride(from: count - 1, through: 0, by: -1) {
      if index + 1 < count, segments[index + 1].packedFaces != segments[index].packedFaces {
        end = index + 1
      }
      (ends + index).initialize(to: Int32(truncatingIfNeeded: end))
    }
    return ends
  }

  /// The union of the packed faces of `segments[first...last]`: one read per run of equal
  /// faces (`faceRunEnds`).
  @inline(__always)
  func packedFaces(_ segments: UnsafeBufferPointer<Segment>, from first: Int, through last: Int)
    -> UInt32
  {
    var packed = segments[first].packedFaces
    guard let ends = faceRunEnds else { return packed }
    var next = Int(truncatingIfNeeded: ends[first])
    while next <= last {
      packed |= segments[next].packedFaces
      next = Int(truncatingIfNeeded: ends[next])
    }
    return packed
  }

  /// The words of `breakable` for `count` segments.
  fileprivate static func words(_ count: Int) -> Int { (count + 63) / 64 }

  /// Whether segment `index` may be broken (`breakable`).
  @inline(__always)
  func isBreakable(_ index: Int) -> Bool {
    breakable[index &>> 6] &>> UInt64(index & 63) & 1 != 0
  }

  /// The table for `segments` over `prefix` in memory of its own, before its block (nil
  /// where `init` gives none), so that a breaking passes one pointer rather than the
  /// table's eleven words, each segment's `breakable` bit from `isBreakable` (inlined: a
  /// call a segment cost more than the test); freed by `destroy(_:)`.
  @inline(__always)
  static func make(
    segments: UnsafeBufferPointer<Segment>, prefix: UnsafeBufferPointer<Double>,
    isBreakable: (Segment) -> Bool
  ) -> UnsafeMutablePointer<PlainLineIndex>? {
    guard let table = PlainLineIndex(segments: segments, prefix: prefix) else { return nil }
    for index in segments.indices where isBreakable(segments[index]) {
      table.breakable[index &>> 6] |= 1 &<< UInt64(index & 63)
    }
    // The table in the room before its block (`headerBytes`).
    let pointer = (UnsafeMutableRawPointer(table.lastAtStep) - headerBytes).bindMemory(
      to: PlainLineIndex.self, capacity: 1)
    pointer.initialize(to: table)
    return pointer
  }

  /// The room for the table before its block (`Block`, which starts at `lastAtStep`) in
  /// their one allocation: the table's stride rounded up to 16 bytes, the alignment malloc
  /// gives the block alone.
  static var headerBytes: Int { (MemoryLayout<PlainLineIndex>.stride + 15) / 16 * 16 }
  /// The allocation's alignment, a cache line: what the table's loop reads of the table
  /// (its first 64 bytes, `PlainLineIndexLayoutTests`) is then one line, where malloc's 16
  /// bytes made it two three times in four.
  static var headerAlignment: Int { RelayoutHints.lineBytes }

  /// Frees a table `make` made, and its arrays (the owning cache's `deinit`): the table and
  /// its block are one allocation, the table first.
  static func destroy(_ pointer: UnsafeMutablePointer<PlainLineIndex>) {
    pointer.deinitialize(count: 1)
    UnsafeMutableRawPointer(pointer).deallocate()
  }

  /// The bytes of its arrays: what relaying out at many widths adds to a prepared
  /// text (counted in its `memoryFootprint`, so in the prepared-text cache's limit).
  var byteCount: Int { blockBytes }

  /// A segment near the last one, from `first` on, ending at most `room` past `base`: the
  /// last one ending at or before the step below `base + room`, or `first`. Only a
  /// starting point for the exact tests (`LineBreaker.breakPlainLines`).
  @inline(__always)
  func guess(from first: Int, base: Double, room: Double) -> Int {
    guess(from: first, step: (base + room - origin) * scale)
  }

  /// `guess(from: 0, base: origin, room: room)`, the first line's, with the origin's sum
  /// and difference left out: only a guess, which decides where the tests start, never the
  /// answer (the origin is the first segment's start, 0 in a text's own prefix sums).
  @inline(__always)
  func firstGuess(room: Double) -> Int {
    guess(from: 0, step: room * scale)
  }

  /// The last segment ending at or before step `position` (fractional), or `first`.
  @inline(__always)
  private func guess(from first: Int, step position: Double) -> Int {
    // The step at or below `position` (negative positions: the first; NaN and past the
    // last: the last), read from the number's bits rather than by `Int(_:)`, whose range
    // checks cost more than the rest of the guess: 2⁵² added to a number in [0, 2⁵¹)
    // leaves it rounded to the nearest integer in the low 52 bits, and a half less rounds
    // it down (an exact half either way: it is only a guess). Clamped by two comparisons
    // false for a NaN, `minsd` and `maxsd`, one instruction each.
    // 0.5 and 2⁵² from `RelayoutConstants`' one cache line.
    let half = RelayoutConstants.half
    let capped = position < lastStep ? position : lastStep
    let clamped = capped > half ? capped : half
    let rounded = (clamped - half + RelayoutConstants.twoTo52).bitPattern & (1 << 52 - 1)
    let found = Int(lastAtStep[Int(truncatingIfNeeded: rounded)])
    return found > first ? found : first
  }
}

extension PreparedText {
  /// The table of line ends over this text's segments and prefix sums (nil where `init`
  /// gives none), in memory of its own with its block (`PlainLineIndex.make`).
  func makePlainLineIndex() -> UnsafeMutablePointer<PlainLineIndex>? {
    let breaker = LineBreaker(limit: 0)
    let widths = LineWidths(untabbed: self)
    // `LineBreaker.isBreakable` a segment, its style test read once (it copies the style).
    let breaksLongWords = self.breaksLongWords
    return segments.withUnsafeBufferPointer { segments in
      prefix.withUnsafeBufferPointer {
        PlainLineIndex.make(segments: segments, prefix: $0) {
          breaksLongWords && breaker.hasBreakInside(widths, from: $0.start, to: $0.contentEnd)
        }
      }
    }
  }
}
