import CaliperTestSupport
import Foundation
import Testing

/// `caliper measure --line-limit/--truncation/--height/--alignment` and the layout JSON's
/// text-node options. Widths are hb-shape sums on Noto Sans × 16 / 1000: "Blue tile wit"
/// 5456 + "…" 791 = 6247 units (99.952 pt); each line 21.792 pt (hhea 1069 + 293).
@Suite struct LineOptionsCLITests {
  static let label = "Blue tile with a longer local label"

  static func result(_ arguments: [String]) throws -> [String: Any] {
    let run = try CLITests.caliper(["measure", "--json"] + arguments + [Self.label])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let results = try #require(object["results"] as? [[String: Any]])
    return try #require(results.first)
  }

  @Test func lineLimitTruncatesInJSON() throws {
    let result = try Self.result(["--width", "100", "--line-limit", "1"])
    #expect(result["truncated"] as? Bool == true)
    let hidden = try #require(result["hiddenRange"] as? [String: Any])
    #expect(hidden["start"] as? Int == 13 && hidden["end"] as? Int == 35)
    let lines = try #require(result["lines"] as? [[String: Any]])
    #expect(lines.count == 1)
    #expect(lines[0]["text"] as? String == "Blue tile wit…")
    #expect(abs((lines[0]["width"] as? Double ?? 0) - 6247.0 * 16 / 1000) < 1e-9)
    #expect(lines[0]["x"] as? Double == 0)
    let plain = try Self.result(["--width", "100"])
    #expect(plain["truncated"] as? Bool == false)
    #expect(plain["hiddenRange"] is NSNull)
  }

  @Test func heightKeepsTheLinesThatFit() throws {
    let result = try Self.result(["--width", "120", "--height", "50", "--truncation", "middle"])
    #expect(result["lineCount"] as? Int == 2)
    #expect(result["truncated"] as? Bool == true)
    let size = try #require(result["size"] as? [String: Any])
    #expect(abs((size["height"] as? Double ?? 0) - 2 * 21.792) < 1e-9)
  }

  @Test func alignmentSetsLineOffsets() throws {
    let result = try Self.result(["--width", "120", "--alignment", "trailing"])
    let lines = try #require(result["lines"] as? [[String: Any]])
    let widths = lines.map { $0["width"] as? Double ?? 0 }
    let box = widths.max() ?? 0
    for (line, width) in zip(lines, widths) {
      #expect(abs((line["x"] as? Double ?? -1) - (box - width)) < 1e-9)
    }
  }

  @Test(arguments: [
    (["--line-limit", "0"], "--line-limit: line limit 0 must be"),
    (["--line-limit", "two"], "--line-limit expects a number"),
    (["--truncation", "sideways"], "--truncation: truncation must be one of"),
    (["--alignment", "diagonal"], "--alignment: alignment must be one of"),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let run = try CLITests.caliper(["measure"] + arguments + [Self.label])
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func negativeHeightIsRefused() throws {
    let run = try CLITests.caliper(["measure", "--height", "-1", Self.label])
    #expect(run.status == 64)
    #expect(run.stderr.contains("height -1 must be"), "\(run.stderr)")
  }

  @Test func layoutTextNodesTakeLineOptions() throws {
    let json = """
      {"text": {"size": 16}, "root": {"type": "vstack", "children": [
        {"type": "text", "id": "one", "text": "\(Self.label)", "lineLimit": 1,
         "truncation": "head", "alignment": "center"},
        {"type": "text", "id": "all", "text": "\(Self.label)"}
      ]}}
      """
    let run = try CLITests.caliper(["layout", "-", "--width", "120", "--json"], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    let one = try #require(nodes.first { $0["id"] as? String == "one" })
    let all = try #require(nodes.first { $0["id"] as? String == "all" })
    #expect(abs((one["height"] as? Double ?? 0) - 21.792) < 1e-9)
    #expect(abs((all["height"] as? Double ?? 0) - 3 * 21.792) < 1e-9)
    #expect(one["truncated"] as? Bool == true)
    let lines = try #require(one["lines"] as? [[String: Any]])
    #expect((lines.first?["text"] as? String)?.hasPrefix("…") == true)
    let bad = try CLITests.caliper(
      ["layout", "-", "--width", "120"],
      stdin: #"{"root": {"type": "text", "text": "a", "lineLimit": 0}}"#)
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("$.root.lineLimit: line limit 0 must be"), "\(bad.stderr)")
  }
}

/// `caliper measure --spans FILE` and text nodes' `"spans"`: hb-shape sums on Noto Sans
/// Regular and Bold, "Blue " 2350 units at 16 pt and "tile" in Bold 1635 units (Pango with
/// "Blue <b>tile</b>": 63.7607 pt).
@Suite struct SpansCLITests {
  static func temporary(_ contents: String) throws -> String {
    try TemporaryFiles.write(contents, named: "spans.json")
  }

  @Test func spansFileStylesEveryText() throws {
    let path = try Self.temporary(#"[{"start": 5, "end": 9, "bold": true}]"#)
    defer { TemporaryFiles.remove(path) }
    let run = try CLITests.caliper(["measure", "--json", "--spans", path, "Blue tile"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let ideal = try #require(object["ideal"] as? [String: Any])
    #expect(abs((ideal["width"] as? Double ?? 0) - (2350.0 + 1635) * 16 / 1000) < 1e-9)
    let faces = try #require(object["faces"] as? [String])
    #expect(faces.contains { $0.hasSuffix("NotoSans-Bold.ttf") })
  }

  /// Weight 700 takes Noto Sans Bold ("tile" 1635 units) and letter spacing 2 goes after
  /// the span's first three clusters (none after the line's last); `tnum` on Inter's
  /// digits: `hb-shape --features="tnum[6:10]" Fonts/Inter-roman.var.ttf "Total 1111"`
  /// 7336 + 1824 × 4 units at 2816 per em.
  @Test func spansFileTakesWeightSpacingAndFeatures() throws {
    let path = try Self.temporary(
      #"[{"start": 5, "end": 9, "weight": 700, "letterSpacing": 2}]"#)
    defer { TemporaryFiles.remove(path) }
    let run = try CLITests.caliper(["measure", "--json", "--spans", path, "Blue tile"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let ideal = try #require(object["ideal"] as? [String: Any])
    #expect(abs((ideal["width"] as? Double ?? 0) - ((2350.0 + 1635) * 16 / 1000 + 3 * 2)) < 1e-9)
    let digits = try Self.temporary(
      #"[{"start": 6, "end": 10, "font": "Inter", "features": ["tnum"], "variations": "wght=400"}]"#
    )
    defer { TemporaryFiles.remove(digits) }
    let tabular = try CLITests.caliper([
      "measure", "--json", "--font", "Inter", "--spans", digits, "Total 1111",
    ])
    #expect(tabular.status == 0, "\(tabular.stderr)")
    let measured = try CLITests.json(tabular.firstLine)
    let width = try #require(measured["ideal"] as? [String: Any])["width"] as? Double ?? 0
    #expect(abs(width - (7336.0 + 1824 * 4) * 16 / 2816) < 1e-9)
  }

  @Test func badSpansAreRefused() throws {
    for (json, message) in [
      (#"[{"start": 5}]"#, "missing field 'end'"),
      (#"[{"start": 5, "end": 2}]"#, "after its end"),
      (#"[{"start": 0, "end": 4, "colour": "red"}]"#, "unknown key 'colour'"),
      (#"[{"start": 0, "end": 4, "weight": 0}]"#, "font weight 0"),
      (#"[{"start": 0, "end": 4, "slant": "bent"}]"#, "must be roman, italic or oblique"),
      (#"[{"start": 0, "end": 4, "features": "tnum=x=y"}]"#, "tnum=x=y"),
      (#"[{"start": 0, "end": 4, "letterSpacing": "wide"}]"#, "must be a number of points"),
      (#"[{"start": 0, "end": 40}]"#, "invalid span 0..<40"),
    ] {
      let path = try Self.temporary(json)
      defer { TemporaryFiles.remove(path) }
      let run = try CLITests.caliper(["measure", "--spans", path, "Blue tile"])
      #expect(run.status == 1, "\(json)")
      #expect(run.stderr.contains(message), "\(run.stderr)")
    }
  }

  /// A text node's span with `weight` and `letterSpacing`: Noto Sans Bold "tile" (1635
  /// units) and 2 pt after each of its clusters but the line's last.
  @Test func layoutTextNodeSpansTakeTheNewKeys() throws {
    let json = """
      {"root": {"type": "text", "id": "t", "text": "Blue tile",
                "spans": [{"start": 5, "end": 9, "weight": 700, "letterSpacing": 2}]}}
      """
    let run = try CLITests.caliper(["layout", "-", "--json"], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["id"] as? String == "t" })
    #expect(abs((text["width"] as? Double ?? 0) - ((2350.0 + 1635) * 16 / 1000 + 3 * 2)) < 1e-9)
  }

  @Test func layoutTextNodesTakeSpans() throws {
    let json = """
      {"root": {"type": "text", "id": "t", "text": "Blue tile",
                "spans": [{"start": 5, "end": 9, "size": 32}]}}
      """
    let run = try CLITests.caliper(["layout", "-", "--json"], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    let text = try #require(nodes.first { $0["id"] as? String == "t" })
    // "tile" at 32 pt: 1441 units; the line is 32 pt tall-faced: (1069 + 293) × 32 / 1000.
    #expect(abs((text["width"] as? Double ?? 0) - (2350.0 * 16 + 1441 * 32) / 1000) < 1e-9)
    #expect(abs((text["height"] as? Double ?? 0) - 1362.0 * 32 / 1000) < 1e-9)
  }
}
