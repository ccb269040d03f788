import CPrefetch

/// Break: the floating-point constants a relayout at a new width reads after its cache
/// lookup missed, read from one cache line.
///
/// Problem: a number written as a literal (±∞ of the breaker's range, the fit's tolerance,
/// the 0.5 and 2⁵² of the table's guess) is loaded from the compiler's constant pool, where
/// the linker places a program's constants by first use, one here, one there: a Gatsby
/// relayout at a new width read nine, on nine cache lines. After other work has pushed them
/// out (a paragraph visit's first call, the benchmark's `relayout-evicted`) each was a
/// memory latency that no hint asks for.
/// Solution: the miss path (`PreparedText.sizeOnlyFit(containing:into:)`'s breaker, the
/// table's loop and its first guess) reads them from `caliper_relayout_constants`, one
/// 64-byte line defined in C, whose values Swift's optimizer cannot see, so each read is a
/// load from that line. The numbers are the same: the tolerance is `CALIPER_LINE_TOLERANCE`,
/// which `LineBreaker.tolerance` also is (`RelayoutConstantsTests` checks each against its
/// literal). Limitation: the code every relayout runs before the lookup (`knownBreaking`,
/// `LineLimit`, the tight width) keeps its literals, three constant-pool lines: read from
/// here they cost a cache hit (`relayout-inside`) 13 instructions more (the block's address
/// made in a register, and copies of the loaded values), 4.6 %; and a constant added to
/// the miss path as a literal takes a line of its own again.
enum RelayoutConstants {
  /// −∞.
  @inline(__always) static var negativeInfinity: Double {
    caliper_relayout_constants.negative_infinity
  }
  /// +∞.
  @inline(__always) static var infinity: Double { caliper_relayout_constants.infinity }
  /// `LineBreaker.tolerance`.
  @inline(__always) static var tolerance: Double { caliper_relayout_constants.tolerance }
  /// 0.5 (`PlainLineIndex`'s guess).
  @inline(__always) static var half: Double { caliper_relayout_constants.half }
  /// 2⁵² (`PlainLineIndex`'s guess).
  @inline(__always) static var twoTo52: Double { caliper_relayout_constants.two_to_52 }

  /// Where the constants are, and their bytes (for tests: one cache line).
  static var memory: (address: UInt, bytes: Int) {
    (
      UInt(caliper_relayout_constants_address()),
      MemoryLayout<CPrefetch.caliper_relayout_constants>.size
    )
  }
}
