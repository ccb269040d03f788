import Foundation
import Testing

@testable import Caliper

/// Bidi levels resolved past ICU for paragraphs of letters, marks, spaces and punctuation
/// (`TextAnalysis.simpleBidiLevels`) are ICU's (`ubidi_setPara` through `bidiLevels`), with
/// the same right-to-left paragraphs: over every line of every corpus file and random strings
/// of each bidi class, at the paragraph level from the first strong character and at 0.
@Suite struct BidiPropertyTests {
  static func icu(_ scalars: [Unicode.Scalar], paragraphLevel: UInt8) throws -> (
    [UInt8], [Range<Int32>]
  ) {
    let text = UTF16Text(scalars)
    return try TextAnalysis.bidiLevels(
      text.units, scalarAt: text.scalarAt, scalarCount: scalars.count,
      paragraphLevel: paragraphLevel)
  }

  /// Compares both on `scalars`; returns whether the shortcut answered.
  static func compare(_ scalars: [Unicode.Scalar], _ label: String) throws -> Bool {
    var answered = false
    for paragraphLevel: UInt8 in [0xFE, 0] {
      guard let fast = TextAnalysis.simpleBidiLevels(scalars, paragraphLevel: paragraphLevel)
      else { continue }
      let slow = try icu(scalars, paragraphLevel: paragraphLevel)
      #expect(fast.0 == slow.0, "\(paragraphLevel): \(label)")
      #expect(fast.1 == slow.1, "\(paragraphLevel): \(label)")
      answered = true
    }
    return answered
  }

  @Test func corpusLevelsMatchICU() throws {
    var answered = 0
    for (name, line) in try CorpusLines.lines(keepingEmpty: false, wholeFiles: false) {
      if try Self.compare(Array(line.unicodeScalars), "\(name): \(line.prefix(60))") {
        answered += 1
      }
    }
    // The fallback-heavy file alone has 120 such paragraphs.
    #expect(answered > 300)
  }

  /// Random strings of L, R, AL, NSM (after each), WS, ON, ES, ET and CS characters (the
  /// implicit marks LRM, RLM and ALM among them: classes L, R and AL; a supplementary-plane
  /// mark and AL letter; U+000C and U+2028, class WS), with numbers, brackets, separators and
  /// explicit embeddings and isolates, which the shortcut must refuse, mixed into a third of
  /// them.
  @Test func randomLevelsMatchICU() throws {
    let taken: [UInt32] = [
      0x61, 0x5A, 0x20, 0x20, 0x3000, 0x2E, 0x2C, 0x2D, 0x2B, 0x23, 0x25, 0x2F, 0x3A, 0x21,
      0x22, 0x3002, 0xE9, 0x301, 0x5D0, 0x5B4, 0x627, 0x64B, 0x915, 0x94D, 0x4E00, 0x3042,
      0x1F600, 0x10900, 0x2014, 0xA0, 0x200E, 0x200F, 0x061C, 0x0C, 0x2028, 0x1E944, 0x1EE00,
    ]
    let refused: [UInt32] = [
      0x31, 0x661, 0x28, 0x29, 0x5B, 0x09, 0x0A, 0x202B, 0x2067,
      0xAD, 0x200D,
    ]
    var answered = 0
    for scalars in RandomScalars.strings(
      rounds: 4000, longest: 24, taken: taken, refused: refused, seed: 9)
    {
      if try Self.compare(scalars, "\(scalars.map(\.value))") {
        answered += 1
      } else {
        #expect(scalars.contains { refused.contains($0.value) }, "\(scalars.map(\.value))")
      }
    }
    #expect(answered >= 2500)
  }
}
