import Glibc

/// Monotonic time for benchmarks: `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds.
enum Stopwatch {
  /// Now, in nanoseconds since an arbitrary start.
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// The nanoseconds `body` takes.
  @inline(__always)
  static func time(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start)
  }
}

/// Keeps a value alive so that the optimizer cannot drop the work that made it.
@_optimize(none)
func blackHole<T>(_ value: T) {}
