import CaliperTestSupport
import Foundation
import Testing

/// What a newcomer met in the first hour (issue 34): errors that help, one spelling per
/// option, numbers without binary noise.
@Suite struct NewcomerTests {
  static let panel = TestFonts.root + "/Tests/CaliperCLITests/Fixtures/panel.json"

  /// A usage error is three lines: the error, the one-line usage, where to read the rest.
  @Test func usageErrorsAreThreeLines() throws {
    let run = try CLITests.caliper(["measure", "--widht", "3", "x"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        Error: unknown option '--widht' (did you mean '--width'?)
        Usage: caliper measure [options] [<text>...]
        See 'caliper help measure'.

        """)
    let render = try CLITests.caliper(["render", "x"])
    #expect(
      render.stderr == """
        Error: missing --output <file>
        Usage: caliper render --output <file> [options] [<text>...]
        See 'caliper help render'.

        """)
    let none = try CLITests.caliper(["frob"])
    #expect(
      none.stderr.hasSuffix("\nUsage: caliper <subcommand> [options]\nSee 'caliper --help'.\n"))
  }

  /// A number too large for a `Double` is not taken for infinity, in every command.
  @Test(arguments: [
    ["measure", "--width", "1e999", "x"], ["layout", panel, "--width", "1e999"],
    ["render", "-o", "/dev/null", "--width", "1e999", "x"], ["measure", "-w", "-inf", "x"],
  ])
  func widthsTooLargeAreRefused(_ arguments: [String]) throws {
    let run = try CLITests.caliper(arguments)
    #expect(run.status == 64)
    let value = arguments[arguments.firstIndex(where: { $0.hasSuffix("inf") || $0 == "1e999" })!]
    #expect(
      run.stderr.hasPrefix(
        "Error: --width: '\(value)' is not a finite number of points; the ideal width is"
          + " spelled 'inf' or 'none'\n"), "\(run.stderr)")
  }

  /// Writing the PNG to a full device fails as writing stdout does, and leaves the path
  /// alone (libpng's own writer removed it, a device node included when run as root).
  @Test(arguments: [
    ["render", "-o", "/dev/full", "x"], ["layout", panel, "-o", "/dev/full"],
  ])
  func pngToAFullDeviceSaysWhy(_ arguments: [String]) throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"))
    let run = try CLITests.caliper(arguments)
    #expect(run.status == 1)
    #expect(run.stderr == "Error: PNG /dev/full: No space left on device\n")
    let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type]
    #expect(type as? FileAttributeType == .typeCharacterSpecial)
  }

  /// A line that is not a request is answered with its line number (blank lines count).
  @Test func serveErrorsWithoutAnIdGiveTheLine() throws {
    let run = try ServeTests.serve([#"{"id":1,"text":"a","lines":false}"#, "", "nope", "[1]"])
    #expect(run.lines.count == 3)
    #expect(run.lines[1].hasPrefix(#"{"id":null,"line":3,"error":{"code":"invalid-json""#))
    #expect(run.lines[2].hasPrefix(#"{"id":null,"line":4,"error":{"code":"invalid-request""#))
  }

  /// `-w` and `-o` are the short options people expect; typos get suggestions that mean
  /// something.
  @Test func shortOptionsAndSuggestions() throws {
    let long = try CLITests.caliper(["measure", "--width", "100", "Blue tile"])
    let short = try CLITests.caliper(["measure", "-w", "100", "Blue tile"])
    #expect(short.status == 0)
    #expect(short.stdout == long.stdout)
    let png = TemporaryFiles.path("newcomer.png")
    defer { TemporaryFiles.remove(png) }
    let layout = try CLITests.caliper(["layout", Self.panel, "-w", "300", "-o", png])
    #expect(layout.status == 0, "\(layout.stderr)")
    #expect(FileManager.default.fileExists(atPath: png))
    let fonts = try CLITests.caliper(["fonts", "-w", "100", "x"])
    #expect(fonts.stderr.hasPrefix("Error: unknown option '-w'\n"), "\(fonts.stderr)")
    let typo = try CLITests.caliper(["measure", "--font-file", "x.ttf", "x"])
    #expect(typo.stderr.hasPrefix("Error: unknown option '--font-file' (did you mean '--font'?)"))
  }

  /// Renamed spellings still work for scripts and clients written before (documented as
  /// deprecated), and give what the new spelling gives.
  @Test func deprecatedSpellingsStillWork() throws {
    let png = TemporaryFiles.path("newcomer.png")
    defer { TemporaryFiles.remove(png) }
    let layout = try CLITests.caliper(["layout", Self.panel, "--width", "300", "--png", png])
    #expect(layout.status == 0, "\(layout.stderr)")
    let old = try CLITests.caliper(["measure", "--feature", "-kern", "--json", "AVATAR"])
    let new = try CLITests.caliper(["measure", "--features", "-kern", "--json", "AVATAR"])
    #expect(old.status == 0 && old.stdout == new.stdout)
    let requests = [
      #"{"id":1,"text":"a b c","widths":[20],"firstLineHeadIndent":9}"#,
      #"{"id":1,"text":"a b c","widths":[20],"firstLineIndent":9}"#,
    ]
    let run = try ServeTests.serve(requests)
    #expect(run.lines.count == 2 && run.lines[0] == run.lines[1])
    #expect(run.lines[0].contains(#""lineCount":3"#))
    // Not listed nor suggested.
    let typo = try ServeTests.serve([#"{"id":1,"text":"a","firstLineIndnt":9}"#])
    #expect(typo.lines.first?.contains("(did you mean 'firstLineIndent'?)") == true)
    #expect(typo.lines.first?.contains("firstLineHeadIndent") == false)
  }

  /// Numbers as the fonts give them: Noto Sans at 16 pt is 16/1000 pt a unit, so "Blue
  /// tile" (hb-shape --font-size=1000: 3791 units) is 60.656 pt and a line 1362 units
  /// (ascender 1069 + descender 293) is 21.792 pt, not 21.791999999999998; "Blue" (2090
  /// units) is 33.44 pt.
  @Test func numbersAreTheFontsDecimals() throws {
    let run = try ServeTests.serve([#"{"id":1,"text":"Blue tile","widths":[40],"lines":false}"#])
    let line = try #require(run.lines.first)
    #expect(line.contains(#""ideal":{"width":60.656,"height":21.792,"lineCount":1}"#))
    #expect(line.contains(#""size":{"width":33.44,"height":43.584}"#))
    let table = try CLITests.caliper(["measure", "--size", "16.5", "Blue tile"])
    // 3791 × 16.5 / 1000 = 62.5515 (three decimals would print 62.552 or 62.551).
    #expect(table.stdout.contains("ideal width 62.5515;"), "\(table.stdout)")
  }

  /// A bold span's face is bundled, not a system face, and is named so that it can be told
  /// from the regular face (fc-scan Fonts/NotoSans-Bold.ttf: family "Noto Sans", style
  /// "Bold").
  @Test func fontsReportNamesBundledFacesApart() throws {
    let spans = TemporaryFiles.path("newcomer.json")
    defer { TemporaryFiles.remove(spans) }
    try #"[{"start": 0, "end": 4, "bold": true}]"#.write(
      toFile: spans, atomically: true, encoding: .utf8)
    let fonts = try CLITests.caliper(["fonts", "--spans", spans, "Blue tile"])
    #expect(fonts.status == 0)
    #expect(!fonts.stdout.contains("System faces used"), "\(fonts.stdout)")
    #expect(fonts.stdout.contains("Other bundled faces used:\n  Noto Sans Bold  "))
    let measure = try CLITests.caliper(["measure", "--spans", spans, "--no-lines", "Blue tile"])
    #expect(measure.stdout.contains("; faces: Noto Sans Bold, Noto Sans; "), "\(measure.stdout)")
  }

  /// `Scripts/install --help` names the libraries the installed tool loads: not ICU, which
  /// a release build links statically (Package.swift: `:libicuuc.a` in release).
  @Test func installHelpSaysICUIsStatic() throws {
    let run = try CaliperTool.run(
      ["--help"], executable: URL(fileURLWithPath: TestFonts.root + "/Scripts/install"))
    #expect(run.status == 0)
    #expect(!run.stdout.contains("libicu72"), "\(run.stdout)")
    #expect(run.stdout.contains("ICU is linked in statically"))
    #expect(run.stdout.contains("share/man/man1/caliper.1"))
  }
}
