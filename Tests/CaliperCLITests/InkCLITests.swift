import Foundation
import Testing

/// `caliper measure --json --ink`, serve's `"ink": true` and `caliper layout --json --ink`:
/// each result's and each line's `inkRect`.
///
/// Expected values: `hb-shape --font-size=1000 --show-extents Fonts/NotoSans-Regular.ttf
/// "Blue tile with a longer local label"`, added up by hand (Scripts/pango-ink does the same
/// sum into Fixtures/ink.json): "B" starts its ink 97 units right of its origin and the
/// last "l" ends it at 15081 units, so at 16 pt x = 1.552 and the width 239.744 pt; the tallest
/// glyph rises 760 units (12.16 pt) above the baseline, "g" goes 240 units (3.84 pt) below.
/// The baseline is Noto Sans's ascender, 1069 units: 17.104 pt.
@Suite struct InkCLITests {
  static let text = "Blue tile with a longer local label"
  static let expected = [1.552, 17.104 - 12.16, 239.744, 12.16 + 3.84]

  static func numbers(_ object: Any?) throws -> [Double] {
    let rect = try #require(object as? [String: Any])
    return try ["x", "y", "width", "height"].map { try #require(rect[$0] as? Double) }
  }

  static func close(_ ours: [Double], _ theirs: [Double]) -> Bool {
    zip(ours, theirs).allSatisfy { abs($0 - $1) < 1e-6 }
  }

  @Test func measureReportsTheTextsAndEachLinesInk() throws {
    let run = try CLITests.caliper(["measure", "--json", "--ink", Self.text])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try #require((try CLITests.json(run.firstLine)["results"] as? [Any])?.first)
    let row = try #require(result as? [String: Any])
    #expect(Self.close(try Self.numbers(row["inkRect"]), Self.expected))
    let line = try #require((row["lines"] as? [Any])?.first as? [String: Any])
    #expect(Self.close(try Self.numbers(line["inkRect"]), Self.expected))
    // Without --ink, no ink (and no reshaping).
    let plain = try CLITests.caliper(["measure", "--json", Self.text])
    #expect(!plain.stdout.contains("inkRect"))
    let table = try CLITests.caliper(["measure", "--ink", "x"])
    #expect(table.status == 64 && table.stderr.contains("--ink needs --json"))
  }

  @Test func spacesHaveNullInk() throws {
    let run = try CLITests.caliper(["measure", "--json", "--ink", "   "])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(#""inkRect":null"#))
  }

  @Test func serveAnswersInk() throws {
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "Blue tile with a longer local label", "ink": true, "lines": false}"#,
      #"{"id": 2, "text": "x", "ink": 1}"#,
    ])
    #expect(served.lines.count == 2)
    let result = try #require(
      (try CLITests.json(served.lines[0])["results"] as? [Any])?.first as? [String: Any])
    #expect(Self.close(try Self.numbers(result["inkRect"]), Self.expected))
    let error = try #require(try CLITests.json(served.lines[1])["error"] as? [String: Any])
    #expect(error["code"] as? String == "invalid-value")
  }

  @Test func layoutReportsInkInTheLayoutsCoordinates() throws {
    let layout = """
      {"root": {"type": "text", "id": "t", "text": "\(Self.text)",
        "modifiers": [{"padding": 10}]}}
      """
    let run = try CLITests.caliper(["layout", "-", "--json", "--all", "--ink"], stdin: layout)
    #expect(run.status == 0, "\(run.stderr)")
    let nodes = try #require(try CLITests.json(run.firstLine)["nodes"] as? [[String: Any]])
    // The id names the padded view: its text sits 10 pt in.
    let text = try #require(nodes.first { $0["type"] as? String == "text" })
    var moved = Self.expected
    moved[0] += 10
    moved[1] += 10
    #expect(Self.close(try Self.numbers(text["inkRect"]), moved))
    let noJSON = try CLITests.caliper(["layout", "-", "--ink"], stdin: layout)
    #expect(noJSON.status == 64 && noJSON.stderr.contains("--ink needs --json"))
  }
}
