/// A word piece's end, found sixteen scalars at a time.
///
/// Problem: a word's end was found by two loops over its scalars (its non-spaces, then the
/// spaces after them), whose exits fell where the words' lengths took them: about 46
/// mispredicted branches a fallback-heavy paragraph in `Shaper.cachedStretch`
/// (`Benchmarks/Scripts/report-cold.md`, i32pt). Solution: where sixteen scalars may be read
/// from the word's start, the spaces among them are one 16-bit mask (four SSE compares,
/// packed), and the word's end is the first non-space after the first space, with no
/// branch on the word's length. Limitation: a word of sixteen scalars or more (with its
/// spaces), the text's last sixteen scalars and a mark after the spaces (no grapheme starts
/// there) take the loops.
extension Shaper {
  /// The most scalars `wordEnd` reads at once from a word's start.
  static let wordWindow = 16

  /// The end of the word of `run` from `start`: after the spaces that follow its
  /// non-spaces, where a grapheme starts (a mark after a space is in the space's grapheme
  /// and HarfBuzz cluster, so the word goes on past it). Over a raw buffer: a long word's
  /// scan was a bounds check a scalar.
  /// Looked for `before` an offset at most (where the end is further, that offset).
  @inline(__always)
  static func wordEnd(
    from start: Int, in run: TextRun, scalars: [Unicode.Scalar], boundaries: some BooleanLookup,
    before bound: Int = .max
  ) -> Int {
    scalars.withUnsafeBufferPointer { scalars in
      let limit = min(run.range.upperBound, scalars.count, bound)
      var end = start
      if start < limit, scalars.count &- start >= wordWindow, let base = scalars.baseAddress {
        // The first word start in the window, or the limit; where neither is inside it, the
        // word goes on past it (`inside` false).
        end = min(start &+ windowWordStart(base + start), limit)
        let inside = end &- start < wordWindow
        // All three read before one test, nearly always taken (a test each followed the
        // words' and runs' ends); the grapheme flag is read inside the limit (its value
        // counts only there).
        let atLimit = end >= limit
        let startsGrapheme = boundaries[min(end, limit &- 1)]
        if (inside ? 1 : 0) & ((atLimit ? 1 : 0) | (startsGrapheme ? 1 : 0)) != 0 { return end }
        // A mark after the spaces: on from it. A longer word: from the window's last scalar
        // (the window holds no word start, so the loops end where they would from `start`).
        end = inside ? end : start &+ wordWindow &- 1
      }
      repeat {
        while end < limit, scalars[end].value != 0x20 { end += 1 }
        while end < limit, scalars[end].value == 0x20 { end += 1 }
      } while end < limit && !boundaries[end]
      return end
    }
  }

  /// The offset from `scalars` of the first non-space after the first space among its
  /// first `wordWindow` scalars (which must be readable): 1 to 15 where there is one, 16
  /// where the window ends in spaces, else 32. Before the first space every scalar is a
  /// non-space, so that is the first non-space after a space.
  @inline(__always)
  static func windowWordStart(_ scalars: UnsafePointer<Unicode.Scalar>) -> Int {
    let spaces = windowSpaces(scalars)
    return (~spaces & spaces &<< 1).trailingZeroBitCount
  }

  /// A mask of the spaces (U+0020) among the first `wordWindow` scalars from `scalars`,
  /// bit i for scalar i: four compares of four scalars (lane i of compare k is scalar
  /// 4k + i, its flag shifted to bit 4k), the lanes' bits then moved to bit 4k + i by
  /// shifts of 64-bit halves. Written so that the compiler keeps it as vector compares and
  /// ors (a narrowing to bytes was a call of a generic initializer, not inlined).
  @inline(__always)
  static func windowSpaces(_ scalars: UnsafePointer<Unicode.Scalar>) -> UInt32 {
    let raw = UnsafeRawPointer(scalars)
    let space = SIMD4<UInt32>(repeating: 0x20)
    @inline(__always)
    func group(_ index: Int) -> SIMD4<UInt32> {
      let four = raw.loadUnaligned(fromByteOffset: index &* 16, as: SIMD4<UInt32>.self)
      return SIMD4<UInt32>().replacing(with: 1, where: four .== space)
    }
    let lanes = (group(0) | group(1) &<< 4) | (group(2) &<< 8 | group(3) &<< 12)
    #if _endian(little)
      // Lanes 0 and 1 in the low half, 2 and 3 in the high (lane 0 in the low bits of its
      // half: little-endian): lane 2's bits beside lane 0's moved up 2, then lane 1's and
      // 3's (from bit 32) down 31.
      let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
      let pairs = halves[0] | halves[1] &<< 2
      // No bit past the sixteenth: the halves' bits are 0 to 14 and 32 to 46.
      return UInt32(truncatingIfNeeded: pairs | pairs &>> 31)
    #else
      // Where a half's lanes lie the other way round, lane by lane.
      return lanes[0] | lanes[1] &<< 1 | lanes[2] &<< 2 | lanes[3] &<< 3
    #endif
  }
}
