#if canImport(Glibc)
  import Glibc
#endif

/// Writes `caliper serve`'s responses to stdout as they are made: each piece goes to a
/// 64 KiB buffer that is written out when full, and each response ends with a newline and
/// a flush, so a client sees every whole line at once and the service never holds a whole
/// large response.
///
/// A reader that goes away (EPIPE) closes the writer: the rest is dropped and `endLine`
/// returns false, so the service can end (exit 0). Any other write failure is kept and
/// thrown by `endLine`.
struct ResponseWriter {
  private var buffer: [UInt8] = []
  private var closed = false
  private var failure: RuntimeError?
  static let blockSize = 1 << 16

  /// Adds a piece of the current response.
  mutating func write(_ piece: String) {
    guard !closed else { return }
    buffer.append(contentsOf: piece.utf8)
    if buffer.count >= Self.blockSize { flush() }
  }

  /// Ends the current response with its newline and writes it out. Returns false when the
  /// reader has gone.
  ///
  /// - Throws: `RuntimeError` for a write failure other than EPIPE (a full disk).
  mutating func endLine() throws -> Bool {
    write("\n")
    flush()
    if let failure { throw failure }
    return !closed
  }

  private mutating func flush() {
    defer { buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * Self.blockSize) }
    guard !closed, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          closed = true
          if errno != EPIPE {
            failure = RuntimeError("cannot write responses: \(String(cString: strerror(errno)))")
          }
          return
        }
        offset += written
      }
    }
  }
}
