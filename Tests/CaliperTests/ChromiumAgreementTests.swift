import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `.css` break rules against Chromium, recorded by `Scripts/chromium-breaks` into
/// `Fixtures/chromium-breaks.json`: headless Chromium with the bundled fonts through
/// @font-face, each paragraph of `Fixtures/chromium-corpus.txt` in a div of each width at
/// 16 px, `line-height: normal`, and the CSS property its section names. Compared per
/// (paragraph, width): where each line starts, the height; per paragraph: the
/// min-content and max-content widths (Chromium's are ceiled to its 1/64-px LayoutUnit).
/// Every line and every height must agree; a width may differ only for a cause listed in
/// `Cause` (and counted in the report written to stderr).
@Suite struct ChromiumAgreementTests {
  struct Fixture: Decodable {
    struct Font: Decodable {
      let family: String
      let file: String
      let lineHeight: Double
    }
    struct Paragraph: Decodable {
      let `class`: String
      let lang: String
      let css: [String: String]
      let text: String
      let minContent: Double
      let maxContent: Double
      let results: [Result]
    }
    struct Result: Decodable {
      let width: Double
      let height: Double
      let starts: [Int]
    }
    let chromium: String
    let fonts: [Font]
    let asciiBreaks: [String]
    let asciiBreaksBreakAll: [String]
    let paragraphs: [Paragraph]
  }

  static let fixture = Result { try PangoFixtures.load("chromium-breaks.json", as: Fixture.self) }

  /// The style a paragraph was laid out with.
  static func style(_ paragraph: Fixture.Paragraph) -> TextStyle {
    var style = TextStyle(size: 16, locale: paragraph.lang.isEmpty ? "en" : paragraph.lang)
    style.breakRules = .css
    for (property, value) in paragraph.css {
      switch property {
      case "white-space": style.whiteSpace = TextStyle.WhiteSpace(rawValue: value)!
      case "word-break": style.wordBreak = TextStyle.WordBreak(rawValue: value)!
      case "overflow-wrap": style.overflowWrap = TextStyle.OverflowWrap(rawValue: value)!
      case "line-break": style.lineBreak = TextStyle.LineBreak(rawValue: value)!
      default: Issue.record("unknown property \(property)")
      }
    }
    return style
  }

  /// Caliper's line starts at `width`, as offsets into the paragraph's own text.
  static func lineStarts(_ paragraph: Fixture.Paragraph, _ text: PreparedText, width: Double)
    -> (starts: [Int], height: Double)
  {
    let offsets = CSSText(text.style).processed(paragraph.text).sourceOffsets
    let measured = text.measure(ProposedViewSize(width: width, height: nil))
    return (measured.lines.map { offsets[$0.range.lowerBound] }, measured.size.height)
  }

  /// A width as Chromium reports it: ceiled to its 1/64-px LayoutUnit.
  static func layoutUnits(_ width: Double) -> Double { (width * 64 - 1e-6).rounded(.up) / 64 }

  /// Why a min-content or max-content width may differ from Chromium's.
  enum Cause: String {
    /// Skia advances Noto Color Emoji by its 136-px bitmap strike at 109 ppem: 136 × 16 /
    /// 109 = 19.963 px at 16 px, ceiled to 19.96875; the font's hmtx advance, which
    /// Caliper measures and draws, is 2550 × 16 / 2048 = 19.922 (Pango differs the same
    /// way). No line of the fixture breaks differently for it.
    case emojiStrike = "emoji bitmap strike"
  }

  struct Tally: CustomStringConvertible {
    var lines = 0
    var heights = 0
    var minContent = 0
    var maxContent = 0
    var pairs = 0
    var paragraphs = 0

    var description: String {
      "lines \(lines)/\(pairs), heights \(heights)/\(pairs), min-content"
        + " \(minContent)/\(paragraphs), max-content \(maxContent)/\(paragraphs)"
    }
  }

  /// Whether Caliper's width agrees with Chromium's: Chromium's lengths are LayoutUnits
  /// (1/64 px), and it rounds each inline item (a run of one font, script and direction)
  /// to them before summing, so a paragraph of n runs may differ by n/64 (a
  /// left-to-right-only paragraph with a single run by 2/64: one for the rounding, one
  /// for Blink's float32 sums).
  static func agrees(_ ours: Double, _ theirs: Double, runs: Int) -> Bool {
    abs(ours - theirs) <= Double(max(2, runs)) / 64 + 1e-9
  }

  @Test func agreesWithChromium() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    var tallies: [String: Tally] = [:]
    var report: [String] = []
    for paragraph in fixture.paragraphs {
      let text = try library.prepare(paragraph.text, style: Self.style(paragraph))
      var tally = tallies[paragraph.class, default: Tally()]
      let excerpt = "\(paragraph.class) \(String(paragraph.text.prefix(40)).debugDescription)"
      for result in paragraph.results {
        let (starts, height) = Self.lineStarts(paragraph, text, width: result.width)
        tally.pairs += 1
        if starts == result.starts { tally.lines += 1 }
        if abs(height - result.height) < 0.001 { tally.heights += 1 }
        #expect(
          starts == result.starts,
          "\(excerpt) at \(result.width): Caliper's lines start at \(starts), Chromium's at \(result.starts)"
        )
        #expect(
          abs(height - result.height) < 0.001,
          "\(excerpt) at \(result.width): height \(height), Chromium's \(result.height)")
      }
      tally.paragraphs += 1
      // Chromium's emoji are 19.96875 − 19.921875 px wider each (`Cause.emojiStrike`).
      let emoji = paragraph.text.filter { character in
        character.unicodeScalars.contains {
          $0.properties.isEmojiPresentation || $0.value == 0xFE0F
        }
      }.count
      for (what, ours, theirs) in [
        ("min-content", text.minWidth, paragraph.minContent),
        ("max-content", text.idealWidth, paragraph.maxContent),
      ] {
        if Self.agrees(ours, theirs, runs: text.runs.count) {
          if what == "min-content" { tally.minContent += 1 } else { tally.maxContent += 1 }
        } else if emoji > 0, ours < theirs,
          theirs - ours <= Double(emoji * 3 + max(2, text.runs.count)) / 64
        {
          report.append("\(excerpt): \(what) \(ours) vs \(theirs): \(Cause.emojiStrike.rawValue)")
        } else {
          Issue.record("\(excerpt): \(what) \(ours), Chromium's \(theirs): no known cause")
        }
      }
      tallies[paragraph.class] = tally
    }
    var summary = "Agreement with \(fixture.chromium), .css break rules:\n"
    for (name, tally) in tallies.sorted(by: { $0.key < $1.key }) {
      summary += "  \(name): \(tally)\n"
    }
    try? FileHandle.standardError.write(
      contentsOf: Data((summary + report.joined(separator: "\n") + "\n").utf8))
    // Every script class and every value of every property is in the corpus.
    var classes = Set(["latin", "cyrillic", "greek", "arabic", "hebrew", "devanagari", "thai"])
    classes.formUnion(["cjk", "korean", "url", "code", "emoji"])
    for value in TextStyle.WhiteSpace.allCases { classes.insert("white-space: \(value.rawValue)") }
    for value in TextStyle.WordBreak.allCases { classes.insert("word-break: \(value.rawValue)") }
    for value in TextStyle.OverflowWrap.allCases {
      classes.insert("overflow-wrap: \(value.rawValue)")
    }
    for value in TextStyle.LineBreak.allCases { classes.insert("line-break: \(value.rawValue)") }
    #expect(Set(tallies.keys) == classes)
    #expect(tallies["latin", default: Tally()].pairs >= 150)
  }

  /// Each bundled font's `line-height: normal` in Chromium: its ascent, descent and line
  /// gap each rounded to whole pixels (Noto Sans: 1069 and 293 units of 1000 at 16 px are
  /// 17.104 and 4.688: 17 + 5 = 22; Noto Sans Arabic 1374 and 738: 22 + 12 = 34).
  @Test func lineHeightNormalPerFont() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    #expect(fixture.fonts.count == 8)
    for font in fixture.fonts {
      let face = try library.font(path: TestFonts.directory + "/" + font.file)
      let metrics = PreparedText.blinkLineMetrics(face.lineMetrics(size: 16))
      #expect(metrics.height == font.lineHeight, "\(font.family)")
    }
  }

  /// Blink's own tables for pairs of printable ASCII characters, as compiled into Caliper,
  /// against what Chromium did with each pair ("x" + a + b + "x" in a zero-width div).
  @Test func asciiPairTablesMatchChromium() throws {
    let fixture = try Self.fixture.get()
    for (breakAll, rows) in [(false, fixture.asciiBreaks), (true, fixture.asciiBreaksBreakAll)] {
      #expect(rows.count == 94)
      for (row, bits) in rows.enumerated() {
        for (column, bit) in bits.enumerated() {
          let before = UInt32(0x21 + row)
          let after = UInt32(0x21 + column)
          #expect(
            CSSText.blinkASCIIBreak(before, after, breakAll: breakAll) == (bit == "1"),
            "\(Unicode.Scalar(before)!)\(Unicode.Scalar(after)!) break-all: \(breakAll)")
        }
      }
    }
  }
}
