import Foundation
import Testing

@testable import Caliper

/// Grapheme starts from one Grapheme_Cluster_Break property a scalar
/// (`TextAnalysis.propertyGraphemeStarts`) are ICU's iterator's, over every line and whole
/// file of the corpus and over random strings of the classes the shortcut takes, with the
/// classes it must refuse mixed in.
@Suite struct GraphemePropertyTests {
  static func icu(_ scalars: [Unicode.Scalar]) throws -> [Bool] {
    try TextAnalysis.icuGraphemeStarts(
      UTF16Text(scalars), scalarCount: scalars.count, locale: "en")
  }

  /// Every line of every corpus file, and each file whole (its LFs inside): the fixtures,
  /// Benchmarks/Corpus and, when this checkout has it beside it, the shared corpus.
  @Test func corpusStartsMatchICU() throws {
    var compared = 0
    var refused = 0
    for (name, line) in try CorpusLines.lines() {
      let scalars = Array(line.unicodeScalars)
      guard let fast = TextAnalysis.propertyGraphemeStarts(scalars) else {
        refused += 1
        continue
      }
      #expect(fast == (try Self.icu(scalars)), "\(name): \(line.prefix(80))")
      compared += 1
    }
    // The fallback-heavy, mixed and vertical files are nearly all taken; emoji and
    // Hangul lines are not.
    #expect(compared > 3000)
    #expect(refused > 10)
  }

  /// Random strings of bases, marks (nonspacing, spacing, enclosing, Thai's SARA AM),
  /// controls, CR, LF, the soft hyphen, and the classes that need the iterator (Prepend,
  /// ZWJ, Hangul, regional indicators, emoji): where the shortcut answers, ICU agrees, and
  /// it answers for most strings without the refused classes.
  @Test func randomStartsMatchICU() throws {
    let taken: [UInt32] = [
      0x09, 0x0A, 0x0D, 0x20, 0x41, 0x7F, 0x85, 0xAD, 0xE9, 0x300, 0x301, 0x488, 0x627, 0x64B,
      0x670, 0x915, 0x91C, 0x93E, 0x93F, 0x94D, 0x94D, 0x941, 0x903, 0x93C, 0x905, 0x951,
      0x995, 0x9CD, 0xB95, 0xBCD, 0xD15, 0xD4D, 0x1CD0, 0xA8E0, 0xE01, 0xE33, 0xE48, 0x3099,
      0x4E00, 0x3042, 0xFE0F, 0x200C, 0x1F3FB, 0x2028, 0xFFFC,
    ]
    let refusedClasses: [UInt32] = [0x600, 0x200D, 0x1100, 0x1161, 0x11A8, 0xAC00, 0x1F1E6]
    var answered = 0
    for scalars in RandomScalars.strings(
      rounds: 3000, longest: 30, taken: taken, refused: refusedClasses, seed: 10)
    {
      guard let fast = TextAnalysis.propertyGraphemeStarts(scalars) else {
        #expect(scalars.contains { refusedClasses.contains($0.value) })
        continue
      }
      #expect(fast == (try Self.icu(scalars)), "\(scalars.map(\.value))")
      answered += 1
    }
    #expect(answered >= 2000)
  }

  /// ICU's aksara rule, case by case: a linking consonant, a virama and ExtCccZwj marks
  /// between (nukta, udatta) join the next consonant; a vowel letter before the virama, a
  /// ZWNJ or a vowel sign between, a Tamil or Gurmukhi virama, do not.
  @Test(arguments: [
    "क्क", "अ्क", "क़्क", "क्॑क", "क्॑क", "क्\u{200C}क", "क्ाक", "क्ुक", "ক্ক", "ક્ક", "ଓ୍କ",
    "క్క", "ക്ക", "க்க", "ਕ੍ਕ", "क्ক", "क््क", "्क", "क्\u{1CD0}क", "क्  क",
  ])
  func aksarasMatchICU(_ text: String) throws {
    let scalars = Array(text.unicodeScalars)
    let fast = try #require(TextAnalysis.propertyGraphemeStarts(scalars))
    #expect(fast == (try Self.icu(scalars)), "\(scalars.map(\.value))")
  }
}
