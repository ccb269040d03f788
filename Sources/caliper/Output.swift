#if canImport(Glibc)
  import Glibc
#endif

/// Buffered standard output (written in large blocks, not per line) and unbuffered stderr.
///
/// A write that fails or stops short (a full disk, `/dev/full`, a closed pipe) is an error:
/// the first failure is kept, later output is dropped, and `finish()` throws it, so the
/// command exits 1 with a message instead of 0 with output lost.
struct Output {
  private var buffer: [UInt8] = []
  /// Why writing failed, once it has.
  private(set) var failure: String?

  mutating func write(_ text: String) {
    guard failure == nil else { return }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes UTF-8 bytes (a piece of JSON made as bytes).
  mutating func write(_ bytes: [UInt8]) {
    guard failure == nil else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes what is buffered; a failure is kept for `finish()`.
  mutating func flush() {
    guard !buffer.isEmpty, failure == nil else { return }
    failure = Self.writeAll(buffer, to: 1)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, and throws if any write to stdout failed.
  mutating func finish() throws {
    flush()
    if let failure { throw RuntimeError("cannot write to stdout: \(failure)") }
  }

  /// Writes all of `bytes` to `descriptor`; returns why not, if it could not.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written < 0 { return String(cString: strerror(errno)) }
        if written == 0 { return "short write (\(offset) of \(bytes.count) bytes)" }
        offset += written
      }
      return nil
    }
  }

  static func writeError(_ text: String) {
    _ = writeAll(Array(text.utf8), to: 2)
  }
}
