import Foundation
import Testing

/// `caliper measure --json --rects START:END` and `--points X,Y;…`, and serve's `rects`
/// and `points`.
///
/// Expected values: `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "The word"`:
/// T 556, h 618, e 564, space 260 units; at 16 pt "The" is 1738 × 16 / 1000 = 27.808 pt,
/// and the line (Noto Sans ascent + descent) 21.792 pt tall.
@Suite struct CharacterRectsCLITests {
  static func result(_ line: Substring) throws -> [String: Any] {
    let object = try CLITests.json(line)
    let results = try #require(object["results"] as? [[String: Any]])
    return try #require(results.first)
  }

  static func numbers(_ object: Any?, _ keys: [String]) throws -> [Double] {
    let dictionary = try #require(object as? [String: Any])
    return try keys.map { try #require(dictionary[$0] as? Double) }
  }

  @Test func measureReportsTheRangesRectsAndCarets() throws {
    let run = try CLITests.caliper([
      "measure", "--json", "--no-lines", "--rects", "0:3", "The word",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try Self.result(try #require(run.stdout.split(separator: "\n").first))
    #expect(result["lines"] == nil)
    let rects = try #require(result["rects"] as? [Any])
    #expect(rects.count == 1)
    let rect = try Self.numbers(rects[0], ["x", "y", "width", "height"])
    #expect(abs(rect[0]) < 1e-9 && abs(rect[1]) < 1e-9)
    #expect(abs(rect[2] - 27.808) < 1e-6 && abs(rect[3] - 21.792) < 1e-6)
    let carets = try #require(result["carets"] as? [Any])
    #expect(try Self.numbers(carets[0], ["x"]) == [0])
    #expect(abs(try Self.numbers(carets[1], ["x"])[0] - 27.808) < 1e-6)
  }

  /// `--points` asks what serve's `points` asks, with the same answers (see below).
  @Test func measureReportsTheCharacterAtEachPoint() throws {
    let run = try CLITests.caliper([
      "measure", "--json", "--no-lines", "--points", "1,5;27,5", "--points", "500, 5;20,-9",
      "The word",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try Self.result(try #require(run.stdout.split(separator: "\n").first))
    #expect(result["characterIndexes"] as? [Int] == [0, 3, 8, 2])
    #expect(result["rects"] == nil)
  }

  @Test(arguments: [
    (["--points", "1"], "--points expects X,Y pairs"),
    (["--points", "1,2;"], "--points expects X,Y pairs"),
    (["--points", "a,b"], "--points expects X,Y pairs"),
    (["--points", "1,inf"], "--points expects X,Y pairs"),
    (["--rects", "5:2"], "--rects expects START:END"),
    (["--rects", "a:b"], "--rects expects START:END"),
    (["--rects", "3"], "--rects expects START:END"),
  ])
  func badRangesAreUsageErrors(arguments: [String], message: String) throws {
    let run = try CLITests.caliper(["measure", "--json"] + arguments + ["x"])
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    let table = try CLITests.caliper(["measure", "--rects", "0:1", "x"])
    #expect(table.status == 64 && table.stderr.contains("--rects needs --json"))
    let points = try CLITests.caliper(["measure", "--points", "0,1", "x"])
    #expect(points.status == 64 && points.stderr.contains("--points needs --json"))
  }

  @Test func serveAnswersRectsAndPoints() throws {
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "The word", "lines": false, "rects": [0, 3], "points": [[1, 5], [27, 5], [500, 5], [20, -9]]}"#,
      #"{"id": 2, "text": "x", "rects": [3, 1]}"#,
      #"{"id": 3, "text": "x", "points": [[1]]}"#,
    ])
    let lines = served.lines
    #expect(lines.count == 3)
    let result = try Self.result(lines[0])
    let rect = try Self.numbers((result["rects"] as? [Any])?.first, ["width"])
    #expect(abs(rect[0] - 27.808) < 1e-6)
    // x 1: the left half of "T" (0…8.896); 27: the right half of "e" (18.784…27.808), so
    // after it; 500: past the line's end; above the text: the first line, the left half
    // of "e" at 20.
    #expect(result["characterIndexes"] as? [Int] == [0, 3, 8, 2])
    for line in lines.dropFirst() {
      let object = try CLITests.json(line)
      let error = try #require(object["error"] as? [String: Any])
      #expect(error["code"] as? String == "invalid-value")
    }
  }
}
