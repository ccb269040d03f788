import CaliperTestSupport
import Foundation
import Testing

/// A span's `decoration` through serve (the same span reader as `--spans` and layout JSON),
/// reported per piece in each result's `decorations`. Expected: Noto Sans's `post`
/// underlinePosition −100 and thickness 50 of 1000 units (fontTools): at 16 pt the
/// underline's top 1.6 pt below the baseline (17.104), 0.8 pt thick; "Hxg" is
/// (741 + 529 + 615) × 0.016 = 30.16 pt wide (`hb-shape --font-size=1000`).
@Suite struct DecorationCLITests {
  @Test func serveReportsDecorations() throws {
    let served = try ServeTests.serve([
      ##"{"id": 1, "text": "Hxg", "lines": false, "spans": [{"start": 0, "end": 3, "decoration": {"lines": "underline", "style": "wavy", "color": "#D02020"}}]}"##,
      #"{"id": 2, "text": "Hxg", "spans": [{"start": 0, "end": 3, "decoration": {"lines": "under"}}]}"#,
      #"{"id": 3, "text": "Hxg", "spans": [{"start": 0, "end": 3, "decoration": {"lines": "underline", "style": "zigzag"}}]}"#,
    ])
    #expect(served.lines.count == 3)
    let results = try #require(try CLITests.json(served.lines[0])["results"] as? [[String: Any]])
    let decorations = try #require(results.first?["decorations"] as? [[String: Any]])
    #expect(decorations.count == 1)
    let stroke = decorations[0]
    #expect(stroke["kind"] as? String == "underline" && stroke["style"] as? String == "wavy")
    #expect(stroke["color"] as? String == "#d02020")
    #expect(abs(try #require(stroke["y"] as? Double) - 18.704) < 1e-9)
    #expect(abs(try #require(stroke["width"] as? Double) - 30.16) < 1e-9)
    #expect(abs(try #require(stroke["thickness"] as? Double) - 0.8) < 1e-9)
    for (line, message) in [
      (served.lines[1], "must be underline, overline or line-through"),
      (served.lines[2], "must be single, double, dotted, dashed or wavy"),
    ] {
      let error = try #require(try CLITests.json(line)["error"] as? [String: Any])
      #expect((error["message"] as? String)?.contains(message) == true, "\(error)")
    }
  }

  /// `caliper layout --json --all`: a text node's strokes in the layout's coordinates, as its
  /// lines are. The text sits below a 10-pt box and 4 pt of spacing, at y 14, centred under
  /// the 50-pt box at x (50 − 30.16) / 2 = 9.92; its underline's top is 14 + 18.704.
  @Test func layoutReportsDecorationsInItsCoordinates() throws {
    let description = try TemporaryFiles.write(
      ##"{"type": "vstack", "spacing": 4, "children": [{"type": "box", "width": 50, "height": 10}, {"type": "text", "text": "Hxg", "spans": [{"start": 0, "end": 3, "decoration": {"lines": "underline", "style": "wavy"}}]}]}"##,
      named: "decorated-layout.json")
    defer { TemporaryFiles.remove(description) }
    let run = try CLITests.caliper(["layout", "--json", "--all", "--width", "200", description])
    #expect(run.status == 0, "\(run.stderr)")
    let nodes = try #require(try CLITests.json(run.firstLine)["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["type"] as? String == "text" })
    #expect(text["y"] as? Double == 14)
    let strokes = try #require(text["decorations"] as? [[String: Any]])
    #expect(strokes.count == 1)
    #expect(abs(try #require(strokes.first?["y"] as? Double) - (14 + 18.704)) < 1e-9)
    #expect(abs(try #require(text["x"] as? Double) - 9.92) < 1e-9)
    #expect(abs(try #require(strokes.first?["x"] as? Double) - 9.92) < 1e-9)
    #expect(abs(try #require(strokes.first?["width"] as? Double) - 30.16) < 1e-9)
    #expect(strokes.first?["style"] as? String == "wavy")
    // Undecorated text has no key.
    let plain = try CLITests.caliper(
      ["layout", "--json", "--all", "--width", "200", "-"],
      stdin: #"{"type": "text", "text": "Hxg"}"#)
    #expect(plain.status == 0 && !plain.stdout.contains("decorations"), "\(plain.stderr)")
  }
}
