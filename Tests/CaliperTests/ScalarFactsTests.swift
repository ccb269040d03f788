import Testing

@testable import Caliper

/// The table of the face rules' answers (`ScalarFacts`, `ScalarFactsTable`) answers as the
/// rules do, for every scalar asked (a sample of the first three planes, in an order that
/// makes its slots collide).
@Suite struct ScalarFactsTests {
  @Test func memoAnswersAsTheRules() {
    typealias Rules = FontCascade.Resolver
    let table = ScalarTable(slotsLog2: 8)
    var asked = 0
    for round in 0..<2 {
      // Each round walks the planes with a stride, so neighbours in a slot alternate.
      for start in stride(from: round, to: 0x3_0000, by: 7919) {
        for value in stride(from: UInt32(start), to: 0x3_0000, by: 13) {
          guard let scalar = Unicode.Scalar(value) else { continue }
          let facts = table.answer(scalar, ScalarFacts.of)
          #expect(ScalarFactsTable.facts(scalar) == facts)
          #expect((facts & ScalarFacts.needsGlyph != 0) == Rules.needsGlyph(scalar))
          #expect((facts & ScalarFacts.staysInRun != 0) == Rules.staysInRun(scalar))
          #expect((facts & ScalarFacts.choosesNoFace != 0) == Rules.choosesNoFace(scalar))
          #expect(
            (facts & ScalarFacts.spaceSeparator != 0)
              == (scalar.properties.generalCategory == .spaceSeparator))
          #expect(
            (facts & ScalarFacts.emojiPresentation != 0) == scalar.properties.isEmojiPresentation)
          #expect((facts & ScalarFacts.emoji != 0) == scalar.properties.isEmoji)
          #expect(
            (facts & ScalarFacts.nonspacingMark != 0)
              == (scalar.properties.generalCategory == .nonspacingMark))
          asked += 1
        }
      }
    }
    #expect(asked > 300_000)
  }

  /// The resolver's `emojiPresentation` is `hasEmojiPresentation` for clusters of one
  /// scalar and with a variation selector, over emoji, text-default emoji and other
  /// scalars.
  @Test func emojiPresentationAsTheRule() throws {
    let library = try TestFonts.library.get()
    var resolver = FontCascade.Resolver(try library.cascade(for: TextStyle()))
    let samples: [Unicode.Scalar] = [
      "a", "1", "#", "\u{A9}", "\u{2014}", "\u{2764}", "\u{1F600}", "\u{1F1FA}", "\u{5D0}",
      "\u{4E2D}", "\u{263A}", "\u{2639}", "\u{231A}", "\u{FE0F}", "\u{200D}",
    ]
    for scalar in samples {
      for cluster in [[scalar], [scalar, "\u{FE0F}"], [scalar, "\u{301}"]] {
        #expect(
          resolver.emojiPresentation(cluster[...])
            == FontCascade.Resolver.hasEmojiPresentation(cluster[...]), "\(cluster)")
      }
    }
  }
}
