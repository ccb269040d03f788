import Caliper
import CaliperRender
import CaliperTestSupport
import Testing

/// `render` of vertical text: columns right to left, upright glyphs standing in their
/// column, sideways runs turned clockwise. Checked on the ink the renderer reports (the
/// pixels each glyph touched), against the block `measureColumns` gives.
@Suite struct VerticalRenderTests {
  static let options = RenderOptions(scale: 2, margin: 8, overlays: [])

  static func rendering(_ string: String, height: Double, mode: WritingMode = .verticalRL)
    throws -> (TextRendering, VerticalMeasurement, PreparedText)
  {
    let fonts = try RenderFixtures.library.get()
    var style = TextStyle(size: 16, locale: "ja")
    style.writingMode = mode
    let text = try fonts.prepare(string, style: style)
    let proposal = ProposedViewSize(width: nil, height: height)
    let rendering = try TextRenderer(options: options).render(
      text, proposal: proposal, fonts: fonts)
    return (rendering, text.measureColumns(proposal), text)
  }

  /// The image is the block (sum of column widths × longest column) times the scale plus
  /// the margins, and every glyph's ink lies inside its own column's box.
  @Test func inkStaysInsideItsColumn() throws {
    let (rendering, block, _) = try Self.rendering("吾輩は猫である。名前はまだ無い。", height: 100)
    #expect(block.columnCount == 3)
    #expect(rendering.image.width == Int((block.size.width * 2).rounded(.up)) + 32)
    #expect(rendering.image.height == Int((block.size.height * 2).rounded(.up)) + 32)
    #expect(rendering.glyphCount == 16)
    for ink in rendering.ink {
      let column = block.columns[ink.line]
      let left = 16 + column.x * 2
      let right = 16 + (column.x + column.width) * 2
      #expect(Double(ink.box.x0) >= left - 1 && Double(ink.box.x1) <= right + 1, "\(ink)")
      #expect(Double(ink.box.y1) <= 16 + (column.y + column.extent) * 2 + 1, "\(ink)")
    }
    // vertical-rl: the first column's ink is right of the second's, the second's of the
    // third's.
    let lefts = (0..<3).map { line in rendering.ink.filter { $0.line == line }.map(\.box.x0).min()!
    }
    #expect(lefts[0] > lefts[1] && lefts[1] > lefts[2])
  }

  /// Sideways Latin is turned clockwise: "l" (taller than wide when upright) inks a box
  /// wider than tall; the upright ideograph before it is drawn as it stands.
  @Test func sidewaysRunsAreTurned() throws {
    let (rendering, _, text) = try Self.rendering("中lll", height: 400)
    let runs = text.glyphRuns(in: text.measureColumns(.unspecified).columns[0].line)
    #expect(runs.map { text.standsUpright($0) } == [true, false])
    let ells = rendering.ink.filter { $0.cluster >= 1 }
    #expect(ells.count == 3)
    for ink in ells { #expect(ink.box.x1 - ink.box.x0 > ink.box.y1 - ink.box.y0, "\(ink)") }
    // Each "l" is further down the column than the one before it.
    #expect(ells.map(\.box.y0) == ells.map(\.box.y0).sorted())
    let horizontal = try TextRenderer(options: Self.options).render(
      try RenderFixtures.library.get().prepare("l"), proposal: .unspecified,
      fonts: try RenderFixtures.library.get())
    let upright = try #require(horizontal.ink.first?.box)
    #expect(upright.y1 - upright.y0 > upright.x1 - upright.x0)
  }

  /// vertical-lr stacks the same columns from the left.
  @Test func verticalLRStartsAtTheLeft() throws {
    let (rendering, _, _) = try Self.rendering(
      "吾輩は猫である。名前はまだ無い。", height: 100, mode: .verticalLR)
    let lefts = (0..<3).map { line in rendering.ink.filter { $0.line == line }.map(\.box.x0).min()!
    }
    #expect(lefts[0] < lefts[1] && lefts[1] < lefts[2])
  }
}
