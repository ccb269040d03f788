import Testing

@testable import Caliper

/// The shape cache's key tells words apart exactly as their scalars do: its UTF-8 packing
/// (three 8-byte lanes, sequences straddling lanes, zeros after) and its digest never make
/// two different words one key, nor one word two.
@Suite struct ShapeKeyTests {
  static func key(_ word: [Unicode.Scalar], font: UInt64 = 1, features: [FontFeature] = [])
    -> ShapeKey
  {
    ShapeKey(
      font: font, script: 0x4C61_746E, rightToLeft: false, language: 0, features: features,
      word: word[...])
  }

  /// Words around every lane edge: 1- to 4-byte scalars at each offset up to 30 bytes, NULs
  /// (which the lanes' padding must not swallow), and each word with its last scalar
  /// changed, dropped or doubled.
  static let words: [[Unicode.Scalar]] = {
    let scalars: [Unicode.Scalar] = ["a", "\0", "é", "\u{2019}", "\u{1F600}", " ", "\u{7FF}"]
    var words: [[Unicode.Scalar]] = [[]]
    for length in 1...26 {
      for (index, last) in scalars.enumerated() {
        let body = (0..<length - 1).map { scalars[($0 * 3 + index + length) % scalars.count] }
        words.append(body + [last])
        words.append(body + [last, last])
      }
    }
    return words
  }()

  @Test func equalKeysAreEqualWords() {
    let keys = Self.words.map { Self.key($0) }
    for (i, first) in Self.words.enumerated() {
      for (j, second) in Self.words.enumerated() {
        #expect((keys[i] == keys[j]) == (first == second), "\(first) \(second)")
        if first == second { #expect(keys[i].cacheHash == keys[j].cacheHash) }
      }
      // A key made again from a copy is the same key, hash included.
      let again = Self.key(Array(first))
      #expect(again == keys[i] && again.cacheHash == keys[i].cacheHash)
    }
  }

  @Test func everyFieldTellsKeysApart() throws {
    let word: [Unicode.Scalar] = ["t", "h", "e", " "]
    let base = Self.key(word)
    #expect(base != Self.key(word, font: 2))
    #expect(base != Self.key(word, features: [try FontFeature(tag: "liga", value: 0)]))
    #expect(
      base
        != ShapeKey(
          font: 1, script: 0x4C61_746E, rightToLeft: true, language: 0, features: [],
          word: word[...]))
    #expect(base.count == 4)
  }

  /// The digests of many distinct words spread over the index: no more than a handful of
  /// the 32-bit hashes repeat among 20,000 words (a birthday bound of ~0.05 expected).
  @Test func hashesSpread() {
    var seen = Set<Int32>()
    var repeats = 0
    for number in 0..<20_000 {
      let word = Array(String(number, radix: 7).unicodeScalars) + [" "]
      if !seen.insert(Self.key(word).cacheHash).inserted { repeats += 1 }
    }
    #expect(repeats <= 3)
  }
}
