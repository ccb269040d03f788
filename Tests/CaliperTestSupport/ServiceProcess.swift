import Foundation

/// A `caliper serve --http 127.0.0.1:0` started by a test, which reads the real port from
/// its first stderr line and stops it (SIGTERM, then SIGKILL after a bound) itself.
public final class ServiceProcess: @unchecked Sendable {
  // `rest` is written by the reader thread before it signals `done`, and read only after
  // `stop()` has waited for that signal.
  public let process = Process()
  public let port: Int
  public let firstLine: String
  private var rest = Data()
  private let done = DispatchSemaphore(value: 0)
  private var stopped: (status: Int32, stderr: String)?

  /// Starts the service with `arguments` after `serve --http 127.0.0.1:0`, waiting at most
  /// `timeout` seconds for its `listening on` line.
  public init(
    _ arguments: [String] = [], environment: [String: String] = [:], directory: String? = nil,
    timeout: Double = 60
  ) throws {
    process.executableURL = CaliperTool.binary
    process.arguments = ["serve", "--http", "127.0.0.1:0"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let handle = err.fileHandleForReading
    var line = Data()
    var pollSet = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
    let deadline = Date().addingTimeInterval(timeout)
    var byte: UInt8 = 0
    while Date() < deadline, line.last != 0x0A {
      guard poll(&pollSet, 1, 100) >= 0 else { break }
      if pollSet.revents != 0 {
        guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
        line.append(byte)
      }
    }
    firstLine = String(decoding: line, as: UTF8.self)
    let digits = firstLine.split(separator: ":").last.map { $0.filter(\.isNumber) } ?? ""
    guard firstLine.hasPrefix("listening on http://127.0.0.1:"), let port = Int(digits) else {
      process.terminate()
      process.waitUntilExit()
      throw ServiceFailed(message: "no 'listening on' line, got: \(firstLine)")
    }
    self.port = port
    // Read the rest of stderr (the access log) so that the pipe never fills up.
    Thread.detachNewThread { [self] in
      rest = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  public var url: String { "http://127.0.0.1:\(port)" }

  /// Sends SIGTERM (unless `signal` is false: the test sent one), waits at most `timeout`
  /// seconds for the exit (then SIGKILL), and returns the exit status and the rest of stderr.
  @discardableResult
  public func stop(signal: Bool = true, timeout: Double = 30) -> (status: Int32, stderr: String) {
    if let stopped { return stopped }
    defer { stopped = (process.terminationStatus, String(decoding: rest, as: UTF8.self)) }
    if signal, process.isRunning { kill(process.processIdentifier, SIGTERM) }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    _ = done.wait(timeout: .now() + 10)
    return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}

/// A service that did not start.
public struct ServiceFailed: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

/// Runs a program (a client: curl, python3, node) with a bound on its time: it is killed
/// after `timeout` seconds. Returns its exit status and stdout; nil when it is not installed.
public func runClient(_ program: String, _ arguments: [String], timeout: Double = 120) throws
  -> (status: Int32, stdout: String, stderr: String)?
{
  guard
    let path = ["/usr/bin", "/usr/local/bin", "/bin"].map({ $0 + "/" + program }).first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    })
      ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map({
        "\($0)/\(program)"
      }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
  DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
  let errData = ErrorReader(err.fileHandleForReading)
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  timer.cancel()
  return (
    process.terminationStatus, String(decoding: data, as: UTF8.self),
    String(decoding: errData.wait(), as: UTF8.self)
  )
}
