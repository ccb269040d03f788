import Foundation
import Testing

/// `--system-fonts` and `--system-font-dir`: fallback to system faces, reported by path.
/// The system fonts are the library tests' fixture folder (Lohit Tamil, OFL), never the
/// machine's.
@Suite struct SystemFontCommandTests {
  static let folder = CLITests.root + "/Tests/CaliperTests/Fixtures/SystemFonts"
  static let lohit = folder + "/Lohit-Tamil.ttf"
  static let tamil = "தமிழ்"

  /// `hb-shape --font-size=1024 Lohit-Tamil.ttf "தமிழ்"` → 667 + 1008 + 824 = 2499 units of
  /// 1024 per em, at 16 pt.
  @Test func jsonListsTheSystemFaceByPath() throws {
    let run = try CLITests.caliper([
      "measure", "--json", "--no-lines", "--system-fonts", "--system-font-dir", Self.folder,
      Self.tamil,
    ])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let object = try CLITests.json(run.firstLine)
    #expect(object["faces"] as? [String] == [Self.lohit])
    #expect(object["missing"] as? [String] == [])
    let ideal = try #require(object["ideal"] as? [String: Any])
    let width = try #require(ideal["width"] as? Double)
    #expect(abs(width - 2499.0 * 16 / 1024) < 1e-6)
  }

  @Test func withoutTheFlagTheCharactersAreMissing() throws {
    let run = try CLITests.caliper([
      "measure", "--json", "--no-lines", "--system-font-dir", Self.folder, Self.tamil,
    ])
    #expect(run.status == 0)
    let object = try CLITests.json(run.firstLine)
    #expect((object["missing"] as? [String])?.count == 5)
    #expect(!(object["faces"] as? [String] ?? []).contains(Self.lohit))
  }

  @Test func tableNamesTheSystemFaceWithItsFile() throws {
    let run = try CLITests.caliper([
      "measure", "--system-fonts", "--system-font-dir", Self.folder, "Tamil \(Self.tamil)",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains("faces: Noto Sans, Lohit Tamil (\(Self.lohit))"))
  }

  @Test func fontsCommandShowsTheSystemFacesUsed() throws {
    let run = try CLITests.caliper([
      "fonts", "--system-fonts", "--system-font-dir", Self.folder, "Tamil \(Self.tamil)",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains("System faces used:\n  Lohit Tamil Regular  \(Self.lohit)\n"))
    #expect(!run.stdout.contains("Missing"))
  }

  @Test func familyWithWeightAndSlantFromTheFolder() throws {
    let run = try CLITests.caliper([
      "measure", "--json", "--no-lines", "--system-font-dir", Self.folder, "--font",
      "Lohit Tamil:weight=700:slant=italic", Self.tamil,
    ])
    #expect(run.status == 0)
    let object = try CLITests.json(run.firstLine)
    #expect(object["faces"] as? [String] == [Self.lohit])
  }

  @Test func familyTheFolderLacksIsAnError() throws {
    let run = try CLITests.caliper([
      "measure", "--system-font-dir", Self.folder, "--font", "DejaVu Sans:weight=700", "x",
    ])
    #expect(run.status == 1)
    #expect(run.stderr.contains("no font family named 'DejaVu Sans'"))
    #expect(run.stdout.isEmpty)
  }

  @Test func emptyFolderIsAUsageError() throws {
    let run = try CLITests.caliper(["measure", "--system-font-dir=", "x"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("--system-font-dir expects a folder"))
  }
}

extension SystemFontCommandTests {
  /// A layout text node's "systemFallback": the Tamil word takes Lohit Tamil's width,
  /// 2499 units of 1024 per em at 16 pt (`hb-shape --font-size=1024`).
  @Test func layoutTextNodeTakesSystemFallback() throws {
    let json = """
      {"root": {"type": "vstack", "children": [
        {"type": "text", "id": "on", "text": "\(Self.tamil)", "systemFallback": true},
        {"type": "text", "id": "off", "text": "\(Self.tamil)"}]}}
      """
    let run = try CLITests.caliper(
      ["layout", "-", "--json", "--system-font-dir", Self.folder], stdin: json)
    #expect(run.status == 0, "\(run.stderr)")
    let nodes = try #require(
      try CLITests.json(run.firstLine)["nodes"] as? [[String: Any]])
    let on = try #require(nodes.first { $0["id"] as? String == "on" })
    let off = try #require(nodes.first { $0["id"] as? String == "off" })
    #expect(abs((on["width"] as? Double ?? 0) - 2499.0 * 16 / 1024) < 1e-9)
    #expect(abs((off["width"] as? Double ?? 0) - 2499.0 * 16 / 1024) > 1)
    let bad = try CLITests.caliper(
      ["layout", "-"], stdin: #"{"root": {"type": "text", "text": "x", "systemFallback": 1}}"#)
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("$.root.systemFallback"))
  }
}
