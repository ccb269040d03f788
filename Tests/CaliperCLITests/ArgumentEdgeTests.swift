import CaliperTestSupport
import Foundation
import Testing

/// Command-line values at their edges: bytes that are not UTF-8 in an argument, a pixel
/// grid so coarse that one pixel is 1e10 points, and characters that are not drawn.
@Suite struct ArgumentEdgeTests {
  @Test func invalidUTF8InAnArgumentIsReplacedAndCounted() throws {
    // Foundation passes arguments as Strings, so the shell's printf writes the raw bytes:
    // "a", 0xFF (never UTF-8), "b", 0xC3 (a lead byte with nothing after it).
    let run = try CaliperTool.run(
      ["-c", #"exec "$0" measure --json "$(printf 'a\377b\303')""#, CaliperTool.binary.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(run.status == 0)
    let object = try CLITests.json(run.firstLine)
    #expect(object["text"] as? String == "a\u{FFFD}b\u{FFFD}")
    let lossy = try #require(object["lossy"] as? [String: Any])
    #expect(lossy["invalidUTF8"] as? Int == 2)
    let valid = try CLITests.json(
      try CaliperTool.run(["measure", "--json", "a\u{FFFD}b"]).firstLine)
    #expect((valid["lossy"] as? [String: Any])?["invalidUTF8"] as? Int == 0)
  }

  @Test func tinyScaleIsNotZeroByZero() throws {
    // 1e-10 px/pt: one pixel is 1e10 pt, and any non-empty size ceils to it.
    let run = try CaliperTool.run(["measure", "--json", "--scale", "1e-10", "Blue"])
    #expect(run.status == 0)
    let object = try CLITests.json(run.firstLine)
    let results = try #require(object["results"] as? [[String: Any]])
    let size = try #require(results.first?["size"] as? [String: Any])
    #expect(size["width"] as? Double == 1e10)
    #expect(size["height"] as? Double == 1e10)
    let served = try CaliperTool.run(
      ["serve"], stdin: #"{"id": 1, "text": "Blue", "scale": 1e-10}"# + "\n")
    let response = try CLITests.json(served.firstLine)
    let servedSize = (response["results"] as? [[String: Any]])?.first?["size"] as? [String: Any]
    #expect(servedSize?["width"] as? Double == 1e10)
  }

  @Test func tabsAndSeparatorsRenderNoNotdef() throws {
    // HarfBuzz gives a tab .notdef and U+2028 Noto Sans's visible uni2028 glyph; both are
    // drawn as nothing, and no missing glyph is counted.
    let path = TemporaryFiles.path("tab.png")
    defer { TemporaryFiles.remove(path) }
    let text = "a\tb\u{2028}c\u{AD}d"
    let run = try CaliperTool.run(["render", "-o", path, text])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(", 0 .notdef"), "\(run.stdout)")
    let measured = try CLITests.json(
      try CaliperTool.run(["measure", "--json", text]).firstLine)
    #expect((measured["lossy"] as? [String: Any])?["missingGlyphs"] as? Int == 0)
  }
}
