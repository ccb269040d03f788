import Foundation

/// SkParagraph, the second peer: `Scripts/skparagraph-measure --serve` (skia-python's
/// `skia.textlayout`) in a child process, asked for one timed operation at a time.
///
/// Problem: SkParagraph is reached through Python, so it cannot run in caliper-bench's process.
/// Solution: a child process that times each operation itself (`time.perf_counter_ns` around
/// the work alone) and answers the nanoseconds on a pipe. `Race` asks it right after
/// Caliper's and Pango's turn on the same item, so the three still run interleaved item by
/// item under the same load. Limitations: every timed operation includes Python's call
/// overhead (`overhead` measures it; RESULTS.md states it); the pipe round trip is not timed.
final class SkParagraph {
  private let process: Process
  private let requests: FileHandle
  private let answers: Int32
  private var pending: [UInt8] = []
  /// The corpus classes the peer holds, by name.
  private(set) var loaded: Set<String> = []
  /// skia-python's version, the families registered and the strut line height (px).
  let hello: String

  /// Starts `python script --serve --fonts fonts`; nil (with a message) when it cannot start.
  init?(python: String, script: String, fonts: String) {
    process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script, "--serve", "--fonts", fonts]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    requests = input.fileHandleForWriting
    answers = output.fileHandleForReading.fileDescriptor
    do {
      try process.run()
    } catch {
      progress("SkParagraph: cannot start \(python) \(script): \(error)")
      return nil
    }
    guard let hello = Self.ask("hello", requests, answers, &pending) else {
      progress("SkParagraph: \(script) did not answer (is skia-python installed?)")
      return nil
    }
    self.hello = hello
  }

  deinit {
    try? requests.close()
    process.waitUntilExit()
  }

  /// Sends one command line and returns the answer line; exits if the peer has gone.
  @discardableResult
  func ask(_ command: String) -> String {
    guard let answer = Self.ask(command, requests, answers, &pending) else {
      progress("SkParagraph: the peer stopped answering (\(command.prefix(40)))")
      exit(1)
    }
    return answer
  }

  /// The nanoseconds the peer measured for one timed command (`command field\tfield…`).
  func time(_ command: String, _ fields: String...) -> Double {
    let answer = ask(command + " " + fields.joined(separator: "\t"))
    guard let nanoseconds = Double(answer) else {
      progress("SkParagraph: unexpected answer \(answer.prefix(80))")
      exit(1)
    }
    return nanoseconds
  }

  /// Hands the peer a class's paragraphs under the class's name.
  func load(_ corpus: Corpus) {
    ask("load \(corpus.name)\t" + Self.json(corpus.paragraphs.map(\.text)))
    loaded.insert(corpus.name)
  }

  /// Whether the peer races on `corpus` (the classes loaded; not the linearity paragraphs).
  func holds(_ corpus: Corpus) -> Bool { loaded.contains(corpus.name) }

  /// Any encodable value as one line of JSON.
  static func json<T: Encodable>(_ value: T) -> String {
    guard let data = try? JSONEncoder().encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func ask(
    _ command: String, _ requests: FileHandle, _ answers: Int32, _ pending: inout [UInt8]
  ) -> String? {
    do {
      try requests.write(contentsOf: Data((command + "\n").utf8))
    } catch {
      return nil
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let newline = pending.firstIndex(of: 10) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
      if count <= 0 { return nil }
      pending += chunk[..<count]
    }
  }
}
