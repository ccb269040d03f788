import CaliperTestSupport
import Foundation
import Testing

/// `caliper measure --writing-mode vertical-rl`: columns at each proposed height, through
/// the one style schema. Expected numbers by hand from Droid Sans Fallback's tables (units
/// per em 256; every ideograph and "。" has vmtx advance 256, so 16 pt at 16 pt; hhea
/// ascender 267, descender 68, line gap 0: a column (line) is (267 + 68) × 16 / 256 =
/// 20.9375 pt wide) and Japanese line breaking: "。" never starts a column, so "る。" moves
/// together.
@Suite struct VerticalCLITests {
  static let text = "吾輩は猫である。名前はまだ無い。"

  @Test func tableListsColumnsRightToLeft() throws {
    let result = try CLITests.caliper(
      [
        "measure", "--writing-mode", "vertical-rl", "--height", "100,200", "--locale", "ja",
        Self.text,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    // 100 pt holds 6 ideographs (96 pt): "吾輩は猫であ", then "る。名前はま", "だ無い。"; three
    // columns are 3 × 20.9375 = 62.8125 pt wide; the first at the right, x = 41.875.
    // 200 pt holds 12 (192 pt).
    #expect(
      result.stdout == """
        "\(Self.text)"
          16.000 pt, vertical-rl; faces: Droid Sans Fallback
          height           width      height  columns
          100.000        62.8125      96.000        3
              x   41.875    96.000  "吾輩は猫であ"
              x  20.9375    96.000  "る。名前はま"
              x    0.000    64.000  "だ無い。"
          200.000         41.875     192.000        2
              x  20.9375   192.000  "吾輩は猫である。名前はま"
              x    0.000    64.000  "だ無い。"

        """)
  }

  @Test func jsonGivesEachColumnWithItsText() throws {
    let result = try CLITests.caliper(
      [
        "measure", "--json", "--writing-mode", "vertical-rl", "--height", "100", "--locale",
        "ja", Self.text,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try CLITests.json(result.firstLine)
    #expect(object["writingMode"] as? String == "vertical-rl")
    let results = try #require(object["results"] as? [[String: Any]])
    let row = try #require(results.first)
    #expect(row["columnCount"] as? Int == 3)
    let size = try #require(row["size"] as? [String: Double])
    #expect(size["width"] == 62.8125 && size["height"] == 96)
    let columns = try #require(row["columns"] as? [[String: Any]])
    #expect(columns.map { $0["text"] as? String } == ["吾輩は猫であ", "る。名前はま", "だ無い。"])
    #expect(columns.map { $0["x"] as? Double } == [41.875, 20.9375, 0])
    #expect(columns.map { $0["height"] as? Double } == [96, 96, 64])
  }

  @Test func badValuesAreUsageErrors() throws {
    let mode = try CLITests.caliper(["measure", "--writing-mode", "diagonal", "x"])
    #expect(mode.status == 64)
    #expect(
      mode.stderr.hasPrefix(
        "Error: --writing-mode: writing mode must be one of horizontal-tb, vertical-rl,"
          + " vertical-lr, not 'diagonal'\n"))
    let orientation = try CLITests.caliper(["measure", "--text-orientation", "tilted", "x"])
    #expect(orientation.status == 64)
    #expect(
      orientation.stderr.hasPrefix(
        "Error: --text-orientation: text orientation must be one of mixed, upright, sideways,"
          + " not 'tilted'\n"))
    // Character rects and hit testing are horizontal only: refused, not answered wrong.
    let rects = try CLITests.caliper(
      ["measure", "--json", "--writing-mode", "vertical-rl", "--rects", "0:1", "中"])
    #expect(rects.status == 64)
    #expect(
      rects.stderr.hasPrefix(
        "Error: --rects is not available for vertical text (--writing-mode) yet\n"))
    // Ink boxes and trimmed line boxes are horizontal only too, in measure, render and serve.
    for (command, option) in [
      (["measure", "--json", "--ink"], "--ink"),
      (["measure", "--text-box-trim", "trim-both"], "--text-box-trim"),
      (["render", "-o", "/dev/null", "--ink"], "--ink"),
      (["render", "-o", "/dev/null", "--text-box-trim", "trim-start"], "--text-box-trim"),
    ] {
      let run = try CLITests.caliper(command + ["--writing-mode", "vertical-rl", "中"])
      #expect(run.status == 64, "\(command)")
      #expect(
        run.stderr.hasPrefix(
          "Error: \(option) is not available for vertical text (--writing-mode) yet\n"),
        "\(run.stderr)")
    }
    let served = try CLITests.caliper(
      ["serve"], stdin: #"{"id":1,"text":"中","writingMode":"vertical-rl","ink":true}"# + "\n")
    #expect(
      served.stdout.contains(#""message":"'ink' is not available for vertical text yet""#),
      "\(served.stdout)")
    let heights = try CLITests.caliper(["measure", "--height", "100,200", "x"])
    #expect(heights.status == 64)
    #expect(
      heights.stderr.hasPrefix(
        "Error: --height: several heights need writing mode vertical-rl or vertical-lr\n"))
  }

  @Test func serveTakesTheSameKeys() throws {
    let request =
      #"{"id":1,"text":"吾輩は猫である。","height":[40,70],"writingMode":"vertical-rl","lines":false}"#
    let result = try CLITests.caliper(["serve"], stdin: request + "\n")
    #expect(result.status == 0, "\(result.stderr)")
    let object = try CLITests.json(result.firstLine)
    let results = try #require(object["results"] as? [[String: Any]])
    // 40 pt: 2 ideographs a column (32 pt), 4 columns; 70 pt: 4 a column, 2 columns.
    #expect(results.map { $0["columnCount"] as? Int } == [4, 2])
    let widths = results.map { ($0["size"] as? [String: Double])?["width"] }
    #expect(widths == [4 * 20.9375, 2 * 20.9375])
  }

  /// A vertical text node in a layout: sized as its columns (a frame 100 tall proposes the
  /// column length: 3 columns of 20.9375 pt, 62.8125 wide, 96 long, centred in the frame's
  /// 100), and the layout JSON carries the columns in the layout's coordinates.
  @Test func layoutPlacesVerticalTextNodes() throws {
    let file = TemporaryFiles.path("vertical-layout.json")
    defer { TemporaryFiles.remove(file) }
    try #"""
    {"type":"hstack","spacing":0,"alignment":"top","children":[
      {"type":"text","id":"v","text":"\#(Self.text)","writingMode":"vertical-rl","locale":"ja",
       "modifiers":[{"frame":{"height":100}}]},
      {"type":"box","id":"b","width":10,"height":10}]}
    """#.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try CLITests.caliper(["layout", "--json", file])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try CLITests.json(result.firstLine)
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["id"] as? String == "v" })
    #expect(text["width"] as? Double == 62.8125 && text["height"] as? Double == 96)
    #expect(text["writingMode"] as? String == "vertical-rl")
    let columns = try #require(text["columns"] as? [[String: Any]])
    #expect(columns.map { $0["text"] as? String } == ["吾輩は猫であ", "る。名前はま", "だ無い。"])
    #expect(columns.map { $0["x"] as? Double } == [41.875, 20.9375, 0])
    #expect(columns.map { $0["y"] as? Double } == [2, 2, 2])
    #expect(columns.map { $0["height"] as? Double } == [96, 96, 64])
    let box = try #require(nodes.first { $0["id"] as? String == "b" })
    #expect(box["x"] as? Double == 62.8125)
  }
}
