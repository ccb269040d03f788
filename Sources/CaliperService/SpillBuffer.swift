#if canImport(Glibc)
  import Glibc
#endif

/// A response body that is built in memory up to `memoryLimit` bytes and goes on in an
/// unlinked temporary file past it, so that an NDJSON batch of any number of lines holds
/// at most that much of its answer in memory.
package final class SpillBuffer {
  package static let memoryLimit = 1 << 20
  private var bytes: [UInt8] = []
  private var descriptor: Int32 = -1
  private var fileSize = 0

  package init() {}

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  package func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  package func append(_ piece: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: piece)
    if bytes.count >= Self.memoryLimit { spill() }
  }

  /// The body, or nil when the temporary file could not take all of it (a full disk); the
  /// buffer is empty afterwards (a file's descriptor now belongs to the caller).
  package func finish() -> ServiceResponse.Body? {
    guard descriptor >= 0 else {
      defer { bytes = [] }
      return .bytes(bytes)
    }
    spill()
    guard bytes.isEmpty, lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
    defer { descriptor = -1 }
    return .file(descriptor: descriptor, size: fileSize)
  }

  /// Moves the bytes in memory to the file (opened on first use); on failure they stay.
  private func spill() {
    if descriptor < 0 {
      let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
      var template = Array((folder + "/caliper-batch-XXXXXX").utf8CString)
      descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else { return }
      _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    fileSize += offset
    bytes.removeFirst(offset)
  }
}
