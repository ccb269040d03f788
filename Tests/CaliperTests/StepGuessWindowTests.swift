import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The table's loop finds a line's end by four tests from the step guess
/// (`PlainLineIndex.StepGuess`), counted without a branch, and walks
/// (`LineBreaker.lastFitting`) only where they do not settle it. Both against the general
/// scan (`searchesPlainLines` off), to the bit (`IndexedLoopTests.expectScans`): the
/// corpus's classes, hostile texts, soft hyphens, seeded random texts of short and
/// over-wide words, in the default style, CSS rules with words that may not be broken,
/// and 23 pt, at seeded random widths and where a line's test flips; with line limits
/// against `measure` and a text that has seen no other width. An equivalence test: the
/// scan is the expected value. With the four tests taken as settling a line where all
/// four fit (`fits - 1 < 4`), a line ends at the guess's third segment where later ones
/// fit too, and with the line's end one past the last that fits (`good + fits`), both
/// runs stop in their first texts (a segment read past the text, a range whose bounds
/// cross), as `IndexedLoopTests` does.
@Suite struct StepGuessWindowTests {
  typealias Widths = ShortestDecimalTests.SeededGenerator

  static let styles: [TextStyle] = [
    TextStyle(), TextStyle(breakRules: .css, overflowWrap: .normal), TextStyle(size: 23),
  ]

  /// Texts with soft hyphens: between syllables, doubled, at a word's ends, in long words.
  static let softHyphens: [String] = [
    "re\u{AD}lay\u{AD}out at a new width, hy\u{AD}phen\u{AD}at\u{AD}ed words in a row",
    "x\u{AD}y\u{AD}z wordwithasofthyphen\u{AD} \u{AD}lead and trail\u{AD}",
    String(repeating: "syl\u{AD}la\u{AD}ble ", count: 40),
    "Pneu\u{AD}mono\u{AD}ultra\u{AD}micro\u{AD}scopic\u{AD}silico\u{AD}volcano\u{AD}coniosis is long",
  ]

  /// A seeded random text: words of 1 to 12 letters, one in eight 20 to 60 (wider than
  /// narrow lines), where `softHyphens` some with a soft hyphen inside (a text with one
  /// takes the general scan), separated by one or two spaces.
  static func randomText(_ random: inout Widths, softHyphens: Bool = true) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzWMil")
    var words: [String] = []
    for _ in 0..<Int.random(in: 1...60, using: &random) {
      let long = Int.random(in: 0..<8, using: &random) == 0
      let length =
        long ? Int.random(in: 20...60, using: &random) : Int.random(in: 1...12, using: &random)
      var word = String((0..<length).map { _ in letters.randomElement(using: &random)! })
      if softHyphens, length > 3, Int.random(in: 0..<5, using: &random) == 0 {
        let cut = word.index(word.startIndex, offsetBy: length / 2)
        word.insert("\u{AD}", at: cut)
      }
      words.append(word)
    }
    return words.joined(separator: Int.random(in: 0..<6, using: &random) == 0 ? "  " : " ")
  }

  /// The texts of one run: sampled corpus paragraphs of every class, the hostile texts,
  /// the soft hyphens' and 40 random ones.
  static func texts(_ random: inout Widths) throws -> [String] {
    var texts: [String] = []
    for file in [
      "gatsby-opening.txt", "synthetic-mixed.txt", "urls-unbreakable.txt", "fallback-heavy.txt",
    ] {
      let corpus = try String(
        contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/" + file, encoding: .utf8)
      let paragraphs = corpus.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
      let step = max(1, paragraphs.count / 12)
      texts += paragraphs.enumerated().filter { $0.offset % step == 0 }.map(\.element)
    }
    texts += IndexedLoopTests.hostile + softHyphens
    for number in 0..<40 { texts.append(randomText(&random, softHyphens: number % 2 == 0)) }
    return texts
  }

  @Test(arguments: 0..<3)
  func windowAndWalkGiveTheScansSize(_ styleIndex: Int) throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: UInt64(3_100 + styleIndex))
    var tables = 0
    var window = 0
    var walked = 0
    for (number, paragraph) in try Self.texts(&random).enumerated() {
      let text = try library.prepare(paragraph, style: Self.styles[styleIndex])
      #if DEBUG
        let before = (
          text.breakCache.windowLines.load(ordering: .relaxed),
          text.breakCache.walkedLines.load(ordering: .relaxed)
        )
      #endif
      if IndexedLoopTests.compare(text, &random, "text \(number), style \(styleIndex)") {
        tables += 1
      }
      #if DEBUG
        window += text.breakCache.windowLines.load(ordering: .relaxed) - before.0
        walked += text.breakCache.walkedLines.load(ordering: .relaxed) - before.1
      #endif
    }
    // Not vacuous: most texts take the loop, and in debug builds (which count them) both
    // ways to a line's end ran, the four tests on most lines (the walk on about a quarter
    // here: zero, negative and NaN widths, where every line is a segment wider than it).
    #expect(tables > 40, "\(tables) texts took the loop")
    #if DEBUG
      #expect(walked > 0 && window > 2 * walked, "window \(window), walked \(walked)")
    #endif
  }

  /// With a line limit (and a tail truncation), after two new widths made the table (for
  /// the texts without soft hyphens, which keep the general scan): the size `measure`
  /// gives and a text's that has seen no other width.
  @Test func lineLimitsAnswerAsAFreshText() throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: 3_200)
    let plain = (0..<6).map { _ in Self.randomText(&random, softHyphens: false) }
    var tables = 0
    for paragraph in Self.softHyphens + plain {
      let text = try library.prepare(paragraph)
      text.breakCache.removeAll()
      _ = text.sizeThatFits(ProposedViewSize(width: text.idealWidth * 0.3, height: nil))
      _ = text.sizeThatFits(ProposedViewSize(width: text.idealWidth * 0.6, height: nil))
      if text.breakCache.plainIndexBytes > 0 { tables += 1 }
      for limit in [1, 2, 3] {
        let options = TextContainerOptions(lineLimit: limit, truncationMode: .tail)
        for _ in 0..<3 {
          let width = Double.random(in: 0...(text.idealWidth * 1.05), using: &random)
          let proposal = ProposedViewSize(width: width, height: nil)
          let found = text.sizeThatFits(proposal, options: options)
          let fresh = try FontLibrary(fontsDirectory: TestFonts.directory).prepare(paragraph)
          let expected = fresh.sizeThatFits(proposal, options: options)
          let measured = text.measure(proposal, options: options)
          let context = "limit \(limit), width \(width): \(paragraph.prefix(30))"
          #expect(found.size.width.bitPattern == expected.size.width.bitPattern, "\(context)")
          #expect(found.size.height.bitPattern == expected.size.height.bitPattern, "\(context)")
          #expect(found.lineCount == expected.lineCount, "\(context)")
          #expect(measured.lineCount == found.lineCount, "\(context)")
          #expect(measured.size.width.bitPattern == found.size.width.bitPattern, "\(context)")
        }
      }
    }
    // Not vacuous: the plain texts took the table.
    #expect(tables >= plain.count - 1, "\(tables) of \(plain.count)")
  }

  /// The guess is at least the line's first segment and at most the last one (its four
  /// tests read the table's `.nan`s past the ends at most), for every line start of the
  /// corpus's texts and hostile rooms: NaN, infinities, negative, zero, huge, random.
  @Test func stepGuessStaysInTheTable() throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: 3_300)
    var checked = 0
    for paragraph in try Self.texts(&random) {
      let text = try library.prepare(paragraph)
      guard let table = text.makePlainLineIndex() else { continue }
      defer { PlainLineIndex.destroy(table) }
      let count = text.segments.count
      var rooms: [Double] = [.nan, .infinity, -.infinity, -1, 0, .greatestFiniteMagnitude, 1e300]
      for _ in 0..<6 { rooms.append(Double.random(in: 0...(text.idealWidth * 2), using: &random)) }
      for room in rooms {
        let guess = PlainLineIndex.StepGuess(table.pointee, room: room)
        for first in 0..<count {
          let found = guess(from: first, base: table.pointee.startPositions[first])
          #expect(found >= first && found < count, "room \(room), first \(first): \(found)")
          checked += 1
        }
      }
    }
    #expect(checked > 1_000)
  }
}
