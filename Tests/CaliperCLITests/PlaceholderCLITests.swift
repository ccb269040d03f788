import CaliperTestSupport
import Foundation
import Testing

/// Inline placeholders through the spans file (`caliper measure --spans`), `serve`'s
/// `spans` and a layout's text node: the same span schema, the box's rect in the output.
///
/// Expected values: `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "Blue tile"`:
/// "Blue" 2090 units, space 260; at 16 pt the box after "Blue " starts at 2350 × 16 / 1000
/// = 37.6 pt; a 24 pt box on the baseline is the line's top (Noto Sans's ascent is 17.104),
/// and its line 24 + 4.688 pt (descent 293 units) tall.
@Suite struct PlaceholderCLITests {
  static let spans =
    #"[{"start": 5, "end": 6, "placeholder": {"width": 30, "height": 24, "label": "img"}}]"#

  static func box(_ object: Any?) throws -> [Double] {
    let box = try #require(object as? [String: Any])
    #expect(box["start"] as? Int == 5 && box["end"] as? Int == 6)
    return try ["x", "y", "width", "height"].map { try #require(box[$0] as? Double) }
  }

  static func expectBox(_ numbers: [Double], y: Double = 0) {
    let expected = [37.6, y, 30, 24]
    #expect(zip(numbers, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(numbers)")
  }

  @Test func measureReportsEachPlaceholdersRect() throws {
    let run = try CLITests.caliper(
      ["measure", "--json", "--spans", "-", "Blue \u{FFFC} tile"], stdin: Self.spans)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(try #require(run.stdout.split(separator: "\n").first))
    let result = try #require((object["results"] as? [[String: Any]])?.first)
    let placed = try #require(result["placeholders"] as? [[String: Any]])
    #expect(placed.count == 1 && placed[0]["label"] as? String == "img")
    Self.expectBox(try Self.box(placed[0]))
    let height = try #require((result["size"] as? [String: Any])?["height"] as? Double)
    #expect(abs(height - (24 + 4.688)) < 1e-9)
  }

  @Test func serveAndLayoutReadTheSameSpans() throws {
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "Blue \ufffc tile", "lines": false, "spans": \#(Self.spans)}"#
    ])
    let response = try CLITests.json(try #require(served.lines.first))
    let result = try #require((response["results"] as? [[String: Any]])?.first)
    Self.expectBox(try Self.box((result["placeholders"] as? [Any])?.first))

    let layout =
      #"{"root": {"type": "text", "id": "t", "modifiers": [{"padding": 10}], "#
      + #""text": "Blue \ufffc tile", "spans": \#(Self.spans)}}"#
    let path = try TemporaryFiles.write(layout, named: "placeholder-layout.json")
    defer { TemporaryFiles.remove(path) }
    let run = try CLITests.caliper(["layout", "--json", path])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(try #require(run.stdout.split(separator: "\n").first))
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["placeholders"] != nil })
    let numbers = try Self.box((text["placeholders"] as? [Any])?.first)
    // The text node's frame starts at the padding.
    Self.expectBox([numbers[0] - 10, numbers[1] - 10, numbers[2], numbers[3]])
  }

  @Test(arguments: [
    (#"{"width": 30}"#, "height"),
    (#"{"width": -3, "height": 4}"#, "width"),
    (#"{"width": 3, "height": 4, "alignment": "centre"}"#, "alignment \"centre\" must be one of"),
    (#"{"width": 3, "height": 4, "depth": 1}"#, "depth"),
  ])
  func badPlaceholdersAreRefused(placeholder: String, message: String) throws {
    let spans = #"[{"start": 0, "end": 1, "placeholder": \#(placeholder)}]"#
    let run = try CLITests.caliper(["measure", "--spans", "-", "\u{FFFC}"], stdin: spans)
    #expect(run.status != 0 && run.stderr.contains(message), "\(run.stderr)")
    let overlap =
      #"[{"start": 0, "end": 2, "placeholder": {"width": 1, "height": 1}},"#
      + #"{"start": 1, "end": 2, "placeholder": {"width": 1, "height": 1}}]"#
    let refused = try CLITests.caliper(["measure", "--spans", "-", "ab"], stdin: overlap)
    #expect(refused.status == 1 && refused.stderr.contains("overlap"), "\(refused.stderr)")
  }
}
