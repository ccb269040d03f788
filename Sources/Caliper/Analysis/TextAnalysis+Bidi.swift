/// Analysis, bidi levels past ICU's resolver for the paragraphs whose resolution needs few
/// of UAX #9's rules.
extension TextAnalysis {
  /// The bidi levels of a text of one paragraph of letters, marks, spaces and punctuation
  /// (no numbers, brackets, explicit formatting or separators: the bidi part of `walk`)
  /// and its right-to-left paragraph, as `bidiLevels` gives them; nil for any other text.
  ///
  /// Problem: ICU's resolver (`ubidi_setPara`) cost about 200 instructions a scalar of
  /// mixed Arabic, Devanagari and CJK text, most of it in passes the rules such text needs
  /// never use (brackets, explicit levels, isolating run sequences). Solution: for text of
  /// those classes the levels follow from each strong character's direction and the
  /// neutrals between them (W1, W3, W6, N1, N2, I1, I2), the classes read from ICU's
  /// data. `BidiPropertyTests` compares both over every corpus file and random strings.
  static func simpleBidiLevels(
    _ scalars: [Unicode.Scalar], paragraphLevel: UInt8
  ) -> ([UInt8], [Range<Int32>])? {
    guard let found = walk(scalars, parts: .bidi, paragraphLevel: paragraphLevel).bidi else {
      return nil
    }
    return (found.levels, found.rightToLeft)
  }
}
