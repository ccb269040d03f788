/// Prepare: the break segments of a text, made in one pass over its analysis, and its tabs.
///
/// Problem: a fallback-heavy paragraph has a segment nearly every scalar (~86 a paragraph,
/// ~136 instructions each), made by a closure inside the storage's initializer, with a scan
/// over the segments after it for a face past the packed mask and a scalar-by-scalar search
/// for tabs. Solution: the segments made here, over raw buffers, the bounds checked once for
/// the text and once a segment, each scalar's face bit set without a branch
/// (`FaceMask(face:)`) and the union of the packed faces gathered as it goes; the tabs
/// searched for four scalars at a time. Limitation: the breaks must rise (the analysis makes
/// them so; a falling one stops here). Two passes (the faces in a second, to free registers)
/// and a loop setting a face's bit only where it changes were both slower (report-cold.md,
/// i32st).
extension PreparedTextStorage {
  /// The segments of a text whose breaks (`TextAnalysis.breaks`) end at `breaks`, whether
  /// every one is plain (`Segment.isPlain`), and the union of their `packedFaces`.
  /// `faceOf` is each scalar's face, or empty when one face (`oneMask`) draws the text (the
  /// storage's init empties `items.faceOf` then);
  /// `unsafeBefore` is shaping's unsafe-to-break flags (count + 1 of them).
  static func segments(
    breaks: [Int32], mandatory: [Bool], hyphenationPoints: [Int32],
    scalars: [Unicode.Scalar], faceOf: [UInt16], oneMask: FaceMask, unsafeBefore: BitArray,
    keepingSpaces: Bool
  ) -> (segments: [Segment], allPlain: Bool, packedFaces: UInt32) {
    let count = scalars.count
    precondition(
      mandatory.count == breaks.count && unsafeBefore.count >= count
        && (faceOf.isEmpty || faceOf.count == count),
      "segments of mismatched arrays")
    let oneFace = faceOf.isEmpty
    // Made by `filled`, then written: `unsafeUninitializedCapacity` looked the array's
    // storage class up in the runtime's metadata cache (`Array(filled:)` says why), about
    // 45 of a cold paragraph's instruction-cache misses.
    var segments = [Segment](
      filled: Segment(
        start: 0, contentEnd: 0, end: 0, isHardBreak: false, faces: .empty, unsafeEnd: false,
        softHyphen: false),
      count: breaks.count)
    var allPlain = true
    var packedFaces: UInt32 = 0
    segments.withUnsafeMutableBufferPointer { segments in
      scalars.withUnsafeBufferPointer { scalars in
        breaks.withUnsafeBufferPointer { breaks in
          mandatory.withUnsafeBufferPointer { mandatory in
            hyphenationPoints.withUnsafeBufferPointer { points in
              faceOf.withUnsafeBufferPointer { faceOf in
                unsafeBefore.withUnsafeWords { unsafeWords in
                  var start = 0
                  var nextPoint = 0
                  for offset in 0..<breaks.count {
                    let stored = breaks[offset]
                    let end = Int(stored)
                    precondition(start <= end && end <= count, "segment breaks out of order")
                    let isHyphenationPoint =
                      nextPoint < points.count && points[nextPoint] == stored
                    if isHyphenationPoint { nextPoint &+= 1 }
                    var faces = oneMask
                    if !oneFace, start < end {
                      // Four faces a step, an index past the segment reading its last
                      // scalar's again (a union: the same bits): most segments are one
                      // step, where a loop to the end left at a length-dependent place.
                      let last = end &- 1
                      var bits: UInt64 = 0
                      var index = start
                      repeat {
                        bits |=
                          FaceMask(face: Int(faceOf[index])).bits
                          | FaceMask(face: Int(faceOf[min(index &+ 1, last)])).bits
                          | FaceMask(face: Int(faceOf[min(index &+ 2, last)])).bits
                          | FaceMask(face: Int(faceOf[min(index &+ 3, last)])).bits
                        index &+= 4
                      } while index < end
                      faces = FaceMask(bits: bits)
                    } else if !oneFace {
                      faces = .empty
                    }
                    let inside = end < count
                    let segment = Segment(
                      start: start,
                      contentEnd: PreparedText.contentEnd(
                        scalars, from: start, to: end, keepingSpaces: keepingSpaces),
                      end: end, isHardBreak: mandatory[offset], faces: faces,
                      unsafeEnd: inside && BitArray.test(unsafeWords.baseAddress!, end),
                      softHyphen: inside
                        && (isHyphenationPoint
                          || (end > 0 && scalars[end &- 1] == PreparedText.softHyphen))
                    )
                    segments[offset] = segment
                    allPlain = allPlain && segment.isPlain
                    packedFaces |= segment.packedFaces
                    start = end
                  }
                }
              }
            }
          }
        }
      }
    }
    return (segments, allPlain, packedFaces)
  }
}

extension PreparedTextStorage {
  /// The offsets of the tab characters among `scalars`, ascending. Tabs are rare: the
  /// scalars are first searched for one four at a time, and listed only where there is one
  /// (a loop that tested and appended scalar by scalar was ~5 instructions a scalar, 1.3 K of
  /// a fallback-heavy paragraph).
  static func tabOffsets(_ scalars: [Unicode.Scalar]) -> [Int] {
    let found = scalars.withUnsafeBufferPointer { scalars in
      // Four scalars to a compare (the optimizer made a loop of `contains` or of an OR
      // of flags a search, a scalar at a time).
      let raw = UnsafeRawPointer(scalars.baseAddress)
      let tab = SIMD4<UInt32>(repeating: 0x09)
      var found = SIMDMask<SIMD4<Int32>>(repeating: false)
      var index = 0
      while index &+ 4 <= scalars.count {
        found .|= raw!.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self) .== tab
        index &+= 4
      }
      var tail = false
      while index < scalars.count {
        tail = tail || scalars[index].value == 0x09
        index &+= 1
      }
      return tail || any(found)
    }
    guard found else { return [] }
    var tabs: [Int] = []
    for (index, scalar) in scalars.enumerated() where scalar.value == 0x09 { tabs.append(index) }
    return tabs
  }
}
