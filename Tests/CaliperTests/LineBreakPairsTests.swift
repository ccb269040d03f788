import Foundation
import Testing

@testable import Caliper

/// The pair table's line breaks are ICU's (the independent source: ICU 72's root line
/// rules through `cicu_line_breaks`): over every corpus file, every pair of scalars of its
/// set with and without a space between, every string of up to four classes, and random
/// strings with long contexts; and every cell of the table is needed (a table with any one
/// cell changed gives a wrong answer on the strings the table was read off).
@Suite struct LineBreakPairsTests {
  typealias Breaks = (breaks: [Int32], mandatory: [Bool])

  static func icu(_ scalars: [Unicode.Scalar], locale: String = "en") throws -> Breaks {
    let text = UTF16Text(scalars)
    return try TextAnalysis.icuLineBreaks(text.units, scalarAt: text.scalarAt, locale: locale)
  }

  static func pairs(
    _ scalars: [Unicode.Scalar], table: LineBreakPairs.Table = LineBreakPairs.standard
  ) -> Breaks? {
    scalars.withUnsafeBufferPointer { LineBreakPairs.breaks($0, table: table) }
  }

  /// Whether the pair table answers `scalars` as ICU does (false where it gives no answer).
  static func agrees(
    _ scalars: [Unicode.Scalar], table: LineBreakPairs.Table = LineBreakPairs.standard
  ) throws -> Bool {
    guard let fast = pairs(scalars, table: table) else { return false }
    let slow = try icu(scalars)
    return fast.breaks == slow.breaks && fast.mandatory == slow.mandatory
  }

  /// Every scalar of the set: tab, LF, CR, printable ASCII, U+00A0–U+00FF, U+2010–U+2027.
  static let set: [Unicode.Scalar] =
    ([0x09, 0x0A, 0x0D] + Array(0x20...0x7E) + Array(0xA0...0xFF)
    + Array(0x2010...0x2027)).map { Unicode.Scalar(UInt32($0))! }

  /// One scalar of each class, in `LineBreakPairs.Class` order.
  static let representatives: [Unicode.Scalar] = [
    "|", "\n", "\r", " ", "!", "\"", "a", "$", "%", "(", ")", ",", "-", "/", "0", "}",
    "\u{A0}", "\u{B4}", "\u{2010}", "\u{2014}", "\u{2026}", "\u{4E00}", "\u{3005}", "\u{05D0}",
    "\u{300C}",
  ]

  @Test func representativesHaveTheirClasses() {
    for (index, scalar) in Self.representatives.enumerated() {
      // The small table's class where it has one, else ICU's data's (as the scan reads them).
      let own = LineBreakPairs.classes.withUnsafeBufferPointer {
        LineBreakPairs.lineClass(scalar.value, $0)
      }
      let property = [scalar].withUnsafeBufferPointer { LineBreakPairs.propertyClasses($0)[0] }
      let lineClass = own != LineBreakPairs.none ? own : property
      #expect(lineClass == LineBreakPairs.Class.allCases[index].rawValue, "\(index)")
    }
    #expect(Self.representatives.count == LineBreakPairs.Class.allCases.count)
    #expect(LineBreakPairs.width == LineBreakPairs.Class.allCases.count)
    #expect(LineBreakPairs.pairs.count == Self.representatives.count * Self.representatives.count)
  }

  /// Every line of every corpus file, and each file whole (its LFs as mandatory breaks):
  /// the fixtures, Benchmarks/Corpus and, when this checkout has it beside it, the shared
  /// corpus (`../shared/corpus`).
  @Test func corpusBreaksMatchICU() throws {
    var compared = 0
    for (name, line) in try CorpusLines.lines() {
      let scalars = Array(line.unicodeScalars)
      guard let fast = Self.pairs(scalars) else { continue }
      let slow = try Self.icu(scalars)
      #expect(fast.breaks == slow.breaks, "\(name): \(line.prefix(80))")
      #expect(fast.mandatory == slow.mandatory, "\(name): \(line.prefix(80))")
      compared += 1
    }
    // Gatsby's 1,643 paragraphs are nearly all of the set; most of the rest are not.
    #expect(compared > 3000)
  }

  /// Every ordered pair of the set's scalars, alone, after a letter, and with a space or
  /// a letter between.
  @Test func everyPairOfScalarsMatchesICU() throws {
    var wrong: [[UInt32]] = []
    for first in Self.set {
      for second in Self.set {
        for text: [Unicode.Scalar] in [
          [first, second], ["x", first, second], [first, " ", second], [first, "a", second],
        ] where try !Self.agrees(text) {
          wrong.append(text.map(\.value))
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20))")
  }

  /// Every string of one to four classes (one scalar each).
  @Test func everyStringOfFourClassesMatchesICU() throws {
    let classes = Self.representatives
    var wrong: [String] = []
    for length in 1...4 {
      var digits = [Int](repeating: 0, count: length)
      outer: while true {
        let text = digits.map { classes[$0] }
        if try !Self.agrees(text) { wrong.append(String(String.UnicodeScalarView(text))) }
        var position = length - 1
        while position >= 0 {
          digits[position] += 1
          if digits[position] < classes.count { continue outer }
          digits[position] = 0
          position -= 1
        }
        break
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20).map { Array($0.unicodeScalars).map(\.value) })")
  }

  /// Random strings up to 40 scalars, biased to spaces, letters, digits and the number and
  /// quote classes whose rules look further than a pair (a fixed seed, so a failure repeats).
  @Test func randomStringsMatchICU() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let biased: [Unicode.Scalar] = [" ", " ", "a", "5", "5", ".", ",", "$", "%", "(", ")", "-"]
    var wrong: [[UInt32]] = []
    for _ in 0..<20_000 {
      let text = (0..<(1 + next(40))).map { _ in
        next(2) == 0 ? biased[next(biased.count)] : Self.set[next(Self.set.count)]
      }
      if try !Self.agrees(text) { wrong.append(text.map(\.value)) }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
  }

  /// URL-like strings (the scan's runs of letters and digits, `Table.alphanumericsJoin`):
  /// letters and digits in runs of up to 12, between the punctuation of paths, queries,
  /// numbers and brackets, and spaces; 6,000 of them, seeded, against ICU.
  @Test func alphanumericRunsMatchICU() throws {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let letters = Array("abcdefxyzQKZ".unicodeScalars)
    let digits = Array("0123456789".unicodeScalars)
    let between = Array("-/.:?=&%$+_,;()[]{}#!'\"@ ".unicodeScalars) + ["\u{2010}", "\u{A0}", "é"]
    var wrong: [[UInt32]] = []
    var compared = 0
    for _ in 0..<6_000 {
      var text: [Unicode.Scalar] = []
      while text.count < 4 + next(60) {
        for _ in 0..<(1 + next(12)) {
          text.append(next(3) == 0 ? digits[next(digits.count)] : letters[next(letters.count)])
        }
        for _ in 0..<next(3) { text.append(between[next(between.count)]) }
      }
      guard Self.pairs(text) != nil else { continue }
      compared += 1
      if try !Self.agrees(text) { wrong.append(text.map(\.value)) }
    }
    #expect(compared > 5_000)
    #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
    #expect(LineBreakPairs.standard.alphanumericsJoin)
  }

  /// The strings the table was read off: for each cell, `x` + before + after, `x` + before
  /// + space + after (for the SP row: after a space at the start, and after two).
  static func cellTexts(_ before: Int, _ after: Int) -> [[Unicode.Scalar]] {
    let (a, b) = (representatives[before], representatives[after])
    if a == " " { return [[" ", b], [" ", " ", b]] }
    return [["x", a, b], ["x", a, " ", b]]
  }

  /// Each cell is needed: changing any one of them to any other decision makes one of its
  /// strings break differently from ICU. So the tests above would fail on a flipped cell.
  @Test func everyCellIsNeeded() throws {
    let width = LineBreakPairs.Class.allCases.count
    var unneeded: [String] = []
    for before in 0..<width {
      for after in 0..<width {
        let texts = Self.cellTexts(before, after)
        for text in texts { #expect(try Self.agrees(text), "\(text.map(\.value))") }
        let cell = before * width + after
        for other in LineBreakPairs.direct...LineBreakPairs.mandatory
        where other != LineBreakPairs.pairs[cell] {
          var table = LineBreakPairs.pairs
          table[cell] = other
          // Decisions no text can tell apart are one: in a space row `%` is `_` (spaces
          // always precede), in a line end's row `%` is `^` (no space follows a line end
          // but after the mandatory break).
          let change = Set([other, LineBreakPairs.pairs[cell]])
          let row = Self.representatives[before]
          if row == " " && change == [LineBreakPairs.direct, LineBreakPairs.indirect] { continue }
          if (row == "\n" || row == "\r")
            && change == [LineBreakPairs.indirect, LineBreakPairs.prohibited]
          {
            continue
          }
          let changed = LineBreakPairs.Table(pairs: table)
          if try texts.allSatisfy({ try Self.agrees($0, table: changed) }) {
            let names = LineBreakPairs.Class.allCases
            unneeded.append("\(names[before]) \(names[after]) → \(other)")
          }
        }
      }
    }
    #expect(unneeded.isEmpty, "\(unneeded)")
  }

  /// Only for text of the set under a locale with ICU's root line rules.
  @Test(arguments: [
    ("en", true), ("de", true), ("en@lb=strict", true), ("ja", false), ("zh", false),
    ("en@lb=loose", false), ("en@lb=normal", false),
  ])
  func onlyForRootRules(locale: String, answers: Bool) {
    let scalars = Array("Blue tile, “quoted” — 5.3 %".unicodeScalars)
    #expect((TextAnalysis.pairLineBreaks(scalars, locale: locale) != nil) == answers)
    #expect(TextAnalysis.pairLineBreaks(Array("a\u{200D} b".unicodeScalars), locale: "en") == nil)
    #expect(TextAnalysis.pairLineBreaks(Array("a\u{0B} b".unicodeScalars), locale: "en") == nil)
  }

  /// The last locale found to have root's rules is kept on the Swift side
  /// (`TextAnalysis.lineRulesAreRoot`): asked in turn, locales with and without root's
  /// rules each get their own answer (the expected ones are `onlyForRootRules`').
  @Test func rootRulesAnswerEachLocale() {
    let scalars = Array("Blue tile, 5.3 %".unicodeScalars)
    let asked = [
      ("en", true), ("ja", false), ("en", true), ("en@lb=loose", false), ("de", true),
      ("de", true), ("zh", false), ("en@lb=strict", true), ("en@lb=normal", false),
    ]
    for (locale, answers) in asked {
      #expect(TextAnalysis.lineRulesAreRoot(locale) == answers, "\(locale)")
      #expect((TextAnalysis.pairLineBreaks(scalars, locale: locale) != nil) == answers)
    }
  }

  /// Whether a locale has root's rules is remembered apart from ICU's cached iterators,
  /// so that a process that has opened more locales than that cache holds (32) still finds
  /// simple text's breaks without ICU for the next locale.
  @Test func manyLocalesKeepThePairTable() throws {
    for index in 0..<40 {
      // A zero width joiner sends the text to ICU, which opens an iterator per locale.
      _ = try TextAnalysis(text: "a\u{200D} b", locale: "en_X\(index)")
    }
    let scalars = Array("Blue tile, 5.3 %".unicodeScalars)
    #expect(TextAnalysis.pairLineBreaks(scalars, locale: "de_CH") != nil)
    #expect(TextAnalysis.pairLineBreaks(scalars, locale: "ja_JP") == nil)
  }

  /// A prepared text of the set breaks where ICU does, under the CSS rules too (which
  /// adjust the same opportunities afterwards).
  @Test func analysisUsesThePairTable() throws {
    let text = "Blue tile with a longer-label, (5.3%) and “quotes” — \u{2026}\nnext"
    for style in [TextStyle(size: 16), TextStyle(size: 16, breakRules: .css)] {
      let analysis = try TextAnalysis(text: text, style: style)
      var viaICU = try Self.icu(Array(text.unicodeScalars), locale: style.lineBreakLocale)
      if style.breakRules == .css {
        CSSText(style).adjust(
          scalars: Array(text.unicodeScalars), breaks: &viaICU.breaks,
          mandatory: &viaICU.mandatory, graphemeStart: { _ in true })
      }
      #expect(analysis.breaks == viaICU.breaks)
      #expect(analysis.mandatory == viaICU.mandatory)
    }
  }
}
