import CaliperTestSupport
import Testing

@testable import Caliper

/// What every prepare pays once, made cheaper without changing an answer: the face cache's
/// own hash, the default locale's language without a lock, an unstyled text's face slots
/// in one style, and the faces a text uses found without hashed sets.
@Suite struct PrepareFixedCostsTests {
  /// Equal face keys hash equally, and the bundled faces, whose paths differ only in their
  /// file names, are told apart by the hash of the path's length and last 32 bytes.
  @Test func faceKeyHashFollowsEquality() throws {
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    let paths = BundledFonts.cascade.map { fonts.fontsDirectory + "/" + $0 }
    for path in paths {
      // A copy built anew (another string's storage) hashes as the original.
      let copy = String(decoding: Array(path.utf8), as: UTF8.self)
      #expect(FaceKey(path: path).cacheHash == FaceKey(path: copy).cacheHash)
      #expect(FaceKey(path: path) == FaceKey(path: copy))
    }
    #expect(Set(paths.map { FaceKey(path: $0).cacheHash }).count == paths.count)
    // A face index after a NUL, axes and synthesized styles are part of the key.
    let first = try #require(paths.first)
    let keys = [
      FaceKey(path: first),
      FaceKey(path: FontLibrary.faceKey(path: first, index: 1)),
      FaceKey(path: first, variations: [try FontVariation(tag: "wght", value: 700)]),
      FaceKey(path: first, synthesis: .weight),
    ]
    #expect(Set(keys.map(\.cacheHash)).count == keys.count)
  }

  /// A face looked up again after the face cache's hash changed is the same object, and a
  /// text prepared twice opens its face once (`faces.misses` counts files opened).
  @Test func faceLookupHitsTheCache() throws {
    let fonts = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let first = try fonts.prepare("Blue tile")
    let second = try fonts.prepare("with a longer local label")
    #expect(first.faces.count == 1 && second.faces.count == 1)
    #expect(first.faces[0] === second.faces[0])
    let faces = fonts.cacheStatistics.faces
    #expect(faces.misses == 1)
    #expect(faces.hits >= 1)
  }

  /// The default locale's language, found without the lock, is the one HarfBuzz gives for
  /// it through the general path ("EN", which HarfBuzz folds to "en").
  @Test func defaultLocaleLanguageIsHarfBuzzs() {
    #expect(HarfBuzzLanguage.problem(admitting: "en") == nil)
    #expect(HarfBuzzLanguage.problem(admitting: "EN") == nil)
    #expect(HarfBuzzLanguage.of("en") != nil)
    #expect(HarfBuzzLanguage.of("en") == HarfBuzzLanguage.of("EN"))
    #expect(HarfBuzzLanguage.of("en") != HarfBuzzLanguage.of("de"))
  }

  /// An unstyled text's slots are its cascade's faces, each in the paragraph's style, at
  /// baseline offset 0, none a placeholder; their line metrics are the faces' own at the
  /// paragraph's size.
  @Test func unstyledSlotsAreTheParagraphs() throws {
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try fonts.font(family: "Noto Sans")
    let style = TextStyle(size: 23, letterSpacing: 1.5)
    let slots = FaceSlots(cascadeFonts: [font, nil], style: style)
    for slot in 0..<2 {
      #expect(slots.style(of: slot) == style)
      #expect(slots.baselineOffset(of: slot) == 0)
      #expect(slots.placeholder(of: slot) == nil)
    }
    #expect(slots.anyStyle { $0.letterSpacing == 1.5 })
    #expect(!slots.anyStyle { $0.wordSpacing != 0 })
    #expect(slots.lineMetrics == [font.lineMetrics(size: 23), .zero])
  }

  /// The faces a text uses (`PreparedText.faces`) are its runs' faces in slot order, each
  /// font once, a placeholder's slot excepted: the same as the sets the faces were found
  /// with before (here the oracle), over the fallback-heavy corpus, a styled text and texts
  /// with placeholders; and for a text of three scripts, the cascade's three families.
  @Test func facesUsedAreTheRunsFaces() throws {
    let library = try TestFonts.library.get()
    let corpus =
      (try? String(
        contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/fallback-heavy.txt", encoding: .utf8))
      ?? ""
    var texts = try corpus.split(separator: "\n").map { try library.prepare(String($0)) }
    #expect(texts.count >= 100)
    let box = Placeholder(width: 20, height: 10)
    texts += [
      try library.prepare(
        "Blue \u{FFFC} tile مرحبا", style: TextStyle(size: 16),
        spans: [TextSpan(5..<6, placeholder: box)]),
      try library.prepare(
        "\u{FFFC}", style: TextStyle(size: 16), spans: [TextSpan(0..<1, placeholder: box)]),
      try library.prepare(
        "Blue bold tile", style: TextStyle(size: 16), spans: [TextSpan(5..<9, bold: true)]),
      // Another size in the same face: two slots, one font.
      try library.prepare(
        "Blue big tile", style: TextStyle(size: 16), spans: [TextSpan(5..<8, size: 24)]),
    ]
    var multiple = 0
    for text in texts {
      let placeholders = Set(text.storage.placeholders.map(\.face))
      let used = Set(text.runs.map(\.face)).subtracting(placeholders)
      var seen = Set<ObjectIdentifier>()
      let expected = text.cascadeFonts.indices.filter(used.contains)
        .compactMap { text.cascadeFonts[$0] }.filter { seen.insert(ObjectIdentifier($0)).inserted }
      #expect(text.faces.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
      if text.faces.count > 1 { multiple += 1 }
    }
    #expect(multiple >= 50)
    // One font in two slots is one face.
    #expect(try #require(texts.last).faces.count == 1)
    let three = try library.prepare("Blue مرحبا 你好")
    #expect(
      three.faces.map(\.familyName) == ["Noto Sans", "Noto Sans Arabic", "Droid Sans Fallback"])
  }
}
