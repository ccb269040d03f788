#if canImport(Glibc)
  import Glibc
#endif

/// Reads the texts of `--input FILE|-`: one text per non-empty line, UTF-8 validated.
enum InputReader {
  /// The non-empty lines of a file (or stdin), each one text.
  ///
  /// Lines end at "\n" or "\r\n"; one more "\r" before the end goes too (as when the
  /// lines were split into grapheme clusters, where "\r\n" is one). Split as bytes: an
  /// LF is a grapheme cluster of its own unless a CR comes before it, and walking the
  /// whole file's clusters cost the bulk job 7 % of its time.
  static func texts(from path: String) throws -> [String] {
    var content = try text(from: path)
    return content.withUTF8 { bytes in
      var texts: [String] = []
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        var last = end
        if end < bytes.count, last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        if last > start {
          texts.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<last]), as: UTF8.self))
        }
        start = end + 1
      }
      return texts
    }
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

/// The options that give texts, the same in every command: `--input` one text per line,
/// `--text-file` one whole text, and stdin when no text is given and it is not a terminal.
enum TextInput {
  static let options = [
    Option(
      "--input", value: "<file|->",
      help: "Read one text per non-empty line from a file, or '-'\nfor stdin."),
    Option(
      "--text-file", value: "<file|->",
      help: "Read one text: the whole file, line breaks and all but\n"
        + "its final newline, or '-' for stdin. Repeatable.",
      repeatable: true),
  ]

  /// How a command reads stdin when given no text at all.
  enum Fallback {
    /// One text per line, as `--input -`.
    case lines
    /// One text, as `--text-file -`.
    case whole
    /// Stdin is not read.
    case none
  }

  /// The texts: the arguments, then `--input`'s lines, then each `--text-file`; with none
  /// of these, stdin as `fallback` says when it is not a terminal.
  static func texts(_ parsed: ParsedArguments, arguments: [String], fallback: Fallback) throws
    -> [String]
  {
    var texts = arguments
    if let input = parsed.last("--input") { texts += try InputReader.texts(from: input) }
    for file in parsed.all("--text-file") { texts.append(try InputReader.document(from: file)) }
    let given =
      !arguments.isEmpty || parsed.last("--input") != nil || !parsed.all("--text-file").isEmpty
    if !given, isatty(0) == 0 {
      switch fallback {
      case .lines: texts = try InputReader.texts(from: "-")
      case .whole: texts = [try InputReader.document(from: "-")]
      case .none: break
      }
    }
    return texts
  }
}

extension InputReader {
  /// A file read as one text: all of it, without the newline that ends its last line.
  static func document(from path: String) throws -> String {
    var text = Substring(try text(from: path))
    if text.last == "\n" || text.last == "\r\n" { text.removeLast() }
    return String(text)
  }
}
