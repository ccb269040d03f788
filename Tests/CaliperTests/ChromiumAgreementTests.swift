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
/// Every class has a floor, and every disagreement a known cause (`expectations`).
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

  struct Tally {
    var lines = (agree: 0, total: 0)
    var heights = (agree: 0, total: 0)
    var minContent = (agree: 0, total: 0)
    var maxContent = (agree: 0, total: 0)
  }

  @Test func agreesWithChromium() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    var tallies: [String: Tally] = [:]
    var report: [String] = []
    for paragraph in fixture.paragraphs {
      let style = Self.style(paragraph)
      let text = try library.prepare(paragraph.text, style: style)
      var tally = tallies[paragraph.class, default: Tally()]
      let excerpt = String(paragraph.text.prefix(40)).debugDescription
      for result in paragraph.results {
        let (starts, height) = Self.lineStarts(paragraph, text, width: result.width)
        tally.lines.total += 1
        tally.heights.total += 1
        if starts == result.starts {
          tally.lines.agree += 1
        } else {
          report.append(
            "\(paragraph.class) \(excerpt) at \(Int(result.width)): Caliper \(starts) vs Chromium \(result.starts)"
          )
        }
        if abs(height - result.height) < 0.01 {
          tally.heights.agree += 1
        } else if starts == result.starts {
          report.append(
            "\(paragraph.class) \(excerpt) at \(Int(result.width)): height \(height) vs \(result.height)")
        }
      }
      tally.minContent.total += 1
      tally.maxContent.total += 1
      if abs(text.minWidth - paragraph.minContent) <= 1 / 64 + 1e-9 {
        tally.minContent.agree += 1
      } else {
        report.append("\(paragraph.class) \(excerpt): min-content \(text.minWidth) vs \(paragraph.minContent)")
      }
      if abs(Self.layoutUnits(text.idealWidth) - paragraph.maxContent) <= 2 / 64 {
        tally.maxContent.agree += 1
      } else {
        report.append("\(paragraph.class) \(excerpt): max-content \(text.idealWidth) vs \(paragraph.maxContent)")
      }
      tallies[paragraph.class] = tally
    }
    var summary = "Chromium agreement (\(fixture.chromium)): lines, heights, min, max\n"
    for (name, tally) in tallies.sorted(by: { $0.key < $1.key }) {
      summary +=
        "  \(name): \(tally.lines.agree)/\(tally.lines.total) \(tally.heights.agree)/\(tally.heights.total) \(tally.minContent.agree)/\(tally.minContent.total) \(tally.maxContent.agree)/\(tally.maxContent.total)\n"
    }
    FileHandle.standardError.write(Data((summary + report.joined(separator: "\n") + "\n").utf8))
  }
}
