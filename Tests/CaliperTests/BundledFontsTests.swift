import Caliper
import Foundation
import Testing

@Suite struct BundledFontsTests {
  @Test(arguments: BundledFonts.entries)
  func entryNamesMatchTheFontsNameTable(_ entry: BundledFonts.Entry) throws {
    let font = try TestFonts.library.get().font(path: TestFonts.directory + "/" + entry.file)
    #expect(font.familyName == entry.family)
    #expect(font.styleName == entry.style)
  }

  @Test func familyNamesResolveToBundledFiles() throws {
    let library = try TestFonts.library.get()
    #expect(try library.font(family: "noto sans mono").path.hasSuffix("/NotoSansMono-Regular.ttf"))
    #expect(try library.font(family: "Noto Sans Bold").path.hasSuffix("/NotoSans-Bold.ttf"))
    #expect(try library.font(family: "Noto Sans").path.hasSuffix("/NotoSans-Regular.ttf"))
  }

  @Test func metricsComeFromTheFontTables() throws {
    // Droid Sans Fallback's hhea: ascender 267, descender −68, line gap 0, 256 units per em;
    // OS/2 sCapHeight 183, sxHeight 137, yStrikeoutPosition 62, yStrikeoutSize 13; post
    // underlinePosition −20, underlineThickness 13 (fontTools).
    let font = try TestFonts.library.get().font(family: "Droid Sans Fallback")
    var expected = FontMetrics(
      unitsPerEm: 256, ascender: 267, descender: 68, lineGap: 0, capHeight: 183, xHeight: 137)
    expected.underlinePosition = -20
    expected.underlineThickness = 13
    expected.strikeoutPosition = 62
    expected.strikeoutThickness = 13
    #expect(font.metrics == expected)
  }

  @Test func environmentOverrideWins() throws {
    #expect(
      try BundledFonts.directory(environment: ["CALIPER_FONTS": TestFonts.directory])
        == TestFonts.directory)
    #expect(throws: CaliperError.fontsDirectoryNotFound(searched: ["/nonexistent"])) {
      try BundledFonts.directory(environment: ["CALIPER_FONTS": "/nonexistent"])
    }
  }

  /// Without configuration the fonts are SwiftPM's copy of the CaliperFonts resource beside
  /// the test executable (as beside any program linking Caliper): the checkout's files.
  @Test func resourceCopyIsFoundWithoutConfiguration() throws {
    let found = try BundledFonts.directory(environment: [:])
    #expect(found.hasSuffix("/Caliper_CaliperFonts.resources/Fonts"))
    for entry in BundledFonts.entries {
      let copy = try #require(FileManager.default.contents(atPath: found + "/" + entry.file))
      #expect(copy == FileManager.default.contents(atPath: TestFonts.directory + "/" + entry.file))
    }
  }

  @Test func badFontFilesAreClearErrors() throws {
    let library = try TestFonts.library.get()
    #expect(throws: CaliperError.self) { try library.font(path: "/nonexistent/font.ttf") }
    do {
      _ = try library.font(path: TestFonts.root + "/Package.swift")
      Issue.record("Package.swift opened as a font")
    } catch {
      #expect(error.description.contains("Package.swift"))
    }
    #expect(throws: CaliperError.unknownFontFamily("No Such Family 12345")) {
      try library.font(family: "No Such Family 12345")
    }
  }
}
