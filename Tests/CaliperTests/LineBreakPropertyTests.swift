import CICU
import Foundation
import Testing

@testable import Caliper

/// The pair table over scalars whose classes come from ICU's Line_Break data
/// (`LineBreakPairs.propertyClasses`: CJK, kana, Devanagari, Arabic, Hebrew, East Asian
/// punctuation, combining marks) breaks where ICU's iterator does (the independent source:
/// ICU 72's root line rules through `cicu_line_breaks`): every corpus line and file it
/// answers, every string of up to four classes with a combining mark among them, and random
/// strings of the taken classes with the refused ones mixed in.
@Suite struct LineBreakPropertyTests {
  typealias Breaks = LineBreakPairsTests.Breaks

  /// ICU's answer, and the pair table's (nil where it hands the text to ICU).
  static func both(_ scalars: [Unicode.Scalar]) throws -> (fast: Breaks?, slow: Breaks) {
    (LineBreakPairsTests.pairs(scalars), try LineBreakPairsTests.icu(scalars))
  }

  /// Every corpus line and whole file outside the small table's set that the pair table
  /// answers is ICU's (the fallback-heavy, mixed and vertical files are nearly all taken;
  /// Thai, emoji and Hangul lines are not).
  @Test func corpusBreaksMatchICU() throws {
    var compared = 0
    var refused = 0
    for (name, line) in try CorpusLines.lines() {
      let scalars = Array(line.unicodeScalars)
      let latin = scalars.allSatisfy { scalar in
        LineBreakPairs.classes.withUnsafeBufferPointer {
          LineBreakPairs.lineClass(scalar.value, $0) != LineBreakPairs.none
        }
      }
      guard !latin else { continue }
      let (fast, slow) = try Self.both(scalars)
      guard let fast else {
        refused += 1
        continue
      }
      #expect(fast.breaks == slow.breaks, "\(name): \(line.prefix(80))")
      #expect(fast.mandatory == slow.mandatory, "\(name): \(line.prefix(80))")
      compared += 1
    }
    #expect(compared > 400)
    #expect(refused > 10)
  }

  /// The small table's classes are ICU's data's (`byProperty`), but U+2010's (HH there,
  /// BA in the data): so the scan's letter steps may read either.
  @Test func smallTableAgreesWithICUData() {
    let scalars = LineBreakPairsTests.set
    let property = scalars.withUnsafeBufferPointer { LineBreakPairs.propertyClasses($0) }
    var differ: [UInt32] = []
    for (index, scalar) in scalars.enumerated() {
      let own = LineBreakPairs.classes.withUnsafeBufferPointer {
        LineBreakPairs.lineClass(scalar.value, $0)
      }
      if own != property[index] { differ.append(scalar.value) }
    }
    #expect(differ == [0x2010])
  }

  /// A combining mark and a Devanagari letter and sign beside one scalar of each class.
  static let alphabet =
    LineBreakPairsTests.representatives + ["\u{301}", "\u{915}", "\u{93F}"]

  /// Every string of one to four of `alphabet`: answered as ICU does, or refused only for
  /// a combining mark after a class it does not join (or a string the table answers).
  @Test func everyStringOfFourMatchesICU() throws {
    var wrong: [[UInt32]] = []
    var answered = 0
    for length in 1...4 {
      var digits = [Int](repeating: 0, count: length)
      outer: while true {
        let text = digits.map { Self.alphabet[$0] }
        let (fast, slow) = try Self.both(text)
        if let fast {
          if fast.breaks != slow.breaks || fast.mandatory != slow.mandatory {
            wrong.append(text.map(\.value))
          }
          answered += 1
        } else if !text.contains(where: { $0 == "\u{301}" || $0 == "\u{93F}" }) {
          wrong.append(text.map(\.value))
        }
        var position = length - 1
        while position >= 0 {
          digits[position] += 1
          if digits[position] < Self.alphabet.count { continue outer }
          digits[position] = 0
          position -= 1
        }
        break
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    #expect(answered > 400_000)
  }

  /// Random strings of the taken classes (Devanagari, Arabic and Hebrew letters and marks,
  /// ideographs, kana and small kana, iteration marks, East Asian and Latin punctuation,
  /// digits of three scripts, spaces and hyphens), every third with refused ones (ZWJ, ZW,
  /// WJ, BK, Thai, Hangul, emoji bases and modifiers (EB, EM), a wide CP): where the table
  /// answers, ICU agrees, and it answers every string without the refused classes but a
  /// mark after a class it does not join.
  @Test func randomStringsMatchICU() throws {
    let taken: [UInt32] = [
      0x20, 0x20, 0x20, 0x41, 0x61, 0x2D, 0x2E, 0x2C, 0x24, 0x25, 0x28, 0x29, 0x22, 0x30,
      0x0A, 0xA0, 0x2010, 0x2014, 0x2026, 0x915, 0x924, 0x93F, 0x94D, 0x902, 0x964, 0x966,
      0x627, 0x644, 0x64B, 0x61F, 0x660, 0x5D0, 0x5D1, 0x5BE, 0x5B8, 0x4E00, 0x5B57, 0x3042,
      0x3041, 0x30C3, 0x30FC, 0x3005, 0x3001, 0x3002, 0x300C, 0x300D, 0xFF08, 0xFF09, 0xFF0C,
      0xFF01, 0xFF10, 0x3000, 0x301C, 0x20000, 0x2329,
    ]
    let refused: [UInt32] = [0x200D, 0x200B, 0x2060, 0x0B, 0xE01, 0xAC00, 0x1F466, 0x1F3FB, 0x232A]
    let marks: Set<UInt32> = [0x93F, 0x94D, 0x902, 0x64B, 0x5B8]
    var answered = 0
    for scalars in RandomScalars.strings(
      rounds: 6000, longest: 30, taken: taken, refused: refused, seed: 32)
    {
      let (fast, slow) = try Self.both(scalars)
      guard let fast else {
        #expect(
          scalars.contains { refused.contains($0.value) || marks.contains($0.value) },
          "\(scalars.map(\.value))")
        continue
      }
      #expect(fast.breaks == slow.breaks, "\(scalars.map(\.value))")
      #expect(fast.mandatory == slow.mandatory, "\(scalars.map(\.value))")
      answered += 1
    }
    #expect(answered > 1500)
  }

  /// Words of letters and ideographs beyond the small table (Devanagari with its signs,
  /// Arabic, Hebrew, CJK, Latin) after one space or more, each word followed by another
  /// class now and then (digits, brackets, quotes, punctuation, hyphens, marks after the
  /// space): the scan's step for one space and the class after it (`Table.wordsBreak`)
  /// breaks where ICU does, and leaves the state that the class after it leaves.
  @Test func wordEndsMatchICU() throws {
    var generator = ShortestDecimalTests.SeededGenerator(state: 24)
    let pieces = [
      " ", " ", " ", "  ", "कि", "नमस्ते", "क्ष", "عربي", "ب", "中文", "字", "שלום", "abc", "a",
      "5", "١٢", "(", "「", "」", "\"", "-", "\u{2010}", ".", "%", "$", "\u{301}", "\u{93F}", "।",
      "\u{A0}", "\u{3000}",
    ]
    var answered = 0
    for text in RandomScalars.texts(of: pieces, count: 4000, longest: 24, using: &generator) {
      let scalars = Array(text.unicodeScalars)
      let (fast, slow) = try Self.both(scalars)
      guard let fast else { continue }
      #expect(fast.breaks == slow.breaks, "\(scalars.map(\.value))")
      #expect(fast.mandatory == slow.mandatory, "\(scalars.map(\.value))")
      answered += 1
    }
    #expect(answered > 2000)
    #expect(LineBreakPairs.standard.wordsBreak)
  }

  /// Corpus lines beyond the small table under the other locales with ICU's root rules
  /// (strict is root's): the pair table's answer where it gives one is ICU's for that
  /// locale.
  @Test(arguments: ["en@lb=strict", "de", "ar", "hi"])
  func rootRuleLocalesMatchICU(locale: String) throws {
    var compared = 0
    for (name, line) in try CorpusLines.lines()
    where line.unicodeScalars.contains(where: { $0.value >= 0x300 }) {
      let scalars = Array(line.unicodeScalars)
      guard let fast = TextAnalysis.pairLineBreaks(scalars, locale: locale) else { continue }
      let slow = try LineBreakPairsTests.icu(scalars, locale: locale)
      #expect(fast.breaks == slow.breaks, "\(name): \(line.prefix(80))")
      #expect(fast.mandatory == slow.mandatory, "\(name): \(line.prefix(80))")
      compared += 1
    }
    #expect(compared > 400)
  }

  /// In `.css` mode the analysis's breaks of such lines are ICU's with CSS's adjustments
  /// (`CSSText.adjust`), as for Latin text.
  @Test func cssModeMatchesICU() throws {
    let style = TextStyle(size: 16, breakRules: .css)
    var compared = 0
    for (name, line) in try CorpusLines.lines(wholeFiles: false)
    where line.unicodeScalars.contains(where: { $0.value >= 0x300 }) {
      let scalars = Array(line.unicodeScalars)
      guard TextAnalysis.pairLineBreaks(scalars, locale: style.lineBreakLocale) != nil else {
        continue
      }
      let analysis = try TextAnalysis(text: String(line), style: style)
      var viaICU = try LineBreakPairsTests.icu(scalars, locale: style.lineBreakLocale)
      let starts = analysis.graphemeStart
      CSSText(style).adjust(
        scalars: scalars, breaks: &viaICU.breaks, mandatory: &viaICU.mandatory,
        graphemeStart: { starts[$0] })
      #expect(analysis.breaks == viaICU.breaks, "\(name): \(line.prefix(80))")
      #expect(analysis.mandatory == viaICU.mandatory, "\(name): \(line.prefix(80))")
      compared += 1
    }
    #expect(compared > 400)
  }

  /// Every scalar of planes 0 and 1 (the BMP's through the table `cicu_line_property_known`
  /// keeps, filled at the first meeting and read at the second) and some beyond takes the class
  /// of ICU's property asked of that scalar alone (`cicu_line_property`), whatever the
  /// order it is met in.
  @Test func everyScalarsClassIsICUs() {
    let values =
      Array(0..<UInt32(0xD800)) + Array(0xE000..<UInt32(0x20000))
      + [0x20000, 0x2A6D6, 0x30000, 0xE0001, 0xE0100, 0xF0000, 0x10FFFD, 0x10FFFF]
    let expected = values.map { LineBreakPairs.byProperty[Int(cicu_line_property($0) & 0x7F)] }
    let scalars = values.map { Unicode.Scalar($0)! }
    let reversed = Array(scalars.reversed())
    for _ in 0..<2 {
      let found = scalars.withUnsafeBufferPointer { LineBreakPairs.propertyClasses($0) }
      #expect(found == expected)
      let backwards = reversed.withUnsafeBufferPointer { LineBreakPairs.propertyClasses($0) }
      #expect(backwards == Array(expected.reversed()))
    }
    // ICU's property is known for every scalar (the bit always set) and the table's
    // classes are of more than a handful of values.
    #expect(values.allSatisfy { cicu_line_property($0) & 0x80 != 0 })
    #expect(Set(expected).count > 20)
  }

  /// The scan's own reader (`PropertyLineClasses`, each class looked up as the scan meets
  /// it) gives every scalar of planes 0 and 1 and some beyond ICU's class alone (U+2010
  /// HH), at the first meeting and from the class kept after it, and its letter run
  /// (`lettersEnd`) ends at the first scalar that is neither AL nor CM by ICU's property
  /// asked of each scalar alone, whose class it gives.
  @Test func scanReaderIsICUs() {
    let values =
      Array(0..<UInt32(0xD800)) + Array(0xE000..<UInt32(0x20000))
      + [0x20000, 0x2A6D6, 0x30000, 0xE0001, 0xE0100, 0xF0000, 0x10FFFD, 0x10FFFF]
    let expected = values.map { value -> UInt8 in
      value == 0x2010
        ? LineBreakPairs.Class.hh.rawValue
        : LineBreakPairs.byProperty[Int(cicu_line_property(value) & 0x7F)]
    }
    // The first offset at or after each that is not AL or CM, by the expected classes.
    let letters: Set<UInt8> = [LineBreakPairs.Class.al.rawValue, LineBreakPairs.cm]
    var ends = [Int](repeating: values.count, count: values.count)
    for index in values.indices.reversed() {
      if !letters.contains(expected[index]) {
        ends[index] = index
      } else if index + 1 < values.count {
        ends[index] = ends[index + 1]
      }
    }
    let scalars = values.map { Unicode.Scalar($0)! }
    scalars.withUnsafeBufferPointer { scalars in
      LineBreakPairs.byProperty.withUnsafeBufferPointer { byProperty in
        let reader = PropertyLineClasses(scalars: scalars, byProperty: byProperty)
        // (The first scalar that differs, not two arrays of 190,000.)
        let wrong = scalars.indices.first { reader($0) != expected[$0] }
        #expect(wrong == nil, "U+\(String(values[wrong ?? 0], radix: 16))")
        // Again: every BMP scalar's class is now the one kept at its first meeting
        // (`PropertyLineClasses.met`, here or in an earlier test), read with no lookup.
        let wrongKept = scalars.indices.first { reader($0) != expected[$0] }
        #expect(wrongKept == nil, "kept: U+\(String(values[wrongKept ?? 0], radix: 16))")
        // From the start of each run and each scalar that ends none, and from every 61st
        // offset inside (from every offset the runs of thousands of letters take minutes).
        let starts = scalars.indices.filter {
          $0 == 0 || !letters.contains(expected[$0 - 1]) || $0 % 61 == 0
        }
        // The end and the class where the run stops, which the scan reads only there.
        let wrongEnd = starts.first { start in
          let (end, lineClass) = reader.lettersEnd(from: start, count: scalars.count)
          return end != ends[start]
            || lineClass != (end < values.count ? expected[end] : LineBreakPairs.none)
        }
        #expect(wrongEnd == nil, "from U+\(String(values[wrongEnd ?? 0], radix: 16))")
      }
    }
    #expect(ends.enumerated().filter { $0.element > $0.offset + 1 }.count > 1000)
  }

  /// The scan's run of ideographs (`PropertyLineClasses.ideographsEnd`, taken after an
  /// ideograph where ID × ID breaks) ends at the first scalar that is not ID by ICU's
  /// property asked of each scalar alone, whose class it gives, and records a break before
  /// each ideograph of the run, none mandatory, after the breaks already found: from every
  /// ideograph that starts a run of planes 0 and 1 and every 7th inside.
  @Test func ideographRunsAreICUs() {
    let values =
      Array(0x2E80..<UInt32(0xD800)) + Array(0xF900..<UInt32(0x10000))
      + Array(0x1F000..<UInt32(0x20000)) + [0x20000, 0x2A6D6, 0x30000]
    let expected = values.map { LineBreakPairs.byProperty[Int(cicu_line_property($0) & 0x7F)] }
    let id = LineBreakPairs.Class.id.rawValue
    #expect(LineBreakPairs.standard.ideographsBreak)
    var ends = [Int](repeating: values.count, count: values.count)
    for index in values.indices.reversed() {
      if expected[index] != id {
        ends[index] = index
      } else if index + 1 < values.count {
        ends[index] = ends[index + 1]
      }
    }
    let scalars = values.map { Unicode.Scalar($0)! }
    var positions = [Int32](repeating: -1, count: values.count + 3)
    var hard = [Bool](repeating: true, count: values.count + 3)
    let starts = values.indices.filter {
      expected[$0] == id && ($0 == 0 || expected[$0 - 1] != id || $0 % 7 == 0)
    }
    #expect(starts.count > 1000)
    scalars.withUnsafeBufferPointer { scalars in
      LineBreakPairs.byProperty.withUnsafeBufferPointer { byProperty in
        let reader = PropertyLineClasses(scalars: scalars, byProperty: byProperty)
        positions.withUnsafeMutableBufferPointer { positions in
          hard.withUnsafeMutableBufferPointer { hard in
            let wrong = starts.first { start in
              // Three breaks found before the run: the run's come after them.
              var found = 3
              let (end, lineClass) = reader.ideographsEnd(
                from: start, count: scalars.count, positions: positions, hard: hard,
                found: &found)
              let recorded = (0..<found - 3).map { Int(positions[3 + $0]) }
              let mandatory = (0..<found - 3).contains { hard[3 + $0] }
              return end != ends[start]
                || lineClass != (end < values.count ? expected[end] : LineBreakPairs.none)
                || recorded != Array(start..<end) || mandatory
            }
            #expect(wrong == nil, "from U+\(String(values[wrong ?? 0], radix: 16))")
          }
        }
      }
    }
  }
}
