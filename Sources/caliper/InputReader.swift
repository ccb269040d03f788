import CaliperService
#if canImport(Glibc)
  import Glibc
#endif

/// Reads the texts of `--input FILE|-` and `--text-file FILE|-`, UTF-8 validated, with
/// memory bounded by the longest text allowed.
///
/// Problem: reading a whole input before checking it let `/dev/zero` abort the process
/// (a 4 GB allocation) and a 1 GB file take 2.1 GB. Solution: `--input` is read line by
/// line in 64 KiB chunks (`LineReader`), `--text-file` up to the limit, and a text is
/// refused as soon as it passes `maxTextBytes`, before more of it is read.
enum InputReader {
  /// Whether stdin is a file or a pipe rather than a terminal: only then is text read from
  /// it without being asked for, and a batch on it shows progress.
  static var stdinIsRedirected: Bool { isatty(0) == 0 }

  /// The non-empty lines of a file (or stdin), each one text of at most `maxTextBytes`.
  ///
  /// Lines end at "\n" or "\r\n"; one more "\r" before the end goes too (as when the
  /// lines were split into grapheme clusters, where "\r\n" is one). Split as bytes: an
  /// LF is a grapheme cluster of its own unless a CR comes before it, and walking the
  /// whole file's clusters cost the bulk job 7 % of its time.
  static func texts(from path: String, maxTextBytes: Int = RequestLimits().maxTextBytes) throws
    -> [String]
  {
    let lines = try Lines(path: path, maxTextBytes: maxTextBytes)
    var texts: [String] = []
    while let text = try lines.next() { texts.append(text) }
    return texts
  }

  /// The texts of a file's non-empty lines, one at a time (`measure --input` streams them:
  /// memory holds a chunk and a window of texts, not the file).
  final class Lines {
    let path: String
    let maxTextBytes: Int
    private let descriptor: Int32
    private var reader: LineReader

    init(path: String, maxTextBytes: Int) throws {
      self.path = path
      self.maxTextBytes = maxTextBytes
      descriptor = try InputReader.open(path)
      // Room for the "\r\n" and the extra "\r" that end a line.
      reader = LineReader(descriptor: descriptor, maxLineBytes: maxTextBytes + 3)
      reader.skipsLongLines = false
    }

    deinit { if descriptor != 0 { close(descriptor) } }

    /// The next text, or nil at the end of the input.
    ///
    /// - Throws: `RuntimeError` for a read that fails or a line that is not UTF-8,
    ///   `RequestError` for a text past `maxTextBytes`.
    func next() throws -> String? {
      while true {
        let item: LineReader.Item?
        do {
          item = try reader.next()
        } catch {
          throw RuntimeError("cannot read input \(path): \(String(cString: strerror(errno)))")
        }
        switch item {
        case nil: return nil
        case .tooLong(let count)?:
          throw InputReader.tooLong(path, read: count, limit: maxTextBytes)
        case .line(var line)?:
          if line.last == UInt8(ascii: "\r") { line.removeLast() }
          guard !line.isEmpty else { continue }
          guard line.count <= maxTextBytes else {
            throw InputReader.tooLong(path, read: line.count, limit: maxTextBytes)
          }
          guard let text = String(validating: line, as: UTF8.self) else {
            throw InputReader.notUTF8(
              path, byte: reader.lineOffset + InputReader.firstInvalidUTF8(Array(line)))
          }
          return text
        }
      }
    }
  }

  /// The whole file (or stdin) as one text, UTF-8 validated: at most `maxBytes` of it
  /// (`slack` more are read before refusing it, for a final newline that is no part of it).
  static func text(from path: String, maxBytes: Int = Int.max, slack: Int = 0) throws -> String {
    let bytes = try read(path, maxBytes: maxBytes, slack: slack)
    guard let content = String(validating: bytes, as: UTF8.self) else {
      throw notUTF8(path, byte: firstInvalidUTF8(bytes))
    }
    return content
  }

  /// The bytes of a file (or stdin); a file longer than `maxBytes` is refused once that
  /// many have been read.
  static func read(_ path: String, maxBytes: Int = Int.max, slack: Int = 0) throws -> [UInt8] {
    let descriptor = try open(path)
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
      guard result.count + count <= maxBytes + slack else {
        throw tooLong(path, read: result.count + count, limit: maxBytes)
      }
      result.append(contentsOf: chunk[..<count])
    }
    return result
  }

  static func open(_ path: String) throws -> Int32 {
    let descriptor = path == "-" ? 0 : Glibc.open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw RuntimeError("cannot read input \(path): \(String(cString: strerror(errno)))")
    }
    return descriptor
  }

  private static func name(_ path: String) -> String { path == "-" ? "(stdin)" : path }

  static func notUTF8(_ path: String, byte: Int) -> RuntimeError {
    RuntimeError("input \(name(path)) is not valid UTF-8 (byte \(byte))")
  }

  /// A text past the limit, refused after reading `count` bytes of it.
  static func tooLong(_ path: String, read count: Int, limit: Int) -> RequestError {
    RequestError(
      .textTooLong,
      "input \(name(path)): a text over the limit of \(limit) bytes of UTF-8"
        + " (--max-text-bytes), refused after reading \(count) bytes of it")
  }

  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
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
  /// Each text read from a file is refused as soon as it passes `maxTextBytes`.
  static func texts(
    _ parsed: ParsedArguments, arguments: [String], fallback: Fallback,
    maxTextBytes: Int = RequestLimits().maxTextBytes
  ) throws -> [String] {
    let source = try Source(
      parsed, arguments: arguments, fallback: fallback, maxTextBytes: maxTextBytes)
    var texts: [String] = []
    while let text = try source.next() { texts.append(text) }
    return texts
  }

  /// The texts one at a time, in the order `texts` gives them: the lines of `--input` (or
  /// stdin) are read as they are asked for, so a bulk job holds a window of them, not the
  /// file (200 MB of short lines took 730 MB read whole).
  final class Source {
    private var arguments: IndexingIterator<[String]>
    private var lines: InputReader.Lines?
    private var documents: [String]
    private let maxTextBytes: Int
    /// Whether any text was given at all (an argument, `--input` or `--text-file`): with
    /// none, stdin was taken as `fallback` says, or nothing (`.none`, or a terminal).
    let given: Bool

    init(
      _ parsed: ParsedArguments, arguments: [String], fallback: Fallback, maxTextBytes: Int
    ) throws {
      self.arguments = arguments.makeIterator()
      self.maxTextBytes = maxTextBytes
      documents = parsed.all("--text-file")
      let input = parsed.last("--input")
      given = !arguments.isEmpty || input != nil || !documents.isEmpty
      if let input { lines = try InputReader.Lines(path: input, maxTextBytes: maxTextBytes) }
      if !given, InputReader.stdinIsRedirected {
        switch fallback {
        case .lines: lines = try InputReader.Lines(path: "-", maxTextBytes: maxTextBytes)
        case .whole: documents = ["-"]
        case .none: break
        }
      }
      // A file that cannot be opened is refused before any text is measured.
      for document in documents where document != "-" {
        close(try InputReader.open(document))
      }
    }

    /// The next text, or nil after the last.
    func next() throws -> String? {
      if let argument = arguments.next() { return argument }
      if let text = try lines?.next() { return text }
      lines = nil
      guard !documents.isEmpty else { return nil }
      return try InputReader.document(
        from: documents.removeFirst(), maxTextBytes: maxTextBytes)
    }
  }
}

extension InputReader {
  /// A file read as one text: all of it, without the newline that ends its last line.
  static func document(from path: String, maxTextBytes: Int = RequestLimits().maxTextBytes)
    throws -> String
  {
    // Room for the final "\r\n", which is not part of the text.
    var text = Substring(try text(from: path, maxBytes: maxTextBytes, slack: 2))
    if text.last == "\n" || text.last == "\r\n" { text.removeLast() }
    guard text.utf8.count <= maxTextBytes else {
      throw tooLong(path, read: text.utf8.count, limit: maxTextBytes)
    }
    return String(text)
  }
}
