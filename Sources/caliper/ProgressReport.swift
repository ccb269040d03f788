import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Progress of long work on stderr: only on a terminal, only once the work passes a second.
///
/// Problem: a 28 MB batch ran 24 s with no sign of life, but anything written to a stderr
/// that is a pipe or a file lands in someone's log. Solution: when stderr is a terminal
/// (and `--quiet` is not given), one line redrawn in place at most ten times a second, from
/// the first second on: items done (of how many, when known), the rate and the time left;
/// at the end the line is cleared and a one-line summary takes its place. When stderr is
/// not a terminal nothing is ever written. `advance` may be called from any thread.
final class ProgressReport: Sendable {
  /// `--quiet`, in the option tables of measure, serve and layout.
  static let quietOption = Option(
    "--quiet",
    help: "No progress on stderr (shown only when stderr is a\n"
      + "terminal and the work passes a second).")

  private struct State {
    var done = 0
    var lastDraw = 0.0
    var drawn = false
  }

  private let verb: String
  private let noun: String
  private let total: Int?
  private let enabled: Bool
  private let start: Double
  /// Seconds before the first line; `CALIPER_PROGRESS_DELAY` overrides it (tests use 0).
  private let delay: Double
  private let state = Mutex(State())

  /// - Parameters:
  ///   - verb: what the work is doing, for the line ("measuring").
  ///   - noun: what is counted, plural ("texts").
  ///   - total: how many there will be, if known (then the line has a time left).
  ///   - quiet: `--quiet`: never write anything.
  ///   - alsoWhen: a further condition for showing progress (serve: stdin is not a terminal).
  init(verb: String, noun: String, total: Int?, quiet: Bool, alsoWhen condition: Bool = true) {
    self.verb = verb
    self.noun = noun
    self.total = total
    enabled = !quiet && condition && isatty(2) == 1
    start = Self.now()
    delay = getenv("CALIPER_PROGRESS_DELAY").flatMap { Double(String(cString: $0)) } ?? 1
  }

  /// Counts `count` more items done, and redraws the line when it is due.
  func advance(by count: Int = 1) {
    guard enabled else { return }
    let now = Self.now()
    let line: String? = state.withLock { state in
      state.done += count
      guard now - start >= delay, now - state.lastDraw >= 0.1 else { return nil }
      state.lastDraw = now
      state.drawn = true
      return progressLine(done: state.done, elapsed: now - start)
    }
    if let line { Self.writeToStderr("\r\u{1B}[K" + line) }
  }

  /// Clears the line and, on a terminal, writes `summary` (nil: no summary) with the time
  /// taken: "measured 3,000 texts at 4 widths in 2.4 s".
  func finish(summary: String?) {
    guard enabled else { return }
    let elapsed = Self.now() - start
    let drawn = state.withLock { $0.drawn }
    var text = drawn ? "\r\u{1B}[K" : ""
    if let summary { text += "\(summary) in \(Self.duration(elapsed))\n" }
    if !text.isEmpty { Self.writeToStderr(text) }
  }

  private func progressLine(done: Int, elapsed: Double) -> String {
    let rate = Double(done) / max(elapsed, 1e-9)
    var line = "\(verb): \(Self.count(done))"
    if let total { line += " of \(Self.count(total))" }
    line += " \(noun), \(Self.count(Int(rate.rounded()))) \(noun)/s"
    if let total, rate > 0 {
      line += ", \(Self.duration(Double(max(0, total - done)) / rate)) left"
    }
    return line
  }

  /// 12,345.
  static func count(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }

  /// "0.4 s", "12 s", "3 min 05 s".
  static func duration(_ seconds: Double) -> String {
    if seconds < 10 { return "\(Double(Int(seconds * 10)) / 10) s" }
    if seconds < 60 { return "\(Int(seconds)) s" }
    let whole = Int(seconds)
    let rest = whole % 60
    return "\(whole / 60) min \(rest < 10 ? "0" : "")\(rest) s"
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func writeToStderr(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        write(2, $0.baseAddress! + offset, $0.count - offset)
      }
      if written <= 0 {
        if written < 0, errno == EINTR { continue }
        return  // a terminal that went away: progress is not worth failing for
      }
      offset += written
    }
  }
}
