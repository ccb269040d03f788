import CaliperTestSupport
import Foundation
import Testing

/// Runs the built `caliper` binary and checks stdout, stderr and the exit code.
@Suite struct CLITests {
  static let root = TestFonts.root

  typealias Run = ToolRun

  /// Runs the built `caliper` (Tests/CaliperTestSupport).
  static func caliper(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]
  ) throws -> Run {
    try CaliperTool.run(arguments, stdin: stdin, environment: environment)
  }

  static func json(_ line: Substring) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func jsonHasTheDocumentedKeys() throws {
    let run = try Self.caliper([
      "measure", "--json", "--width", "120,inf", "Blue tile with a longer local label",
    ])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let object = try Self.json(run.firstLine)
    for key in ["text", "size", "faces", "missing", "lossy", "ideal", "minWidth", "results"] {
      #expect(object[key] != nil, "missing key \(key)")
    }
    let ideal = try #require(object["ideal"] as? [String: Any])
    #expect(Set(ideal.keys) == ["width", "height", "lineCount"])
    // hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf: 15166 units at 16/1000 pt each.
    #expect(abs((ideal["width"] as? Double ?? 0) - 242.656) < 1e-9)
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.count == 2)
    for key in ["proposal", "size", "lineCount", "usedRect", "lines"] {
      #expect(results[0][key] != nil, "missing key results[].\(key)")
    }
    #expect((results[1]["proposal"] as? [String: Any])?["width"] is NSNull)
    let lines = try #require(results[0]["lines"] as? [[String: Any]])
    #expect(lines.count == 3)
    for key in ["text", "start", "end", "width", "height", "baseline"] {
      #expect(lines[0][key] != nil, "missing key lines[].\(key)")
    }
    #expect(lines[0]["text"] as? String == "Blue tile with a ")
    #expect(lines[1]["start"] as? Int == 17)
  }

  /// Parallel measuring keeps the input order and gives the same bytes as one thread.
  @Test func jobsKeepOrderAndResults() throws {
    let input = CLITests.root + "/Tests/CaliperTests/Fixtures/multilingual-sample.txt"
    let arguments = ["measure", "--json", "--width", "0,120,300", "--input", input]
    let serial = try Self.caliper(arguments + ["--jobs", "1"])
    let parallel = try Self.caliper(arguments + ["--jobs=4"])
    let automatic = try Self.caliper(arguments)
    #expect(serial.status == 0)
    #expect(!serial.stdout.isEmpty)
    #expect(parallel.stdout == serial.stdout)
    #expect(automatic.stdout == serial.stdout)
    for bad in ["0", "-2", "many", "1.5"] {
      #expect(try Self.caliper(["measure", "--jobs", bad, "x"]).status == 64, "--jobs \(bad)")
    }
  }

  @Test func inputReadsOneTextPerNonEmptyLine() throws {
    let run = try Self.caliper(
      ["measure", "--json", "--no-lines", "--input", "-"], stdin: "one\n\ntwo words\n")
    #expect(run.status == 0)
    let rows = run.stdout.split(separator: "\n")
    #expect(rows.count == 2)
    #expect(try Self.json(rows[1])["text"] as? String == "two words")
    #expect(!run.stdout.contains("\"lines\""))
  }

  /// A batch with a repeated text keeps the prepared-text cache (one without turns it off):
  /// the repeat's answer, from the cache, is the first's byte for byte, with and without
  /// lines. Width by hand: "Blue tile with a longer local label" is 15166 units of Noto
  /// Sans (hb-shape --font-size=1000) at 16/1000 pt each, 242.656 pt.
  @Test func repeatedTextAnswersAlike() throws {
    let label = "Blue tile with a longer local label"
    for lines in [[], ["--no-lines"]] {
      let run = try Self.caliper(
        ["measure", "--json", "--width", "120,inf", "--input", "-"] + lines,
        stdin: "\(label)\nOK\n\(label)\n")
      #expect(run.status == 0)
      let rows = run.stdout.split(separator: "\n")
      #expect(rows.count == 3)
      #expect(rows[0] == rows[2])
      let ideal = try #require(try Self.json(rows[2])["ideal"] as? [String: Any])
      #expect(abs((ideal["width"] as? Double ?? 0) - 242.656) < 1e-9)
    }
  }

  @Test func tableIsForPeople() throws {
    let run = try Self.caliper(["measure", "--width", "120", "Blue tile with a longer local label"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("proposal"))
    #expect(run.stdout.contains("\"Blue tile with a \""))
  }

  @Test(arguments: [
    ["measure", "--bogus", "x"], ["measure"], ["frobnicate"], [], ["measure", "--size"],
    ["measure", "--size", "big", "x"], ["measure", "--json=1", "x"],
  ])
  func usageErrorsExit64(_ arguments: [String]) throws {
    let run = try Self.caliper(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: "))
    #expect(run.stdout.isEmpty)
  }

  @Test(arguments: [
    ["measure", "--width", "-5", "x"], ["measure", "--width", "nan", "x"],
    ["measure", "--size", "-1", "x"], ["measure", "--size", "nan", "x"],
    ["measure", "--size", "0", "x"], ["measure", "--size", "10000.5", "x"],
    ["measure", "--scale", "0", "x"], ["measure", "--scale", "1001", "x"],
  ])
  func badNumbersAreUsageErrors(_ arguments: [String]) throws {
    let run = try Self.caliper(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: \(arguments[1]): "), "\(run.stderr)")
    #expect(run.stderr.contains("Usage: caliper measure"))
  }

  /// A text over the limit is the input's fault, not the command line's: exit 1.
  @Test func textOverTheLimitExits1() throws {
    let run = try Self.caliper(["measure", "--max-text-bytes", "3", "four"])
    #expect(run.status == 1)
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test func missingFontFileExits1NamingIt() throws {
    let run = try Self.caliper(["measure", "--font", "/no/such/font.ttf", "x"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("/no/such/font.ttf"))
  }

  @Test func fontsShowsWhichFaceCoversEachRun() throws {
    let run = try Self.caliper(["fonts", "नीचे दिए गए 这是一个测试"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("Noto Sans Devanagari"))
    #expect(run.stdout.contains("Droid Sans Fallback"))
  }

  @Test func helpAndVersion() throws {
    let help = try Self.caliper(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("OVERVIEW:") && help.stdout.contains("USAGE:"))
    let measureHelp = try Self.caliper(["measure", "--help"])
    #expect(measureHelp.stdout.contains("ARGUMENTS:") && measureHelp.stdout.contains("OPTIONS:"))
    let version = try Self.caliper(["--version"]).stdout
    #expect(version.hasPrefix("caliper "))
    for library in ["HarfBuzz ", "FreeType ", "ICU "] { #expect(version.contains(library)) }
  }

  @Test func fontsFolderFromEnvironment() throws {
    let run = try Self.caliper(["measure", "x"], environment: ["CALIPER_FONTS": "/nonexistent"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("CALIPER_FONTS"))
  }
}
