import CaliperTestSupport
import Foundation
import Testing

/// Issue 6, item 6: eight threads asking for their first fonts at the same instant, in a
/// process that has not initialised FreeType or HarfBuzz yet, repeated over 100 processes.
@Suite struct ProcessRaceTests {
  @Test func hundredProcessesOfEightThreadsOpeningFirstFonts() throws {
    // Eight texts, each wanting a different bundled face first: with --jobs 8 each thread
    // opens its face (and the first of them FreeType itself) at once.
    let texts = [
      "Blue tile", "नमस्ते दुनिया", "שלום עולם", "مرحبا بالعالم", "สวัสดีครับ", "漢字とかな",
      "한국어 문장", "😀👍🏽",
    ]
    let folder = try TemporaryFiles.directory("race")
    defer { TemporaryFiles.remove(folder) }
    let input = folder + "/texts.txt"
    try texts.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
    let arguments = ["measure", "--jobs", "8", "--json", "--no-lines", "--input", input]
    let expected = try CLITests.caliper(arguments)
    #expect(expected.status == 0)
    #expect(expected.stdout.split(separator: "\n").count == texts.count)
    var failures: [String] = []
    for _ in 0..<100 {
      let run = try CLITests.caliper(arguments)
      if run.status != 0 || run.stdout != expected.stdout {
        failures.append("exit \(run.status): \(run.stderr.prefix(200))")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of 100 processes failed: \(failures.first ?? "")")
  }
}
