import Foundation
import Testing

@testable import Caliper

/// The analysis's one walk (`TextAnalysis.walk`, `cicu_analysis_walk`) doing the grapheme
/// clusters, the bidi levels and the scripts together gives each part's walk alone, and
/// each answer is the independent one: ICU's iterator with `joinConjuncts`, ICU's bidi
/// resolver, HarfBuzz asked at every scalar (`ScriptResolutionTests.reference`). Over every
/// corpus line and whole file, and random strings of Arabic, Hebrew, Devanagari, Thai, CJK,
/// emoji sequences, combining marks, CR and LF, unassigned and private-use scalars and
/// U+FFFD, with digits, brackets, ZWJ, Hangul and regional indicators (which refuse one part
/// and not the others) mixed into a third of them; at the paragraph level from the first
/// strong character, at 0 and at 1 (a right-to-left paragraph, whose walk is a variant of
/// its own: L's level 2).
@Suite struct AnalysisWalkTests {
  /// How often each part answered, and how often one part refused while another answered.
  struct Counts {
    var compared = 0
    var graphemes = 0
    var bidi = 0
    var scripts = 0
    var graphemesRefusedAlone = 0
    var bidiRefusedAlone = 0
  }

  static func compare(_ scalars: [Unicode.Scalar], _ label: String, _ counts: inout Counts) throws {
    let all: TextAnalysis.WalkParts = [.graphemes, .joiningConjuncts, .bidi, .scripts]
    for paragraphLevel: UInt8 in [0xFE, 0, 1] {
      let walked = TextAnalysis.walk(scalars, parts: all, paragraphLevel: paragraphLevel)
      // Each part alone.
      let graphemes = TextAnalysis.walk(scalars, parts: [.graphemes, .joiningConjuncts])
      let bidi = TextAnalysis.walk(scalars, parts: .bidi, paragraphLevel: paragraphLevel)
      let scripts = TextAnalysis.walk(scalars, parts: .scripts)
      #expect(walked.graphemePass == graphemes.graphemePass, "\(paragraphLevel): \(label)")
      #expect(walked.graphemeStarts == graphemes.graphemeStarts, "\(paragraphLevel): \(label)")
      #expect(walked.bidi?.levels == bidi.bidi?.levels, "\(paragraphLevel): \(label)")
      #expect(walked.bidi?.rightToLeft == bidi.bidi?.rightToLeft, "\(paragraphLevel): \(label)")
      #expect(walked.scripts == scripts.scripts, "\(paragraphLevel): \(label)")
      // Each answer the independent one.
      if let starts = walked.graphemeStarts {
        let clusters = TextAnalysis.finished(scalars, starts: starts, pass: walked.graphemePass)
        var icu = try GraphemePropertyTests.icu(scalars)
        TextAnalysis.joinConjuncts(scalars, graphemeStarts: &icu)
        #expect(clusters == icu, "\(paragraphLevel): \(label)")
        counts.graphemes += 1
      }
      if let levels = walked.bidi {
        let icu = try BidiPropertyTests.icu(scalars, paragraphLevel: paragraphLevel)
        #expect(levels.levels == icu.0, "\(paragraphLevel): \(label)")
        #expect(levels.rightToLeft == icu.1, "\(paragraphLevel): \(label)")
        counts.bidi += 1
      }
      #expect(walked.scripts == ScriptResolutionTests.reference(scalars), "\(label)")
      counts.scripts += 1
      if walked.graphemeStarts == nil && walked.bidi != nil { counts.graphemesRefusedAlone += 1 }
      if walked.bidi == nil && walked.graphemeStarts != nil { counts.bidiRefusedAlone += 1 }
      counts.compared += 1
    }
  }

  @Test func corpusWalkIsEachPartsAndTheirs() throws {
    var counts = Counts()
    for (name, line) in try CorpusLines.lines(keepingEmpty: false) {
      try Self.compare(Array(line.unicodeScalars), "\(name): \(line.prefix(60))", &counts)
    }
    // The fallback-heavy file alone has 120 lines all three parts answer.
    #expect(counts.graphemes > 10000 && counts.bidi > 5000 && counts.scripts > 10000)
    #expect(counts.bidiRefusedAlone > 1000)
  }

  @Test func randomWalkIsEachPartsAndTheirs() throws {
    let taken: [UInt32] = [
      0x20, 0x20, 0x41, 0x65, 0x2C, 0x2E, 0xE9, 0x301, 0x300,  // Latin, marks
      0x627, 0x644, 0x64B, 0x670, 0x5D0, 0x5B4, 0x5E9,  // Arabic, Hebrew
      0x915, 0x924, 0x94D, 0x93E, 0x93C, 0x903, 0x995, 0x9CD, 0xD15, 0xD4D,  // Indic
      0xE01, 0xE33, 0xE48,  // Thai
      0x4E00, 0x5BBD, 0x3042, 0x3002, 0x3000,  // CJK
      0x1F600, 0x1F3FB, 0xFE0F, 0x2764,  // emoji, a skin tone, VS16
      0x378, 0xE000, 0xF0000, 0xFFFD, 0x200C, 0x1E944, 0x10900,  // unassigned, private use
    ]
    let refused: [UInt32] = [
      0x31, 0x661, 0x28, 0x29, 0x202B, 0x0A, 0x0D,  // digits, brackets, an embedding, CR, LF:
      // bidi refuses
      0x200D, 0x1100, 0xAC00, 0x1F1E6, 0x600,  // ZWJ, Hangul, a regional indicator, Prepend
    ]
    var counts = Counts()
    for scalars in RandomScalars.strings(
      rounds: 3000, longest: 24, taken: taken, refused: refused, seed: 19)
    {
      try Self.compare(scalars, "\(scalars.map(\.value))", &counts)
    }
    #expect(counts.graphemes > 4500 && counts.bidi > 4500 && counts.scripts == 9000)
    // One part refusing where the other answers, each way round.
    #expect(counts.graphemesRefusedAlone > 50)
    #expect(counts.bidiRefusedAlone > 1000)
  }

  /// Every string of up to 5 scalars of L, R, AL, a neutral (space, comma), a mark after
  /// either and a letter-mark-space mix, at each paragraph level, against ICU's resolver
  /// (and each part's walk): the walk keeps the type before a scalar (which a mark takes)
  /// as it goes, and no strong type before a run of neutrals but reads it from the levels
  /// it wrote (a mark at the start or after a run, a run at the start or after a mark),
  /// which only short strings reach in every order.
  @Test func everyShortBidiStringIsICUs() throws {
    let alphabet: [UInt32] = [0x61, 0x5D0, 0x627, 0x20, 0x2C, 0x300, 0x64B]
    var counts = Counts()
    var strings: [[UInt32]] = [[]]
    for _ in 1...4 {
      strings = strings.flatMap { string in alphabet.map { string + [$0] } }
      for string in strings {
        let scalars = string.map { Unicode.Scalar($0)! }
        try Self.compare(scalars, "\(string)", &counts)
      }
    }
    // Five scalars: the mark and neutral kinds at the end of a four-scalar prefix.
    for string in strings {
      for last: UInt32 in [0x20, 0x300] {
        let scalars = (string + [last]).map { Unicode.Scalar($0)! }
        try Self.compare(scalars, "\(string + [last])", &counts)
      }
    }
    // Every one of them is simple bidi (no digit, bracket or control).
    #expect(counts.bidi == counts.compared && counts.compared == 3 * (2800 + 2 * 2401))
  }
}
