import Testing

@testable import Caliper

/// The tight loop's cluster ends found with no loop over a cluster's flags
/// (`FaceChooser.clusterEnd`) are the loop's it replaced, written here flag by flag: over every corpus line of
/// `TightLoopItemizationTests` and seeded random texts of Devanagari conjuncts and signs,
/// clusters of up to a dozen marks, Arabic, CJK, Latin and spaces, from every cluster start.
@Suite struct ClusterEndTests {
  static let texts: [String] = {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x1C4_0026)
    let pieces = [
      "क", "क्ष", "क्षि", "स्त्र", "स्वतंत्रता", "ता", "लि", "का", "सं", "थ्", "नमस्ते", "ि", "ं",
      "عربي", "ب", "ع\u{651}ل\u{64E}ى", "中文", "字", "abc", "é", " ", " ", "  ", "\u{A0}", "★",
      // A cluster of more than eight scalars (the word read of flags holds no start).
      "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}\u{309}\u{30A}\u{30B}",
      "क\u{94D}\u{937}\u{93F}\u{902}\u{901}\u{951}\u{952}\u{953}",
      "\u{202B}", "\u{202C}", "١٢٣",
    ]
    let random = RandomScalars.texts(of: pieces, count: 400, longest: 40, using: &generator)
    return TightLoopItemizationTests.texts + random
  }()

  /// The next grapheme start after `index`, or `upper`, flag by flag.
  static func scannedEnd(_ index: Int, _ upper: Int, _ starts: [Bool]) -> Int {
    var end = index + 1
    while end < upper && !starts[end] { end += 1 }
    return end
  }

  /// `clusterEnd` at every cluster start of every text, with the text's end as the bound
  /// and a bound inside the text after the start (so inside a cluster too).
  @Test func clusterEndIsTheNextStart() throws {
    var generator = ShortestDecimalTests.SeededGenerator(state: 7)
    var (compared, byWord, long) = (0, 0, 0)
    for text in Self.texts {
      var analysis = try TextAnalysis(text: text, style: TextStyle(size: 16))
      analysis.resolveScripts()
      let starts = analysis.graphemeStart
      starts.withUnsafeBufferPointer { buffer in
        for index in starts.indices where starts[index] {
          for upper in [starts.count, Int.random(in: index + 1...starts.count, using: &generator)] {
            let expected = Self.scannedEnd(index, upper, starts)
            let found = FaceChooser.clusterEnd(index, upper, buffer)
            #expect(found == expected, "at \(index) of \(starts.count), upper \(upper): \(text)")
            compared += 1
            if index + 9 <= starts.count {
              byWord += 1
              if expected - index > 8 && upper == starts.count { long += 1 }
            }
          }
        }
      }
    }
    #expect(compared > 20_000 && byWord > 15_000 && long > 20)
  }
}
