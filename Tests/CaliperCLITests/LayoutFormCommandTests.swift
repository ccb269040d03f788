import CaliperTestSupport
import Foundation
import Testing

/// `caliper layout` with grids, baselines, priorities and infinite proposals.
@Suite struct LayoutFormCommandTests {
  static let form = LayoutCommandTests.fixtures + "/form.json"

  static func nodes(_ line: Substring) throws -> [String: [String: Any]] {
    let object = try CLITests.json(line)
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    var byID: [String: [String: Any]] = [:]
    for node in nodes { if let id = node["id"] as? String { byID[id] = node } }
    return byID
  }

  /// The form at 600, 300 and 120 passes the audit; the 16 pt label and the 28 pt value of
  /// the first row share a first baseline (the label's top 1069 × (28 − 16) / 1000 =
  /// 12.828 down), and the value wraps at 300 and 120, not at 600.
  @Test func formAtThreeWidths() throws {
    let run = try LayoutCommandTests.layout([
      Self.form, "--width", "600,300,120", "--json", "--audit",
    ])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    var lineCounts: [Int] = []
    for line in lines {
      #expect((try CLITests.json(line)["audit"] as? [Any])?.isEmpty == true)
      let nodes = try Self.nodes(line)
      let label = try #require(nodes["l1"])
      let value = try #require(nodes["v1"])
      let labelBaseline = try #require(
        (label["lines"] as? [[String: Any]])?.first?["baseline"] as? Double)
      let valueLines = try #require(value["lines"] as? [[String: Any]])
      let valueBaseline = try #require(valueLines.first?["baseline"] as? Double)
      #expect(abs(labelBaseline - valueBaseline) < 1e-9)
      #expect(abs((label["y"] as? Double ?? 0) - 12.828) < 1e-9)
      lineCounts.append(valueLines.count)
    }
    #expect(lineCounts[0] == 1)
    #expect(lineCounts[1] > 1 && lineCounts[2] > lineCounts[1])
  }

  /// 'inf' proposes infinity and 'none' nothing: a greedy frame takes an infinite width at
  /// 'inf', and its child's width at 'none'; JSON spells infinity "inf".
  @Test func infinityAndUnspecifiedDiffer() throws {
    let json = """
      {"type": "box", "width": 50, "height": 10, "modifiers": [{"frame": {"maxWidth": "inf"}}]}
      """
    let inf = try LayoutCommandTests.layout(["-", "--width", "inf", "--json"], stdin: json)
    #expect(inf.status == 0, "\(inf.stderr)")
    let infObject = try CLITests.json(inf.firstLine)
    #expect((infObject["proposal"] as? [String: Any])?["width"] as? String == "inf")
    #expect((infObject["size"] as? [String: Any])?["width"] as? String == "inf")
    let none = try LayoutCommandTests.layout(["-", "--width", "none", "--json"], stdin: json)
    let noneObject = try CLITests.json(none.firstLine)
    #expect((noneObject["proposal"] as? [String: Any])?["width"] is NSNull)
    #expect((noneObject["size"] as? [String: Any])?["width"] as? Double == 50)
    // The document's own proposal applies when no --width is given.
    let document = #"{"proposal": {"width": 80}, "root": "# + json + "}"
    let own = try LayoutCommandTests.layout(["-"], stdin: document)
    #expect(own.stdout.hasPrefix("width 80.000: 80.000 × 10.000"), "\(own.stdout)\(own.stderr)")
  }

  /// Priority in the JSON: the favoured text keeps its 242.656 (hb-shape) in 300.
  @Test func priorityInJSON() throws {
    let json = """
      {"type": "hstack", "spacing": 8, "children": [
        {"type": "text", "text": "Blue tile with a longer local label", "lineLimit": 1, "id": "a"},
        {"type": "text", "text": "Blue tile with a longer local label", "lineLimit": 1, "id": "b",
         "modifiers": [{"layoutPriority": 1}]}]}
      """
    let run = try LayoutCommandTests.layout(["-", "--width", "300", "--json"], stdin: json)
    let nodes = try Self.nodes(run.firstLine)
    #expect(abs((nodes["b"]?["width"] as? Double ?? 0) - 242.656) < 1e-9)
    #expect(nodes["a"]?["truncated"] as? Bool == true)
    #expect(nodes["b"]?["truncated"] == nil)
  }

  /// The PNG of the form: drawn, with baselines.
  @Test func drawsTheForm() throws {
    let png = TemporaryFiles.path("form.png")
    defer { TemporaryFiles.remove(png) }
    let run = try LayoutCommandTests.layout([
      Self.form, "--width", "300", "--png", png, "--baselines",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let data = try #require(FileManager.default.contents(atPath: png))
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test(arguments: [
    (
      #"{"type":"grid","rows":[{"type":"gridRow","children":[{"type":"box","modifiers":[{"gridCellColumns":0}]}]}]}"#,
      "gridCellColumns 0 must be a whole number"
    ),
    (#"{"type":"grid","rows":[],"spacing":4}"#, "unknown key 'spacing'"),
    (#"{"type":"box","modifiers":[{"gridColumnAlignment":"top"}]}"#, "unknown alignment 'top'"),
    (#"{"type":"box","modifiers":[{"layoutPriority":"high"}]}"#, "layoutPriority must be a number"),
    (#"{"proposal":{"width":-1},"root":{"type":"box"}}"#, "negative size"),
  ])
  func errors(_ json: String, _ message: String) throws {
    let run = try LayoutCommandTests.layout(["-"], stdin: json)
    #expect(run.status == 1)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }
}
