import CaliperTestSupport
import Foundation
import Testing

/// `caliper check` against catalogs whose verdicts come from HarfBuzz, not from Caliper:
/// `Scripts/check-fixtures` wrote the catalogs and `widths.json`, each string's width from
/// `hb-shape` (glyph advances at the font's units per em × 14 / units per em) and its lines
/// from greedy breaking at spaces with each line shaped whole. Each string's verdict must
/// be the one those widths give, its needed width must agree with them to 0.001 pt, and the
/// strings within 0.005 pt of their limit ("near.fit", "near.over") must fall on the right side.
@Suite struct CheckCommandTests {
  static let folder = CLITests.root + "/Tests/CaliperCLITests/Fixtures/check"
  static let constraints = folder + "/constraints.json"

  /// One row of widths.json.
  struct Expected {
    let width: Double
    let lines: Int
    let graphemes: Int
    let measured: String
    let allowedWidth: Double?
    let allowedLines: Int?
    let allowedCharacters: Int?

    /// The verdict HarfBuzz's widths give.
    var fits: Bool {
      if let characters = allowedCharacters { return graphemes <= characters }
      return width <= allowedWidth! + 1e-6 && lines <= (allowedLines ?? 1)
    }
  }

  static let expected: [String: Expected] = {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + "/widths.json"))
    let rows = try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
    var table: [String: Expected] = [:]
    for row in rows {
      let allowed = row["allowed"] as! [String: Any]
      table["\(row["locale"]!) \(row["key"]!)"] = Expected(
        width: row["width"] as! Double, lines: row["lines"] as! Int,
        graphemes: row["graphemes"] as! Int, measured: row["measured"] as! String,
        allowedWidth: allowed["width"] as? Double, allowedLines: allowed["lines"] as? Int,
        allowedCharacters: allowed["characters"] as? Int)
    }
    return table
  }()

  /// gettext's plural forms by index, per locale, as the fixture script wrote them.
  static let poForms = [
    "de": ["one", "other"], "fr": ["one", "other"], "ru": ["one", "few", "many"],
  ]

  /// The widths.json row of a checked string: keys as each format spells them.
  static func row(_ object: [String: Any]) -> Expected? {
    let locale = object["locale"] as! String
    var key = object["key"] as! String
    if let row = expected["\(locale) \(key)"] { return row }
    if key.hasSuffix("." + locale) { key = String(key.dropLast(locale.count + 1)) }
    key = key.replacingOccurrences(of: ":plural.", with: ":")
    if key.hasPrefix("%d file deleted:"), let index = Int(key.split(separator: ":").last!) {
      key = "files:" + poForms[locale]![index]
    }
    return expected["\(locale) \(key)"]
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    /// How many strings the catalogs hold (from their structure: 6 locales × 5 strings,
    /// plural forms in de, fr and ru, …).
    let count: Int
    var testDescription: String {
      arguments.last!.split(separator: "/").suffix(2).joined(separator: "/")
    }
  }

  static let cases: [Case] = [
    // 6 × (save, near.fit, near.over, settings.title, welcome, short.label) + 2 + 2 + 4 plurals.
    Case(arguments: [folder + "/messages.xlf"], count: 44),
    Case(arguments: [folder + "/xliff2"], count: 30),
    // 6 × 5 + plurals 2 + 2 + 4.
    Case(arguments: ["--constraints", constraints, folder + "/android"], count: 38),
    // 6 × 5 (the fuzzy entry skipped) + msgstr[n] 2 + 2 + 3.
    Case(arguments: ["--constraints", constraints, folder + "/po"], count: 37),
    Case(arguments: ["--constraints", constraints, folder + "/arb"], count: 38),
    // English: 3 keys + 12 near keys + 2 plural forms; 6 locales × 5; plurals 2 + 2 + 4.
    Case(arguments: ["--constraints", constraints, folder + "/Localizable.xcstrings"], count: 55),
  ]

  @Test(arguments: cases)
  func verdictsAgreeWithHarfBuzzWidths(_ test: Case) throws {
    let run = try CaliperTool.run(["check", "--json"] + test.arguments)
    #expect(run.stderr == "")
    let objects = run.stdout.split(separator: "\n").map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(objects.count == test.count)
    var failing = 0
    for object in objects {
      let key = "\(object["locale"]!) \(object["key"]!)"
      guard let row = Self.row(object) else {
        Issue.record("no expected width for \(key)")
        continue
      }
      // The line is the string's: it names its key, its plural form or its locale.
      let file = object["file"] as! String
      let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
      let line = object["line"] as! Int
      let stringKey = object["key"] as! String
      let names = [
        String(stringKey.split(separator: ":").first!), "\"\(object["locale"]!)\"",
        "\"\(stringKey.split { $0 == ":" || $0 == "." }.last!)\"",
      ]
      #expect(
        (1...lines.count).contains(line) && names.contains { lines[line - 1].contains($0) },
        "\(key): line \(line)")
      let fits = object["fits"] as! Bool
      #expect(fits == row.fits, "\(key): Caliper says fits=\(fits), hb-shape's width \(row.width)")
      if !fits { failing += 1 }
      #expect(object["measured"] as? String == row.measured, "\(key)")
      let needed = object["needed"] as! [String: Any]
      let width = needed["width"] as! Double
      #expect(abs(width - row.width) < 0.001, "\(key): \(width) vs hb-shape \(row.width)")
      let allowed = object["allowed"] as! [String: Any]
      if let allowedWidth = row.allowedWidth {
        #expect(abs((allowed["width"] as? Double ?? -1) - allowedWidth) < 1e-9, "\(key) allowed")
      } else {
        #expect(allowed["characters"] as? Int == row.allowedCharacters, "\(key) allowed")
      }
    }
    #expect(run.status == (failing > 0 ? 1 : 0))
  }

  /// The near-limit strings: 0.005 pt over their width fits, 0.005 pt under does not.
  @Test func stringsWithinAHundredthOfAPointOfTheirLimit() throws {
    let run = try CaliperTool.run(["check", "--json", Self.folder + "/messages.xlf"])
    var seen = 0
    for line in run.stdout.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let key = object["key"] as! String
      guard key.hasPrefix("near.") else { continue }
      seen += 1
      let needed = (object["needed"] as! [String: Any])["width"] as! Double
      let allowed = (object["allowed"] as! [String: Any])["width"] as! Double
      #expect(abs(needed - allowed) < 0.01)
      #expect(object["fits"] as! Bool == (key == "near.fit"), "\(object["locale"]!) \(key)")
    }
    #expect(seen == 12)
  }
}
