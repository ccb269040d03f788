import Foundation
import Testing

@testable import Caliper

/// The first-face table's one-compare questions (`FirstFaceTable.Match`, made by
/// `FontCascade.Resolver.plainMatch`), which the itemizer's tight loop asks before the full
/// lookup: each holds only where the full lookup gives the same answer, and holds for most
/// of the scalars the full lookup knows (else the tight loop would take the slow way).
///
/// The reference is the table's own reader and the resolver's `knownPlainFace` (the general
/// path), over every scalar beyond ASCII of the corpus lines and of seeded random scalars of
/// many scripts, marks, emoji and spaces, in a library whose table the general rules filled.
@Suite struct FirstFaceMatchTests {
  /// Distinct scalars beyond ASCII of `texts`.
  static func scalars(_ texts: [String]) -> [Unicode.Scalar] {
    var seen = Set<UInt32>()
    var scalars: [Unicode.Scalar] = []
    for text in texts {
      for scalar in text.unicodeScalars where scalar.value >= 0x80 {
        if seen.insert(scalar.value).inserted { scalars.append(scalar) }
      }
    }
    return scalars
  }

  /// Seeded random text from ranges of letters, marks, emoji, spaces and controls.
  static func randomTexts() -> [String] {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x32FC3)
    let ranges: [ClosedRange<UInt32>] = [
      0xC0...0x24F, 0x300...0x36F, 0x391...0x3C9, 0x410...0x44F, 0x5D0...0x5EA, 0x620...0x64A,
      0x64B...0x652, 0x900...0x97F, 0xE01...0xE3A, 0x2000...0x200F, 0x2190...0x21FF,
      0x2600...0x26FF, 0x3041...0x3096, 0x4E00...0x4F00, 0xAC00...0xAD00, 0xFE00...0xFE0F,
      0x1F300...0x1F64F,
    ]
    return (0..<40).map { _ in
      var text = String.UnicodeScalarView()
      for _ in 0..<60 {
        let range = ranges[Int(generator.next() % UInt64(ranges.count))]
        let value = range.lowerBound + UInt32(generator.next() % UInt64(range.count))
        if let scalar = Unicode.Scalar(value) { text.append(scalar) }
      }
      return String(text)
    }
  }

  /// `holds` only where `knownPlainFace` of the one-scalar cluster is the match's face,
  /// `holdsFace` only where the reader finds the scalar's first face to be it; both hold
  /// for at least half of the scalars so known (those in their own slot). Fails with
  /// the facts left out of the compare (a mark or emoji whose first face is the match's
  /// taken as a plain cluster), with the face field one off, or with the generation's bits
  /// left out (a match for another generation holds).
  @Test func matchesAnswerAsTheFullLookup() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let style = TextStyle(size: 16)
    let texts = TightLoopItemizationTests.texts + Self.randomTexts()
    // The general rules fill the table (a first preparation, whose faces read move the
    // generation), then a second one reads it and opens the faces they choose.
    var resolver = FontCascade.Resolver(try library.cascade(for: style))
    for _ in 0..<2 {
      resolver = FontCascade.Resolver(try library.cascade(for: style))
      for text in texts {
        var analysis = try TextAnalysis(text: text, style: style)
        analysis.resolveScripts()
        var chooser = FaceChooser(style)
        chooser.tightLoop = false
        try chooser.choose(analysis, range: 0..<analysis.scalars.count, resolver: &resolver) {
          _, _, _ in
        }
      }
    }
    let scalars = Self.scalars(texts)
    #expect(scalars.count > 1000)
    let reader = library.bundledFirstFaces.reader
    let generation = library.faceReads.load(ordering: .relaxed)
    var known = 0
    var held = 0
    var faceKnown = 0
    var faceHeld = 0
    for face in -1...resolver.paths.count {
      let match = resolver.plainMatch(face)
      // The same entries under the next generation: none of them is of it.
      let stale = reader.match(
        face: UInt64(face + 1), facts: 0, factsMask: 0, generation: generation + 1)
      for scalar in scalars {
        let plain = [scalar].withUnsafeBufferPointer { resolver.knownPlainFace($0, 0..<1) }
        if plain == face { known += 1 }
        if match.holds(scalar.value) {
          held += 1
          #expect(plain == face, "\(scalar.value) face \(face)")
        }
        let first = reader.face(scalar, generation: generation)?.face
        if face >= 0, first == UInt64(face + 1) { faceKnown += 1 }
        if match.holdsFace(scalar.value) {
          faceHeld += 1
          #expect(first == UInt64(face + 1), "\(scalar.value) face \(face)")
        }
        #expect(!stale.holds(scalar.value) && !stale.holdsFace(scalar.value))
      }
    }
    #expect(known > 1000 && held * 2 >= known, "\(held) of \(known)")
    #expect(faceKnown > 1000 && faceHeld * 2 >= faceKnown, "\(faceHeld) of \(faceKnown)")
  }
}
