import CaliperTestSupport
import Foundation
import Testing

/// `caliper check` on hostile and broken catalogs: each refused with `file:line: what` on
/// stderr and exit 65, nothing read from outside the file, nothing expanded. (The giant
/// versions, a 100 MB attribute and a million units, run in Scripts/hostile with time and
/// memory bounds.)
@Suite struct CheckHostileTests {
  /// A catalog called `name` in a fresh folder; remove it with `TemporaryFiles.removeFolder(of:)`.
  static func write(_ name: String, _ bytes: Data) throws -> String {
    try TemporaryFiles.write(Array(bytes), namedExactly: name)
  }

  static func xliff(_ doctype: String, _ target: String) -> String {
    "<?xml version=\"1.0\"?>\n\(doctype)\n<xliff version=\"1.2\"><file target-language=\"de\">"
      + "<body><trans-unit id=\"a\"><target>\(target)</target></trans-unit></body></file></xliff>\n"
  }

  static var billionLaughs: String {
    var doctype = "<!DOCTYPE xliff [\n <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let inner = level == 1 ? "&lol;" : "&lol\(level - 1);"
      doctype += " <!ENTITY lol\(level) \"\(String(repeating: inner, count: 10))\">\n"
    }
    return xliff(doctype + "]>", "&lol9;")
  }

  static let externalEntity = xliff(
    "<!DOCTYPE xliff [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>", "&xxe;")

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let bytes: Data
    /// What stderr must say: "file:line: …".
    let line: Int
    let message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "billion laughs", file: "laughs.xlf", bytes: Data(billionLaughs.utf8), line: 3,
      message: "entity declarations are refused"),
    // In UTF-16 the declaration is not seen as bytes: libxml2's own loop check refuses it.
    Case(
      name: "billion laughs in UTF-16", file: "laughs16.xlf",
      bytes: billionLaughs.replacingOccurrences(
        of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"
      )
      .data(using: .utf16)!, line: 14, message: "Detected an entity reference loop"),
    Case(
      name: "external entity", file: "xxe.xlf", bytes: Data(externalEntity.utf8), line: 2,
      message: "entity declarations are refused"),
    Case(
      name: "external entity in UTF-16", file: "xxe16.xlf",
      bytes: externalEntity.replacingOccurrences(
        of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"
      )
      .data(using: .utf16)!, line: 1, message: "entity declarations are refused"),
    Case(
      name: "undefined entity", file: "undefined.xlf", bytes: Data(xliff("", "&foo;").utf8),
      line: 3, message: "Entity 'foo' not defined"),
    Case(
      name: "mismatched tag", file: "bad.xlf",
      bytes: Data(xliff("", "x</trarget><target>").utf8), line: 3,
      message: "Opening and ending tag mismatch"),
    // Over libxml2's 10 MB limit on one text (no XML_PARSE_HUGE).
    Case(
      name: "an 11 MB attribute", file: "attribute.xlf",
      bytes: Data(
        xliff("", "x").replacingOccurrences(
          of: "id=\"a\"", with: "id=\"" + String(repeating: "a", count: 11_000_000) + "\""
        ).utf8),
      line: 3, message: "huge"),
    Case(
      name: "JSON with a trailing comma", file: "app_de.arb",
      bytes: Data("{\n  \"save\": \"Speichern\",\n}\n".utf8), line: 3, message: "invalid JSON"),
    Case(
      name: "a .po line of no keyword", file: "de.po",
      bytes: Data("msgid \"a\"\nmsgstr \"b\"\n\nmsgfoo \"c\"\n".utf8), line: 4,
      message: "unrecognised keyword 'msgfoo'"),
    Case(
      name: "invalid UTF-8", file: "fr.po",
      bytes: Data("msgid \"a\"\nmsgstr \"\u{e9}\"\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }),
      line: 2, message: "not valid UTF-8"),
    Case(
      name: "not a catalog", file: "notes.txt", bytes: Data("hello".utf8), line: 0,
      message: "not a catalog Caliper reads"),
  ]

  @Test(arguments: cases)
  func refusedWithFileLineAndExit65(_ test: Case) throws {
    let path = try Self.write(test.file, test.bytes)
    defer { TemporaryFiles.removeFolder(of: path) }
    let run = try CaliperTool.run(["check", "--json", path])
    #expect(run.status == 65)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("\(path):\(test.line): "), "\(run.stderr)")
    #expect(run.stderr.contains(test.message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(!run.stderr.contains("root:"))  // nothing of /etc/passwd
  }

  /// A DTD named by URL is never fetched (no network, no DTD loading): the file is read.
  @Test func anExternalDTDIsNotLoaded() throws {
    let path = try Self.write(
      "dtd.xlf", Data(Self.xliff("<!DOCTYPE xliff SYSTEM \"http://127.0.0.1:9/x.dtd\">", "ok").utf8)
    )
    defer { TemporaryFiles.removeFolder(of: path) }
    let run = try CaliperTool.run(["check", "--json", path])
    #expect(run.status == 0)
    #expect(run.stdout.contains("\"text\":\"ok\""))
  }

  /// Many units (the million-unit file is in Scripts/hostile): read and checked, one JSON
  /// line each.
  @Test func manyUnits() throws {
    var units = ""
    for index in 0..<5_000 {
      units += "<trans-unit id=\"u\(index)\" maxwidth=\"50\"><target>OK</target></trans-unit>\n"
    }
    let path = try Self.write(
      "many.xlf",
      Data(
        Self.xliff("", "").replacingOccurrences(
          of: "<trans-unit id=\"a\"><target></target></trans-unit>", with: units
        ).utf8))
    defer { TemporaryFiles.removeFolder(of: path) }
    let run = try CaliperTool.run(["check", "--json", path])
    #expect(run.status == 0)
    #expect(run.stdout.split(separator: "\n").count == 5_000)
  }

  /// A file over --max-file-bytes is refused before it is parsed.
  @Test func aFileOverTheByteLimit() throws {
    let path = try Self.write("big.xlf", Data(Self.xliff("", "x").utf8))
    defer { TemporaryFiles.removeFolder(of: path) }
    let run = try CaliperTool.run(["check", "--max-file-bytes", "100", path])
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("\(path):0: "))
    #expect(run.stderr.contains("over the limit of 100 (--max-file-bytes)"))
  }
}
