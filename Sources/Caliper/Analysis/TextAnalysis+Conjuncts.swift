/// Grapheme clusters past ICU 72: the conjunct rule of Unicode 15.1 (GB9c), applied to the
/// grapheme starts `TextAnalysis` takes from ICU.
extension TextAnalysis {
  /// Unicode 15.1's rule GB9c, which ICU 72 predates: no grapheme boundary inside a
  /// conjunct, a consonant, a linking virama and a consonant (with nuktas and ZWJ between)
  /// of Devanagari, Bengali, Gujarati, Oriya, Telugu or Malayalam ("स्ता" is one grapheme).
  /// `Indic_Conjunct_Break` as UAX #29 defines it: Linker the six viramas, Consonant the
  /// consonants of those scripts, Extend here the nonspacing marks and ZWJ.
  static func joinConjuncts(_ scalars: [Unicode.Scalar], graphemeStarts starts: inout [Bool]) {
    func isLinker(_ value: UInt32) -> Bool {
      switch value {
      case 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D: return true
      default: return false
      }
    }
    func isConsonant(_ value: UInt32) -> Bool {
      switch value {
      case 0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F,  // Devanagari
        0x0995...0x09B9, 0x09DC...0x09DF, 0x09F0...0x09F1,  // Bengali
        0x0A95...0x0AB9, 0x0AF9,  // Gujarati
        0x0B15...0x0B39, 0x0B5C...0x0B5F, 0x0B71,  // Oriya
        0x0C15...0x0C39, 0x0C58...0x0C5A,  // Telugu
        0x0D15...0x0D3A:  // Malayalam
        return true
      default: return false
      }
    }
    guard scalars.contains(where: { isLinker($0.value) }) else { return }
    var afterConsonant = false  // a consonant, then only Extend and Linker characters
    var linked = false  // … among which a Linker
    for index in scalars.indices {
      let value = scalars[index].value
      // The six scripts' consonants and viramas are in U+0900–U+0D7F: outside, a scalar is
      // neither.
      if value &- 0x900 < 0x480 {
        if isConsonant(value) {
          if afterConsonant && linked { starts[index] = false }
          afterConsonant = true
          linked = false
          continue
        }
        if isLinker(value) {
          linked = afterConsonant
          continue
        }
      }
      // Nothing to reset outside a conjunct; inside, the mark question (the face rules'
      // facts table, not a property lookup a scalar).
      guard afterConsonant else { continue }
      if value == 0x200D
        || ScalarFactsTable.facts(scalars[index]) & ScalarFacts.nonspacingMark != 0
      {
        continue
      }
      afterConsonant = false
      linked = false
    }
  }
}
