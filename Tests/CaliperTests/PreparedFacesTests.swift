import CaliperTestSupport
import Testing

@testable import Caliper

/// `PreparedText.faces` (the storage's faces used, marked on the stack): the faces of the
/// runs, in face-index order, each font once by identity, placeholders' faces left out.
@Suite struct PreparedFacesTests {
  /// The faces used, found here from the runs with a set (not the storage's marks).
  static func expectedFaces(_ text: PreparedText) -> [ObjectIdentifier] {
    let placeholderFaces = Set(text.placeholders.map(\.face))
    let indices = Set(text.runs.map(\.face)).subtracting(placeholderFaces).sorted()
    var seen = Set<ObjectIdentifier>()
    var faces: [ObjectIdentifier] = []
    for index in indices {
      guard index < text.cascadeFonts.count, let font = text.cascadeFonts[index] else { continue }
      if seen.insert(ObjectIdentifier(font)).inserted { faces.append(ObjectIdentifier(font)) }
    }
    return faces
  }

  /// Over the corpus lines and seeded random texts of several scripts (several faces each),
  /// with and without a placeholder span. Fails with marks left uninitialized (a face the
  /// runs never use, or one missing), or a placeholder's face counted.
  @Test func facesAreTheRunsFaces() throws {
    let library = try TestFonts.library.get()
    var generator = ShortestDecimalTests.SeededGenerator(state: 0xFACE_5EED)
    let pieces = [
      "word ", "नमस्ते ", "النص ", "字体", "😀", " ", "Ω", "ไทย", "한국어 ", "1.5 ", "\u{A8E0}",
    ]
    let texts =
      TightLoopItemizationTests.texts
      + RandomScalars.texts(of: pieces, count: 200, longest: 10, using: &generator)
    var multiFace = 0
    for (number, text) in texts.enumerated() where !text.isEmpty {
      let plain = try library.prepare(text, style: TextStyle(size: 16))
      #expect(plain.faces.map(ObjectIdentifier.init) == Self.expectedFaces(plain), "\(text)")
      if plain.faces.count > 1 { multiFace += 1 }
      guard number % 4 == 0 else { continue }
      let box = TextSpan(0..<1, placeholder: Placeholder(width: 12, height: 8))
      let spanned = try library.prepare(text, style: TextStyle(size: 16), spans: [box])
      #expect(spanned.faces.map(ObjectIdentifier.init) == Self.expectedFaces(spanned), "\(text)")
    }
    #expect(multiFace > 100, "\(multiFace)")
  }
}
