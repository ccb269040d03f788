import CaliperLayout
import Testing

/// Geometry feedback loops (observations that write what they observe) and their stable
/// counterparts.
@Suite struct GeometryLoopTests {
  let proposal = ProposedViewSize.width(300)

  /// The seeds' loop: a label measured at 120 whose frame is set to the measured width
  /// plus 16. Pass 1 has no state, so the frame takes the label's 120; then 120 + 16, and
  /// so on: 120, 136, 152, 168, … never settling.
  @Test func measuredWidthFedBackIntoItsFrame() throws {
    let label = Box(width: 120, height: 20)
      .frame(width: .state("badgeWidth") + 16)
      .id("label")
      .onGeometryChange(of: .width, write: "badgeWidth")
    let outcome = try LayoutEngine().layout(label, in: proposal)
    #expect(!outcome.isStable)
    #expect(outcome.passes.count == 16)
    let loop = try #require(outcome.loop)
    #expect(loop.keys == ["badgeWidth"])
    let history = try #require(loop.history["badgeWidth"])
    let expected = (0..<16).map { StateValue.number(120 + 16 * Double($0)) }
    #expect(history == expected)
    #expect(Array(history.prefix(4)) == [.number(120), .number(136), .number(152), .number(168)])
    let path = try #require(loop.paths.first)
    #expect(path.observedView == "'label'")
    #expect(path.reader == "frame(width: state.badgeWidth + 16)")
    #expect(path.relation == .observedView)
  }

  /// A Boolean that switches a presentation which changes the measured region: wide (260)
  /// makes `isWide` true, which shows the compact one (150), which makes it false…
  @Test func presentationSwitchFlips() throws {
    let region = VStack {
      If(
        .state("isWide"), then: Box(width: 150, height: 20).id("compact"),
        else: Box(width: 260, height: 20).id("wide"))
    }
    .id("region")
    .onGeometryChange(of: .width > 200, write: "isWide")
    let outcome = try LayoutEngine().layout(region, in: proposal)
    let loop = try #require(outcome.loop)
    let history = try #require(loop.history["isWide"])
    #expect(Array(history.prefix(4)) == [.bool(true), .bool(false), .bool(true), .bool(false)])
    let path = try #require(loop.paths.first)
    #expect(path.reader == "if state.isWide")
    #expect(path.relation == .descendant)
    #expect(path.description.contains("'region' width > 200 → state.isWide → if state.isWide"))
  }

  /// The same observation driving only an overlay, which never contributes to the size:
  /// pass 1 writes 120, pass 2 observes 120 again, settled.
  @Test func observationDrivingAnOverlaySettles() throws {
    let label = Box(width: 120, height: 20).id("label")
      .onGeometryChange(of: .width, write: "badgeWidth")
      .overlay { Box(width: 1, height: 1).frame(width: .state("badgeWidth") + 16).id("badge") }
    let outcome = try LayoutEngine().layout(label, in: proposal)
    #expect(outcome.isStable)
    #expect(outcome.passes.count == 2)
    #expect(outcome.result["label"]?.frame.width == 120)
    #expect(outcome.result["badge"]?.frame.width == 136)
  }

  /// A region whose width comes from the surrounding window (maxWidth ∞ at 300): whichever
  /// presentation shows, it is 300 wide, so `isWide` stays true after one switch.
  @Test func regionSizedByTheWindowSettles() throws {
    let region = VStack {
      If(
        .state("isWide"), then: Box(width: 150, height: 20).id("compact"),
        else: Box(width: 260, height: 20).id("wide"))
    }
    .frame(maxWidth: .infinity)
    .id("region")
    .onGeometryChange(of: .width > 200, write: "isWide")
    let outcome = try LayoutEngine().layout(region, in: proposal)
    #expect(outcome.isStable)
    #expect(outcome.passes.count == 2)
    #expect(outcome.result["compact"] != nil)
    #expect(outcome.passes.last?.observed["isWide"] == .bool(true))
  }

  @Test func maxPassesBoundsTheLoop() throws {
    let label = Box(width: 120, height: 20).frame(width: .state("w") + 16).id("label")
      .onGeometryChange(of: .width, write: "w")
    let outcome = try LayoutEngine(maxPasses: 4).layout(label, in: proposal)
    #expect(outcome.passes.count == 4)
    #expect(outcome.loop?.history["w"] == [.number(120), .number(136), .number(152), .number(168)])
  }

  @Test func negativeFrameFromStateIsAnError() throws {
    let view = Box(width: 10, height: 10).frame(width: .state("w") - 100)
      .onGeometryChange(of: .width, write: "w")
    #expect(throws: LayoutError.self) { try LayoutEngine().layout(view, in: proposal) }
  }
}

/// `description` of a layout's outcome: stable or a loop, the root's size and view count.
@Suite struct LayoutDescriptionTests {
  @Test func outcomesSaySettledOrLooping() throws {
    let stable = try LayoutEngine().layout(
      Box(width: 120, height: 20).id("label"), in: .width(300))
    #expect(stable.description == "stable after 1 pass: 120 × 20 pt, 1 view at width 300")
    let looping = try LayoutEngine().layout(
      Box(width: 120, height: 20).frame(width: .state("badgeWidth") + 16)
        .onGeometryChange(of: .width, write: "badgeWidth"),
      in: .width(300))
    // 16 passes: the frame is 120 + 16 × 15 = 360 wide in the last.
    #expect(
      looping.description == "loop on badgeWidth after 16 passes: 360 × 20 pt, 2 views at width 300"
    )
  }
}
