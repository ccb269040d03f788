import Foundation
import Testing

@testable import Caliper

/// `TextAnalysis.joinConjuncts` (each scalar's Indic_Conjunct_Break class from a table of
/// U+0900–U+0D7F) joins the clusters the rule's definition written here joins, with each
/// class asked by range: over every corpus line and random strings of the six scripts'
/// consonants, viramas (and the ones of other scripts), nuktas, vowel signs, ZWJ and ZWNJ.
@Suite struct ConjunctTableTests {
  static func isLinker(_ value: UInt32) -> Bool {
    [0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D].contains(value)
  }

  static func isConsonant(_ value: UInt32) -> Bool {
    let ranges: [ClosedRange<UInt32>] = [
      0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F, 0x0995...0x09B9, 0x09DC...0x09DF,
      0x09F0...0x09F1, 0x0A95...0x0AB9, 0x0AF9...0x0AF9, 0x0B15...0x0B39, 0x0B5C...0x0B5F,
      0x0B71...0x0B71, 0x0C15...0x0C39, 0x0C58...0x0C5A, 0x0D15...0x0D3A,
    ]
    return ranges.contains { $0.contains(value) }
  }

  /// GB9c: no start at a consonant after a consonant and a linker, with only linkers,
  /// nonspacing marks and ZWJ after the first consonant.
  static func reference(_ scalars: [Unicode.Scalar], _ starts: [Bool]) -> [Bool] {
    var starts = starts
    var afterConsonant = false
    var linked = false
    for (index, scalar) in scalars.enumerated() {
      let value = scalar.value
      if isConsonant(value) {
        if afterConsonant && linked { starts[index] = false }
        (afterConsonant, linked) = (true, false)
      } else if isLinker(value) {
        linked = afterConsonant
      } else if value != 0x200D && scalar.properties.generalCategory != .nonspacingMark {
        (afterConsonant, linked) = (false, false)
      }
    }
    return starts
  }

  @Test func conjunctsAreTheRulesJoins() throws {
    var texts = try CorpusLines.lines().map { Array($0.1.unicodeScalars) }
    let alphabet: [UInt32] = [
      0x915, 0x924, 0x930, 0x94D, 0x93C, 0x93F, 0x947, 0x902, 0x995, 0x9CD, 0xA95, 0xACD,
      0xB15, 0xB4D, 0xC15, 0xC4D, 0xD15, 0xD4D, 0xD3A, 0xD3B, 0xA15, 0xA4D, 0xB95, 0xBCD,
      0x200D, 0x200C, 0x20, 0x61, 0x97F, 0x980, 0xD7F, 0x8FF,
    ]
    texts += RandomScalars.strings(rounds: 3000, longest: 30, taken: alphabet, refused: [], seed: 9)
    var wrong = 0
    var joined = 0
    for scalars in texts {
      let starts = [Bool](repeating: true, count: scalars.count + 1)
      var fast = starts
      TextAnalysis.joinConjuncts(scalars, graphemeStarts: &fast)
      let expected = Self.reference(scalars, starts)
      if fast != expected { wrong += 1 }
      if expected != starts { joined += 1 }
    }
    #expect(wrong == 0)
    #expect(joined > 500)
  }
}
