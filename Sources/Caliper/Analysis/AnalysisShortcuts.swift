/// Shortcuts past ICU for text whose answer needs no tables: most prose.
///
/// Problem: ICU's grapheme and bidi passes cost more than shaping a paragraph of cached
/// words, yet for plain Latin prose their answers are fixed by a few rules. Solution: where
/// every character belongs to a set whose properties make the answer certain, compute it
/// here; otherwise leave the whole text to ICU (never a mix). Tests compare both paths over
/// the corpus and over random strings. Limitation: the sets are small on purpose (Latin-1,
/// spacing punctuation); other scripts always go to ICU.
enum AnalysisShortcuts {
  /// Whether UAX #29 treats `value` as Grapheme_Cluster_Break Other, Control, CR or LF,
  /// never Extend, ZWJ, SpacingMark, Prepend, a regional indicator, Hangul or an
  /// Extended_Pictographic: everything below the combining marks (U+0300), and the dashes,
  /// quotes, bullets and dots of U+2010–U+2027.
  static func isSimpleGrapheme(_ value: UInt32) -> Bool {
    value < 0x300 || (0x2010...0x2027).contains(value)
  }

  /// Grapheme cluster starts (count + 1 entries) when every scalar is simple: then every
  /// offset starts a cluster except LF after CR (GB3); nil otherwise.
  static func graphemeStarts(_ text: DecodedText) -> [Bool]? {
    guard text.simpleGraphemes else { return nil }
    let scalars = text.scalars
    var starts = [Bool](filled: true, count: scalars.count + 1)
    guard text.hasCarriageReturn else { return starts }
    for index in scalars.indices.dropFirst()
    where scalars[index].value == 0x0A && scalars[index - 1].value == 0x0D {
      starts[index] = false
    }
    return starts
  }

  /// Whether `value` is in the set whose text `Itemization.oneFace` may give one face and
  /// one run without the face rules: printable ASCII and the space, the Latin-1 letters
  /// (U+00C0–U+00FF but × and ÷) and the prose punctuation of U+2010–U+2027. Each is a
  /// grapheme cluster of its own, left-to-right, no emoji, no control; its script is Latin
  /// (the letters, `isLatinLetter`) or Common (the rest), so a text of them has one
  /// resolved script; of them only the space chooses no face.
  @inline(__always)
  static func isOneFaceLatin(_ value: UInt32) -> Bool {
    value &- 0x20 < 0x5F || (value &- 0xC0 < 0x40 && value != 0xD7 && value != 0xF7)
      || value &- 0x2010 < 0x18
  }

  /// Of `isOneFaceLatin`'s set, the letters: script Latin (the rest is Common).
  @inline(__always)
  static func isLatinLetter(_ value: UInt32) -> Bool {
    (value | 0x20) &- 0x61 < 26 || (value &- 0xC0 < 0x40 && value != 0xD7 && value != 0xF7)
  }

  /// Whether `value` can make a paragraph's bidi levels other than all 0: a strong
  /// right-to-left character (Hebrew, Arabic, Syriac, Thaana, NKo... and their
  /// presentation forms and supplementary blocks), an Arabic-Indic digit, or an explicit
  /// mark, embedding, override or isolate. Without any, UAX #9 resolves every character of
  /// a default-left-to-right paragraph to level 0 (European digits become L by rule W7).
  static func mayNeedBidi(_ value: UInt32) -> Bool {
    switch value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
      0x1E800...0x1EFFF:
      return true
    case 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
      return true
    default:
      return false
    }
  }

  /// `latin1Facts`' bits: `isOneFaceLatin`, `isLatinLetter`, the scalar is CR; and all
  /// of them (what a text with no scalar below U+0100 has of every scalar).
  static let oneFaceFact: UInt8 = 1
  static let letterFact: UInt8 = 2
  static let carriageReturnFact: UInt8 = 4
  static let allFacts: UInt8 = 0xFF

  /// The facts of each scalar below U+0100, which `mayNeedBidi` never is and
  /// `isSimpleGrapheme` always is: the analysis asks each scalar of a text with one load.
  static let latin1Facts: [UInt8] = (0..<0x100).map { value in
    (isOneFaceLatin(UInt32(value)) ? oneFaceFact : 0)
      | (isLatinLetter(UInt32(value)) ? letterFact : 0)
      | (value == 0x0D ? carriageReturnFact : 0)
  }
}
