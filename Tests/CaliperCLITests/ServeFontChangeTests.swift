import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// A font file rewritten between two requests to one `caliper serve` process: the second,
/// asked once the library's file check interval has passed, gets the answer a fresh process
/// gives, not the first one again from the process's caches (default limits).
@Suite struct ServeFontChangeTests {
  /// Writes `request` to the running service and reads its one response line.
  static func ask(_ request: String, input: FileHandle, output: FileHandle) -> String {
    input.write(Data((request + "\n").utf8))
    var line = Data()
    while true {
      let byte = output.readData(ofLength: 1)
      if byte.isEmpty || byte == Data("\n".utf8) { break }
      line.append(byte)
    }
    return String(decoding: line, as: UTF8.self)
  }

  /// The answer of a fresh `caliper serve` to `request` alone.
  static func fresh(_ request: String) throws -> String {
    let process = Process()
    process.executableURL = CaliperTool.binary
    process.arguments = ["serve"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let answer = ask(
      request, input: input.fileHandleForWriting, output: output.fileHandleForReading)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return answer
  }

  @Test func rewrittenFontGivesAFreshProcessAnswer() throws {
    let path = TemporaryFiles.path("serve-font.ttf")
    defer { TemporaryFiles.remove(path) }
    let fonts = TestFonts.directory
    try Data(contentsOf: URL(fileURLWithPath: fonts + "/NotoSans-Regular.ttf"))
      .write(to: URL(fileURLWithPath: path))
    let request = #"{"id": 1, "text": "Wide words", "font": "\#(path)"}"#
    let process = Process()
    process.executableURL = CaliperTool.binary
    process.arguments = ["serve"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let write = input.fileHandleForWriting
    let read = output.fileHandleForReading
    let first = Self.ask(request, input: write, output: read)
    #expect(first.contains("\"ideal\""))
    // Rewritten in place with another font: Noto Sans Mono's advances are all 600 units.
    try Data(contentsOf: URL(fileURLWithPath: fonts + "/NotoSansMono-Regular.ttf"))
      .write(to: URL(fileURLWithPath: path))
    // `serve` checks a file at most once per `CacheLimits.fileCheckInterval` (by default).
    let interval = CacheLimits().fileCheckInterval.components
    Thread.sleep(
      forTimeInterval: Double(interval.seconds) + Double(interval.attoseconds) / 1e18 + 0.1)
    let second = Self.ask(request, input: write, output: read)
    try write.close()
    process.waitUntilExit()
    #expect(second != first)
    #expect(second == (try Self.fresh(request)))
  }
}
