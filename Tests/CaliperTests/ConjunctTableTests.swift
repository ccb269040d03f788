import CICU
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

  /// The analysis's grapheme starts (`propertyGraphemeStartsJoiningConjuncts`: the C pass
  /// applying GB9c in its own loop) are the aksara pass's with the rule written here
  /// applied: over every corpus line, and random strings of the six scripts' consonants,
  /// viramas, nuktas and signs with marks outside U+0900–U+0D7F (which the C pass leaves to
  /// `joinConjuncts`: U+0301, U+1CD0, U+0951's neighbours), spaces, Latin, CJK, Arabic,
  /// controls, CR and LF (and strings without those marks); both ways (the C pass alone and
  /// with `joinConjuncts`) taken often, told by the pass's own answer
  /// (`simpleGraphemePass`): over 100 texts are joined by the C pass alone.
  @Test func graphemePassJoinsAsTheRule() throws {
    var texts = try CorpusLines.lines().map { Array($0.1.unicodeScalars) }
    let alphabet: [UInt32] = [
      0x915, 0x924, 0x930, 0x94D, 0x93C, 0x93F, 0x947, 0x902, 0x995, 0x9CD, 0x9BC, 0xA95,
      0xACD, 0xB15, 0xB4D, 0xC15, 0xC4D, 0xD15, 0xD4D, 0xD3A, 0xD3B, 0xB95, 0xBCD, 0x951,
      0x301, 0x1CD0, 0x200C, 0x20, 0xA0, 0x61, 0x4E00, 0x627, 0x64B, 0x0A, 0x0D, 0x09,
      0x97F, 0x980, 0xD7F, 0x8FF, 0x2FF, 0x300,
    ]
    texts += RandomScalars.strings(
      rounds: 4000, longest: 24, taken: alphabet, refused: [], seed: 12)
    // And without the marks the C pass cannot class (it decides these alone).
    let classed = alphabet.filter { $0 < 0x300 || (0x900..<0xD80).contains($0) }
    texts += RandomScalars.strings(
      rounds: 2000, longest: 24, taken: classed, refused: [], seed: 13)
    var (compared, joined, joinedByThePass, handedBack) = (0, 0, 0, 0)
    for scalars in texts {
      guard let aksara = TextAnalysis.propertyGraphemeStarts(scalars) else { continue }
      let fast = try #require(TextAnalysis.propertyGraphemeStartsJoiningConjuncts(scalars))
      let expected = Self.reference(scalars, aksara)
      #expect(fast == expected, "\(scalars.map(\.value))")
      compared += 1
      if expected != aksara { joined += 1 }
      // What the C pass answered: decided alone (its starts the analysis's), or handed
      // back to `joinConjuncts` (a scalar after a consonant it cannot class).
      let pass = TextAnalysis.simpleGraphemePass(scalars, joiningConjuncts: true)
      switch pass.pass {
      case .decided:
        #expect(pass.starts == expected, "\(scalars.map(\.value))")
        if pass.starts != aksara { joinedByThePass += 1 }
      case .handedBack: handedBack += 1
      case .refused: Issue.record("refused with GB9c, not without: \(scalars.map(\.value))")
      }
    }
    // (ICU's aksara rule joins most conjuncts already: GB9c adds those with a nukta or
    // a mark of combining class 0 between, and those it decides after a mark.) Both of the
    // C pass's answers are taken often, and it joins conjuncts alone: a pass that joined
    // nothing and handed every Indic text back would leave `joinedByThePass` at 0.
    #expect(compared > 5000)
    #expect(joined > 50)
    #expect(joinedByThePass > 100)
    #expect(handedBack > 300)
  }

  /// `cicu_analysis_walk` reads the caller's conjunct table only when its length is
  /// cicu.h's `CICU_CONJUNCT_COUNT`: with a shorter one (a Devanagari consonant's entry past
  /// its end) it refuses every part before reading any, and the analysis's own call passes
  /// the length the walk takes (its answer decided).
  @Test func conjunctTableOfAnotherLengthIsRefused() {
    let values: [UInt32] = [0x915, 0x94D, 0x924, 0x20, 0xD15]
    let short = [UInt8](TextAnalysis.conjunctClasses.prefix(0x10))
    var flags = [UInt8](repeating: 7, count: values.count + 1)
    var levels = [UInt8](repeating: 7, count: values.count)
    var scripts = [UInt32](repeating: 7, count: values.count)
    var resolved: UInt8 = 7
    let answer = short.withUnsafeBufferPointer { classes in
      var sources = cicu_analysis_sources(
        conjunct_classes: classes.baseAddress, conjunct_count: Int32(classes.count),
        script: { _ in 0 }, common: 0, inherited: 0, unknown: 0, latin: 0)
      return cicu_analysis_walk(
        values, Int32(values.count),
        Int32(CICU_WALK_GRAPHEMES | CICU_WALK_JOIN_CONJUNCTS | CICU_WALK_BIDI | CICU_WALK_SCRIPTS),
        &sources, &flags, &levels, 0xFE, &resolved, &scripts)
    }
    #expect(answer == 0)
    #expect(flags.allSatisfy { $0 == 7 })
    #expect(levels.allSatisfy { $0 == 7 } && scripts.allSatisfy { $0 == 7 } && resolved == 7)
    let scalars = values.compactMap(Unicode.Scalar.init)
    #expect(TextAnalysis.simpleGraphemePass(scalars, joiningConjuncts: true).pass == .decided)
    #expect(TextAnalysis.conjunctClasses.count == Int(CICU_CONJUNCT_COUNT))
  }
}
