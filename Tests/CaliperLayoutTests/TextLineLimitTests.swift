import CaliperLayout
import Testing

/// The layout `Text` view's line limit, truncation and alignment: sizing honours them as
/// SwiftUI's `Text` does. The label is 3 lines at 120 pt (Noto Sans, hb-shape sums), each
/// line `NotoSans.lineHeight` tall.
@Suite struct TextLineLimitTests {
  func layout(_ view: some View, _ proposal: ProposedViewSize) throws -> LayoutResult {
    try LayoutEngine().layout(view, in: proposal).result
  }

  @Test func lineLimitSizesTheText() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    let view = VStack(spacing: 0) {
      text.lineLimit(1).id("one")
      text.lineLimit(2).truncationMode(.middle).id("two")
      text.id("all")
    }
    let result = try layout(view, .width(120))
    #expect(close(try #require(result["one"]).frame.height, NotoSans.lineHeight))
    #expect(close(try #require(result["two"]).frame.height, 2 * NotoSans.lineHeight))
    #expect(close(try #require(result["all"]).frame.height, 3 * NotoSans.lineHeight))
    let one = try #require(result["one"]?.text)
    #expect(one.truncated && one.lines[0].text.hasSuffix("…"))
    #expect(try #require(result["one"]).frame.width <= 120)
    // Unspecified: the ideal width, one line, nothing hidden.
    let ideal = try layout(text.lineLimit(1).id("one"), .unspecified)
    #expect(close(ideal.size.width, NotoSans.blueTile))
    #expect(ideal["one"]?.text?.truncated == false)
  }

  @Test func fixedHeightFrameShowsTheLinesThatFit() throws {
    let text = try TestFonts.text("Blue tile with a longer local label").truncationMode(.tail)
    let view = text.id("label").frame(width: 120, height: 50)
    let result = try layout(view, .unspecified)
    let label = try #require(result["label"])
    #expect(label.text?.lineCount == 2)
    #expect(close(label.frame.height, 2 * NotoSans.lineHeight))
  }

  @Test func alignmentNeverChangesTheSize() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    for alignment in TextAlignment.allCases {
      let result = try layout(text.multilineTextAlignment(alignment).id("label"), .width(120))
      #expect(result.size == (try layout(text.id("label"), .width(120))).size)
    }
  }
}
