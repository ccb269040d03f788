import CaliperLayout
import Testing

/// SwiftUI's sizing rules for stacks, frames, padding, fixed size, decorations and scroll
/// views, each with the expected numbers worked out by hand in the test.
@Suite struct ContainerTests {
  func layout(_ view: some View, _ proposal: ProposedViewSize) throws -> LayoutResult {
    try LayoutEngine().layout(view, in: proposal).result
  }

  /// Least flexible first: the fixed 50 takes 50 of its share (300 − 2 × 10) / 3; the
  /// 20…80 box (flexibility 60) is offered 230 / 2 = 115 and takes 80; the 0…∞ box gets
  /// the remaining 150.
  @Test func hstackSharesLeastFlexibleFirst() throws {
    let view = HStack(spacing: 10) {
      Box(width: 50, height: 20).id("fixed")
      Box(minWidth: 0, idealWidth: 100, maxWidth: .infinity, height: 20).id("greedy")
      Box(minWidth: 20, idealWidth: 60, maxWidth: 80, height: 20).id("capped")
    }
    let result = try layout(view, .width(300))
    #expect(result.size == Size(width: 300, height: 20))
    #expect(result["fixed"]?.frame == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(result["greedy"]?.frame == Rect(x: 60, y: 0, width: 150, height: 20))
    #expect(result["capped"]?.frame == Rect(x: 220, y: 0, width: 80, height: 20))
    // Unspecified: ideal sizes, 50 + 10 + 100 + 10 + 60.
    #expect(try layout(view, .unspecified).size == Size(width: 230, height: 20))
  }

  /// Text shares a row with a fixed box: the box (not flexible) goes first, the text wraps
  /// in what is left: 300 − 8 − 80 = 212 < 242.656, so two lines.
  @Test func textWrapsInWhatIsLeft() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    let view = HStack(alignment: .top, spacing: 8) {
      text.id("label")
      Box(width: 80, height: 24).id("button")
    }
    let result = try layout(view, .width(300))
    let label = try #require(result["label"])
    #expect(try #require(label.text).lineCount == 2)
    #expect(label.proposal.width == 212)
    #expect(close(result.size.height, 2 * NotoSans.lineHeight))
    #expect(result["button"]?.frame.minX == label.frame.maxX + 8)
    #expect(result["button"]?.frame.minY == 0)
  }

  @Test func vstackAlignment() throws {
    for (alignment, x) in [(HorizontalAlignment.leading, 0.0), (.center, 30), (.trailing, 60)] {
      let view = VStack(alignment: alignment, spacing: 4) {
        Box(width: 100, height: 10)
        Box(width: 40, height: 10).id("small")
      }
      let result = try layout(view, .width(300))
      #expect(result.size == Size(width: 100, height: 24))
      #expect(result["small"]?.frame == Rect(x: x, y: 14, width: 40, height: 10))
    }
  }

  /// Spacers take the room between boxes; with the default spacing a spacer adds none of
  /// its own (it prefers zero) but each box prefers 8: 300 − 50 − 50 − 2 × 8 = 184.
  @Test func spacerExpandsAlongTheStack() throws {
    let view = HStack {
      Box(width: 50, height: 20)
      Spacer().id("spacer")
      Box(width: 50, height: 20).id("right")
    }
    let result = try layout(view, .width(300))
    #expect(result["spacer"]?.frame == Rect(x: 58, y: 10, width: 184, height: 0))
    #expect(result["right"]?.frame.minX == 250)
    #expect(try layout(view, .unspecified).size.width == 50 + 8 + 8 + 8 + 50)
  }

  @Test func flexibleFrameRules() throws {
    let box = Box(width: 50, height: 20)
    // maxWidth ∞ takes the proposal; unspecified gives the child's width.
    #expect(try layout(box.frame(maxWidth: .infinity), .width(300)).size.width == 300)
    #expect(try layout(box.frame(maxWidth: .infinity), .unspecified).size.width == 50)
    // minWidth 100: max(100, min(50, proposal)).
    #expect(try layout(box.frame(minWidth: 100), .width(50)).size.width == 100)
    #expect(try layout(box.frame(minWidth: 100), .width(300)).size.width == 100)
    // min 100, max 200 at 300: min(200, max(100, 300)) = 200.
    #expect(try layout(box.frame(minWidth: 100, maxWidth: 200), .width(300)).size.width == 200)
    // An ideal width stands in for an unspecified proposal: min(∞, max(50, 120)).
    let ideal = box.frame(idealWidth: 120, maxWidth: .infinity)
    #expect(try layout(ideal, .unspecified).size.width == 120)
    // The child is aligned inside: leading puts the box at x 0, center at (200 − 50) / 2.
    let leading = box.id("box").frame(maxWidth: .infinity, alignment: .leading)
    #expect(try layout(leading, .width(200))["box"]?.frame.minX == 0)
    let centered = box.id("box").frame(maxWidth: .infinity)
    #expect(try layout(centered, .width(200))["box"]?.frame.minX == 75)
  }

  @Test func fixedFramePaddingAndFixedSize() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    // A fixed frame proposes its width: the text wraps at 100 inside a 100 × 50 frame.
    let framed = try layout(text.id("t").frame(width: 100, height: 50), .width(300))
    #expect(framed.size == Size(width: 100, height: 50))
    #expect(try #require(framed["t"]?.text).lineCount > 1)
    // Padding proposes 300 − 2 × 10 and adds 20 to the text's size.
    let padded = try layout(text.id("t").padding(10), .width(300))
    #expect(close(padded.size.width, NotoSans.blueTile + 20))
    #expect(close(padded.size.height, NotoSans.lineHeight + 20))
    #expect(padded["t"]?.frame.origin == Point(x: 10, y: 10))
    // fixedSize ignores the proposed width: one line at the ideal width.
    let fixed = try layout(text.id("t").fixedSize(), .width(100))
    #expect(close(fixed.size.width, NotoSans.blueTile))
    #expect(try #require(fixed["t"]?.text).lineCount == 1)
  }

  @Test func decorationsNeverContribute() throws {
    let view = Box(width: 50, height: 20).id("main")
      .overlay { Box(width: 200, height: 200).id("overlay") }
      .background(alignment: .topLeading) { Box(width: 10, height: 10).id("background") }
    let result = try layout(view, .width(300))
    #expect(result.size == Size(width: 50, height: 20))
    #expect(result["main"]?.frame == Rect(x: 0, y: 0, width: 50, height: 20))
    // Proposed the main view's 50 × 20, the fixed 200 × 200 box is centred on it.
    #expect(result["overlay"]?.frame == Rect(x: -75, y: -90, width: 200, height: 200))
    #expect(result["background"]?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
  }

  @Test func zstackTakesTheLargestChild() throws {
    let view = ZStack(alignment: .bottomTrailing) {
      Box(width: 100, height: 10)
      Box(width: 20, height: 40).id("tall")
    }
    let result = try layout(view, .unspecified)
    #expect(result.size == Size(width: 100, height: 40))
    #expect(result["tall"]?.frame == Rect(x: 80, y: 0, width: 20, height: 40))
  }

  @Test func scrollViewProposesNothingAlongItsAxis() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    let horizontal = try layout(
      ScrollView(.horizontal) { text.id("t") }, ProposedViewSize(width: 100, height: 200))
    #expect(horizontal.size == Size(width: 100, height: 200))
    #expect(try #require(horizontal["t"]?.text).lineCount == 1)
    #expect(horizontal["t"]?.proposal.width == nil)
    let vertical = try layout(
      ScrollView { text.id("t") }, ProposedViewSize(width: 100, height: 20))
    #expect(vertical.size == Size(width: 100, height: 20))
    #expect(vertical["t"]?.proposal == ProposedViewSize(width: 100, height: nil))
    #expect(try #require(vertical["t"]?.text).lineCount > 1)
  }

  @Test func viewThatFitsPicksTheWidePresentationWhenItFits() throws {
    let label = try TestFonts.text("Blue tile with a longer local label")
    let view = ViewThatFits(in: .horizontal) {
      HStack(spacing: 8) {
        label
        Box(width: 80, height: 24)
      }.id("wide")
      VStack(alignment: .leading, spacing: 8) {
        label
        Box(width: 80, height: 24)
      }.id("compact")
    }
    // The wide presentation's ideal width: 242.656 + 8 + 80 = 330.656.
    let wideWidth = NotoSans.blueTile + 88
    let roomy = try layout(view, .width(400))
    #expect(roomy["wide"] != nil && roomy["compact"] == nil)
    #expect(close(roomy.size.width, wideWidth))
    let exact = try layout(view, .width(wideWidth))
    #expect(exact["wide"] != nil)
    let narrow = try layout(view, .width(300))
    #expect(narrow["wide"] == nil && narrow["compact"] != nil)
    #expect(close(narrow.size.height, NotoSans.lineHeight + 8 + 24))
  }
}
