import CaliperLayout
import Testing

/// Infinite proposals apart from unspecified ones, frames proposing infinity, and `if`
/// nodes with their own id and frame.
@Suite struct ProposalTests {
  func layout(_ view: some View, _ proposal: ProposedViewSize) throws -> LayoutResult {
    try LayoutEngine().layout(view, in: proposal).result
  }

  /// A box 0…500 wide with ideal 10: unspecified gives the ideal 10, infinity the maximum
  /// 500, as SwiftUI's flexible views.
  @Test func infinityIsNotUnspecified() throws {
    let box = Box(minWidth: 0, idealWidth: 10, maxWidth: 500, height: 10)
    #expect(try layout(box, .width(nil)).size.width == 10)
    #expect(try layout(box, .width(.infinity)).size.width == 500)
  }

  /// `frame(idealWidth: .infinity)` proposes infinity to its child when it is proposed
  /// nothing (the box takes 500); a finite proposal passes through (the box takes 200).
  @Test func frameProposesInfinity() throws {
    let box = Box(minWidth: 0, idealWidth: 10, maxWidth: 500, height: 10).id("box")
    let framed = box.frame(idealWidth: .infinity)
    let ideal = try layout(framed, .unspecified)
    #expect(ideal["box"]?.proposal.width == .infinity)
    #expect(ideal["box"]?.frame.width == 500)
    #expect(try layout(framed, .width(200))["box"]?.frame.width == 200)
    // maxWidth: .infinity takes a finite proposal whole and, proposed infinity, is
    // infinite.
    let greedy = Box(width: 50, height: 10).frame(maxWidth: .infinity)
    #expect(try layout(greedy, .width(300)).size.width == 300)
    #expect(try layout(greedy, .width(.infinity)).size.width == .infinity)
  }

  /// Text proposed infinity lays out its ideal lines, as unspecified.
  @Test func textTakesItsIdealWidthAtInfinity() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    #expect(close(try layout(text, .width(.infinity)).size.width, NotoSans.blueTile))
  }

  /// An `if` is a node of its own: its id names it (not the branch), its frame is the
  /// branch's, and a spacer inside still expands along the enclosing stack.
  @Test func ifKeepsItsOwnIdAndFrame() throws {
    let amber = try TestFonts.text("Amber tile")
    let row = HStack(spacing: 0) {
      If(.state("show"), then: amber.id("label")).id("condition")
      If(.bool(true), then: Spacer(minLength: 0)).id("gap")
      Box(width: 20, height: 10)
    }
    let shown = try LayoutEngine().layout(row, in: .width(300), state: ["show": .bool(true)])
      .result
    let condition = try #require(shown["condition"])
    #expect(condition.kind == "if")
    #expect(condition.frame == shown["label"]?.frame)
    #expect(close(condition.frame.width, NotoSans.amberTile))
    #expect(close(try #require(shown["gap"]).frame.width, 300 - NotoSans.amberTile - 20))
    #expect(try #require(shown["gap"]).frame.height == 0)
    let hidden = try LayoutEngine().layout(row, in: .width(300), state: ["show": .bool(false)])
      .result
    #expect(hidden["condition"] == nil)
    #expect(hidden["label"] == nil)
  }
}
