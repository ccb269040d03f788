import Foundation
import Testing

/// `caliper layout`: golden output, JSON, loops, the audit and error paths.
@Suite struct LayoutCommandTests {
  static let fixtures = CLITests.root + "/Tests/CaliperCLITests/Fixtures"

  static func layout(_ arguments: [String], stdin: String? = nil) throws -> CLITests.Run {
    try CLITests.caliper(["layout"] + arguments, stdin: stdin)
  }

  /// The sample panel at 220, 300 and 600. The golden file's numbers were checked by hand:
  /// text widths are hb-shape sums × 16 / 1000 (Amber 4867 → 77.872, Blue 15166 → 242.656,
  /// Green 4568 → 73.088), each line 21.792 tall; the column is 242.656 + 20 wide (capped at
  /// 220) and 3 × 41.792 + 2 × 8 = 141.376 tall on one line each; the controls row starts
  /// 12 below; at 220 the third box (80 + 8 + 100 + 8 + 90 > 220) wraps to y + 24 + 8.
  @Test func goldenPanel() throws {
    let run = try Self.layout([Self.fixtures + "/panel.json", "--width", "220,300,600"])
    #expect(run.status == 0, "\(run.stderr)")
    let golden = try String(contentsOfFile: Self.fixtures + "/panel-golden.txt", encoding: .utf8)
    #expect(run.stdout == golden)
  }

  @Test func jsonPerWidth() throws {
    let run = try Self.layout([
      Self.fixtures + "/panel.json", "--width", "300", "--width=600", "--json",
    ])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try CLITests.json(lines[0])
    #expect(first["stable"] as? Bool == true)
    #expect(first["passes"] as? Int == 1)
    let nodes = try #require(first["nodes"] as? [[String: Any]])
    let blue = try #require(nodes.first { $0["id"] as? String == "blue" })
    #expect(abs((blue["width"] as? Double ?? 0) - 242.656) < 1e-9)
    #expect((blue["lines"] as? [Any])?.count == 1)
    let delete = try #require(nodes.first { $0["id"] as? String == "delete" })
    #expect(delete["x"] as? Double == 196)
  }

  @Test func loopExitsTwoWithTheSequence() throws {
    let run = try Self.layout([Self.fixtures + "/loop.json", "--width", "300"])
    #expect(run.status == 2)
    #expect(run.stdout.contains("state.badgeWidth: 120 → 136 → 152 → 168 →"))
    #expect(
      run.stdout.contains(
        "'label' width → state.badgeWidth → frame(width: state.badgeWidth + 16) on 'label'"))
    let flip = try Self.layout([Self.fixtures + "/flip.json", "--width", "300", "--json"])
    #expect(flip.status == 2)
    let loop = try #require(
      try CLITests.json(flip.firstLine)["loop"] as? [String: Any])
    let history = try #require((loop["history"] as? [String: Any])?["isWide"] as? [Bool])
    #expect(Array(history.prefix(3)) == [true, false, true])
  }

  @Test func auditOfThePanelIsClean() throws {
    let run = try Self.layout([Self.fixtures + "/panel.json", "--width", "0,150,300", "--audit"])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(run.stdout.components(separatedBy: "audit: no findings").count == 4)
  }

  @Test(arguments: [
    (#"{"type": "circle"}"#, "$.type: unknown node type 'circle'"),
    (#"{"type": "text"}"#, "$: missing field 'text'"),
    (
      #"{"type": "vstack", "children": [{"type": "box", "width": -5}]}"#,
      "$.children[0].width: negative size -5"
    ),
    (#"{"type": "box", "widht": 5}"#, "$.widht: unknown key 'widht'"),
    (
      #"{"type": "box", "modifiers": [{"frame": {"width": "state.w +"}}]}"#,
      "$.modifiers[0].frame.width: in expression"
    ),
    (#"{"root": {"type": "box"}, "state": {"w": -200}, "extra": 1}"#, "$.extra: unknown key"),
    (#"{"type": "box", "width": 10,}"#, "line 1, column 29: invalid JSON"),
  ])
  func errorsNameThePath(_ json: String, _ message: String) throws {
    let run = try Self.layout(["-"], stdin: json)
    #expect(run.status == 1)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func stateDrivenFrameGoingNegativeNamesTheModifier() throws {
    let json = #"""
      {"state": {"w": 50}, "root": {"type": "box", "width": 10,
       "modifiers": [{"frame": {"width": "state.w - 100"}}]}}
      """#
    let run = try Self.layout(["-", "--width", "300"], stdin: json)
    #expect(run.status == 1)
    #expect(run.stderr.contains("$.root.modifiers[0]: frame width is -50"), "\(run.stderr)")
  }

  @Test func usageErrors() throws {
    #expect(try Self.layout([]).status == 64)
    #expect(try Self.layout(["a.json", "b.json"]).status == 64)
    #expect(try Self.layout([Self.fixtures + "/panel.json", "--width", "wide"]).status == 64)
    #expect(try Self.layout([Self.fixtures + "/panel.json", "--max-passes", "0"]).status == 64)
    let missing = try Self.layout(["/nonexistent/panel.json"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent/panel.json"))
    let negative = try Self.layout([Self.fixtures + "/panel.json", "--width", "-3"])
    #expect(negative.status == 64)
  }
}
