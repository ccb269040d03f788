import CaliperTestSupport
import Foundation
import Testing

/// One style schema: every style option, given the same value through `measure` flags,
/// `render` flags, a `serve` request, a layout text node and (where a span has the field)
/// a spans file, gives the same measurement; the same bad value gets the same message.
///
/// The numbers themselves are checked against hb-shape and Pango elsewhere (CaliperTests,
/// StyleOptionTests, LineOptionsCLITests); here each entry is compared with `measure`, and
/// `measure` with the default style, so that an entry that ignored the option would fail.
@Suite struct StyleAgreementTests {
  /// One style setting: the option's text and the JSON of the same value.
  struct Setting: Sendable {
    let option: String
    let text: String
    let key: String
    let json: String
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let settings: [Setting]
    var text = "Blue tile with a longer local label"
    var width = "120"
    /// Whether the option changes sizes or line positions of this text (a check that the
    /// option reached the measurement at all).
    var changes = true
    /// A spans file can carry the (first) setting.
    var inSpans = false
    /// Whether only line positions change (alignment): compared through the lines' x.
    var comparesLineX = false
    var testDescription: String { settings.map(\.option).joined(separator: " ") }
  }

  static func set(_ option: String, _ text: String, _ key: String, _ json: String) -> Setting {
    Setting(option: option, text: text, key: key, json: json)
  }

  static let cases: [Case] = [
    Case(settings: [set("--size", "20", "size", "20")], inSpans: true),
    Case(settings: [set("--font", "Noto Sans Mono", "font", #""Noto Sans Mono""#)], inSpans: true),
    Case(settings: [set("--locale", "ja", "locale", #""ja""#)], changes: false),
    // "longer local hy‐" (115.28 pt) fits 120 with hyphenation; without, four lines.
    Case(
      settings: [set("--hyphenation", "auto", "hyphenation", #""auto""#)],
      text: "Blue tile with a longer local hyphenation label"),
    // Filled 87.92 / 120 = 0.73 without hyphenation: a factor of 0.8 hyphenates, as auto.
    Case(
      settings: [set("--hyphenation", "0.8", "hyphenation", "0.8")],
      text: "Blue tile with a longer local hyphenation label"),
    Case(
      settings: [set("--features", "kern=0,liga=0", "features", #"["kern=0","liga=0"]"#)],
      text: "To Tower AVA", inSpans: true),
    Case(
      settings: [
        set("--font", "Inter", "font", #""Inter""#),
        set("--variations", "wght=700", "variations", #""wght=700""#),
      ], text: "Hamburgefonstiv"),
    Case(settings: [set("--system-fonts", "", "systemFonts", "true")], changes: false),
    Case(settings: [set("--letter-spacing", "1.5", "letterSpacing", "1.5")], inSpans: true),
    Case(settings: [set("--word-spacing", "4", "wordSpacing", "4")]),
    Case(settings: [set("--tab-stops", "20,50", "tabStops", "[20,50]")], text: "a\tb\tc"),
    Case(settings: [set("--tab-interval", "24", "tabInterval", "24")], text: "a\tb"),
    Case(settings: [set("--line-spacing", "4", "lineSpacing", "4")]),
    Case(settings: [set("--line-height-multiple", "1.5", "lineHeightMultiple", "1.5")]),
    Case(settings: [set("--line-height", "30", "lineHeight", "30")]),
    Case(
      settings: [set("--paragraph-spacing", "5", "paragraphSpacing", "5")],
      text: "Blue tile\nwith a label"),
    Case(settings: [set("--first-line-indent", "10", "firstLineIndent", "10")]),
    Case(settings: [set("--head-indent", "10", "headIndent", "10")]),
    Case(settings: [set("--line-limit", "1", "lineLimit", "1")]),
    Case(
      settings: [
        set("--line-limit", "1", "lineLimit", "1"),
        set("--truncation", "head", "truncation", #""head""#),
      ]),
    Case(
      settings: [
        set("--truncation", "tail", "truncation", #""tail""#),
        set("--height", "30", "height", "30"),
      ]),
    Case(
      settings: [set("--alignment", "center", "alignment", #""center""#)], width: "200",
      comparesLineX: true),
    Case(
      settings: [set("--text-wrap-style", "balance", "textWrapStyle", #""balance""#)],
      width: "200"),
    Case(
      settings: [
        set(
          "--spans", #"[{"start": 5, "end": 9, "bold": true, "size": 20}]"#, "spans",
          #"[{"start": 5, "end": 9, "bold": true, "size": 20}]"#)
      ]),
  ]

  /// What every entry reports: the size, the line count and each line's x.
  struct Summary: Equatable, CustomStringConvertible {
    var width: Double
    var height: Double
    var lineCount: Int
    var lineX: [Double]?

    /// What `render` prints: the same digits as the JSON (one choice of digits for people
    /// and programs), without the lines' x.
    var printed: Summary { Summary(width: width, height: height, lineCount: lineCount) }

    var description: String { "\(width) × \(height), \(lineCount) lines, x \(lineX ?? [])" }
  }

  static func temporary(_ contents: String) throws -> String {
    try TemporaryFiles.write(contents, named: "agree.json")
  }

  /// Command-line arguments for the settings; `--spans` gets a file, which
  /// `removeFiles(_:)` removes.
  static func arguments(_ settings: [Setting]) throws -> [String] {
    try settings.flatMap { setting -> [String] in
      if setting.option == "--spans" { return ["--spans", try temporary(setting.text)] }
      return setting.text.isEmpty ? [setting.option] : [setting.option + "=" + setting.text]
    }
  }

  /// Removes the spans files that `arguments(_:)` wrote.
  static func removeFiles(_ arguments: [String]) {
    for (option, value) in zip(arguments, arguments.dropFirst()) where option == "--spans" {
      TemporaryFiles.remove(value)
    }
  }

  static func jsonString(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [])
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  static func summary(ofResult result: [String: Any]) throws -> Summary {
    let size = try #require(result["size"] as? [String: Any])
    let lines = try #require(result["lines"] as? [[String: Any]])
    return Summary(
      width: size["width"] as? Double ?? -1, height: size["height"] as? Double ?? -1,
      lineCount: result["lineCount"] as? Int ?? -1,
      lineX: lines.map { $0["x"] as? Double ?? -1 })
  }

  static func measure(_ arguments: [String], _ row: Case) throws -> Summary {
    let run = try CLITests.caliper(
      ["measure", "--json", "--width", row.width] + arguments + ["--", row.text])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let results = try #require(object["results"] as? [[String: Any]])
    return try summary(ofResult: try #require(results.first))
  }

  static func render(_ arguments: [String], _ row: Case) throws -> Summary {
    let png = TemporaryFiles.path("agree.png")
    defer { TemporaryFiles.remove(png) }
    let run = try CLITests.caliper(
      ["render", "-o", png, "--no-overlays", "--width", row.width] + arguments + ["--", row.text])
    #expect(run.status == 0, "\(run.stderr)")
    // "…: W × H px; text 120.000 × 43.584 pt, 2 lines, …"
    let text = try #require(run.stdout.split(separator: ";").dropFirst().first)
    let words = text.split(separator: " ")
    try #require(words.count > 5, "\(run.stdout)")
    return Summary(
      width: Double(words[1]) ?? -1, height: Double(words[3]) ?? -1,
      lineCount: Int(words[5]) ?? -1)
  }

  static func serve(_ row: Case) throws -> Summary {
    let members = row.settings.map { "\"\($0.key)\": \($0.json)" }.joined(separator: ", ")
    let request =
      #"{"id": 1, "text": \#(jsonString(row.text)), "widths": [\#(row.width)], \#(members)}"#
    let run = try ServeTests.serve([request])
    let object = try CLITests.json(try #require(run.lines.first))
    let results = try #require(object["results"] as? [[String: Any]], "\(object)")
    return try summary(ofResult: try #require(results.first))
  }

  /// A layout whose root is the text node: style fields on the node, the proposed height
  /// on the command line (a layout proposes its own height).
  static func layout(_ row: Case, flags: [String]? = nil) throws -> Summary {
    var arguments = ["layout", "-", "--json", "--width", row.width] + (flags ?? [])
    var members = ""
    for setting in flags == nil ? row.settings : [] {
      if setting.key == "height" {
        arguments += ["--height", setting.text]
      } else {
        members += ", \"\(setting.key)\": \(setting.json)"
      }
    }
    let json = #"{"type": "text", "id": "t", "text": \#(jsonString(row.text))\#(members)}"#
    let run = try CLITests.caliper(arguments, stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    let node = try #require(nodes.first { $0["id"] as? String == "t" })
    let lines = try #require(node["lines"] as? [[String: Any]])
    return Summary(
      width: node["width"] as? Double ?? -1, height: node["height"] as? Double ?? -1,
      lineCount: lines.count, lineX: lines.map { $0["x"] as? Double ?? -1 })
  }

  /// A spans file with one span over the whole text carrying the setting.
  static func spans(_ row: Case) throws -> Summary {
    let setting = row.settings[0]
    let count = row.text.unicodeScalars.count
    let path = try temporary(
      #"[{"start": 0, "end": \#(count), "\#(setting.key)": \#(setting.json)}]"#)
    defer { TemporaryFiles.remove(path) }
    return try measure(["--spans", path], row)
  }

  @Test(arguments: cases)
  func everyEntryGivesTheSameMeasurement(_ row: Case) throws {
    let arguments = try Self.arguments(row.settings)
    defer { Self.removeFiles(arguments) }
    let measured = try Self.measure(arguments, row)
    if row.changes {
      let plain = try Self.measure([], row)
      #expect(measured != plain, "the option changed nothing")
    }
    var compared = measured
    if !row.comparesLineX { compared.lineX = nil }
    func same(_ other: Summary) -> Summary {
      var other = other
      if !row.comparesLineX { other.lineX = nil }
      return other
    }
    #expect(same(try Self.serve(row)) == compared, "serve")
    #expect(same(try Self.layout(row)) == compared, "layout")
    #expect(same(try Self.layout(row, flags: arguments)) == compared, "layout flags")
    #expect(try Self.render(arguments, row) == measured.printed, "render")
    if row.inSpans {
      #expect(same(try Self.spans(row)) == compared, "spans file")
    }
  }

  /// A locale one byte past the limit (`LocaleTag.maxBytes`).
  static let longLocale = String(repeating: "a", count: 129)

  /// A bad value for each field, and the message the schema gives it.
  static let badValues: [(Setting, String)] = [
    (
      set("--size", "0", "size", "0"),
      "font size 0 must be a number of points greater than 0 and at most 10000"
    ),
    (set("--features", "tnum=x=y", "features", #""tnum=x=y""#), "invalid font feature 'tnum=x=y'"),
    (set("--variations", "wght", "variations", #""wght""#), "invalid font variation 'wght'"),
    (
      set("--letter-spacing", "2000000", "letterSpacing", "2000000"),
      "letter spacing 2000000 must be a number of points from -1000000 to 1000000"
    ),
    (set("--tab-stops", "20,10", "tabStops", "[20,10]"), "tab stops must be strictly ascending"),
    (
      set("--line-height-multiple", "0", "lineHeightMultiple", "0"),
      "line height multiple 0 must be a number of points greater than 0 and at most 1000"
    ),
    (
      set("--line-limit", "0", "lineLimit", "0"),
      "line limit 0 must be a number of lines from 1 to 1000000"
    ),
    (
      set("--truncation", "sideways", "truncation", #""sideways""#),
      "truncation must be one of tail, middle, head, not 'sideways'"
    ),
    (
      set("--alignment", "diagonal", "alignment", #""diagonal""#),
      "alignment must be one of leading, center, trailing, justified, not 'diagonal'"
    ),
    (set("--locale", "", "locale", #""""#), "a locale must be a non-empty string"),
    (
      set("--locale", "en US", "locale", #""en US""#),
      #"locale "en US" is not a BCP 47 language tag (subtags of 1 to 8 letters or digits"#
    ),
    (
      set("--locale", longLocale, "locale", "\"\(longLocale)\""),
      "locale of 129 bytes is longer than the limit of 128"
    ),
    (
      set("--hyphenation", "sometimes", "hyphenation", #""sometimes""#),
      "hyphenation must be auto, none or a factor from 0 to 1, not 'sometimes'"
    ),
  ]

  @Test(arguments: 0..<badValues.count)
  func theSameBadValueGetsTheSameMessage(_ index: Int) throws {
    let (setting, message) = Self.badValues[index]
    let measure = try CLITests.caliper(["measure", setting.option + "=" + setting.text, "x"])
    #expect(measure.status == 64)
    #expect(measure.stderr.contains("Error: \(setting.option): \(message)"), "\(measure.stderr)")
    let render = try CLITests.caliper(
      ["render", "-o", "/dev/null", setting.option + "=" + setting.text, "x"])
    #expect(render.status == 64)
    #expect(render.stderr.contains("Error: \(setting.option): \(message)"), "\(render.stderr)")
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "x", "\#(setting.key)": \#(setting.json)}"#
    ])
    let response = try #require(served.lines.first)
    let error = try #require(try CLITests.json(response)["error"] as? [String: Any])
    #expect((error["message"] as? String)?.contains(message) == true, "\(error)")
    let layout = try CLITests.caliper(
      ["layout", "-"], stdin: #"{"type": "text", "text": "x", "\#(setting.key)": \#(setting.json)}"#
    )
    #expect(layout.status == 1)
    #expect(layout.stderr.contains("$.\(setting.key)"), "\(layout.stderr)")
    #expect(layout.stderr.contains(message), "\(layout.stderr)")
    let flags = try CLITests.caliper(
      ["layout", "-", setting.option + "=" + setting.text], stdin: #"{"type": "text", "text": "x"}"#
    )
    #expect(flags.status == 64)
    #expect(flags.stderr.contains("Error: \(setting.option): \(message)"), "\(flags.stderr)")
    guard ["size", "features", "variations", "letterSpacing"].contains(setting.key) else { return }
    let path = try Self.temporary(#"[{"start": 0, "end": 1, "\#(setting.key)": \#(setting.json)}]"#)
    defer { TemporaryFiles.remove(path) }
    let spans = try CLITests.caliper(["measure", "--spans", path, "x"])
    #expect(spans.status == 1)
    #expect(spans.stderr.contains("$[0].\(setting.key)"), "\(spans.stderr)")
    #expect(spans.stderr.contains(message), "\(spans.stderr)")
  }

  /// The span fields shared with the style read the same: a bad size in a spans file.
  @Test func spansFileSharesTheMessages() throws {
    let path = try Self.temporary(#"[{"start": 0, "end": 1, "size": 0}]"#)
    defer { TemporaryFiles.remove(path) }
    let run = try CLITests.caliper(["measure", "--spans", path, "x"])
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "$[0].size: font size 0 must be a number of points greater than 0 and at most 10000"),
      "\(run.stderr)")
  }

  /// `render --help` lists every style option `measure` has.
  @Test func renderTakesEveryStyleOption() throws {
    let render = try CLITests.caliper(["render", "--help"]).stdout
    for option in [
      "--features", "--variations", "--spans", "--letter-spacing", "--word-spacing", "--tab-stops",
      "--tab-interval", "--line-spacing", "--line-height-multiple", "--line-height",
      "--paragraph-spacing", "--first-line-indent", "--head-indent", "--line-limit",
      "--truncation", "--height", "--alignment", "--system-fonts", "--locale", "--font", "--size",
      "--input", "--text-file",
    ] {
      #expect(render.contains(option), "\(option)")
    }
  }
}
