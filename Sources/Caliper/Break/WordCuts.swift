/// Break lines, emergency breaks: what cutting a word reads, as raw pointers.
///
/// Problem: cutting a word wider than the line tests a grapheme boundary at each offset it
/// tries, the whitespace after the cut, and the edges of each piece it measures, each read
/// through the prepared text's arrays and bit arrays: a bounds check, a precondition and a
/// call for each (an emergency-broken piece of Gatsby took some 600 instructions).
/// Solution: the prefix sums, scalars, grapheme starts and unsafe-to-break flags as
/// pointers, taken once a word (`LineWidths.wordCuts`), and the same tests over them:
/// `isEmergencyBreak` as `PreparedText.isEmergencyBreak`, a line's width by the prefix
/// sums where `LineWidths.width` would take them (no tab or letter spacing, both edges
/// safe to break), else `LineWidths.width` itself. Limitation: valid only while the
/// text's storage is (`LineWidths.wordCuts`).
struct WordCuts {
  /// `PreparedText.prefix`.
  let prefix: UnsafePointer<Double>
  /// `TextAnalysis.scalars`.
  let scalars: UnsafePointer<Unicode.Scalar>
  /// The number of scalars.
  let count: Int
  /// The words of the grapheme starts (count + 1 flags): `graphemeStart`'s, or
  /// `clusterStart`'s where that says it (`PreparedText.isGraphemeStart`).
  let graphemeStarts: UnsafePointer<UInt64>
  /// The words of `unsafeBefore` (count + 1 flags).
  let unsafeBefore: UnsafePointer<UInt64>
  /// Whether a line's width is prefix arithmetic where its edges are safe: no tab stops and
  /// no letter spacing (`LineWidths.adjustsLineWidths`).
  let plainWidths: Bool

  /// Whether an emergency break may fall at `offset` (1...count):
  /// `PreparedText.isEmergencyBreak`.
  @inline(__always)
  func isEmergencyBreak(_ offset: Int) -> Bool {
    PreparedText.isEmergencyBreak(
      startsGrapheme: BitArray.test(graphemeStarts, offset), atEnd: offset >= count,
      scalar: scalars[offset])
  }

  /// The first emergency-break offset in (offset, end).
  @inline(__always)
  func next(after offset: Int, before end: Int) -> Int? {
    var index = offset &+ 1
    while index < end {
      if isEmergencyBreak(index) { return index }
      index &+= 1
    }
    return nil
  }

  /// The last emergency-break offset in (start, offset).
  @inline(__always)
  func previous(before offset: Int, after start: Int) -> Int? {
    var index = offset &- 1
    while index > start {
      if isEmergencyBreak(index) { return index }
      index &-= 1
    }
    return nil
  }

  /// Where a line cut at `offset` ends: the whitespace right after it, up to `limit`, hangs
  /// at its end.
  @inline(__always)
  func hangingEnd(after offset: Int, before limit: Int) -> Int {
    var end = offset
    while end < limit, PreparedText.isTrailing(scalars[end]) { end &+= 1 }
    return end
  }

  /// Whether a line starting at `start` starts where breaking is unsafe
  /// (`LineWidths.isUnsafeStart`).
  @inline(__always)
  func isUnsafeStart(_ start: Int) -> Bool {
    start > 0 && start < count && BitArray.test(unsafeBefore, start)
  }

  /// `widths.width(from:to:breakingAt:)`: the prefix sums' difference where that is what
  /// it is (`plainWidths`, neither edge unsafe, as `LineWidths.untabbedWidth` tests them),
  /// else asked of `widths`.
  @inline(__always)
  func width(_ widths: LineWidths, from start: Int, to contentEnd: Int, breakingAt end: Int)
    -> Double
  {
    let unsafeEnd = end > start && end < count && BitArray.test(unsafeBefore, end)
    guard plainWidths, !unsafeEnd, !isUnsafeStart(start) else {
      return Self.width(widths, from: start, to: contentEnd, breakingAt: end)
    }
    return prefix[contentEnd] - prefix[start]
  }

  /// `widths.width(from:to:breakingAt:)`, out of line: the tests above, inlined where a
  /// word is cut, stay small.
  @inline(never)
  private static func width(
    _ widths: LineWidths, from start: Int, to contentEnd: Int, breakingAt end: Int
  ) -> Double {
    widths.width(from: start, to: contentEnd, breakingAt: end)
  }
}

extension LineWidths {
  /// This text's `WordCuts`, for a text with a word to cut (not empty). The pointers are
  /// taken inside `withUnsafeBufferPointer`'s closures and escape them: sound here only
  /// because the arrays are `let`s of the text's storage, never mutated after it is made
  /// (so no copy-on-write moves them; native arrays, never bridged on Linux), and these
  /// widths hold the storage for as long as the cutting uses them. A `WordCuts` must not
  /// be stored or returned past the call that took it. (The closures wrapped around the
  /// cutting instead were handed the widths retained, three references, at each call.)
  @inline(__always)
  var wordCuts: WordCuts {
    let storage = text.storage
    let graphemes =
      storage.graphemeStart.count == 0
      ? storage.clusterStart.withUnsafeWords { $0.baseAddress! }
      : storage.graphemeStart.withUnsafeWords { $0.baseAddress! }
    return WordCuts(
      prefix: storage.prefix.withUnsafeBufferPointer { $0.baseAddress! },
      scalars: storage.analysis.scalars.withUnsafeBufferPointer { $0.baseAddress! },
      count: storage.analysis.scalars.count, graphemeStarts: graphemes,
      unsafeBefore: storage.unsafeBefore.withUnsafeWords { $0.baseAddress! },
      plainWidths: !adjustsLineWidths)
  }
}
