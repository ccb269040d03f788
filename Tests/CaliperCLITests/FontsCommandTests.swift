import CaliperTestSupport
import Foundation
import Testing

/// `caliper fonts --list` and the runs of a text.
@Suite struct FontsCommandTests {
  let environment = ["CALIPER_FONTS": TestFonts.directory]

  /// Every bundled face, with its family and style (the name table), its axes (Inter's
  /// fvar: wght 100–900, default 400) and its place in the bundled cascade (`BundledFonts.cascade`).
  @Test func listShowsEveryBundledFace() throws {
    let run = try CaliperTool.run(["fonts", "--list"], environment: environment)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let rows = run.stdout.split(separator: "\n").map {
      $0.split(separator: "  ", omittingEmptySubsequences: true).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    let expected: [[String]] = [
      ["NotoSans-Regular.ttf", "Noto Sans", "Regular", "-", "1"],
      ["NotoSans-Bold.ttf", "Noto Sans", "Bold", "-", "no"],
      ["NotoSans-Italic.ttf", "Noto Sans", "Italic", "-", "no"],
      ["NotoSans-BoldItalic.ttf", "Noto Sans", "Bold Italic", "-", "no"],
      ["NotoSansMono-Regular.ttf", "Noto Sans Mono", "Regular", "-", "no"],
      ["NotoSansArabic-Regular.ttf", "Noto Sans Arabic", "Regular", "-", "2"],
      ["NotoSansHebrew-Regular.ttf", "Noto Sans Hebrew", "Regular", "-", "3"],
      ["NotoSansDevanagari-Regular.ttf", "Noto Sans Devanagari", "Regular", "-", "4"],
      ["NotoSansThai-Regular.ttf", "Noto Sans Thai", "Regular", "-", "5"],
      ["DroidSansFallbackFull.ttf", "Droid Sans Fallback", "Regular", "-", "6"],
      ["NanumGothic.ttf", "NanumGothic", "Regular", "-", "7"],
      ["NotoColorEmoji.ttf", "Noto Color Emoji", "Regular", "-", "8"],
      ["Inter-roman.var.ttf", "Inter", "Regular", "wght 100–900 (default 400)", "no"],
    ]
    #expect(Array(rows.suffix(expected.count)) == expected)
  }

  /// A character no face has is a run of its own with no face: the run around it is drawn
  /// by Noto Sans (which draws the box), but Noto Sans does not cover it.
  @Test func uncoveredCharactersHaveNoFace() throws {
    let run = try CaliperTool.run(["fonts", "ab\u{10FFFD}cd"], environment: environment)
    #expect(run.status == 0)
    let runs = run.stdout.split(separator: "\n").drop { !$0.hasPrefix("Runs of") }
    #expect(
      Array(runs) == [
        "Runs of \"ab\u{10FFFD}cd\":",
        #"  0..<2      Noto Sans              "ab""#,
        "  2..<3      (no face)              \"\u{10FFFD}\"",
        #"  3..<5      Noto Sans              "cd""#,
        "Missing (no face covers): U+10FFFD",
      ])
  }
}
