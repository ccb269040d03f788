import CaliperTestSupport
import Foundation
import Testing

/// `--text-combine-upright` on the command line and `textCombineUpright` in a spans file,
/// through the one style schema. Expected numbers by hand: Droid Sans Fallback's ideographs
/// advance 256 of 256 units (16 pt at 16 pt) and a column of them is (267 + 68) × 16 / 256 =
/// 20.9375 pt wide; Noto Sans's digits advance 572 of 1000 units (9.152 pt) lying sideways;
/// a combined run is one em, 16 pt, down the column.
@Suite struct TextCombineUprightCLITests {
  static let text = "年2024年3月"

  @Test(arguments: [
    // Sideways: 16 + 4 × 9.152 + 16 + 9.152 + 16 = 93.76.
    ("none", "93.760"),
    // "3" combined, "2024" too long: 16 + 36.608 + 16 + 16 + 16 = 100.608.
    ("digits", "100.608"),
    // Both combined: 16 + 16 + 16 + 16 + 16 = 80.
    ("digits 4", "80.000"),
    // The whole line in one em.
    ("all", "16.000"),
  ])
  func columnLengthFollowsTheValue(_ value: String, _ length: String) throws {
    let result = try CLITests.caliper(
      [
        "measure", "--writing-mode", "vertical-rl", "--locale", "ja",
        "--text-combine-upright", value, Self.text,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let row = try #require(result.stdout.split(separator: "\n").dropFirst(3).first)
    #expect(row.split(separator: " ").dropFirst(2).first.map(String.init) == length, "\(row)")
  }

  @Test func spansCombineTheirOwnText() throws {
    let spans = try TemporaryFiles.write(
      #"[{"start": 1, "end": 3, "textCombineUpright": "all"}]"#, named: "combine.json")
    defer { TemporaryFiles.remove(spans) }
    let result = try CLITests.caliper(
      [
        "measure", "--json", "--writing-mode", "vertical-rl", "--locale", "ja", "--spans",
        spans, Self.text,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try CLITests.json(result.firstLine)
    let ideal = try #require(object["ideal"] as? [String: Double])
    // "20" in one em, "24" and "3" sideways: 16 + 16 + 2 × 9.152 + 16 + 9.152 + 16 = 91.456.
    #expect(abs(ideal["height"]! - 91.456) < 1e-9)
  }

  @Test func anUnknownValueIsAUsageError() throws {
    let result = try CLITests.caliper(
      ["measure", "--writing-mode", "vertical-rl", "--text-combine-upright", "digits 5", "x"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "Error: --text-combine-upright: text-combine-upright must be one of none, all, digits 2,"
          + " digits 3, digits 4, digits, not 'digits 5'\n"))
  }
}
