import Foundation
import Testing

/// `--text-box-trim` and `--text-box-edge`, serve's and layout's `textBoxTrim` and
/// `textBoxEdge`: one schema field each. Expected: Noto Sans's OS/2 sCapHeight 714 of 1000
/// units, at 16 pt 11.424 pt (fontTools), the height of one line trimmed to cap and baseline.
@Suite struct TextBoxTrimCLITests {
  static func height(_ line: Substring) throws -> Double {
    let results = try #require(try CLITests.json(line)["results"] as? [[String: Any]])
    let size = try #require(results.first?["size"] as? [String: Any])
    return try #require(size["height"] as? Double)
  }

  @Test func measureServeAndLayoutTrim() throws {
    let run = try CLITests.caliper([
      "measure", "--json", "--text-box-trim", "trim-both", "--text-box-edge", "cap alphabetic",
      "Hxg",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(abs(try Self.height(run.firstLine) - 11.424) < 1e-9)
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "Hxg", "textBoxTrim": "trim-both", "textBoxEdge": "cap alphabetic"}"#,
      #"{"id": 2, "text": "Hxg", "textBoxEdge": "cap"}"#,
    ])
    #expect(abs(try Self.height(served.lines[0]) - 11.424) < 1e-9)
    let error = try #require(try CLITests.json(served.lines[1])["error"] as? [String: Any])
    #expect((error["message"] as? String)?.contains("text-box-edge must be auto, text") == true)
    let layout = """
      {"root": {"type": "text", "id": "t", "text": "Hxg", "textBoxTrim": "trim-both",
       "textBoxEdge": "cap alphabetic"}}
      """
    let laidOut = try CLITests.caliper(["layout", "-", "--json"], stdin: layout)
    #expect(laidOut.status == 0, "\(laidOut.stderr)")
    let nodes = try #require(try CLITests.json(laidOut.firstLine)["nodes"] as? [[String: Any]])
    let node = try #require(nodes.first { $0["id"] as? String == "t" })
    #expect(abs(try #require(node["height"] as? Double) - 11.424) < 1e-9)
  }

  @Test(arguments: [
    (["--text-box-trim", "both"], "text-box-trim must be one of none, trim-start"),
    (["--text-box-edge", "cap"], "text-box-edge must be auto, text, or an over edge"),
    (["--text-box-edge", "alphabetic text"], "text-box-edge must be auto"),
  ])
  func badValuesAreUsageErrors(arguments: [String], message: String) throws {
    let run = try CLITests.caliper(["measure"] + arguments + ["x"])
    #expect(run.status == 64)
    #expect(run.stderr.contains(arguments[0]) && run.stderr.contains(message), "\(run.stderr)")
  }
}
