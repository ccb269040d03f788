import CaliperTestSupport
import Foundation
import Testing

/// `--text-wrap-style` and `tightWidth` through the command line, `serve` and layout JSON.
/// "Blue tile with a longer local label" at 200 pt in Noto Sans breaks greedily into "Blue
/// tile with a longer" (hb-shape --font-size=1000: 10228 units, 163.648 pt) and "local
/// label" (4678 units, 74.848 pt); balanced, into "Blue tile with a" (6895 units, 110.32 pt)
/// and "longer local label" (8011 units, 128.176 pt). A balanced text's tight width is the
/// `width: fit-content` width, the proposal; a greedy one's is its widest line.
@Suite struct WrapStyleCLITests {
  static let label = "Blue tile with a longer local label"

  func result(_ run: ToolRun) throws -> [String: Any] {
    let object = try CLITests.json(run.firstLine)
    let results = try #require(object["results"] as? [[String: Any]])
    return try #require(results.first)
  }

  @Test func measureBalancesAndReportsTheTightWidth() throws {
    let greedy = try CLITests.caliper(["measure", "--json", "--width", "200", Self.label])
    #expect(greedy.status == 0, "\(greedy.stderr)")
    let greedyResult = try result(greedy)
    #expect(abs((greedyResult["tightWidth"] as? Double ?? 0) - 10228 * 16 / 1000) < 1e-9)
    let balanced = try CLITests.caliper(
      ["measure", "--json", "--width", "200", "--text-wrap-style", "balance", Self.label])
    #expect(balanced.status == 0, "\(balanced.stderr)")
    let balancedResult = try result(balanced)
    let lines = try #require(balancedResult["lines"] as? [[String: Any]])
    #expect(lines.map { $0["text"] as? String } == ["Blue tile with a ", "longer local label"])
    let widths = lines.compactMap { $0["width"] as? Double }
    #expect(abs(widths[0] - 6895 * 16 / 1000) < 1e-9 && abs(widths[1] - 8011 * 16 / 1000) < 1e-9)
    #expect(balancedResult["tightWidth"] as? Double == 200)
    // `stable` measures as `auto`; `pretty` leaves a last line of two words alone (Blink
    // re-breaks only a single word shorter than a third of the line).
    let stable = try CLITests.caliper(
      ["measure", "--json", "--width", "200", "--text-wrap-style", "stable", Self.label])
    #expect(stable.stdout == greedy.stdout)
    let pretty = try CLITests.caliper(
      ["measure", "--json", "--width", "200", "--text-wrap-style", "pretty", Self.label])
    let prettyLines = try #require(try result(pretty)["lines"] as? [[String: Any]])
    #expect(
      prettyLines.map { $0["text"] as? String } == ["Blue tile with a longer ", "local label"])
  }

  @Test func serveAndLayoutTakeTheKey() throws {
    let request =
      #"{"id":1,"text":"Blue tile with a longer local label","textWrapStyle":"balance","widths":[200]}"#
    let served = try CLITests.caliper(["serve"], stdin: request + "\n")
    #expect(served.status == 0, "\(served.stderr)")
    let lines = try #require(try result(served)["lines"] as? [[String: Any]])
    #expect(lines.count == 2 && lines.first?["text"] as? String == "Blue tile with a ")
    let layout = """
      {"root": {"type": "text", "id": "t", "text": "Blue tile with a longer local label",
       "textWrapStyle": "balance"}}
      """
    let laidOut = try CLITests.caliper(["layout", "-", "--json", "--width", "200"], stdin: layout)
    #expect(laidOut.status == 0, "\(laidOut.stderr)")
    #expect(laidOut.stdout.contains(#""text":"Blue tile with a ""#), "\(laidOut.stdout)")
    #expect(laidOut.stdout.contains(#""tightWidth":200"#), "\(laidOut.stdout)")
  }

  @Test(arguments: [["--text-wrap-style", "balanced"], ["--text-wrap-style", ""]])
  func badValuesAreUsageErrors(_ arguments: [String]) throws {
    let run = try CLITests.caliper(["measure"] + arguments + ["x"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains(
        "text-wrap-style must be one of auto, balance, pretty, stable, not '\(arguments[1])'"),
      "\(run.stderr)")
  }

  @Test func serveRefusesABadValueWithTheSameMessage() throws {
    let served = try CLITests.caliper(
      ["serve"], stdin: #"{"id":1,"text":"x","textWrapStyle":"even"}"# + "\n")
    #expect(
      served.stdout.contains("text-wrap-style must be one of auto, balance, pretty, stable"),
      "\(served.stdout)")
  }
}
