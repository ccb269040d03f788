import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// Vertical text (`WritingMode.verticalRL`) against Chromium, recorded by
/// `Scripts/chromium-vertical` into `Fixtures/chromium-vertical.json`: headless Chromium
/// with the bundled fonts through @font-face, each paragraph of
/// `Fixtures/chromium-vertical-corpus.txt` in a div with `writing-mode: vertical-rl` of
/// each height at 16 px, `line-height: normal`. Compared per (paragraph, height): where each
/// column starts and the block's width; per paragraph: the max-content column length.
@Suite struct VerticalTextTests {
  struct Fixture: Decodable {
    struct Glyph: Decodable {
      let character: String
      let glyph: String
      let vertGlyph: String
      let vmtxAdvance: Double
      let hmtxAdvance: Double
    }
    struct Droid: Decodable {
      let file: String
      let unitsPerEm: Double
      let glyphs: [Glyph]
    }
    struct Nanum: Decodable {
      let file: String
      let unitsPerEm: Double
      let hasVmtx: Bool
      let hheaAscender: Double
      let hheaDescender: Double
    }
    struct FontTables: Decodable {
      let droid: Droid
      let nanum: Nanum
    }
    /// A corpus paragraph and its outcomes at each height (`Result` here; Pango's fixture
    /// records more per height).
    struct Paragraph<Outcome: Decodable & Sendable>: Decodable, Sendable {
      let `class`: String
      let lang: String
      let text: String
      let maxContent: Double
      let results: [Outcome]
    }
    struct Result: Decodable {
      let height: Double
      let width: Double
      let starts: [Int]
    }
    let chromium: String
    let heights: [Double]
    let fontTables: FontTables
    let paragraphs: [Paragraph<Result>]
  }

  static let fixture = Result {
    try PangoFixtures.load("chromium-vertical.json", as: Fixture.self)
  }

  static func style(lang: String, rules: BreakRules = .css) -> TextStyle {
    var style = TextStyle(size: 16, locale: lang.isEmpty ? "en" : lang)
    style.breakRules = rules
    style.writingMode = .verticalRL
    return style
  }

  /// A length as Chromium reports it: ceiled to its 1/64-px LayoutUnit.
  static func layoutUnits(_ length: Double) -> Double { (length * 64 - 1e-6).rounded(.up) / 64 }

  /// Why a column may start elsewhere than in Chromium.
  enum Cause: String {
    /// Unicode 15.1's rule LB19a, which ICU 72 predates: a curly quotation mark (line-break
    /// class QU) no longer glues to an East Asian letter on its other side, so Chromium
    /// (whose ICU has it) may start a column between "”" and "라"; Caliper's ICU 72 keeps
    /// "세요”라고" together. A break-opportunity difference, the same in horizontal text.
    case quotationMarkBreak = "Unicode 15.1 LB19a (ICU 72 predates it)"
  }

  /// The cause of a difference in column starts, if it is a known one: the first column
  /// start where the two differ is, in Chromium, an East Asian letter after "”" or "’"
  /// (the columns after it follow from it).
  static func cause(_ text: String, ours: [Int], theirs: [Int]) -> Cause? {
    let scalars = Array(text.unicodeScalars)
    guard let first = zip(ours, theirs).first(where: { $0 != $1 })?.1 else { return nil }
    let eastAsian: [ClosedRange<UInt32>] = [0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]
    guard first > 0, first < scalars.count,
      [0x201D, 0x2019].contains(scalars[first - 1].value),
      eastAsian.contains(where: { $0.contains(scalars[first].value) })
    else { return nil }
    return .quotationMarkBreak
  }

  @Test func columnsAgreeWithChromium() throws {
    let fixture = try Self.fixture.get()
    let library = try TestFonts.library.get()
    var agreeing = 0
    var pairs = 0
    var differences: [String] = []
    for paragraph in fixture.paragraphs {
      let text = try library.prepare(paragraph.text, style: Self.style(lang: paragraph.lang))
      let offsets = CSSText(text.style).processed(paragraph.text).sourceOffsets
      let excerpt = "\(paragraph.class) \(String(paragraph.text.prefix(20)).debugDescription)"
      for result in paragraph.results {
        let columns = text.measureColumns(ProposedViewSize(width: nil, height: result.height))
        let starts = columns.columns.map { offsets[$0.range.lowerBound] }
        pairs += 1
        let same = starts == result.starts && abs(columns.size.width - result.width) < 0.001
        if same {
          agreeing += 1
          continue
        }
        let place = "\(excerpt) at \(result.height)"
        if let cause = Self.cause(paragraph.text, ours: starts, theirs: result.starts) {
          differences.append("\(place): \(cause.rawValue)")
          continue
        }
        #expect(
          starts == result.starts,
          "\(excerpt) at \(result.height): columns start at \(starts), Chromium's at \(result.starts)"
        )
        #expect(
          abs(columns.size.width - result.width) < 0.001,
          "\(excerpt) at \(result.height): block width \(columns.size.width), Chromium's \(result.width)"
        )
      }
      // The unbroken column: Chromium rounds each run to its 1/64-px LayoutUnit.
      let ideal = text.sizeThatFitsColumns(.unspecified).size.height
      #expect(
        abs(Self.layoutUnits(ideal) - paragraph.maxContent) <= Double(text.runs.count) / 64,
        "\(excerpt): column length \(ideal), Chromium's \(paragraph.maxContent)")
    }
    try? FileHandle.standardError.write(
      contentsOf: Data(
        ("Vertical agreement with \(fixture.chromium): \(agreeing)/\(pairs) (paragraph, height)"
          + " pairs\n" + differences.map { "  \($0)\n" }.joined()).utf8))
    #expect(pairs >= 100)
    #expect(Double(agreeing) >= 0.99 * Double(pairs), "\(differences)")
  }

  /// Hand checks from the font tables (numbers read by `Scripts/chromium-vertical` with
  /// fontTools): an upright glyph advances by its `vmtx` advance, after `vert` has turned
  /// punctuation into its vertical form.
  @Test func uprightAdvancesComeFromVmtx() throws {
    let tables = try Self.fixture.get().fontTables
    let library = try TestFonts.library.get()
    let droid = tables.droid
    #expect(droid.glyphs.count == 3)
    for glyph in droid.glyphs {
      let text = try library.prepare(glyph.character, style: Self.style(lang: "ja"))
      #expect(text.faces.map(\.path).map { ($0 as NSString).lastPathComponent } == [droid.file])
      // 中: vmtx 256 of 256 units per em at 16 pt = 16 pt.
      let expected = glyph.vmtxAdvance * 16 / droid.unitsPerEm
      #expect(abs(text.idealWidth - expected) < 1e-9, "\(glyph.character)")
    }
    // "。" and "「" are drawn with their `vert` forms (glyph38539, glyph38544), "中" as is.
    for glyph in droid.glyphs {
      let font = try library.font(path: TestFonts.directory + "/" + droid.file)
      let shaper = Shaper(style: Self.style(lang: "ja"))
      let scalars = Array(glyph.character.unicodeScalars)
      var run = TextRun(range: 0..<1, face: 0, script: 0x4861_6E69, level: 0)  // Hani
      run.isUpright = true
      let ids = shaper.shapeGlyphs(scalars, range: 0..<1, context: 0..<1, run: run, font: font)
        .map(\.id)
      let name = glyph.vertGlyph.hasPrefix("glyph") ? glyph.vertGlyph : nil
      if let name {
        #expect(ids == [UInt32(name.dropFirst("glyph".count))!], "\(glyph.character)")
      } else {
        #expect(ids.count == 1 && ids[0] != 0)
      }
    }
  }

  /// NanumGothic has no `vmtx`: HarfBuzz synthesizes ascender − descender (920 + 230 of
  /// 1000 units at 16 pt = 18.4 pt); Blink, in `.css` mode, its rounded ascent + rounded
  /// descent (14.72 → 15, 3.68 → 4: 19 px).
  @Test func synthesizedAdvanceWithoutVmtx() throws {
    let nanum = try Self.fixture.get().fontTables.nanum
    #expect(!nanum.hasVmtx)
    let library = try TestFonts.library.get()
    let ascent = nanum.hheaAscender * 16 / nanum.unitsPerEm
    let descent = -nanum.hheaDescender * 16 / nanum.unitsPerEm
    let unicode = try library.prepare("한", style: Self.style(lang: "ko", rules: .unicode))
    #expect(abs(unicode.idealWidth - (ascent + descent)) < 1e-9)
    let css = try library.prepare("한", style: Self.style(lang: "ko"))
    // Blink's 19 px in HarfBuzz's whole font units, rounded down: 1187 of 1000 at 16 pt.
    let blink = (ascent + 0.5).rounded(.down) + (descent + 0.5).rounded(.down)
    #expect(css.idealWidth <= blink && blink - css.idealWidth < 16 / nanum.unitsPerEm)
  }

  /// Orientation per UAX #50: Han, kana, Hangul and full-width punctuation upright; Latin,
  /// digits and the space sideways (Vertical_Orientation R).
  @Test(arguments: [
    ("中", true), ("あ", true), ("한", true), ("。", true), ("「", true), ("ー", true),
    ("A", false), ("1", false), (" ", false), ("-", false),
    // Unicode 17 made the curly quotation marks Tr (upright, turned by `vert`), as
    // Chromium 156 sets them; ICU 72 still says R.
    ("\u{201C}", true), ("\u{2019}", true), ("\u{201E}", false),
  ])
  func orientation(_ character: String, _ upright: Bool) {
    #expect(VerticalRuns.isUpright(character.unicodeScalars.first!) == upright)
  }

  /// A mixed paragraph is cut into upright and sideways runs; `.upright` and `.sideways`
  /// make every run one way.
  @Test func runsFollowOrientation() throws {
    let library = try TestFonts.library.get()
    var style = Self.style(lang: "ja")
    let mixed = try library.prepare("日本Caliper語", style: style)
    #expect(mixed.runs.map(\.isUpright) == [true, false, true])
    style.textOrientation = .sideways
    let sideways = try library.prepare("日本Caliper語", style: style)
    #expect(sideways.runs.allSatisfy { !$0.isUpright })
    style.textOrientation = .upright
    let upright = try library.prepare("日本Caliper語", style: style)
    #expect(upright.runs.allSatisfy { $0.isUpright })
    // Upright Latin advances by Noto Sans's synthesized vertical advance (no vmtx), not
    // by its horizontal one: longer than the sideways column.
    #expect(upright.idealWidth > sideways.idealWidth)
  }

  /// Columns of vertical-rl run right to left: the first column is at the block's right
  /// edge; vertical-lr puts it at the left. The block is the sum of the column widths.
  @Test func columnPlacement() throws {
    let library = try TestFonts.library.get()
    var style = Self.style(lang: "ja")
    let text = try library.prepare("吾輩は猫である。名前はまだ無い。", style: style)
    let rl = text.measureColumns(ProposedViewSize(width: nil, height: 100))
    #expect(rl.columnCount == 3)
    // Each column is 22 pt wide: Noto Sans's line-height: normal (17 + 5), the strut.
    #expect(rl.columns.map(\.width) == [22, 22, 22])
    #expect(rl.columns.map(\.x) == [44, 22, 0])
    #expect(rl.size.width == 66)
    // 6 ideographs of 16 pt fit 100 pt; "る。" cannot start a column without "あ".
    #expect(rl.columns.map(\.text) == ["吾輩は猫であ", "る。名前はま", "だ無い。"])
    #expect(rl.size.height == 96)
    style.writingMode = .verticalLR
    let lr = try library.prepare("吾輩は猫である。名前はまだ無い。", style: style)
      .measureColumns(ProposedViewSize(width: nil, height: 100))
    #expect(lr.columns.map(\.x) == [0, 22, 44])
    #expect(lr.columns.map(\.text) == rl.columns.map(\.text))
  }

  /// Relayout at a new height reuses the prepared text: no reshaping, the same answer as
  /// a text prepared for that height alone, and a line limit truncates the block.
  @Test func relayoutAtNewHeight() throws {
    let library = try TestFonts.library.get()
    let style = Self.style(lang: "ja")
    let paragraph = "日本語の文章では、句読点（、。）や括弧「」が行頭に来ないように禁則処理を行います。"
    let text = try library.prepare(paragraph, style: style)
    let first = text.measureColumns(ProposedViewSize(width: nil, height: 150))
    _ = text.measureColumns(ProposedViewSize(width: nil, height: 60))
    let again = text.measureColumns(ProposedViewSize(width: nil, height: 150))
    #expect(first == again)
    let sized = text.sizeThatFitsColumns(ProposedViewSize(width: nil, height: 150))
    #expect(sized.size == first.size && sized.columnCount == first.columnCount)
    var options = TextContainerOptions()
    options.lineLimit = 2
    let limited = text.measureColumns(ProposedViewSize(width: nil, height: 150), options: options)
    #expect(limited.columnCount == 2 && limited.truncated)
    #expect(limited.size.width == 44)
  }
}
