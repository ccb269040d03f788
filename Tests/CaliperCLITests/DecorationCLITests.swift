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
}
