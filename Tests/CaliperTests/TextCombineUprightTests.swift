import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `TextStyle.textCombineUpright` (tate-chū-yoko) against Chromium 156, recorded by
/// `Scripts/chromium-text-combine` into `Fixtures/chromium-text-combine.json`: the
/// paragraphs of the vertical corpus that hold ASCII digits with `digits 2` and `digits 4`
/// (each run of at most N digits in a `text-combine-upright: all` span, as CSS defines
/// `digits N`) at the heights of `Scripts/chromium-vertical`; the break opportunities around
/// a combined "12" between 16 × 16 pairs of characters; and short texts combined whole.
@Suite struct TextCombineUprightTests {
  struct Fixture: Decodable {
    struct Whole: Decodable {
      let text: String
      let lang: String
      let width: Double
      let height: Double
    }
    struct Pair: Decodable {
      let text: String
      let combined: [[Int]]
      let starts: [Int]
    }
    struct Paragraph: Decodable {
      let `class`: String
      let lang: String
      let text: String
      let digits: Int
      let maxContent: Double
      let spanLengths: [Double]
      let results: [VerticalTextTests.Fixture.Result]
    }
    let chromium: String
    let all: [Whole]
    let pairs: [Pair]
    let digits: [Paragraph]
  }

  static let fixture = Result {
    try PangoFixtures.load("chromium-text-combine.json", as: Fixture.self)
  }

  static func style(lang: String, _ combine: TextCombineUpright) -> TextStyle {
    var style = VerticalTextTests.style(lang: lang)
    style.textCombineUpright = combine
    return style
  }

  @Test func digitRunsAgreeWithChromium() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    var agreeing = 0
    var pairs = 0
    var differences: [String] = []
    for paragraph in fixture.digits {
      let combine: TextCombineUpright = paragraph.digits == 2 ? .digits2 : .digits4
      let text = try library.prepare(
        paragraph.text, style: Self.style(lang: paragraph.lang, combine))
      let offsets = CSSText(text.style).processed(paragraph.text).sourceOffsets
      let excerpt =
        "\(String(paragraph.text.prefix(16)).debugDescription) digits \(paragraph.digits)"
      for result in paragraph.results {
        pairs += 1
        let columns = text.measureColumns(ProposedViewSize(width: nil, height: result.height))
        let starts = columns.columns.map { offsets[$0.range.lowerBound] }
        if starts == result.starts, abs(columns.size.width - result.width) < 0.001 {
          agreeing += 1
          continue
        }
        // The one known cause, Unicode 15.1's LB19a, as in the columns without combining.
        let cause = VerticalTextTests.cause(paragraph.text, ours: starts, theirs: result.starts)
        #expect(
          cause != nil, "\(excerpt) at \(result.height): \(starts), Chromium's \(result.starts)")
        differences.append("\(excerpt) at \(result.height): \(cause?.rawValue ?? "?")")
      }
      // Each combined run is one em (16 px) down the column in Chromium.
      #expect(paragraph.spanLengths.allSatisfy { $0 == 16 })
      let ideal = text.sizeThatFitsColumns(.unspecified).size.height
      #expect(
        abs(VerticalTextTests.layoutUnits(ideal) - paragraph.maxContent)
          <= Double(text.runs.count) / 64,
        "\(excerpt): column length \(ideal), Chromium's \(paragraph.maxContent)")
    }
    try? FileHandle.standardError.write(
      contentsOf: Data(
        ("text-combine-upright digits agreement with \(fixture.chromium): \(agreeing)/\(pairs)\n"
          + differences.map { "  \($0)\n" }.joined()).utf8))
    #expect(pairs >= 50)
    // Measured on 2026-12-05: 58 of 60; the two others are LB19a.
    #expect(agreeing >= 58)
  }

  /// Breaks around a combined run are its characters' own (every break opportunity starts
  /// a column at a 1-pt height), except that a "-" after it does not break before a digit.
  @Test func breaksAroundACombinedRunAgreeWithChromium() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    #expect(fixture.pairs.count >= 256)
    for pair in fixture.pairs {
      let spans = pair.combined.map { bounds in
        var span = TextSpan(bounds[0]..<bounds[1])
        span.textCombineUpright = .all
        return span
      }
      let text = try library.prepare(
        pair.text, style: Self.style(lang: "ja", .none), spans: spans)
      let offsets = CSSText(text.style).processed(pair.text).sourceOffsets
      let starts = text.measureColumns(ProposedViewSize(width: nil, height: 1)).columns.map {
        offsets[$0.range.lowerBound]
      }
      #expect(starts == pair.starts, "\(pair.text.debugDescription) \(pair.combined)")
    }
  }

  /// `.all` sets a whole short text in one em: a column 16 pt long (the font size) whatever
  /// the text's own width, and as wide as a column of its faces (22 pt: Noto Sans's
  /// `line-height: normal` in `.css` mode, the strut).
  @Test func allSetsTheTextInOneEm() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    #expect(!fixture.all.isEmpty)
    for whole in fixture.all {
      let text = try library.prepare(whole.text, style: Self.style(lang: whole.lang, .all))
      let size = text.sizeThatFitsColumns(.unspecified).size
      #expect(size.height == 16 && whole.height == 16, "\(whole.text)")
      #expect(size.width == whole.width, "\(whole.text)")
    }
  }

  /// Hand check: "2024" lies sideways at Noto Sans's hmtx advances (572 of 1000 units per
  /// digit: 4 × 9.152 = 36.608 pt at 16 pt); combined it is one em, 16 pt, so the column
  /// "年2024年" (two ideographs of Droid's 256/256 em) is 32 + 36.608 or 32 + 16 long.
  @Test func combinedRunIsOneEmLong() throws {
    let library = try TestFonts.library.get()
    let plain = try library.prepare("年2024年", style: Self.style(lang: "ja", .none))
    #expect(abs(plain.idealWidth - (32 + 4 * 572 * 16 / 1000.0)) < 1e-9)
    let combined = try library.prepare("年2024年", style: Self.style(lang: "ja", .digits4))
    #expect(combined.idealWidth == 32 + 16)
    // Too long for digits 2: left sideways.
    let long = try library.prepare("年2024年", style: Self.style(lang: "ja", .digits2))
    #expect(long.idealWidth == plain.idealWidth)
    // At 24 pt the em is 24 pt.
    var large = Self.style(lang: "ja", .digits4)
    large.size = 24
    #expect(try library.prepare("年2024年", style: large).idealWidth == 3 * 24)
  }

  /// Horizontal text ignores it, as CSS does; a combined run is one cluster never broken
  /// inside, even where the column is shorter than the em.
  @Test func horizontalTextIgnoresItAndARunIsNeverSplit() throws {
    let library = try TestFonts.library.get()
    var horizontal = TextStyle(size: 16, locale: "ja")
    horizontal.textCombineUpright = .all
    let text = try library.prepare("年2024年", style: horizontal)
    #expect(
      text.idealWidth == (try library.prepare("年2024年", style: TextStyle(size: 16))).idealWidth)
    let columns = try library.prepare("2024", style: Self.style(lang: "ja", .digits4))
      .measureColumns(ProposedViewSize(width: nil, height: 4)).columns
    #expect(columns.map(\.text) == ["2024"])
  }
}
