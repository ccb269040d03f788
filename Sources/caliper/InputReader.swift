#if canImport(Glibc)
  import Glibc
#endif

/// Reads the texts of `--input FILE|-`: one text per non-empty line, UTF-8 validated.
enum InputReader {
  static func texts(from path: String) throws -> [String] {
    try text(from: path).split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" }
      .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0[...]) }
      .filter { !$0.isEmpty }
  }

  /// The whole file (or stdin) as one text, UTF-8 validated.
  static func text(from path: String) throws -> String {
    let bytes = try read(path)
    guard let content = String(validating: bytes, as: UTF8.self) else {
      throw RuntimeError(
        "input \(path == "-" ? "(stdin)" : path) is not valid UTF-8 (byte \(firstInvalidUTF8(bytes)))"
      )
    }
    return content
  }

  static func read(_ path: String) throws -> [UInt8] {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw RuntimeError("cannot read input \(path): \(String(cString: strerror(errno)))")
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw RuntimeError("cannot read input \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      result.append(contentsOf: chunk[..<count])
    }
    return result
  }

  private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
    var offset = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      let before = offset
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return offset
      case .error: return before
      }
    }
  }
}
