import CaliperLayout
import Testing

/// A custom layout that measures its text children at half the proposed width but places
/// them at the full width: what it reports is not what it draws.
struct HalfWidthColumn: Layout {
  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    let half = ProposedViewSize(width: proposal.width.map { $0 / 2 }, height: nil)
    let sizes = subviews.map { $0.sizeThatFits(half) }
    return Size(
      width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +))
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    var y = bounds.minY
    for subview in subviews {
      let full = ProposedViewSize(width: proposal.width, height: nil)
      subview.place(at: Point(x: bounds.minX, y: y), proposal: full)
      y += subview.sizeThatFits(full).height
    }
  }
}

/// A custom layout whose answer drifts from call to call.
final class DriftingLayout: Layout, @unchecked Sendable {
  // Unchecked: used from one test on one thread; the drift is the point.
  var calls = 0.0

  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    calls += 1
    return Size(width: calls, height: 10)
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {}
}

/// A custom layout that places its child beyond its own bounds without saying so.
struct OffsetLayout: Layout {
  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    subviews.first?.sizeThatFits(proposal) ?? .zero
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    subviews.first?.place(at: Point(x: bounds.minX + 30, y: bounds.minY), proposal: proposal)
  }
}

@Suite struct AuditTests {
  @Test func findsTextMeasuredAndPlacedAtDifferentWidths() throws {
    let text = try TestFonts.text("Blue tile with a longer local label")
    let view = HalfWidthColumn { text.id("label") }.id("broken")
    let findings = try LayoutEngine().audit(view, in: .width(300))
    // At 300 it measures at 150 (two lines) and places at 300 (one line).
    let mismatch = findings.filter { $0.kind == .textWidthMismatch && $0.view == "'broken'" }
    #expect(mismatch.contains { $0.proposal == .width(300) })
    #expect(mismatch.contains { $0.message.contains("150") && $0.message.contains("300") })
  }

  @Test func findsBoxesPlacedAtSizesNeverMeasured() throws {
    let view = HalfWidthColumn {
      Box(minWidth: 0, idealWidth: 100, maxWidth: .infinity, height: 10).id("flexible")
    }
    let findings = try LayoutEngine().audit(view, in: .width(300))
    #expect(findings.contains { $0.kind == .placementMismatch })
  }

  @Test func findsUnstableAnswers() throws {
    let findings = try LayoutEngine().audit(
      DriftingLayout { Box(width: 1, height: 1) }, in: .width(100))
    #expect(findings.contains { $0.kind == .unstableAnswer })
  }

  @Test func findsUndeclaredOverflow() throws {
    let findings = try LayoutEngine().audit(
      OffsetLayout { Box(width: 50, height: 10) }, in: .width(100))
    #expect(findings.contains { $0.kind == .overflow })
  }

  /// Every built-in container and modifier, with text that wraps, at widths from the
  /// minimum to beyond the ideal.
  @Test func builtInContainersPass() throws {
    let long = try TestFonts.text("Blue tile with a longer local label")
    let short = try TestFonts.text("Amber tile")
    let panel = VStack(alignment: .leading) {
      HStack {
        short.padding(10).background { Box(width: 1, height: 1) }
        Spacer()
        Box(width: 80, height: 24).overlay { Box(width: 10, height: 10) }
      }
      EqualWidthColumn(gap: 8) {
        long.padding(.horizontal, 10).frame(maxWidth: .infinity, alignment: .leading)
        short.padding(10)
      }
      WrappingLayout(spacing: 8) {
        Box(width: 80, height: 24)
        Box(width: 150, height: 24)
        Box(width: 90, height: 24)
      }
      ViewThatFits(in: .horizontal) {
        HStack {
          long
          Box(width: 80, height: 24)
        }
        VStack {
          long
          Box(width: 80, height: 24)
        }
      }
      ZStack(alignment: .topLeading) {
        long
        Box(width: 20, height: 20)
      }
      ScrollView { long.frame(minWidth: 40, idealWidth: 100, maxWidth: 200) }
        .frame(height: 60)
      long.fixedSize(horizontal: false, vertical: true).frame(width: 150)
    }
    for width in [0.0, 60, 150, 300, 600] {
      let findings = try LayoutEngine().audit(panel, in: .width(width))
      #expect(findings.isEmpty, "at \(width): \(findings)")
    }
  }
}
