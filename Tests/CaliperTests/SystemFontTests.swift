import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// System fonts through fontconfig, with configurations of the tests' own folders only
/// (`SystemFontConfiguration.directories`), so no result depends on the machine's fonts.
///
/// Fixtures/SystemFonts holds Lohit Tamil (Debian's fonts-lohit-taml, OFL): Tamil is a
/// script no bundled face covers (`hb-shape` gives glyph 0 for U+0BA4 in each of them).
/// Its expected widths are `hb-shape --font-size=1024` (its units per em) on the file:
///   "தமிழ்"  → 667 + 1008 + 824 = 2499 units; a space after it 307.
@Suite struct SystemFontTests {
  static let tamilFolder = TestFonts.fixtures + "/SystemFonts"
  static let lohit = tamilFolder + "/Lohit-Tamil.ttf"
  static let tamil = "தமிழ்"

  static func library(_ folders: [String] = [tamilFolder]) throws -> FontLibrary {
    try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0),
      systemFonts: .directories(folders))
  }

  static func style(fallback: Bool, fonts: [FontReference] = []) -> TextStyle {
    TextStyle(size: 16, fonts: fonts, systemFallback: fallback)
  }

  @Test func uncoveredClusterTakesTheSystemFace() throws {
    let fonts = try Self.library()
    let text = try fonts.prepare(Self.tamil, style: Self.style(fallback: true))
    #expect(text.missing.isEmpty)
    #expect(text.missingGlyphCount == 0)
    #expect(text.faces.map(\.path) == [Self.lohit])
    #expect(text.faces.first?.familyName == "Lohit Tamil")
    #expect(abs(text.idealWidth - 2499.0 * 16 / 1024) < 1e-9)
  }

  @Test func withoutFallbackTheClusterIsMissing() throws {
    let fonts = try Self.library()
    let text = try fonts.prepare(Self.tamil, style: Self.style(fallback: false))
    #expect(text.missing.map(\.value) == [0x0BA4, 0x0BAE, 0x0BBF, 0x0BB4, 0x0BCD])
    #expect(!text.faces.map(\.path).contains(Self.lohit))
    #expect(fonts.systemFontQueries == 0)
  }

  /// Noto Sans (units per em 1000) for the Latin words, Lohit Tamil for the Tamil one and
  /// the space after it (a space stays in the face of its run):
  /// `hb-shape --font-size=1000 NotoSans-Regular.ttf "Tamil "` → 476+561+935+258+258+260
  /// = 2748; `"text"` → 361+544+529+361 = 1795; Lohit "தமிழ் " → 2499 + 307 = 2806 / 1024.
  @Test func mixedTextUsesBothFacesAndReportsThem() throws {
    let fonts = try Self.library()
    let text = try fonts.prepare("Tamil \(Self.tamil) text", style: Self.style(fallback: true))
    let expected = (2748.0 + 1795) * 16 / 1000 + 2806.0 * 16 / 1024
    #expect(abs(text.idealWidth - expected) < 1e-9)
    #expect(text.faces.map(\.path) == [TestFonts.directory + "/NotoSans-Regular.ttf", Self.lohit])
    #expect(text.faceRuns.map(\.font.familyName) == ["Noto Sans", "Lohit Tamil", "Noto Sans"])
    // The line's height takes the fallback face's metrics into account.
    let latin = try fonts.prepare("Tamil text", style: Self.style(fallback: true))
    let tamilOnly = try fonts.prepare(Self.tamil, style: Self.style(fallback: true))
    let mixedHeight = text.sizeThatFits(.unspecified).size.height
    #expect(
      mixedHeight
        >= max(
          latin.sizeThatFits(.unspecified).size.height,
          tamilOnly.sizeThatFits(.unspecified).size.height) - 1e-9)
    // Wrapped at the Tamil word's edge, the lines are the words.
    let lines = text.measure(ProposedViewSize(width: 50, height: nil)).lines.map(\.text)
    #expect(lines == ["Tamil ", "\(Self.tamil) ", "text"])
  }

  /// The cascade's faces come first: a style's own font that covers a cluster keeps it.
  @Test func fallbackComesAfterTheWholeCascade() throws {
    let fonts = try Self.library()
    let text = try fonts.prepare(
      Self.tamil, style: Self.style(fallback: true, fonts: [.file(Self.lohit)]))
    #expect(text.faces.map(\.path) == [Self.lohit])
    #expect(fonts.systemFontQueries == 0)
  }

  /// Text the bundled fonts cover measures the same with fallback on, and fontconfig is
  /// never asked.
  @Test func bundledMeasurementIsUnchangedAndFontconfigUnused() throws {
    let fonts = try Self.library()
    var compared = 0
    for paragraph in TestFonts.paragraphs {
      let plain = try fonts.prepare(paragraph, style: Self.style(fallback: false))
      guard plain.missing.isEmpty else { continue }
      let asked = try fonts.prepare(paragraph, style: Self.style(fallback: true))
      #expect(asked.faces.map(\.path) == plain.faces.map(\.path))
      #expect(asked.idealWidth == plain.idealWidth)
      #expect(asked.minWidth == plain.minWidth)
      for width in [120.0, 333.0] {
        let proposal = ProposedViewSize(width: width, height: nil)
        #expect(asked.measure(proposal).lines == plain.measure(proposal).lines)
      }
      compared += 1
    }
    #expect(compared > 10)
    #expect(fonts.systemFontQueries == 0)
  }

  /// The same with the machine's own configuration (the default): for covered text
  /// fontconfig is never loaded, so what is installed cannot matter.
  @Test func installedConfigurationIsNotLoadedForCoveredText() throws {
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    #expect(fonts.systemFontConfiguration == .installed)
    let plain = try TestFonts.library.get()
    for paragraph in TestFonts.paragraphs.prefix(20) {
      let expected = try plain.prepare(paragraph)
      guard expected.missing.isEmpty else { continue }
      let asked = try fonts.prepare(paragraph, style: Self.style(fallback: true))
      #expect(asked.idealWidth == expected.idealWidth)
    }
    #expect(fonts.systemFontQueries == 0)
  }

  /// Answers are cached per cluster: preparing the same text again asks fontconfig no more.
  @Test func fallbackAnswersAreCached() throws {
    let fonts = try Self.library()
    _ = try fonts.prepare(Self.tamil, style: Self.style(fallback: true))
    let first = fonts.systemFontQueries
    #expect(first == 3)  // three clusters: த, மி, ழ்
    _ = try fonts.prepare(Self.tamil + " " + Self.tamil, style: Self.style(fallback: true))
    #expect(fonts.systemFontQueries == first)
  }

  /// A character no system face has either stays missing, and the rest still measures.
  @Test func characterNoFaceHasStaysMissing() throws {
    let fonts = try Self.library()
    // U+10D0 GEORGIAN LETTER AN: neither a bundled face nor Lohit Tamil has it.
    let text = try fonts.prepare("\u{10D0}\(Self.tamil)", style: Self.style(fallback: true))
    #expect(text.missing.map(\.value) == [0x10D0])
    #expect(text.faces.map(\.path).contains(Self.lohit))
  }

  /// With the most fonts a style may name, the fallback face takes the cascade's last
  /// index (`FontCascade.mostFaces` - 1), far past the `FaceMask` bits (from 63 up a
  /// line's faces are found by scanning), and the lines measure as with the fallback face
  /// at index 1.
  @Test func fallbackFaceAtTheCascadeBound() throws {
    let fonts = try Self.library()
    let noto = FontReference.file(TestFonts.directory + "/NotoSans-Regular.ttf")
    let roomy = Self.style(
      fallback: true,
      fonts: Array(repeating: noto, count: FontCascade.mostFaces - BundledFonts.cascade.count))
    let far = try fonts.prepare("a \(Self.tamil)", style: roomy)
    let near = try fonts.prepare("a \(Self.tamil)", style: Self.style(fallback: true))
    #expect(far.missing.isEmpty)
    #expect(far.faces.map(\.path) == near.faces.map(\.path))
    #expect(far.idealWidth == near.idealWidth)
    let proposal = ProposedViewSize(width: 20, height: nil)
    #expect(far.measure(proposal).lines.map(\.height) == near.measure(proposal).lines.map(\.height))
    #expect(far.sizeThatFits(.unspecified).size == near.sizeThatFits(.unspecified).size)
  }

  /// Many threads falling back at once through one library agree with one thread.
  @Test func concurrentFallbackAgrees() throws {
    let fonts = try Self.library()
    let texts = (0..<64).map { $0 % 2 == 0 ? "\(Self.tamil) \($0)" : "Latin \($0) \(Self.tamil)" }
    let batch = TextBatch(fonts: fonts, style: Self.style(fallback: true))
    let parallel = batch.prepare(texts, jobs: 4) { $0.idealWidth }
    let serial = batch.prepare(texts, jobs: 1) { $0.idealWidth }
    #expect(try parallel.map { try $0.get() } == serial.map { try $0.get() })
    #expect(
      try batch.prepare(texts, jobs: 1) { $0.missing.count }.map { try $0.get() }.allSatisfy {
        $0 == 0
      })
  }

  /// A configuration of an empty folder has no system fonts: the same text stays missing.
  @Test func emptyConfigurationHasNoFaces() throws {
    let empty = try TemporaryFolder()
    let fonts = try Self.library([empty.path])
    let text = try fonts.prepare(Self.tamil, style: Self.style(fallback: true))
    #expect(text.missing.count == 5)
    #expect(fonts.systemFontQueries == 3)
  }

  // MARK: Families, weights and slants

  /// A family that the configuration does not have is an error, although fontconfig
  /// answers with its best substitute (here the only font it has).
  @Test func unknownFamilyIsAnErrorNotASubstitute() throws {
    let fonts = try Self.library()
    #expect(throws: CaliperError.unknownFontFamily("DejaVu Sans")) {
      try fonts.prepare("x", style: TextStyle(fonts: [.family("DejaVu Sans")]))
    }
    #expect(try fonts.font(family: "lohit tamil").path == Self.lohit)
    // Matches are cached: the second lookup does not ask fontconfig.
    let asked = fonts.systemFontQueries
    #expect(try fonts.font(family: "lohit tamil").path == Self.lohit)
    #expect(fonts.systemFontQueries == asked)
    let weighted = FontDescriptor(family: "Lohit Tamil", weight: 700, slant: .italic)
    // The family has one face: the nearest weight and slant is that face.
    #expect(try fonts.font(weighted).path == Self.lohit)
  }

  /// Two weights of one family in a folder: the descriptor's weight picks the face.
  /// The family is Noto Sans renamed "Noto Sanz" in its name table (same length, so no
  /// other byte moves), so that it is not a bundled family. Widths of "Hello":
  /// `hb-shape --font-size=1000 NotoSans-Regular.ttf Hello` → 741+564+258+258+605 = 2426;
  /// NotoSans-Bold.ttf → 765+591+305+305+619 = 2585.
  @Test(arguments: [
    (400, 2426.0, "Regular"), (300, 2426, "Regular"), (700, 2585, "Bold"), (900, 2585, "Bold"),
  ])
  func weightPicksTheFace(weight: Int, units: Double, file: String) throws {
    let folder = try TemporaryFolder()
    for style in ["Regular", "Bold"] {
      let data = try Data(
        contentsOf: URL(fileURLWithPath: TestFonts.directory + "/NotoSans-\(style).ttf"))
      let renamed = Self.replacing(
        Self.replacing(data, "Noto Sans", "Noto Sanz"), "NotoSans", "NotoSanz")
      try renamed.write(to: URL(fileURLWithPath: folder.path + "/NotoSanz-\(style).ttf"))
    }
    let fonts = try Self.library([folder.path])
    let descriptor = FontDescriptor(family: "Noto Sanz", weight: weight)
    let text = try fonts.prepare(
      "Hello", style: TextStyle(size: 16, fonts: [.descriptor(descriptor)]))
    #expect(text.faces.map(\.path) == [folder.path + "/NotoSanz-\(file).ttf"])
    #expect(abs(text.idealWidth - units * 16 / 1000) < 1e-9)
  }

  /// A variable font: the bundled Inter takes the descriptor's weight on its `wght` axis;
  /// a system one (Inter renamed "Intex") takes the weight of the named instance fontconfig
  /// matches (650 → Semi Bold, 600). Widths of "Hamburgefonstiv" from
  /// `hb-shape --font-size=2816 --variations=wght=W Inter-roman.var.ttf` (units per em
  /// 2816): wght 700 → 23991 units, wght 600 → 23617.
  @Test(arguments: [
    ("Inter", 700, 700.0, 23991.0), ("Intex", 700, 700, 23991), ("Intex", 650, 600, 23617),
  ])
  func variableFontTakesTheWeight(family: String, weight: Int, wght: Double, units: Double) throws {
    let folder = try TemporaryFolder()
    let data = try Data(
      contentsOf: URL(fileURLWithPath: TestFonts.directory + "/Inter-roman.var.ttf"))
    try Self.replacing(data, "Inter", "Intex").write(
      to: URL(fileURLWithPath: folder.path + "/Intex.ttf"))
    let fonts = try Self.library([folder.path])
    let descriptor = FontDescriptor(family: family, weight: weight)
    let font = try fonts.font(descriptor)
    #expect(font.variations.map(\.description) == ["wght=\(Int(wght))"])
    let text = try fonts.prepare(
      "Hamburgefonstiv", style: TextStyle(size: 16, fonts: [.descriptor(descriptor)]))
    #expect(
      text.faces.map(\.path) == [
        family == "Inter"
          ? TestFonts.directory + "/Inter-roman.var.ttf" : folder.path + "/Intex.ttf"
      ])
    #expect(abs(text.idealWidth - units * 16 / 2816) < 1e-9)
  }

  /// Bundled families resolve among the bundled faces, never through fontconfig.
  @Test(arguments: [
    (FontDescriptor(family: "Noto Sans"), "NotoSans-Regular.ttf"),
    (FontDescriptor(family: "noto sans", weight: 700), "NotoSans-Bold.ttf"),
    (FontDescriptor(family: "Noto Sans", slant: .italic), "NotoSans-Italic.ttf"),
    (FontDescriptor(family: "Noto Sans", weight: 800, slant: .oblique), "NotoSans-BoldItalic.ttf"),
    (FontDescriptor(family: "Noto Sans Mono", weight: 700), "NotoSansMono-Regular.ttf"),
  ])
  func bundledFamilyDescriptor(descriptor: FontDescriptor, file: String) throws {
    let fonts = try Self.library()
    #expect(try fonts.font(descriptor).path == TestFonts.directory + "/" + file)
    #expect(fonts.systemFontQueries == 0)
  }

  @Test func descriptorsParseFromText() {
    #expect(
      FontReference("DejaVu Sans:weight=700:slant=italic")
        == .descriptor(FontDescriptor(family: "DejaVu Sans", weight: 700, slant: .italic)))
    #expect(
      FontReference("DejaVu Sans:width=75")
        == .descriptor(FontDescriptor(family: "DejaVu Sans", width: 75)))
    #expect(FontReference("DejaVu Sans:weight=bold") == .family("DejaVu Sans:weight=bold"))
    #expect(FontReference("DejaVu Sans:weight=1200") == .family("DejaVu Sans:weight=1200"))
    let descriptor = FontDescriptor(
      family: "DejaVu Sans", weight: 300, width: 87.5, slant: .oblique)
    #expect(
      FontReference(FontReference.descriptor(descriptor).description) == .descriptor(descriptor))
    #expect(
      FontReference(FontReference.descriptor(FontDescriptor(family: "A")).description)
        == .descriptor(FontDescriptor(family: "A")))
  }

  @Test func descriptorOutOfRangeIsAnError() throws {
    let fonts = try Self.library()
    let style = TextStyle(fonts: [.descriptor(FontDescriptor(family: "Noto Sans", weight: 0))])
    #expect(throws: CaliperError.invalidStyle("font weight 0 is not in 1...1000")) {
      try fonts.prepare("x", style: style)
    }
    #expect(throws: CaliperError.invalidStyle("font width 20.0% is not in 50...200")) {
      try fonts.font(FontDescriptor(family: "Noto Sans", width: 20))
    }
  }

  static func replacing(_ data: Data, _ old: String, _ new: String) -> Data {
    var bytes = [UInt8](data)
    for encoded in [
      Array(old.utf8), Array(old.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
    ] {
      let replacement =
        encoded.count == old.utf8.count
        ? Array(new.utf8) : Array(new.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
      var index = 0
      while index + encoded.count <= bytes.count {
        if bytes[index] == encoded[0], bytes[index..<index + encoded.count].elementsEqual(encoded) {
          bytes.replaceSubrange(index..<index + encoded.count, with: replacement)
          index += encoded.count
        } else {
          index += 1
        }
      }
    }
    return Data(bytes)
  }
}
