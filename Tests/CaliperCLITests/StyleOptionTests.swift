import Foundation
import Testing

/// `--feature`, `--variation` (and the layout JSON's "features"/"variations"): expected
/// widths are hb-shape advances × 16 / units per em (Inter: 2816).
@Suite struct StyleOptionTests {
  static let inter = CLITests.root + "/Fonts/Inter-roman.var.ttf"

  func idealWidth(_ arguments: [String]) throws -> Double {
    let run = try CLITests.caliper(["measure", "--json"] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let ideal = try #require(object["ideal"] as? [String: Any])
    return try #require(ideal["width"] as? Double)
  }

  @Test func featureOption() throws {
    // hb-shape Fonts/Inter-roman.var.ttf 1111 → 4 × 1308; --features=tnum → 4 × 1824.
    let plain = try idealWidth(["--font", Self.inter, "1111"])
    let tabular = try idealWidth(["--font", Self.inter, "--feature", "tnum", "1111"])
    #expect(abs(plain - 4 * 1308 * 16 / 2816) < 1e-9)
    #expect(abs(tabular - 4 * 1824 * 16 / 2816) < 1e-9)
    // hb-shape --features=kern=0,liga=0 Fonts/NotoSans-Regular.ttf To: T 556, o 605
    // (kerned, T is 486). Both options reach the style.
    let unkerned = try idealWidth(["--feature=kern=0", "--feature", "liga=0", "To"])
    #expect(abs(unkerned - Double(556 + 605) * 16 / 1000) < 1e-9)
  }

  @Test func variationOption() throws {
    // hb-shape --variations=wght=700 Fonts/Inter-roman.var.ttf Hamburgefonstiv: the
    // advances sum to 23 991 units.
    let bold = try idealWidth(["--font", Self.inter, "--variation", "wght=700", "Hamburgefonstiv"])
    #expect(abs(bold - 23991 * 16 / 2816) < 1e-9)
  }

  @Test func badSettingsAreUsageErrors() throws {
    for arguments in [["--feature", "tnum="], ["--variation", "wght"], ["--feature", "toolong"]] {
      let run = try CLITests.caliper(["measure"] + arguments + ["x"])
      #expect(run.status == 64)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.contains(arguments[0]))
    }
  }

  @Test func layoutTextNodesTakeFeaturesAndVariations() throws {
    let json = """
      {"root": {"type": "vstack", "children": [
        {"type": "text", "id": "tabular", "text": "1111", "font": "Inter", "features": ["tnum"]},
        {"type": "text", "id": "bold", "text": "Hamburgefonstiv", "font": "Inter",
         "variations": "wght=700"}]}}
      """
    let run = try CLITests.caliper(["layout", "-", "--json"], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let nodes = try #require(
      try CLITests.json(run.firstLine)["nodes"] as? [[String: Any]])
    let tabular = try #require(nodes.first { $0["id"] as? String == "tabular" })
    let bold = try #require(nodes.first { $0["id"] as? String == "bold" })
    #expect(abs((tabular["width"] as? Double ?? 0) - 4 * 1824 * 16 / 2816) < 1e-9)
    #expect(abs((bold["width"] as? Double ?? 0) - 23991 * 16 / 2816) < 1e-9)
    let bad = try CLITests.caliper(
      ["layout", "-"],
      stdin: #"{"root": {"type": "text", "text": "x", "features": ["tnum="]}}"#)
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("$.root.features[0]"))
  }

  @Test func tabOptions() throws {
    // Noto Sans at 16 pt: a 8.976, b 9.84, c 7.68 (hb-shape: 561, 615, 480 units of 1000).
    // Stops 20, 50: a → 20, + b → 29.84 → 50, + c = 57.68.
    let explicit = try idealWidth(["--tab-stops", "20,50", "a\tb\tc"])
    #expect(abs(explicit - (50 + 480.0 * 16 / 1000)) < 1e-9)
    let interval = try idealWidth(["--tab-interval", "24", "a\tb"])
    #expect(abs(interval - (24 + 615.0 * 16 / 1000)) < 1e-9)
    let bad = try CLITests.caliper(["measure", "--tab-stops", "20,10", "a\tb"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("ascending"))
    let json =
      #"{"root": {"type": "text", "id": "t", "text": "a\tb", "tabStops": [20], "tabInterval": 30}}"#
    let run = try CLITests.caliper(["layout", "-", "--json"], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let nodes = try #require(
      try CLITests.json(run.firstLine)["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["id"] as? String == "t" })
    #expect(abs((text["width"] as? Double ?? 0) - (20 + 615.0 * 16 / 1000)) < 1e-9)
  }

  @Test func spacingOptions() throws {
    // Noto Sans at 16 pt (hb-shape: a 561, b 615, c 480, space 260 units of 1000; hhea
    // 1069 + 293: a line is 21.792 pt).
    let letters = try idealWidth(["--letter-spacing", "2", "abc"])
    #expect(abs(letters - (Double(561 + 615 + 480) * 16 / 1000 + 4)) < 1e-9)
    let words = try idealWidth(["--word-spacing=-1", "a b"])
    #expect(abs(words - (Double(561 + 260 + 615) * 16 / 1000 - 1)) < 1e-9)
    func height(_ arguments: [String]) throws -> Double {
      let run = try CLITests.caliper(["measure", "--json"] + arguments + ["a\nb\nc"])
      #expect(run.status == 0, "\(run.stderr)")
      let ideal = try #require(
        try CLITests.json(run.firstLine)["ideal"] as? [String: Any])
      return try #require(ideal["height"] as? Double)
    }
    #expect(abs(try height(["--line-spacing", "4"]) - (3 * 21.792 + 8)) < 1e-9)
    #expect(abs(try height(["--line-height-multiple", "2"]) - 6 * 21.792) < 1e-9)
    #expect(abs(try height(["--line-height", "30"]) - 90) < 1e-9)
    #expect(abs(try height(["--paragraph-spacing", "5"]) - (3 * 21.792 + 10)) < 1e-9)
    let bad = try CLITests.caliper(["measure", "--line-height-multiple", "0", "a"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("line height multiple"))
    let json = #"""
      {"root": {"type": "text", "id": "t", "text": "abc", "letterSpacing": -0.5, "lineHeight": 40}}
      """#
    let run = try CLITests.caliper(["layout", "-", "--json"], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let nodes = try #require(
      try CLITests.json(run.firstLine)["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["id"] as? String == "t" })
    #expect(
      abs((text["width"] as? Double ?? 0) - (Double(561 + 615 + 480) * 16 / 1000 - 1)) < 1e-9)
    #expect(abs((text["height"] as? Double ?? 0) - 40) < 1e-9)
    let indented = try CLITests.caliper(
      ["layout", "-", "--json"],
      stdin: #"{"root": {"type": "text", "id": "t", "text": "a", "firstLineHeadIndent": 12}}"#)
    let indentedNodes = try #require(
      try CLITests.json(indented.firstLine)["nodes"] as? [[String: Any]])
    let line = try #require(
      (indentedNodes.first { $0["id"] as? String == "t" }?["lines"] as? [[String: Any]])?.first)
    #expect(line["x"] as? Double == 12)
  }

  @Test func indentOptions() throws {
    // Noto Sans at 16 pt: "aaaa" 35.904 (hb-shape: a 561 units of 1000). At 60 with a
    // first-line indent of 20 the first line is aaaa alone, 20 + 35.904 = 55.904 wide.
    let run = try CLITests.caliper([
      "measure", "--json", "--first-line-indent", "20", "--head-indent", "5", "--width", "60",
      "aaaa bbbb cccc",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let result = try #require((object["results"] as? [[String: Any]])?.first)
    let lines = try #require(result["lines"] as? [[String: Any]])
    #expect(lines.map { $0["indent"] as? Double } == [20, 5, 5])
    let size = try #require(result["size"] as? [String: Any])
    #expect(abs((size["width"] as? Double ?? 0) - (20 + 4 * 561 * 16 / 1000.0)) < 1e-9)
  }
}
