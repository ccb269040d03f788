#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor in bounded chunks, for `caliper serve`.
///
/// Problem: a request line may be of any length, and a service must not hold a gigabyte
/// line in memory to find out that it is too long. Solution: read 64 KiB at a time; a line
/// that grows past `maxLineBytes` is dropped as it arrives and skipped to its newline, and
/// reported as `.tooLong` with the bytes it had. Memory stays below `maxLineBytes` plus one
/// chunk. A final line without a newline is still a line; a "\r" before "\n" is dropped.
/// A reader that does not skip long lines (`--input`, where one ends the run) reports one
/// as soon as it passes the limit, with the bytes read so far, and reads no further: a
/// line that never ends (`/dev/zero`) costs the limit, not the memory it would take.
struct LineReader {
  enum Item {
    case line(ArraySlice<UInt8>)
    /// A line longer than the limit, skipped; `byteCount` is its length (without skipping:
    /// the bytes of it read, more than the limit).
    case tooLong(byteCount: Int)
  }

  let descriptor: Int32
  let maxLineBytes: Int
  /// Whether a line past the limit is read to its end and skipped (`serve`: the next
  /// request goes on), or reported at once.
  var skipsLongLines = true
  /// Where the last line returned starts, in bytes from the start of the input.
  private(set) var lineOffset = 0
  /// Bytes dropped from the front of `buffer` so far.
  private var dropped = 0
  /// Called around each `read`, which may block: the reader holds no request then.
  var whileWaiting: (() -> Int) -> Int = { $0() }
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`, and how far it has been searched for "\n".
  private var start = 0
  private var searched = 0
  private var endOfInput = false
  static let chunkSize = 1 << 16

  init(descriptor: Int32, maxLineBytes: Int) {
    self.descriptor = descriptor
    self.maxLineBytes = maxLineBytes
  }

  /// The next line, or nil at the end of input.
  ///
  /// - Throws: `RuntimeError` when reading fails.
  mutating func next() throws -> Item? {
    while true {
      if let newline = findNewline() {
        let end =
          newline > start && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        let length = newline - start
        let line = buffer[start..<end]
        lineOffset = dropped + start
        start = newline + 1
        searched = start
        return length > maxLineBytes ? .tooLong(byteCount: length) : .line(line)
      }
      if buffer.count - start > maxLineBytes {
        guard skipsLongLines else { return .tooLong(byteCount: buffer.count - start) }
        return .tooLong(byteCount: try skipLine())
      }
      if endOfInput {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        lineOffset = dropped + start
        start = buffer.count
        return .line(line)
      }
      compact()
      try fill()
    }
  }

  private mutating func findNewline() -> Int? {
    guard searched < buffer.count else { return nil }
    let found = buffer.withUnsafeBytes { bytes -> Int? in
      let base = bytes.baseAddress! + searched
      guard let hit = memchr(base, 0x0A, bytes.count - searched) else { return nil }
      return UnsafeRawPointer(hit) - bytes.baseAddress!
    }
    searched = found ?? buffer.count
    return found
  }

  /// Drops the lines already returned, once they are at least half of the buffer.
  private mutating func compact() {
    guard start > 0, start >= buffer.count / 2 else { return }
    buffer.removeSubrange(0..<start)
    dropped += start
    searched -= start
    start = 0
  }

  /// Appends one chunk read from the descriptor; sets `endOfInput` at its end.
  private mutating func fill() throws {
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    let descriptor = self.descriptor
    while true {
      let count = chunk.withUnsafeMutableBytes { bytes in
        whileWaiting { Glibc.read(descriptor, bytes.baseAddress, bytes.count) }
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw RuntimeError("cannot read requests: \(String(cString: strerror(errno)))")
      }
      if count == 0 { endOfInput = true } else { buffer.append(contentsOf: chunk[..<count]) }
      return
    }
  }

  /// Drops the current line through its newline (or the end of input) as it arrives;
  /// returns its length.
  private mutating func skipLine() throws -> Int {
    var length = buffer.count - start
    dropped += buffer.count
    buffer.removeAll(keepingCapacity: true)
    start = 0
    searched = 0
    while !endOfInput {
      try fill()
      if let newline = findNewline() {
        length += newline
        start = newline + 1
        searched = start
        return length
      }
      length += buffer.count
      dropped += buffer.count
      buffer.removeAll(keepingCapacity: true)
      searched = 0
    }
    return length
  }
}
