import Testing

@testable import Caliper

/// The shape cache's key tells words apart exactly as their scalars do: its UTF-8 packing
/// (three 8-byte lanes, sequences straddling lanes, zeros after), its packing of a short
/// word beyond ASCII by scalars (21 bits each, three to a lane) and its digest never make
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
  /// changed, dropped or doubled; words beyond ASCII on both sides of `ShapeWord.scalarWords`
  /// (packed by scalars, then in UTF-8), with the highest scalar (all 21 bits set).
  static let words: [[Unicode.Scalar]] = {
    let scalars: [Unicode.Scalar] = [
      "a", "\0", "é", "\u{2019}", "\u{1F600}", " ", "\u{7FF}", "\u{10FFFF}", "क", "š",
    ]
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

  /// A word read in place inside its text (`readable`: the text's scalars after it may be
  /// read, as `Shaper.shapeWord` lets them) is the same word as its copy read alone (only
  /// its own scalars, the last read again for the lanes past it): seeded random texts of
  /// Devanagari, CJK, Latin, spaces and the highest scalar, every word of 1 to 12 scalars
  /// at every offset, with the text's rest readable or not. Fails with the lanes' scalars
  /// past the word kept (the keep mask dropped, or a lane's count one too many): the text's
  /// next scalar gets in.
  @Test func wordReadInPlaceIsTheWordAlone() {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x1A_7E5)
    let alphabet: [Unicode.Scalar] = ["क", "ि", "्", "字", "あ", "a", " ", "\u{10FFFF}", "š", "\0"]
    func word(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, readable: Int) -> ShapeWord {
      ShapeWord(
        font: 7, script: 0x4465_7661, rightToLeft: false, upright: false, language: 0,
        featuresDigest: 0, word: scalars, readable: readable)
    }
    var (compared, inPlace) = (0, 0)
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      text.withUnsafeBufferPointer { text in
        for start in text.indices {
          for length in 1...min(12, text.count - start) {
            let range = start..<start + length
            let alone = Array(text[range])
            let reference = alone.withUnsafeBufferPointer { word($0, readable: 0) }
            let readable = text.count - start
            let made = word(UnsafeBufferPointer(rebasing: text[range]), readable: readable)
            #expect(made == reference && made.cacheHash == reference.cacheHash, "\(alone)")
            compared += 1
            if readable >= ShapeWord.scalarWords && length <= ShapeWord.scalarWords
              && alone.contains(where: { $0.value >= 0x80 })
            {
              inPlace += 1
            }
          }
        }
      }
    }
    #expect(compared > 10_000 && inPlace > 2_000)
  }

  /// A word beyond ASCII packed by scalars and an ASCII word whose UTF-8 has the same lanes
  /// and length ("š\0": U+0161 and U+0000 in 21 bits each, 0x161; "a\u{1}": the bytes 0x61,
  /// 0x01) are different keys, and so are the longest word packed by scalars and the same
  /// word one scalar longer (in UTF-8). The direction reads the same from either packing.
  @Test func scalarLanesNeverMatchUTF8Lanes() {
    #expect(Self.key(["š", "\0"]) != Self.key(["a", "\u{1}"]))
    #expect(Self.key(["š", "\0"]) == Self.key(["š", "\0"]))
    let longest = [Unicode.Scalar](repeating: "क", count: ShapeWord.scalarWords)
    #expect(Self.key(longest).word.fits && Self.key(longest + ["क"]).word.fits == false)
    #expect(Self.key(longest) != Self.key(longest + ["क"]))
    for (rightToLeft, upright) in [(false, false), (true, false), (false, true), (true, true)] {
      for word in [["š", "\0"], ["a", "\u{1}"]] as [[Unicode.Scalar]] {
        let made = word.withUnsafeBufferPointer {
          ShapeWord(
            font: 1, script: 0, rightToLeft: rightToLeft, upright: upright, language: 0,
            featuresDigest: 0, word: $0)
        }
        #expect(made.upright == upright && made.rightToLeft == (rightToLeft && !upright))
      }
    }
  }

  /// A word the lanes do not hold, made from its parts alone (`ShapeWord(beyondLanes:)`, the
  /// long-word lookup's), is the word made from its scalars: every such word of `words` and
  /// seeded random words of 10 to 48 scalars (ASCII, Latin with accents, Devanagari, emoji),
  /// in each direction, upright or not, with and without features; and a word that does fit
  /// is not. Fails with the direction left out of the parts (a right-to-left or upright long
  /// word then never found again).
  @Test func wordBeyondLanesFromItsParts() {
    var random = ShortestDecimalTests.SeededGenerator(state: 0x10_4657_0ED5)
    let alphabet: [Unicode.Scalar] = ["a", "z", " ", "é", "ø", "क", "ि", "\u{1F600}", "\u{2019}"]
    let randomWords = (0..<200).map { _ in
      (0..<Int.random(in: 10...ShapeCache.longestWord, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
    }
    var checked = 0
    for word in Self.words + randomWords {
      for (rightToLeft, upright) in [(false, false), (true, false), (false, true), (true, true)] {
        for featuresDigest: UInt64 in [0, 0x9E37_79B9] {
          let made = word.withUnsafeBufferPointer {
            ShapeWord(
              font: 7, script: 0x4C61_746E, rightToLeft: rightToLeft, upright: upright,
              language: 3, featuresDigest: featuresDigest, word: $0)
          }
          let parts = ShapeWord(
            beyondLanes: word.count, font: 7, script: 0x4C61_746E, rightToLeft: rightToLeft,
            upright: upright, language: 3, featuresDigest: featuresDigest,
            seeds: ShapeWord.seeds)
          #expect((made == parts) == !made.fits, "\(word)")
          if !made.fits {
            #expect(made.digest == parts.digest)
            checked += 1
          }
        }
      }
    }
    #expect(checked > 1_000)
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
