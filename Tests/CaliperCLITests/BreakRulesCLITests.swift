import Foundation
import Testing

/// `--break-rules css` and the CSS Text options reach every entry through the one style
/// schema: the same names in `measure` flags, `serve` requests and layout JSON. Expected
/// heights are Blink's `line-height: normal` for Noto Sans at 16 px, by hand from its hhea
/// table (ascender 1069, descender 293, line gap 0, 1000 units per em): round(17.104) +
/// round(4.688) = 22 a line, where `.unicode` gives 17.104 + 4.688 = 21.792.
@Suite struct BreakRulesCLITests {
  static let label = "Blue tile with a longer local label"

  func firstResult(_ object: [String: Any]) throws -> [String: Any] {
    let results = try #require(object["results"] as? [[String: Any]])
    return try #require(results.first)
  }

  @Test func measureTakesTheCSSOptions() throws {
    let css = try CLITests.caliper(
      ["measure", "--json", "--width", "120", "--break-rules", "css", Self.label])
    #expect(css.status == 0, "\(css.stderr)")
    let cssSize = try #require(
      try firstResult(CLITests.json(css.firstLine))["size"]
        as? [String: Double])
    #expect(cssSize["height"] == 66)  // 3 lines × 22
    let unicode = try CLITests.caliper(["measure", "--json", "--width", "120", Self.label])
    let unicodeSize = try #require(
      try firstResult(CLITests.json(unicode.firstLine))["size"]
        as? [String: Double])
    #expect(abs((unicodeSize["height"] ?? 0) - 3 * 21.792) < 1e-9)
    // nowrap: one line at any width.
    let nowrap = try CLITests.caliper(
      [
        "measure", "--json", "--width", "40", "--break-rules", "css", "--white-space", "nowrap",
        Self.label,
      ])
    let row = try firstResult(CLITests.json(nowrap.firstLine))
    #expect(row["lineCount"] as? Int == 1)
  }

  @Test func serveAndLayoutTakeTheSameKeys() throws {
    let request =
      #"{"id":1,"text":"a  b","breakRules":"css","whiteSpace":"pre","widths":[10],"lines":false}"#
    let served = try CLITests.caliper(["serve"], stdin: request + "\n")
    #expect(served.status == 0, "\(served.stderr)")
    let response = try CLITests.json(served.firstLine)
    #expect(try firstResult(response)["lineCount"] as? Int == 1)
    let layout = """
      {"root": {"type": "text", "id": "t", "text": "a b c", "breakRules": "css",
       "wordBreak": "break-all", "overflowWrap": "anywhere", "lineBreak": "strict"}}
      """
    let laidOut = try CLITests.caliper(["layout", "-", "--json", "--width", "300"], stdin: layout)
    #expect(laidOut.status == 0, "\(laidOut.stderr)")
  }

  @Test(arguments: [
    ["--break-rules", "browser"], ["--white-space", "prewrap"], ["--word-break", "all"],
    ["--overflow-wrap", "break"], ["--line-break", "strictest"],
  ])
  func badValuesAreUsageErrors(_ arguments: [String]) throws {
    let run = try CLITests.caliper(["measure"] + arguments + ["x"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(arguments[0]) && run.stderr.contains("must be one of"))
  }
}
