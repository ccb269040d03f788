import CHarfBuzz
import Foundation
import Testing

@testable import Caliper

/// `TextAnalysis.resolveScripts` (HarfBuzz's answers kept for the process in the analysis
/// walk's table, `cicu_analysis_walk`) gives the scripts of the plain rule written here,
/// HarfBuzz asked at every scalar: over every corpus line and random strings of many
/// scripts, marks, digits and spaces. (The alphabet's shared low bytes were chosen for an
/// older memo by low byte.)
@Suite struct ScriptResolutionTests {
  static func reference(_ scalars: [Unicode.Scalar]) -> [UInt32] {
    let funcs = hb_unicode_funcs_get_default()
    let neutral: Set<UInt32> = [
      HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue,
    ]
    let own = scalars.map { hb_unicode_script(funcs, $0.value).rawValue }
    let firstReal = own.first { !neutral.contains($0) } ?? HB_SCRIPT_COMMON.rawValue
    var current = firstReal
    return own.map { script in
      if !neutral.contains(script) { current = script }
      return current
    }
  }

  @Test func scriptsAreHarfBuzzsAtEveryScalar() throws {
    var texts = try CorpusLines.lines().map { Array($0.1.unicodeScalars) }
    // Low byte 0x15 in Devanagari, Gurmukhi, Bengali, Han and Latin Extended; 0x27 in
    // Arabic, Hebrew and CJK punctuation; marks, digits and spaces between.
    let alphabet: [UInt32] = [
      0x915, 0xA15, 0x995, 0x4E15, 0x115, 0x627, 0x5E7, 0x3027, 0x301, 0x94D, 0x20, 0x31,
      0x41, 0x3015, 0xE15, 0x10915, 0x1F615,
    ]
    texts += RandomScalars.strings(
      rounds: 2000, longest: 60, taken: alphabet, refused: [], seed: 32)
    var wrong = 0
    for scalars in texts where !scalars.isEmpty {
      if TextAnalysis.resolveScripts(scalars) != Self.reference(scalars) { wrong += 1 }
    }
    #expect(wrong == 0)
  }
}
