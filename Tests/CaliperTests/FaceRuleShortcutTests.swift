import Testing

@testable import Caliper

/// The face-choice rules answer prose punctuation (U+2010–U+2027) without Unicode property
/// lookups (`FontCascade.Resolver.isProsePunctuation`); each answer must be the one the
/// properties give, written out here from the Unicode Character Database's properties.
@Suite struct FaceRuleShortcutTests {
  typealias Rules = FontCascade.Resolver

  @Test(arguments: Array(0x2010...0x2027))
  func prosePunctuationAnswersAsItsProperties(_ value: Int) throws {
    let scalar = try #require(Unicode.Scalar(UInt32(value)))
    #expect(Rules.isProsePunctuation(scalar.value))
    let properties = scalar.properties
    let category = properties.generalCategory
    // Drawn: not a control, format character or separator, not default ignorable.
    let drawn =
      ![.control, .format, .lineSeparator, .paragraphSeparator].contains(category)
      && !properties.isDefaultIgnorableCodePoint
    #expect(drawn)
    #expect(Rules.needsGlyph(scalar) == drawn)
    // Not a mark, so it does not stay in the run before it.
    #expect(![.nonspacingMark, .spacingMark, .enclosingMark].contains(category))
    #expect(!Rules.staysInRun(scalar))
    // Chooses a face: not a space, control, separator or format character.
    #expect(
      ![.control, .surrogate, .lineSeparator, .paragraphSeparator, .spaceSeparator, .format]
        .contains(category))
    #expect(!Rules.choosesNoFace(scalar))
    // No emoji presentation, with or without U+FE0F after it.
    #expect(!properties.isEmoji && !properties.isEmojiPresentation)
    #expect(!Rules.hasEmojiPresentation([scalar][...]))
    #expect(!Rules.hasEmojiPresentation([scalar, "\u{FE0F}"][...]))
  }
}
