import CaliperTestSupport
import Foundation
import Testing

/// Progress on long work goes to stderr when stderr is a terminal, never otherwise.
/// `script -qec` gives the tool a pseudo-terminal; stdout goes to a file, so what the
/// terminal shows is stderr alone. `CALIPER_PROGRESS_DELAY=0` draws from the first item
/// instead of after a second, so that the test does not depend on the machine's speed.
@Suite struct ProgressTests {
  /// Runs `command` (a shell command line) under a pseudo-terminal; returns what it showed.
  func onTerminal(_ command: String) throws -> ToolRun {
    try CaliperTool.run(
      ["-qec", command, "/dev/null"], environment: ["CALIPER_PROGRESS_DELAY": "0"],
      executable: URL(fileURLWithPath: "/usr/bin/script"))
  }

  let caliper = "'" + CaliperTool.binary.path + "'"

  @Test func measureShowsProgressOnATerminalOnly() throws {
    let texts = Array(repeating: TestFonts.paragraphs, count: 3).joined().joined(separator: "\n")
    let input = try TemporaryFiles.write(texts + "\n", named: "progress.txt")
    let output = TemporaryFiles.path("progress.out")
    defer {
      TemporaryFiles.remove(input)
      TemporaryFiles.remove(output)
    }
    let count = texts.split(separator: "\n").count
    let measure = "\(caliper) measure --json --no-lines --width 100,200 --input '\(input)'"

    let terminal = try onTerminal("\(measure) > '\(output)'")
    #expect(terminal.status == 0)
    #expect(terminal.stdout.contains("measuring: "))
    #expect(terminal.stdout.contains(" texts/s"))
    #expect(
      terminal.stdout.contains("measured \(ProgressCount.format(count)) texts at 2 widths in "))
    let onTerminalOutput = try String(contentsOfFile: output, encoding: .utf8)

    let piped = try CaliperTool.run(
      ["measure", "--json", "--no-lines", "--width", "100,200", "--input", input],
      environment: ["CALIPER_PROGRESS_DELAY": "0"])
    #expect(piped.status == 0)
    #expect(piped.stderr.isEmpty)
    #expect(piped.stdout == onTerminalOutput)

    let quiet = try onTerminal("\(measure) --quiet > '\(output)'")
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty)
  }

  @Test func serveShowsProgressWhenItsInputIsNotATerminal() throws {
    let requests = (0..<50).map { #"{"id":\#($0),"text":"Blue tile","lines":false}"# }
    let input = try TemporaryFiles.write(requests.joined(separator: "\n") + "\n", named: "r.jsonl")
    defer { TemporaryFiles.remove(input) }
    let terminal = try onTerminal("\(caliper) serve < '\(input)' > /dev/null")
    #expect(terminal.status == 0)
    #expect(terminal.stdout.contains("serving: "))
    #expect(terminal.stdout.contains("served 50 requests in "))
    let piped = try CaliperTool.run(
      ["serve"], stdin: requests.joined(separator: "\n") + "\n",
      environment: ["CALIPER_PROGRESS_DELAY": "0"])
    #expect(piped.stderr.isEmpty)
    #expect(piped.stdout.split(separator: "\n").count == 50)
  }

  @Test func layoutShowsProgressForManyWidths() throws {
    let panel = TestFonts.root + "/Tests/CaliperCLITests/Fixtures/panel.json"
    let widths = (1...12).map { String(100 + 20 * $0) }.joined(separator: ",")
    let terminal = try onTerminal("\(caliper) layout '\(panel)' --width \(widths) > /dev/null")
    #expect(terminal.status == 0)
    #expect(terminal.stdout.contains("laying out: "))
    #expect(terminal.stdout.contains("laid out 12 widths in "))
    let piped = try CaliperTool.run(
      ["layout", panel, "--width", widths], environment: ["CALIPER_PROGRESS_DELAY": "0"])
    #expect(piped.status == 0)
    #expect(piped.stderr.isEmpty)
  }
}

/// Counts as the progress line prints them (12,345), written out here independently.
enum ProgressCount {
  static func format(_ value: Int) -> String {
    value < 1000 ? String(value) : format(value / 1000) + "," + String(format: "%03d", value % 1000)
  }
}
