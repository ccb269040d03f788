internal import CICU

/// Grapheme clusters past ICU 72: the conjunct rule of Unicode 15.1 (GB9c), applied to the
/// grapheme starts `TextAnalysis` takes from ICU.
extension TextAnalysis {
  /// Unicode 15.1's rule GB9c, which ICU 72 predates: no grapheme boundary inside a
  /// conjunct, a consonant, a linking virama and a consonant (with nuktas and ZWJ between)
  /// of Devanagari, Bengali, Gujarati, Oriya, Telugu or Malayalam ("स्ता" is one grapheme).
  /// `Indic_Conjunct_Break` as UAX #29 defines it: Linker the six viramas, Consonant the
  /// consonants of those scripts, Extend here the nonspacing marks and ZWJ.
  static func joinConjuncts(_ scalars: [Unicode.Scalar], graphemeStarts starts: inout [Bool]) {
    let (consonant, linker) = (Self.conjunctConsonant, Self.conjunctLinker)
    var afterConsonant = false  // a consonant, then only Extend and Linker characters
    var linked = false  // … among which a Linker
    Self.conjunctClasses.withUnsafeBufferPointer { classes in
      for index in scalars.indices {
        let value = scalars[index].value
        // The six scripts' consonants and viramas are in U+0900–U+0D7F: outside, a scalar
        // is neither.
        let offset = value &- UInt32(CICU_CONJUNCT_FIRST)
        if offset < UInt32(CICU_CONJUNCT_COUNT) {
          let conjunctClass = classes[Int(offset)]
          if conjunctClass == consonant {
            if afterConsonant && linked { starts[index] = false }
            afterConsonant = true
            linked = false
            continue
          }
          if conjunctClass == linker {
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

  /// `conjunctClasses`' entries: a consonant, a linker, a nonspacing mark (0: none of
  /// them), as cicu.h defines them for `cicu_simple_grapheme_starts`.
  static let conjunctConsonant = UInt8(CICU_CONJUNCT_CONSONANT)
  static let conjunctLinker = UInt8(CICU_CONJUNCT_LINKER)
  static let conjunctMark = UInt8(CICU_CONJUNCT_MARK)

  /// The Indic_Conjunct_Break class of each scalar of U+0900–U+0D7F (a load a scalar where
  /// the switches cost about 20 instructions): Linker the six viramas, Consonant the
  /// consonants of Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam; and, for the
  /// C pass (`propertyGraphemeStartsJoiningConjuncts`), the other scalars that are
  /// `ScalarFacts`' nonspacing marks (Extend here; `joinConjuncts` asks the facts).
  /// (cicu.h's `CICU_CONJUNCT_COUNT` entries from `CICU_CONJUNCT_FIRST`.)
  static let conjunctClasses: [UInt8] = {
    let first = UInt32(CICU_CONJUNCT_FIRST)
    return (first..<first + UInt32(CICU_CONJUNCT_COUNT)).map { value in
      switch value {
      case 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D: return conjunctLinker
      case 0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F,  // Devanagari
        0x0995...0x09B9, 0x09DC...0x09DF, 0x09F0...0x09F1,  // Bengali
        0x0A95...0x0AB9, 0x0AF9,  // Gujarati
        0x0B15...0x0B39, 0x0B5C...0x0B5F, 0x0B71,  // Oriya
        0x0C15...0x0C39, 0x0C58...0x0C5A,  // Telugu
        0x0D15...0x0D3A:  // Malayalam
        return conjunctConsonant
      default:
        let isMark =
          Unicode.Scalar(value).map { ScalarFacts.of($0) & ScalarFacts.nonspacingMark != 0 }
          ?? false
        return isMark ? conjunctMark : 0
      }
    }
  }()
}
