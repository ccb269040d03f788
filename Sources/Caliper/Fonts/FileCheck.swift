#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The clock of the font files' checks (`CacheLimits.fileCheckInterval`).
///
/// Problem: a face lookup made sure its file was unchanged with one `stat` each time, about
/// 6 % of a prepare. Solution (fontconfig's rescan interval): each file remembers when it was
/// last found unchanged, and is asked again only once the interval has passed; the time is
/// read once per prepare from `CLOCK_MONOTONIC_COARSE` (the vDSO, no system call; it moves
/// in steps of the kernel's tick, 1–10 ms). Limitation: for up to the interval after a font
/// is rewritten, the old face answers.
enum FileCheck {
  /// Nanoseconds of the coarse monotonic clock (never 0: the machine has been up).
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// `interval` in nanoseconds: 0 for zero or negative ones (every lookup checks).
  static func nanoseconds(_ interval: Duration) -> UInt64 {
    let (seconds, attoseconds) = interval.components
    guard seconds >= 0, seconds > 0 || attoseconds > 0 else { return 0 }
    let whole = UInt64(min(seconds, Int64(UInt64.max / 2_000_000_000)))
    return whole * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }
}
