internal import CICU

/// Analysis, bidi levels past ICU's resolver for the paragraphs whose resolution needs few
/// of UAX #9's rules.
extension TextAnalysis {
  /// The bidi levels of a text of one paragraph of letters, marks, spaces and punctuation
  /// (no numbers, brackets, explicit formatting or separators: `cicu_simple_bidi_levels`)
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
    guard !scalars.isEmpty else { return nil }
    var levels = [UInt8](filled: 0, count: scalars.count)
    var resolved: UInt8 = 0
    let simple = scalars.withUnsafeBufferPointer { scalars in
      // A scalar is its UInt32 value.
      scalars.withMemoryRebound(to: UInt32.self) { values in
        cicu_simple_bidi_levels(
          values.baseAddress!, Int32(values.count), paragraphLevel, &levels, &resolved)
      }
    }
    guard simple == 1 else { return nil }
    return (levels, resolved == 1 ? [0..<Int32(scalars.count)] : [])
  }
}
