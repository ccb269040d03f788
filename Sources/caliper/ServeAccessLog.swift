#if canImport(Glibc)
  import Glibc
#endif

/// `caliper serve --http --access-log`: one line per request on stderr,
/// `TIME METHOD PATH STATUS BYTES MICROSECONDS`, e.g.
/// `2026-05-04T09:30:00.123Z POST /v1/measure 200 412 873`. Each line is one `write`, so
/// lines from different threads never mix.
enum AccessLog {
  static func write(_ exchange: HTTPServer.Exchange, seconds: Double) {
    let line =
      "\(timestamp()) \(printable(exchange.method)) \(printable(exchange.path))"
      + " \(exchange.status.map(String.init) ?? "-") \(exchange.bytes)"
      + " \(Int((seconds * 1e6).rounded()))\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
  }

  /// UTC time with milliseconds, ISO 8601.
  static func timestamp() -> String {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var seconds = time.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let millis = Int(time.tv_nsec / 1_000_000)
    let fraction = String(repeating: "0", count: 3 - String(millis).count) + String(millis)
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
      + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
  }

  /// The text with spaces, controls and non-ASCII bytes as %XX, so that a line stays one
  /// line of six fields.
  static func printable(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result.isEmpty ? "-" : result
  }
}
