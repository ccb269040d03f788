#if canImport(Glibc)
  import Glibc
#endif

/// Buffered standard output (written in large blocks, not per line) and unbuffered stderr.
struct Output {
  private var buffer: [UInt8] = []

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { break }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  static func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
  }
}
