import Caliper
import CaliperLayout
import Testing

/// Vertical text nodes in containers: a vertical text answers a proposal with its block of
/// columns (the proposed height is the column length; the width grows with the columns).
/// Expected numbers by hand from Droid Sans Fallback's tables (fontTools): every ideograph
/// and "。" has vmtx advance 256 of 256 units, 16 pt down the column at 16 pt; a column is
/// as wide as the face's hhea ascender − descender, (267 + 68) × 16 / 256 = 20.9375 pt;
/// "。" never starts a column (Japanese line breaking).
@Suite struct VerticalTextLayoutTests {
  static let paragraph = "吾輩は猫である。名前はまだ無い。"  // 16 ideographs and kana
  static let column = (267.0 + 68) * 16 / 256

  func layout(_ view: some View, _ proposal: ProposedViewSize) throws -> LayoutResult {
    try LayoutEngine().layout(view, in: proposal).result
  }

  static func vertical(_ string: String = paragraph) throws -> Text {
    var style = TextStyle(size: 16, locale: "ja")
    style.writingMode = .verticalRL
    return try Text(string, style: style, fonts: TestFonts.library.get())
  }

  /// A frame 100 tall proposes 100: 6 ideographs (96 pt) a column, "る。" kept together,
  /// so 3 columns, 3 × 20.9375 wide; the box beside it starts where the frame ends.
  @Test func aFixedHeightGrowsTheWidth() throws {
    let vertical = try Self.vertical()
    let view = HStack(alignment: .top, spacing: 0) {
      vertical.id("text").frame(height: 100)
      Box(width: 10, height: 10).id("box")
    }
    let result = try layout(view, .unspecified)
    let text = try #require(result["text"])
    #expect(text.text == nil)
    let columns = try #require(text.columns)
    #expect(columns.columns.map { $0.text } == ["吾輩は猫であ", "る。名前はま", "だ無い。"])
    #expect(text.frame == Rect(x: 0, y: 2, width: 3 * Self.column, height: 96))
    #expect(result["box"]?.frame == Rect(x: 3 * Self.column, y: 0, width: 10, height: 10))
    #expect(result.size == Size(width: 3 * Self.column + 10, height: 100))
    // Its columns right to left in the frame (vertical-rl).
    #expect(columns.columns.map { $0.x } == [2 * Self.column, Self.column, 0])
  }

  /// In a column of a fixed height, the text takes what the box leaves: 200 − 10 − 4 = 186
  /// pt, 11 ideographs (176 pt) a column, 2 columns.
  @Test func aStackSharesTheHeight() throws {
    let vertical = try Self.vertical()
    let view = VStack(spacing: 4) {
      vertical.id("text")
      Box(width: 10, height: 10).id("box")
    }
    let result = try layout(view, ProposedViewSize(width: 300, height: 200))
    let text = try #require(result["text"])
    #expect(text.proposal.height == 186)
    #expect(text.columns?.columns.map { $0.text } == ["吾輩は猫である。名前は", "まだ無い。"])
    #expect(text.frame.size == Size(width: 2 * Self.column, height: 11 * 16))
    let box = try #require(result["box"]).frame.minY
    #expect(close(box, 11 * 16 + 4), "\(box - 180)")
  }

  /// ViewThatFits asks for ideal sizes: the ideal of vertical text is one column, 16 × 16
  /// = 256 pt long, which fits a 300-pt height and not a 200-pt one.
  @Test func viewThatFitsReadsTheColumnLength() throws {
    let vertical = try Self.vertical()
    let view = ViewThatFits(in: .vertical) {
      vertical.id("text")
      Box(width: 10, height: 10).id("box")
    }
    let tall = try layout(view, ProposedViewSize(width: 300, height: 300))
    #expect(tall["text"]?.frame.size == Size(width: Self.column, height: 256))
    #expect(tall["box"] == nil)
    let short = try layout(view, ProposedViewSize(width: 300, height: 200))
    #expect(short["text"] == nil && short["box"] != nil)
  }
}
