import CaliperTestSupport
import Foundation
import Testing

/// libfontconfig is loaded only when a system font is first asked for (CFontconfig, by
/// dlopen). Where it cannot be loaded, a request for a system family or for fallback to the
/// system's fonts fails with the loader's reason and a non-zero exit, not "no such family"
/// or characters silently missing; the bundled fonts still measure. The library is made
/// unloadable for one process: `LD_LIBRARY_PATH` names a folder whose `libfontconfig.so.1` is
/// an empty file, which the loader finds first and refuses ("file too short").
@Suite struct FontconfigMissingTests {
  /// Runs caliper with `LD_LIBRARY_PATH` naming a fresh folder that holds an empty
  /// `libfontconfig.so.1`, removed when the run ends.
  static func caliper(_ arguments: [String]) throws -> ToolRun {
    let folder = try TemporaryFiles.directory("no-fontconfig")
    defer { TemporaryFiles.remove(folder) }
    _ = FileManager.default.createFile(atPath: folder + "/libfontconfig.so.1", contents: Data())
    return try CaliperTool.run(arguments, environment: ["LD_LIBRARY_PATH": folder])
  }

  @Test(arguments: [
    ["measure", "--font", "DejaVu Sans", "--width", "100", "Hello"],
    ["measure", "--system-fonts", "--json", "--no-lines", "தமிழ்"],
    ["measure", "--system-fonts", "--system-font-dir", SystemFontCommandTests.folder, "Hello"],
  ])
  func systemFontsSayWhyTheyCannotBeUsed(arguments: [String]) throws {
    let run = try Self.caliper(arguments)
    #expect(run.status != 0)
    #expect(run.stderr.contains("system fonts need libfontconfig"), "\(run.stderr)")
    #expect(run.stderr.contains("libfontconfig.so.1"), "\(run.stderr)")
    #expect(!run.stderr.contains("no font family named"), "\(run.stderr)")
  }

  @Test func bundledFontsStillMeasure() throws {
    let run = try Self.caliper(["measure", "--json", "--no-lines", "--width", "100", "Hello"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let object = try CLITests.json(run.firstLine)
    #expect((object["faces"] as? [String])?.first?.hasSuffix("NotoSans-Regular.ttf") == true)
  }
}
