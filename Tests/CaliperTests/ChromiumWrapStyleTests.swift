import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `TextStyle.wrapStyle` `.balance` and `.pretty` with `.css` break rules against Chromium,
/// recorded by `Scripts/chromium-breaks wrap-styles` into `Fixtures/chromium-wrap-styles.json`:
/// the paragraphs of `Fixtures/chromium-corpus.txt` (setup as in `ChromiumAgreementTests`)
/// with `text-wrap-style: balance` and `pretty` at each width, where each line starts, the
/// height, and the width of the same div at `width: fit-content` inside a div of that width
/// (Caliper's `tightWidth` with a wrap style). At least 99.5 % of the (paragraph, width)
/// pairs of each style must agree line for line; each that does not must have a cause in
/// `Cause`.
@Suite struct ChromiumWrapStyleTests {
  struct Fixture: Decodable {
    typealias Paragraph = ChromiumStyledParagraph<[Result]>
    struct Result: Decodable {
      let width: Double
      let height: Double
      let starts: [Int]
      let fitContent: Double
    }
    let chromium: String
    let paragraphs: [Paragraph]
  }

  static let fixture = Result {
    try PangoFixtures.load("chromium-wrap-styles.json", as: Fixture.self)
  }

  /// Why a paragraph's lines may differ from Chromium's, with the (style, paragraph
  /// start, width) pairs each explains.
  enum Cause: String, CaseIterable {
    /// Skia advances Noto Color Emoji by its bitmap strike, 19.96875 px where the font's
    /// hmtx (Caliper's) says 19.922 (`ChromiumAgreementTests.Cause.emojiStrike`): over a
    /// line of emoji the balanced lengths differ, and so does the best balance.
    case emojiStrike = "emoji bitmap strike"
    /// Two choices whose scores are within 0.05 % (a Hebrew paragraph at 480 px: lines of
    /// 387.568, 348.96 and 336.512 px, Chromium's, against 339.728, 345.072 and 388.24,
    /// Caliper's: slack² sums of 46291 and 46309 px² with the lines' drawn widths). The
    /// score-based breaker, Blink's as Caliper's, scores positions summed along the
    /// paragraph, not drawn widths; a few hundredths of a pixel in one line (a reshaped edge,
    /// Blink's `float` sums against Caliper's `double` ones) reorder two choices this close.
    case nearTie = "near tie"
    /// An exact tie: Hangul syllables of one advance make two sets of lines of the same
    /// widths ("56, 59, 63" and "56, 60, 63" at 60 px); Blink's `float` positions, summed
    /// in another order than Caliper's `double` ones, order them the other way.
    case exactTie = "exact tie"

    var cases: [(TextStyle.WrapStyle, String, Double)] {
      switch self {
      case .emojiStrike: return [(.balance, "😀😃😄", 120), (.balance, "😀😃😄", 320)]
      case .nearTie: return [(.balance, "דג סקרן", 480)]
      case .exactTie: return [(.pretty, "키스의 고유조건은", 60)]
      }
    }

    static func explaining(_ style: TextStyle.WrapStyle, _ text: String, _ width: Double)
      -> Cause?
    {
      allCases.first { cause in
        cause.cases.contains { $0.0 == style && text.hasPrefix($0.1) && $0.2 == width }
      }
    }
  }

  @Test(arguments: [TextStyle.WrapStyle.balance, .pretty])
  func agreesWithChromium(_ wrapStyle: TextStyle.WrapStyle) throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    var pairs = 0
    var agreeing = 0
    var report: [String] = []
    for paragraph in fixture.paragraphs {
      let same = paragraph.plain
      var style = ChromiumAgreementTests.style(same)
      style.wrapStyle = wrapStyle
      let text = try library.prepare(paragraph.text, style: style)
      let excerpt = "\(paragraph.class) \(String(paragraph.text.prefix(40)).debugDescription)"
      for result in try #require(paragraph.styles[wrapStyle.rawValue]) {
        pairs += 1
        let (starts, height) = ChromiumAgreementTests.lineStarts(same, text, width: result.width)
        if starts == result.starts && abs(height - result.height) < 0.001 {
          agreeing += 1
        } else {
          let cause = Cause.explaining(wrapStyle, paragraph.text, result.width)
          #expect(
            cause != nil,
            "\(excerpt) at \(result.width): Caliper \(starts), Chromium \(result.starts)")
          report.append(
            "\(excerpt) at \(result.width): Caliper \(starts), Chromium \(result.starts): "
              + (cause?.rawValue ?? "no known cause"))
        }
        // fit-content: max(min-content, the width) below max-content, in LayoutUnits.
        let tight = text.sizeThatFits(ProposedViewSize(width: result.width, height: nil))
          .tightWidth
        let runs = text.runs.count
        #expect(
          ChromiumAgreementTests.agrees(tight, result.fitContent, runs: runs)
            || abs(ChromiumAgreementTests.layoutUnits(tight) - result.fitContent) < 1e-9
            || Self.emojiStrike(paragraph.text, tight, result.fitContent, runs: runs),
          "\(excerpt) at \(result.width): tightWidth \(tight), fit-content \(result.fitContent)")
      }
    }
    let summary =
      "\(wrapStyle) against \(fixture.chromium): lines \(agreeing)/\(pairs)\n"
      + report.joined(separator: "\n") + "\n"
    try? FileHandle.standardError.write(contentsOf: Data(summary.utf8))
    #expect(Double(agreeing) >= 0.995 * Double(pairs), "\(summary)")
  }

  /// Chromium's emoji are wider (`ChromiumAgreementTests.Cause.emojiStrike`).
  static func emojiStrike(_ text: String, _ ours: Double, _ theirs: Double, runs: Int) -> Bool {
    let emoji = text.filter { character in
      character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
    }.count
    return emoji > 0 && ours < theirs && theirs - ours <= Double(emoji * 3 + max(2, runs)) / 64
  }
}
