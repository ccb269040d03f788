import CaliperTestSupport
import Foundation
import Testing

/// `caliper check`'s outputs, exit codes, placeholders and pseudo-localization.
@Suite struct CheckOutputTests {
  static let folder = CheckCommandTests.folder

  /// A catalog or constraints file called `name` in a fresh folder; remove it with
  /// `TemporaryFiles.removeFolder(of:)`.
  static func temporary(_ name: String, _ text: String) throws -> String {
    try TemporaryFiles.write(text, namedExactly: name)
  }

  /// The table lists the string that does not fit with hb-shape's numbers: "次へ" is two
  /// Droid Sans Fallback ideographs of 1000 units at 14 pt, 28 pt, and its limit is
  /// 27.995 pt (widths.json).
  @Test func tableOfTheStringsThatDoNotFit() throws {
    let path = Self.folder + "/xliff2/messages.ja.xlf"
    let run = try CaliperTool.run(["check", path])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        \(path) (ja): 1 of 5 do not fit
           line  key         allowed    needed  lines  overflow
              9  near.over    27.995    28.000    1/1     0.005
        5 strings in 1 file: 1 does not fit

        """)
    #expect(run.stderr == "")
  }

  @Test func sarifHasOneResultPerFailingStringWithItsFileAndLine() throws {
    let path = Self.folder + "/messages.xlf"
    let json = try CaliperTool.run(["check", "--json", path])
    let failing = json.stdout.split(separator: "\n").map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }.filter { !($0["fits"] as! Bool) }
    let run = try CaliperTool.run(["check", "--format", "sarif", path])
    #expect(run.status == 1)
    let sarif = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    #expect(sarif["version"] as? String == "2.1.0")
    let runs = sarif["runs"] as! [[String: Any]]
    let results = runs[0]["results"] as! [[String: Any]]
    #expect(results.count == failing.count)
    #expect(failing.count == 16)
    for (result, string) in zip(results, failing) {
      #expect(result["ruleId"] as? String == "caliper/overflow")
      let location =
        (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
      #expect((location["artifactLocation"] as! [String: Any])["uri"] as? String == path)
      #expect((location["region"] as! [String: Any])["startLine"] as? Int == string["line"] as? Int)
      let message = (result["message"] as! [String: Any])["text"] as! String
      #expect(message.hasPrefix("'\(string["key"]!)' (\(string["locale"]!)) does not fit: "))
    }
  }

  @Test func junitHasATestcasePerStringAndAFailurePerOverflow() throws {
    let run = try CaliperTool.run(["check", "--format", "junit", Self.folder + "/xliff2"])
    #expect(run.status == 1)
    #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
    #expect(run.stdout.components(separatedBy: "<testsuite ").count - 1 == 6)
    #expect(run.stdout.components(separatedBy: "<testcase ").count - 1 == 30)
    #expect(run.stdout.components(separatedBy: "<failure ").count - 1 == 12)
    // Well-formed: Python's XML parser reads it, in a process of its own (FoundationXML's
    // `XMLDocument` left libxml2's nodes allocated, which LeakSanitizer reported against the
    // test process under Scripts/sanitize).
    let file = try TemporaryFiles.write(run.stdout, named: "junit.xml")
    defer { TemporaryFiles.remove(file) }
    let count =
      "import sys, xml.etree.ElementTree as t\n"
      + "print(len(t.parse(sys.argv[1]).findall('.//testcase')))"
    let parsed = try #require(
      try runClient("python3", ["-c", count, file]), "python3 is not installed")
    #expect(parsed.status == 0, "\(parsed.stderr)")
    #expect(parsed.stdout == "30\n")
  }

  struct Usage: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Usage(arguments: [], message: "missing a catalog file or folder to check"),
    Usage(
      arguments: ["--format", "xml", "x.xlf"],
      message: "--format must be table, json, sarif or junit"),
    Usage(arguments: ["--expand", "50", "x.xlf"], message: "--expand needs --pseudo"),
    Usage(
      arguments: ["--json", "--format", "sarif", "x.xlf"], message: "ask for different outputs"),
    Usage(arguments: ["--size", "0", "x.xlf"], message: "--size: font size 0"),
    Usage(arguments: ["--scale", "0", "x.xlf"], message: "--scale"),
  ])
  func usageErrorsExit64(_ test: Usage) throws {
    let run = try CaliperTool.run(["check"] + test.arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: "))
    #expect(run.stderr.contains(test.message), "\(run.stderr)")
    #expect(run.stderr.contains("Usage: caliper check"))
  }

  @Test func everyStringFitsExits0() throws {
    let constraints = try Self.temporary("wide.json", "{\"*\": {\"width\": 1000, \"size\": 14}}")
    defer { TemporaryFiles.removeFolder(of: constraints) }
    let run = try CaliperTool.run(
      ["check", "--constraints", constraints, Self.folder + "/android/res/values-ja"])
    #expect(run.status == 0)
    #expect(run.stdout.hasSuffix("5 strings in 1 file: 0 do not fit\n"))
  }

  @Test func aBadConstraintsFileExits65WithItsLine() throws {
    let constraints = try Self.temporary(
      "bad.json", "{\n  \"*\": {\"size\": 14},\n  \"save\": {\"widht\": 10}\n}\n")
    defer { TemporaryFiles.removeFolder(of: constraints) }
    let run = try CaliperTool.run(["check", "--constraints", constraints, Self.folder + "/arb"])
    #expect(run.status == 65)
    #expect(run.stderr == "\(constraints):3: 'save': unknown key 'widht'\n")
    let missing = try CaliperTool.run(["check", "/no/such/catalog.xlf"])
    #expect(missing.status == 65)
    #expect(missing.stderr.hasPrefix("/no/such/catalog.xlf:0: cannot read"))
  }

  /// Each placeholder kind replaced by its sample: the constraint's (the widest of a
  /// list, "Maximiliana" being wider than "Al" in any Latin font), the format's, or the
  /// documented default.
  @Test func placeholdersAreReplacedBySamples() throws {
    let po = try Self.temporary(
      "de.po",
      """
      msgid "a"
      msgstr "%1$s hat %d Dateien zu %.2f %% und {name}"

      """)
    defer { TemporaryFiles.removeFolder(of: po) }
    let constraints = try Self.temporary(
      "samples.json", "{\"a\": {\"width\": 1000, \"samples\": {\"1\": [\"Al\", \"Maximiliana\"]}}}")
    defer { TemporaryFiles.removeFolder(of: constraints) }
    let run = try CaliperTool.run(["check", "--json", "--constraints", constraints, po])
    #expect(run.status == 0)
    #expect(
      run.stdout.contains(
        "\"measured\":\"Maximiliana hat 100 Dateien zu 100.00 % und Placeholder\""))
  }

  /// Pseudo-localization of the source "Save %d": accented, the placeholder kept, bracketed,
  /// and padded by 100 % ("Save " is 5 characters up to 10 → 5 characters of " one two…")
  /// or by --expand 50 (⌈2.5⌉ = 3).
  @Test func pseudoLocalizationOfTheSource() throws {
    let xliff = try Self.temporary(
      "p.xlf",
      """
      <xliff version="1.2"><file target-language="de"><body>
      <trans-unit id="save" maxwidth="1000" size-unit="point"><source>Save %d</source></trans-unit>
      </body></file></xliff>
      """)
    defer { TemporaryFiles.removeFolder(of: xliff) }
    let run = try CaliperTool.run(["check", "--json", "--pseudo", xliff])
    #expect(run.stdout.contains("\"measured\":\"[Šáṽé 100 one ]\""), "\(run.stdout)")
    let expanded = try CaliperTool.run(["check", "--json", "--pseudo", "--expand", "50", xliff])
    #expect(expanded.stdout.contains("\"measured\":\"[Šáṽé 100 on]\""), "\(expanded.stdout)")
  }
}

/// `--contact-sheets DIR`: a contact sheet per locale of the strings that do not fit.
@Suite struct CheckContactSheetTests {
  @Test func oneSheetPerLocaleOfTheFailingStrings() throws {
    let folder = try TemporaryFiles.directory("sheets")
    defer { TemporaryFiles.remove(folder) }
    let run = try CaliperTool.run(
      ["check", "--contact-sheets", folder, CheckCommandTests.folder + "/xliff2/messages.de.xlf"])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    // 3 strings of de do not fit (the table above it says so); one sheet, de.png.
    #expect(run.stdout.contains("\(folder)/de.png: "))
    #expect(run.stdout.contains(" px, 3 strings\n"))
    let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/de.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  /// A folder that does not exist yet is made, with the folders above it (it was an error:
  /// "PNG …/de.png: No such file or directory"); a file in the way is named.
  @Test func missingFoldersAreMadeAndAFileInTheWayIsNamed() throws {
    let root = TemporaryFiles.path("sheets")
    defer { TemporaryFiles.remove(root) }
    let catalog = CheckCommandTests.folder + "/xliff2/messages.de.xlf"
    let made = try CaliperTool.run(["check", "--contact-sheets", root + "/a/b", catalog])
    #expect(made.status == 1)
    #expect(made.stderr == "")
    #expect(FileManager.default.fileExists(atPath: root + "/a/b/de.png"))
    try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
    let blocked = try CaliperTool.run(["check", "--contact-sheets", root + "/file/c", catalog])
    #expect(blocked.status == 1)
    #expect(
      blocked.stderr.contains("--contact-sheets \(root)/file/c: \(root)/file is not a folder"))
  }
}

/// XLIFF 2's `slr:storageRestriction`: bytes of the file's storage profile, counted on the
/// translation as stored. "Größe" is 7 bytes of UTF-8 (ö and ß take two each) and 10 of
/// UTF-16 (5 code units of 2 bytes).
@Suite struct CheckStorageRestrictionTests {
  static func xliff(_ profile: String) -> String {
    """
    <xliff version="2.1" srcLang="en" trgLang="de" xmlns="urn:oasis:names:tc:xliff:document:2.0"
        xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0">
      <file id="f"><slr:profiles generalProfile="caliper" storageProfile="\(profile)"/>
        <unit id="size" slr:storageRestriction="8"><segment><source>Size</source><target>Größe</target></segment></unit>
      </file>
    </xliff>
    """
  }

  @Test(arguments: [("xliff:utf8", 7, true), ("xliff:utf16", 10, false)])
  func bytesOfTheStorageProfile(_ profile: String, _ bytes: Int, _ fits: Bool) throws {
    let path = try CheckOutputTests.temporary("storage.xlf", Self.xliff(profile))
    defer { TemporaryFiles.removeFolder(of: path) }
    let run = try CaliperTool.run(["check", "--json", path])
    #expect(run.status == (fits ? 0 : 1))
    #expect(run.stdout.contains("\"fits\":\(fits)"), "\(run.stdout)")
    #expect(run.stdout.contains("\"allowed\":{\"bytes\":8}"), "\(run.stdout)")
    #expect(run.stdout.contains("\"bytes\":\(bytes)}"), "\(run.stdout)")
  }
}
