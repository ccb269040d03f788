import Testing

@testable import Caliper

/// The shortcuts past ICU give ICU's answers: grapheme starts and bidi levels computed both
/// ways over the corpus and over random strings of the characters the shortcuts accept.
@Suite struct AnalysisShortcutTests {
  static func icuGraphemeStarts(_ text: String) throws -> [Bool] {
    // A combining mark at the end forces the ICU path; drop its own entries after.
    let analysis = try TextAnalysis(text: text + "\u{301}", locale: "en")
    var starts = Array(analysis.graphemeStart.dropLast(2))
    starts.append(true)
    return starts
  }

  @Test func graphemeStartsMatchICU() throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt32] =
      Array(0x09...0x0D) + [0x20, 0x41, 0x61, 0x7F, 0x85, 0xA0, 0xAD, 0xE9, 0xFF, 0x2BB]
      + Array(0x2010...0x2027)
    var texts = TestFonts.paragraphs.filter {
      $0.unicodeScalars.allSatisfy { AnalysisShortcuts.isSimpleGrapheme($0.value) }
    }
    #expect(texts.count > 500)
    for _ in 0..<300 {
      let length = Int.random(in: 1...40, using: &generator)
      var view = String.UnicodeScalarView()
      for _ in 0..<length {
        view.append(Unicode.Scalar(alphabet.randomElement(using: &generator)!)!)
      }
      texts.append(String(view))
    }
    texts.append("a\r\nb\r\r\n\n\r")
    for text in texts {
      let fast = AnalysisShortcuts.graphemeStarts(DecodedText(text))
      #expect(fast == (try Self.icuGraphemeStarts(text)), "\(text.unicodeScalars.map(\.value))")
    }
  }

  /// The table of Latin-1 facts answers as the functions it was made of.
  @Test func latin1FactsAreTheFunctions() {
    for value in UInt32(0)..<0x100 {
      let fact = AnalysisShortcuts.latin1Facts[Int(value)]
      #expect((fact & 1 != 0) == AnalysisShortcuts.isOneFaceLatin(value))
      #expect((fact & 2 != 0) == AnalysisShortcuts.isLatinLetter(value))
      #expect((fact & 4 != 0) == (value == 0x0D))
      #expect(!AnalysisShortcuts.mayNeedBidi(value))
      #expect(AnalysisShortcuts.isSimpleGrapheme(value))
    }
  }

  /// The scalars decoded from a text's UTF-8 are the text's own, for one- to four-byte
  /// characters and the corpus, and the one pass's answers are the shortcuts' functions
  /// asked of every scalar.
  @Test func decodedTextIsTheUnicodeScalarView() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt32] = [
      0x00, 0x0A, 0x0D, 0x20, 0x41, 0x7F, 0x80, 0xD7, 0xE9, 0x2BB, 0x300, 0x5D0, 0x7FF, 0x800,
      0x2010, 0x2019, 0x2028, 0x202E, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF,
    ]
    var texts = TestFonts.paragraphs + ["", "a", "é", "😀", "a\r\nb", "abcdefgh", "abcdefghé"]
    // Every answer settled by the first three scalars (bidi, no simple grapheme, not one
    // face): the rest, a CR and a control among it, decoded by the second loop.
    texts.append("\u{5D0}\u{300}\u{4E00} a\r\u{E9}\u{7F}\u{800}\u{10000}abcdefgh\u{1F600}")
    for _ in 0..<600 {
      var view = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        view.append(Unicode.Scalar(alphabet.randomElement(using: &generator)!)!)
      }
      texts.append(String(view))
    }
    for text in texts {
      let decoded = DecodedText(text)
      let values = text.unicodeScalars.map(\.value)
      #expect(decoded.scalars == Array(text.unicodeScalars))
      let oneFace = !values.isEmpty && values.allSatisfy(AnalysisShortcuts.isOneFaceLatin)
      #expect(decoded.oneFaceLatin == oneFace)
      #expect(
        decoded.hasLetter == (oneFace && values.contains(where: AnalysisShortcuts.isLatinLetter)))
      #expect(decoded.needsBidi == values.contains(where: AnalysisShortcuts.mayNeedBidi))
      #expect(decoded.simpleGraphemes == values.allSatisfy(AnalysisShortcuts.isSimpleGrapheme))
      #expect(decoded.hasCarriageReturn == values.contains(0x0D), "\(values)")
    }
  }

  /// Every scalar of planes 0 and 1, and the ends of the others, decoded by each of
  /// `decode`'s loops: the first (nothing settled before them) and the second (after three
  /// scalars that settle every answer), whose 2- and 3-byte branches take a sequence's bytes
  /// less their fixed bits: each is the string's own scalar.
  @Test func everyScalarDecodesInEitherLoop() {
    var view = String.UnicodeScalarView()
    for value in Array(0..<UInt32(0xD800)) + Array(0xE000..<UInt32(0x20000))
      + [0x20000, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF]
    {
      view.append(Unicode.Scalar(value)!)
    }
    for prefix in ["", "\u{5D0}\u{300}\u{4E00}"] {
      let text = prefix + String(view)
      let decoded = DecodedText(text)
      #expect(decoded.scalars == Array(text.unicodeScalars), "\(prefix.unicodeScalars.count)")
      #expect(decoded.hasCarriageReturn && !decoded.oneFaceLatin && decoded.needsBidi)
    }
  }

  /// Text with no right-to-left character, digit or control gets all-zero levels without
  /// ICU; the same text with an empty embedding (LRE PDF) appended, which forces ICU and
  /// changes no level before it, gets the same levels from ICU.
  @Test func bidiShortcutMatchesICU() throws {
    var checked = 0
    for text in TestFonts.paragraphs
    where !text.unicodeScalars.contains(where: { AnalysisShortcuts.mayNeedBidi($0.value) }) {
      let fast = try TextAnalysis(text: text, locale: "en")
      #expect(!fast.hasBidi)  // all levels 0, without ICU
      let icu = try TextAnalysis(text: text + "\u{202A}\u{202C}", locale: "en")
      #expect(icu.hasBidi)
      let levels = (0..<fast.scalars.count).map { icu.level(at: $0) }
      #expect(levels.allSatisfy { $0 == 0 }, "\(text.prefix(30))")
      checked += 1
    }
    #expect(checked > 500)
  }
}
