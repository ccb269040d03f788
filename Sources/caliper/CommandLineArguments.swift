import CaliperService

#if canImport(Glibc)
  import Glibc
#endif

/// The command line's arguments decoded from argv's bytes: each invalid UTF-8 sequence
/// becomes U+FFFD, as in `CommandLine.arguments`, and is counted, so that `measure --json`
/// reports it in a text's `lossy.invalidUTF8` as `serve` does for its requests.
enum CommandLineArguments {
  /// Each argument after the program's name, with its count of replaced sequences.
  static let decoded: [(text: String, invalidUTF8: Int)] = (1..<Int(CommandLine.argc)).map {
    index in
    guard let argument = CommandLine.unsafeArgv[index] else { return ("", 0) }
    let count = strlen(argument)
    return argument.withMemoryRebound(to: UInt8.self, capacity: count) {
      ServeSession.repairingUTF8(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// For each argument that had invalid UTF-8, how many sequences were replaced (the most,
  /// should two arguments decode to the same text).
  static let invalidUTF8: [String: Int] = Dictionary(
    decoded.filter { $0.invalidUTF8 > 0 }.map { ($0.text, $0.invalidUTF8) },
    uniquingKeysWith: max)
}
