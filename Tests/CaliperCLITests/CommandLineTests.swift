import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// The option tables: typos get the nearest valid name, every command has help and
/// version, and texts come in the same ways everywhere.
@Suite struct CommandLineTests {
  @Test(arguments: [
    (["measure", "--widht", "3", "x"], "unknown option '--widht' (did you mean '--width'?)"),
    (["measure", "--sise", "3", "x"], "unknown option '--sise' (did you mean '--size'?)"),
    (["measure", "--line-limt", "1", "x"], "(did you mean '--line-limit'?)"),
    (["render", "--ouput", "a.png", "x"], "(did you mean '--output'?)"),
    (["render", "--no-legnd", "-o", "a.png", "x"], "(did you mean '--no-legend'?)"),
    (["layout", "--jsno", "a.json"], "(did you mean '--json'?)"),
    (["fonts", "--system-font", "x"], "(did you mean '--system-fonts'?)"),
    (["serve", "--max-line-byte", "9"], "(did you mean '--max-line-bytes'?)"),
    (["meausre", "x"], "unknown subcommand 'meausre' (did you mean 'measure'?)"),
    (["rendr", "x"], "(did you mean 'render'?)"),
    (["layuot", "x"], "(did you mean 'layout'?)"),
    (["font", "x"], "(did you mean 'fonts'?)"),
    (["serv"], "(did you mean 'serve'?)"),
    (["help", "mesure"], "(did you mean 'measure'?)"),
  ])
  func typosGetTheNearestName(_ arguments: [String], _ message: String) throws {
    let run = try CLITests.caliper(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  /// A name far from every valid one gets no suggestion.
  @Test func noSuggestionForAFarName() throws {
    let run = try CLITests.caliper(["measure", "--colour", "red", "x"])
    #expect(run.status == 64)
    #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
  }

  @Test func serveSuggestsKeys() throws {
    let run = try ServeTests.serve([#"{"id": 1, "text": "x", "lineLimt": 1}"#])
    let error = try #require(try CLITests.json(run.lines[0])["error"] as? [String: Any])
    #expect(error["code"] as? String == "unknown-key")
    #expect((error["message"] as? String)?.contains("did you mean 'lineLimit'?") == true)
  }

  @Test(arguments: ["measure", "render", "layout", "fonts", "serve"])
  func everyCommandHasHelpAndVersion(_ command: String) throws {
    let help = try CLITests.caliper([command, "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: "))
    #expect(help.stdout.contains("USAGE: caliper \(command)"))
    #expect(try CLITests.caliper(["help", command]).stdout == help.stdout)
    #expect(try CLITests.caliper([command, "-h"]).stdout == help.stdout)
    let version = try CLITests.caliper([command, "--version"])
    #expect(version.status == 0)
    #expect(version.stdout == (try CLITests.caliper(["--version"])).stdout)
  }

  /// The usage line names every option the help lists.
  @Test(arguments: ["measure", "render", "layout", "fonts", "serve"])
  func usageLineIsComplete(_ command: String) throws {
    let help = try CLITests.caliper([command, "--help"]).stdout
    let usage = help.components(separatedBy: "USAGE: ")[1].components(separatedBy: "\n\n")[0]
    let options = help.components(separatedBy: "OPTIONS:\n")[1].split(separator: "\n")
      .filter { $0.hasPrefix("  -") }
      .compactMap { line in
        // "  -o, --output <file>     The PNG…": the label ends at two spaces.
        let label = line.dropFirst(2).components(separatedBy: "  ")[0]
        return label.split(separator: " ").filter { $0.hasPrefix("-") }.last.map {
          String($0.trimmingCharacters(in: [","]))
        }
      }
    for option in options where !["--help", "--version", "-h"].contains(option) {
      #expect(usage.contains(option + " ") || usage.contains(option + "]"), "\(option): \(usage)")
    }
  }

  static func temporary(_ contents: String) throws -> String {
    try TemporaryFiles.write(contents, named: "input.txt")
  }

  /// `--input` is one text per line and `--text-file` one whole text, in every command.
  @Test func inputAndTextFileMeanTheSameEverywhere() throws {
    let lines = try Self.temporary("Blue tile\nlabel\n")
    defer { TemporaryFiles.remove(lines) }
    let measured = try CLITests.caliper(["measure", "--json", "--no-lines", "--input", lines])
    #expect(measured.stdout.split(separator: "\n").count == 2)
    let whole = try CLITests.caliper(["measure", "--json", "--text-file", lines])
    #expect(whole.stdout.split(separator: "\n").count == 1)
    let object = try CLITests.json(whole.firstLine)
    // The file's final newline ends its last line; the one inside is a hard break.
    #expect(object["text"] as? String == "Blue tile\nlabel")
    let fonts = try CLITests.caliper(["fonts", "--input", lines])
    #expect(fonts.stdout.components(separatedBy: "Runs of ").count == 3)
    let png = TemporaryFiles.path("input.png")
    defer { TemporaryFiles.remove(png) }
    let drawn = try CLITests.caliper(["render", "-o", png, "--text-file", lines])
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout.contains(", 2 lines,"))
    let several = try CLITests.caliper(["render", "-o", png, "--input", lines])
    #expect(several.status == 64)
    #expect(several.stderr.contains("render draws one text"))
  }

  /// With no text, `measure` reads stdin line by line and `render` reads it whole.
  @Test func stdinIsReadWhenNoTextIsGiven() throws {
    let measured = try CLITests.caliper(["measure", "--json", "--no-lines"], stdin: "one\ntwo\n")
    #expect(measured.status == 0, "\(measured.stderr)")
    let texts = try measured.stdout.split(separator: "\n").map {
      try CLITests.json($0)["text"] as? String
    }
    #expect(texts == ["one", "two"])
    let png = TemporaryFiles.path("stdin.png")
    defer { TemporaryFiles.remove(png) }
    let drawn = try CLITests.caliper(["render", "-o", png], stdin: "one\ntwo\n")
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout.contains(", 2 lines,"))
    let empty = try CLITests.caliper(["measure"], stdin: "")
    #expect(empty.status == 64)
  }
}

/// Help texts quote the limits where they are defined: the text limit of `measure` and
/// `serve` is the library's `InputLimits` default, said in MiB.
@Suite struct HelpLimitTests {
  @Test(arguments: ["measure", "serve"]) func textLimitIsTheLibrarys(_ command: String) throws {
    let bytes = InputLimits().maxTextBytes
    #expect(bytes % (1 << 20) == 0)
    let help = try CLITests.caliper(["help", command]).stdout
    #expect(
      help.contains("Refuse a text longer than n bytes of UTF-8 (default: \(bytes >> 20) MiB)."))
  }
}
