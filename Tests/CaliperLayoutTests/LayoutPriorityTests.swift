import CaliperLayout
import Testing

/// `layoutPriority`: a stack offers space to higher priorities first, and equal priorities
/// share by flexibility.
@Suite struct LayoutPriorityTests {
  func layout(_ view: some View, _ proposal: ProposedViewSize) throws -> LayoutResult {
    try LayoutEngine().layout(view, in: proposal).result
  }

  /// Two one-line copies of "Blue tile with a longer local label" (242.656 pt each, from
  /// hb-shape) in 300 pt with 8 between: without priorities the first is offered
  /// (300 − 8) / 2 = 146, the second what the first leaves, and both truncate. With priority 1 on one, it is offered 292 less the other's
  /// minimum and takes its whole 242.656; the other gets 292 − 242.656 = 49.344 and
  /// truncates.
  @Test(arguments: [0, 1])
  func priorityDecidesWhichTextTruncates(_ favoured: Int) throws {
    let label = try TestFonts.text("Blue tile with a longer local label").lineLimit(1)
    let row = HStack(spacing: 8) {
      (favoured == 0 ? label.layoutPriority(1) : label.body).id("first")
      (favoured == 1 ? label.layoutPriority(1) : label.body).id("second")
    }
    let result = try layout(row, .width(300))
    let winner = try #require(result[favoured == 0 ? "first" : "second"])
    let loser = try #require(result[favoured == 0 ? "second" : "first"])
    #expect(close(winner.frame.width, NotoSans.blueTile))
    #expect(winner.text?.truncated == false)
    #expect(close(try #require(loser.proposal.width), 300 - 8 - NotoSans.blueTile))
    #expect(loser.text?.truncated == true)

    let equal = try layout(
      HStack(spacing: 8) {
        label.id("first")
        label.id("second")
      }, .width(300))
    // The first is offered 146 and takes the truncated width it needs; the second gets
    // the rest.
    let first = try #require(equal["first"])
    #expect(first.proposal.width == 146)
    #expect(close(try #require(equal["second"]?.proposal.width), 292 - first.frame.width))
    #expect(first.text?.truncated == true)
    #expect(equal["second"]?.text?.truncated == true)
  }

  /// Priorities hold through modifiers: the padded text keeps priority 1.
  @Test func priorityHoldsThroughPadding() throws {
    let label = try TestFonts.text("Blue tile with a longer local label").lineLimit(1)
    let row = HStack(spacing: 8) {
      label.id("first")
      label.layoutPriority(1).id("second").padding(4)
    }
    let result = try layout(row, .width(300))
    #expect(close(try #require(result["second"]).frame.width, NotoSans.blueTile))
    #expect(result["first"]?.text?.truncated == true)
  }

  /// The higher group is offered what remains less the lower group's minimum: a fixed 50
  /// box at priority 0 keeps 50, so a greedy box at priority 1 in 300 gets 300 − 8 − 50.
  @Test func lowerPrioritiesKeepTheirMinimum() throws {
    let row = HStack(spacing: 8) {
      Box(width: 50, height: 10).id("fixed")
      Box(minWidth: 0, idealWidth: 10, maxWidth: .infinity, height: 10).layoutPriority(1)
        .id("greedy")
    }
    let result = try layout(row, .width(300))
    #expect(result["greedy"]?.frame.width == 242)
    #expect(result["fixed"]?.frame == Rect(x: 0, y: 0, width: 50, height: 10))
  }
}
