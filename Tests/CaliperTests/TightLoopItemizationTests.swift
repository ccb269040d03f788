import Foundation
import Testing

@testable import Caliper

/// `FaceChooser`'s tight loop (ASCII characters, spaces and plain clusters beyond ASCII
/// taken onto the item's stretch, `FontCascade.Resolver.plainFace`) hands `assign` exactly
/// the stretches and faces the general rules do cluster by cluster (`tightLoop` false): over
/// every line of every corpus file and strings of marks, emoji, spaces, controls and
/// characters no bundled face has, in the default and `.css` styles; with the same
/// characters missing and the same faces opened.
@Suite struct TightLoopItemizationTests {
  struct Choice: Equatable {
    var stretches: [[Int]] = []
    var missing: [Unicode.Scalar] = []
    var opened: [Bool] = []
  }

  static func choose(
    _ text: String, style: TextStyle, tightLoop: Bool, library: FontLibrary? = nil
  ) throws -> Choice {
    let library = try library ?? TestFonts.library.get()
    var analysis = try TextAnalysis(text: text, style: style)
    analysis.resolveScripts()
    var resolver = FontCascade.Resolver(try library.cascade(for: style))
    var chooser = FaceChooser(style)
    chooser.tightLoop = tightLoop
    var choice = Choice()
    try chooser.choose(analysis, range: 0..<analysis.scalars.count, resolver: &resolver) {
      range, face, _ in choice.stretches.append([range.lowerBound, range.upperBound, face])
    }
    choice.missing = chooser.missing
    choice.opened = resolver.fonts.map { $0 != nil }
    return choice
  }

  static let texts: [String] = {
    let root = TestFonts.root
    var folders = [TestFonts.fixtures, root + "/Benchmarks/Corpus"]
    let shared = URL(fileURLWithPath: root + "/../shared/corpus").standardized.path
    if FileManager.default.fileExists(atPath: shared) { folders.append(shared) }
    var texts: [String] = []
    for folder in folders {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names.sorted() where name.hasSuffix(".txt") {
        let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        texts += text.split(separator: "\n").map(String.init)
      }
    }
    return texts + [
      "नमस्ते 😀 दुनिया", "a\u{301}bc é\u{302}\u{303} क़्ष", "☺️ ☺ 1️⃣ ✈️x", "\u{10FFFD}ab\u{E000}c",
      "العربية 123 abc\tשלום\u{2028}כן", "中文 日本語 ｱｲｳ 한국어 ภาษาไทย", "\u{200D}क\u{200C}ष \u{FE0F}a",
      // A mark no face of its base has: the cluster's face is not its base's.
      "ééé\u{5B4}", "بب\u{951}ت", "कक\u{64B}", "中中\u{301}文", "ทท\u{A8E0}",
      // A run that starts with a plain cluster beyond ASCII, then a face later in the
      // cascade in the same run: the spaces stay with the first (its rank is its face's).
      "é ★", "ñandú ★ x", "中文 ★", "é ∑ ⌘ ⎈", "Ω ★★ ω", "ب ★ ت",
      // Overrides, isolates, NBSP, mixed directions and joining scripts (the levels and
      // scripts the table's stretches must stop at).
      "\u{202D}سلام\u{A0}\u{202C}عليكم", "abc \u{2067}שלום عربي\u{2069} def",
      // Words of several plain clusters in one script, one face and two levels (Arabic
      // letters at 1, Arabic-Indic digits at 2), and after them clusters whose face depends
      // on the run and item they join (`heldClustersEnd`'s stops).
      "عربي١٢٣ ★", "ب١٢ ★★ ت", "\u{202E}عربي\u{202C}عربي ★", "שלום١٢ ★ x", "عربي ١٢٣ ∑",
      "نص١٢٣\u{A0}★", "١٢٣عربي ★", "क्षत्रिय१२३ ★", "中文文字 ★ 中文",
      "\u{202E}abc ب\u{202C} x",
      "a\u{A0}b ب\u{A0}ت क\u{A0}ख 中\u{A0}文", "ܫܠܡܐ ߒߞߏ ᠮᠣᠩᠭᠣᠯ عربي",
      "\u{2066}क्ष\u{2069} \u{2068}ب\u{2069}",
      "ع宽ع宽 キ文キ文", "स्वतंत्रता النص 字体 ع\u{651}ل\u{64E}ى",
      // A run that the tight loop starts itself (a plain cluster in another script or
      // level, its face from the table), then a face later in the cascade in that run:
      // the spaces stay with the run's first face (its rank is its face's).
      "中文 é ★", "中文 ñandú ★ x", "ب é ∑ ⌘", "क Ω ★★ ω", "字 é\u{301} ★", "中 ب ★ ت",
      "abc عربي ★ def", "\u{202E}中文 é ★\u{202C} क ★", "é 中 ★ é", "ب\u{A0}中 ★",
      // ASCII where the script or level changes (a run the tight loop starts itself from
      // the ASCII answers or the library's table) and ASCII met the first time in a run:
      // words, punctuation, digits (emoji by their facts), a keycap (an emoji cluster that
      // starts with ASCII), a letter with a mark, DEL and controls.
      "中文with 字体. नमस्ते, HarfBuzz! النص and", "ب1\u{FE0F}\u{20E3}x 中#\u{FE0F}\u{20E3}",
      "عربي 2\u{FE0F}\u{20E3} نص", "1 ب1\u{FE0F}\u{20E3} #x 中#\u{FE0F}\u{20E3}",
      "\u{2067}*\u{FE0F}\u{20E3}\u{2069}", "ب12ت 中3文 क4",
      "中a\u{301}b ب e\u{301}\u{302} क", "中\u{7F}a ب\u{1}b", "字体~{}|` ب@$%^&", "中 ab\tcd ب",
      // A space alone in a run of its own between right-to-left and left-to-right words
      // (it takes the first face with a space and chooses none: a cluster no face covers or
      // a control after it takes the face before the space), two spaces, a space with a mark,
      // a space that ends the text.
      "abc ب क ب ᚠ", "abc שלום a שלום Ꭰx", "abc عربي क عربي ⴰ", "abc שלום \u{E000}x",
      "abc عربي 😀 x",
      "abc שלום  def", "abc ب \u{301}क", "abc ب ", "abc ب \u{2067}ت\u{2069} d",
      // More new runs in a row than one call of the tight loop takes (`FaceChooser.NewRuns`):
      // it stops before the run it has no room for and goes on from there.
      String(repeating: "عربي abc ", count: 20), String(repeating: "ب a ", count: 40),
      String(repeating: "中文 é क ", count: 12) + "ب",
    ] + randomTexts
  }()

  /// Seeded random texts of words, numbers, marks, emoji, controls and spaces in many
  /// scripts and both directions: runs that start and end anywhere, many in a row.
  static let randomTexts: [String] = {
    let words = [
      "abc", "Word", "x", "1", "42", "é", "a\u{301}", "!", ",", "—", "«", "ب", "عربي",
      "ع\u{651}ل", "שלום", "כן", "क", "नमस्ते", "क्ष", "中", "中文", "日本語", "ｱｲ", "한국어",
      "ภาษา", "Ω", "ωμέγα", "ñandú", "★", "∑", "😀", "1\u{FE0F}\u{20E3}", "☺\u{FE0F}",
      "\u{E000}", "\u{10FFFD}", "ᚠ", "Ꭰ", "\u{2067}ت\u{2069}", "\u{202E}ab\u{202C}", "\u{301}",
      "\t", "\u{7F}", "\u{A0}",
    ]
    let gaps = [" ", " ", " ", "", "  ", "\u{A0}"]
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x1C4_0032)
    return (0..<300).map { _ in
      let count = Int.random(in: 1...40, using: &generator)
      return (0..<count).map { _ in
        words.randomElement(using: &generator)! + gaps.randomElement(using: &generator)!
      }.joined()
    }
  }()

  /// The bundled cascade (its first faces in the library's table), one of the style's own
  /// fonts first (first faces in the preparation's memo), and `.css` mode. Both orders, each
  /// on a library of its own: the tight loop first (a text's scalars new to the library's
  /// first-face table, as a fresh process meets them: the loop's steps that find a face
  /// themselves), and the general rules first (their first faces fill the table, so that
  /// the tight loop finds the text's scalars there: its steps that read only the table,
  /// such as starting a run itself).
  @Test(arguments: [
    TextStyle(size: 16), TextStyle(size: 16, fonts: [FontReference("Inter")]),
    TextStyle(size: 16, breakRules: .css),
  ])
  func tightLoopChoosesAsTheGeneralRules(style: TextStyle) throws {
    #expect(Self.texts.count > 3000)
    for tightFirst in [true, false] {
      let library = try FontLibrary(fontsDirectory: TestFonts.directory)
      for text in Self.texts {
        let tight: Choice
        let general: Choice
        if tightFirst {
          tight = try Self.choose(text, style: style, tightLoop: true, library: library)
          general = try Self.choose(text, style: style, tightLoop: false, library: library)
        } else {
          general = try Self.choose(text, style: style, tightLoop: false, library: library)
          tight = try Self.choose(text, style: style, tightLoop: true, library: library)
        }
        #expect(
          tight == general, "\(tightFirst ? "tight first" : "general first"): \(text.prefix(60))")
      }
    }
  }

  /// Texts whose every word may switch script, direction and face, as the fallback-heavy
  /// paragraphs do (the tight loop's new runs, `heldClustersEnd`'s stops at a word's end and
  /// the spaces between): words of one to six plain clusters in Devanagari (with signs),
  /// Arabic, Hebrew, Chinese, Japanese, Thai, Greek and Latin, and between them one or
  /// several spaces, NBSP, U+3000, a space with a mark, digits (Arabic-Indic too), brackets,
  /// a star, a tab, and a space at the end; each text also inside a right-to-left embedding
  /// (RLE) and without its last gap. Seeded; both orders on a library of their own (the
  /// general rules first fill the library's table, so that the tight loop finds every
  /// scalar there and takes its own steps), against the general rules cluster by cluster.
  @Test(arguments: [TextStyle(size: 16), TextStyle(size: 16, fonts: [FontReference("Inter")])])
  func wordStepsChooseAsTheGeneralRules(style: TextStyle) throws {
    let words = [
      "नमस्ते", "क्ष", "क", "स्वतंत्रता", "عربي", "ب", "النص", "שלום", "כן", "中文", "字",
      "用于测量行宽", "日本語の", "テキスト", "ภาษา", "ωμέγα", "Ω", "abc", "x", "HarfBuzz",
      "é", "ñandú",
    ]
    let gaps = [
      " ", " ", " ", " ", "  ", "   ", "\u{A0}", "\u{3000}", " \u{301}", " 12 ", " (", ") ",
      " [", "] ", "\t", " ١٢ ", " ★ ",
    ]
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x1C4_0025)
    var texts: [String] = []
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 1...30, using: &generator) {
        text += words.randomElement(using: &generator)! + gaps.randomElement(using: &generator)!
      }
      texts.append(text)
      // The same words in a right-to-left embedding, and without the last gap.
      texts.append("\u{202B}" + text)
      texts.append(String(text.dropLast()))
    }
    for tightFirst in [true, false] {
      let library = try FontLibrary(fontsDirectory: TestFonts.directory)
      for text in texts {
        let first = try Self.choose(text, style: style, tightLoop: tightFirst, library: library)
        let then = try Self.choose(text, style: style, tightLoop: !tightFirst, library: library)
        #expect(first == then, "\(tightFirst ? "tight first" : "general first"): \(text)")
      }
    }
  }

  /// `Itemization`'s faces of each scalar, written a stretch at a time in blocks of 16
  /// past each stretch's end (`Itemization.fill`), are those of the stretches `choose`
  /// hands over written one entry at a time in order (the later stretch's face where two
  /// cover a scalar): over every text above and random texts of words, spaces, marks and
  /// emoji in several scripts, in the default and `.css` styles; and the array holds one
  /// entry a scalar (the room past the text's end dropped).
  @Test(arguments: [TextStyle(size: 16), TextStyle(size: 16, breakRules: .css)])
  func fillMatchesEntryByEntry(style: TextStyle) throws {
    let library = try TestFonts.library.get()
    var generator = ShortestDecimalTests.SeededGenerator(state: 32)
    let pieces = [
      " ", " ", "  ", "abc", "x", "नमस्ते", "क्ष", "عربي", "ب", "中文字体", "字", "שלום", "★", "😀",
      "é\u{301}", "1", "\t", "\u{A0}", "ภาษา", "한국어",
    ]
    let random = RandomScalars.texts(of: pieces, count: 600, longest: 40, using: &generator)
    var compared = 0
    for text in Self.texts + random {
      var analysis = try TextAnalysis(text: text, style: style)
      analysis.resolveScripts()
      var resolver = FontCascade.Resolver(try library.cascade(for: style))
      let items = try Itemization(analysis: analysis, resolver: &resolver, style: style)
      var reference = [UInt16](repeating: 0, count: analysis.scalars.count)
      var again = FontCascade.Resolver(try library.cascade(for: style))
      var chooser = FaceChooser(style)
      try chooser.choose(analysis, range: 0..<analysis.scalars.count, resolver: &again) {
        range, face, _ in
        for index in range { reference[index] = UInt16(face) }
      }
      #expect(items.faceOf == reference, "\(text.prefix(60))")
      compared += 1
    }
    #expect(compared > 3000)
  }
}
