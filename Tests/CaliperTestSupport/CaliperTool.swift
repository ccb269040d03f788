import Foundation

/// What a run of the built `caliper` printed and how it exited.
public struct ToolRun: Sendable {
  public let status: Int32
  public let stdout: String
  public let stderr: String

  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  /// The first line of stdout; a run that printed nothing throws (with its stderr) rather
  /// than trapping the whole test runner on `[0]`.
  public var firstLine: Substring {
    get throws {
      guard let line = stdout.split(separator: "\n").first else {
        throw NoOutput(status: status, stderr: stderr)
      }
      return line
    }
  }
}

/// A run expected to print something printed nothing.
public struct NoOutput: Error, CustomStringConvertible {
  public let status: Int32
  public let stderr: String
  public var description: String { "caliper printed nothing (exit \(status)): \(stderr)" }
}

/// Runs the `caliper` built beside the test runner (`swift test` builds it into the same
/// folder, also under `--scratch-path` as `Scripts/sanitize` uses), or the checkout's debug
/// build.
public enum CaliperTool {
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  public static var binary: URL {
    let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    for folder in [runner.deletingLastPathComponent(), Bundle.main.bundleURL] {
      let built = folder.appendingPathComponent("caliper")
      if FileManager.default.isExecutableFile(atPath: built.path) { return built }
    }
    return URL(fileURLWithPath: TestFonts.root + "/.build/debug/caliper")
  }

  /// Runs `executable` (default: `caliper`) with `arguments`, `stdin` written to its input,
  /// `environment` added to this process's, in `directory` (default: this process's).
  public static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    executable: URL? = nil, directory: String? = nil
  ) throws -> ToolRun {
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    // A tool that exits without reading all its input (a usage error) must not kill the
    // test runner with SIGPIPE: the write then fails with EPIPE, which is ignored.
    _ = Self.ignoreBrokenPipes
    try process.run()
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // stderr is read on another thread, so that neither pipe can fill up and block the tool.
    let errData = ErrorReader(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData.wait(), as: UTF8.self))
  }
}

/// Reads a pipe to its end on a thread of its own.
final class ErrorReader: @unchecked Sendable {
  // `data` is written once by the thread before it signals `done`, and read only after
  // `wait()` has seen that signal.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
