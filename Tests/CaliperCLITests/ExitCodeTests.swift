import Foundation
import Testing

/// Exit codes over every command: usage errors and values out of range 64 (with the
/// command's own usage line), runtime failures 1, and a failed write to stdout 1.
@Suite struct ExitCodeTests {
  static let panel = CLITests.root + "/Tests/CaliperCLITests/Fixtures/panel.json"

  struct Row: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    var stdin: String?
    var environment: [String: String] = [:]
    var testDescription: String { arguments.joined(separator: " ") + " → \(status)" }
  }

  static let rows: [Row] = [
    // Usage errors: an unknown option, a missing argument, a bad combination.
    Row(arguments: ["measure", "--bogus", "x"], status: 64),
    Row(arguments: ["render", "--bogus", "-o", "/dev/null", "x"], status: 64),
    Row(arguments: ["render", "x"], status: 64),
    Row(arguments: ["layout", "--bogus", panel], status: 64),
    Row(arguments: ["layout"], status: 64),
    Row(arguments: ["fonts", "--bogus"], status: 64),
    Row(arguments: ["serve", "--bogus"], status: 64),
    Row(arguments: ["serve", "text"], status: 64),
    Row(arguments: ["help", "bogus"], status: 64),
    Row(arguments: ["bogus"], status: 64),
    Row(arguments: [], status: 64),
    // Values out of range.
    Row(arguments: ["measure", "--size", "0", "x"], status: 64),
    Row(arguments: ["measure", "--scale", "17", "x"], status: 64),
    Row(arguments: ["measure", "--jobs", "0", "x"], status: 64),
    Row(arguments: ["measure", "--width", "-1", "x"], status: 64),
    Row(arguments: ["render", "--size", "0", "-o", "/dev/null", "x"], status: 64),
    Row(arguments: ["render", "--scale", "0", "-o", "/dev/null", "x"], status: 64),
    Row(arguments: ["render", "--scale", "17", "-o", "/dev/null", "x"], status: 64),
    Row(arguments: ["render", "--margin", "-1", "-o", "/dev/null", "x"], status: 64),
    Row(arguments: ["layout", panel, "--max-passes", "0"], status: 64),
    Row(arguments: ["layout", panel, "--scale", "0"], status: 64),
    Row(arguments: ["layout", panel, "--size", "0"], status: 64),
    Row(arguments: ["fonts", "--size", "0", "x"], status: 64),
    Row(arguments: ["serve", "--max-line-bytes", "0"], status: 64),
    // Runtime failures: fonts, files.
    Row(arguments: ["measure", "--font", "/no/such/font.ttf", "x"], status: 1),
    Row(arguments: ["measure", "--input", "/no/such/file"], status: 1),
    Row(arguments: ["measure", "--spans", "/no/such/file", "x"], status: 1),
    Row(arguments: ["render", "-o", "/nonexistent-dir/x.png", "x"], status: 1),
    Row(arguments: ["render", "--text-file", "/no/such/file", "-o", "/dev/null"], status: 1),
    Row(arguments: ["layout", "/no/such/layout.json"], status: 1),
    Row(arguments: ["fonts", "--font", "/no/such/font.ttf", "x"], status: 1),
    Row(arguments: ["serve"], status: 1, environment: ["CALIPER_FONTS": "/nonexistent"]),
    // Success, for contrast.
    Row(arguments: ["measure", "x"], status: 0),
    Row(arguments: ["fonts"], status: 0),
    Row(arguments: ["layout", panel], status: 0),
  ]

  @Test(arguments: rows)
  func exitCode(_ row: Row) throws {
    let run = try CLITests.caliper(row.arguments, stdin: row.stdin, environment: row.environment)
    #expect(run.status == row.status, "\(run.stderr)")
    if row.status == 64, let command = row.arguments.first,
      ["measure", "render", "layout", "fonts", "serve"].contains(command)
    {
      // Three lines: the error, the one-line usage, where the rest is.
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 3, "\(run.stderr)")
      #expect(lines.dropFirst().first?.hasPrefix("Usage: caliper \(command) ") == true)
      #expect(lines.last == "See 'caliper help \(command)'.", "\(run.stderr)")
    }
    if row.status != 0 { #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)") }
  }

  /// Runs caliper with stdout going to /dev/full, where every write fails with ENOSPC.
  static func toFullDevice(_ arguments: [String], stdin: String = "") throws -> (Int32, String) {
    let process = Process()
    process.executableURL = ServeTests.binary
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let err = Pipe()
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
  }

  @Test(arguments: [
    ["measure", "x"], ["measure", "--json", "x"], ["fonts"], ["layout", panel],
    ["render", "-o", "/dev/null", "x"], ["--help"], ["measure", "--help"], ["help", "layout"],
    ["--version"], ["serve", "--version"], ["serve"],
  ])
  func failedWriteToStdoutExits1(_ arguments: [String]) throws {
    let stdin = arguments == ["serve"] ? #"{"id": 1, "text": "x"}"# + "\n" : ""
    let (status, stderr) = try Self.toFullDevice(arguments, stdin: stdin)
    #expect(status == 1)
    #expect(stderr.contains("No space left on device"), "\(stderr)")
  }
}
