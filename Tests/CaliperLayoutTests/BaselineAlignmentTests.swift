import CaliperLayout
import Testing

/// Noto Sans's vertical metrics: hhea ascender 1069, descender −293, line gap 0, units per
/// em 1000 (read with `ttx -t hhea Fonts/NotoSans-Regular.ttf`). A line of Noto Sans at
/// `size` pt has its baseline `ascent(size)` below its top and is `ascent + descent` tall.
enum NotoSansMetrics {
  static func ascent(_ size: Double) -> Double { 1069 * size / 1000 }
  static func descent(_ size: Double) -> Double { 293 * size / 1000 }
  static func lineHeight(_ size: Double) -> Double { ascent(size) + descent(size) }
}

/// Baseline alignment: rows, ZStacks, frames and custom layouts line texts up on the
/// baselines Caliper measured, and a view without text offers its bottom.
@Suite struct BaselineAlignmentTests {
  func text(_ string: String, size: Double) throws -> Text {
    try Text(string, style: TextStyle(size: size), fonts: TestFonts.library.get())
  }

  func layout(_ view: some View, _ proposal: ProposedViewSize = .unspecified) throws
    -> LayoutResult
  {
    try LayoutEngine().layout(view, in: proposal).result
  }

  /// A 16 pt label and a 28 pt value on their first baselines: the value's baseline is
  /// 29.932 below the row's top (1069 × 28 / 1000), the label's top is 29.932 − 17.104 =
  /// 12.828 down, and the row is max ascent + max descent = 29.932 + 8.204 = 38.136 tall
  /// (8.204 = 293 × 28 / 1000 is deeper than the label's 4.688).
  @Test func firstBaselinesInAnHStack() throws {
    let v0 = try text("Total", size: 16)
    let v1 = try text("42.00", size: 28)
    let row = HStack(alignment: .firstTextBaseline, spacing: 8) {
      v0.id("label")
      v1.id("value")
    }
    let result = try layout(row)
    let label = try #require(result["label"])
    let value = try #require(result["value"])
    #expect(close(label.frame.minY, NotoSansMetrics.ascent(28) - NotoSansMetrics.ascent(16)))
    #expect(close(label.frame.minY, 12.828))
    #expect(value.frame.minY == 0)
    let labelBaseline = label.frame.minY + (label.text?.lines[0].baseline ?? .nan)
    let valueBaseline = value.frame.minY + (value.text?.lines[0].baseline ?? .nan)
    #expect(close(labelBaseline, valueBaseline))
    #expect(close(result.size.height, NotoSansMetrics.ascent(28) + NotoSansMetrics.descent(28)))
    #expect(close(result.size.height, 38.136))
    #expect(close(value.frame.minX, label.frame.maxX + 8))
    // Centred instead, the label sits (38.136 − 21.792) / 2 down: not on the baseline.
    let centred = try layout(
      HStack(spacing: 8) {
        v0.id("label")
        v1
      })
    #expect(close(try #require(centred["label"]).frame.minY, (38.136 - 21.792) / 2))
  }

  /// Last baselines: the value has two lines (a hard break), so its last baseline is
  /// 38.136 + 29.932 = 68.068 down; the label's top is 68.068 − 17.104 = 50.964 and the row
  /// is 68.068 + 8.204 = 76.272 tall.
  @Test func lastBaselinesInAnHStack() throws {
    let v0 = try text("Total", size: 16)
    let v1 = try text("42.00\nper month", size: 28)
    let row = HStack(alignment: .lastTextBaseline, spacing: 8) {
      v0.id("label")
      v1.id("value")
    }
    let result = try layout(row)
    let label = try #require(result["label"])
    #expect(close(label.frame.minY, 2 * 38.136 - 8.204 - 17.104))
    #expect(close(label.frame.minY, 50.964))
    #expect(close(result.size.height, 76.272))
    // First baselines instead: the label lines up with the first line.
    let first = try layout(
      HStack(alignment: .firstTextBaseline, spacing: 8) {
        v0.id("label")
        v1
      })
    #expect(close(try #require(first["label"]).frame.minY, 12.828))
    #expect(close(first.size.height, 76.272))
  }

  /// A box has no text: its baseline is its bottom. A 20 × 10 box beside a 16 pt text on
  /// the first baseline sits with its bottom at 17.104: top 7.104; the row is 17.104 +
  /// 4.688 = 21.792 tall.
  @Test func aViewWithoutTextOffersItsBottom() throws {
    let v0 = try text("Total", size: 16)
    let row = HStack(alignment: .firstTextBaseline, spacing: 8) {
      Box(width: 20, height: 10).id("box")
      v0.id("label")
    }
    let result = try layout(row)
    #expect(close(try #require(result["box"]).frame.minY, 7.104))
    #expect(try #require(result["label"]).frame.minY == 0)
    #expect(close(result.size.height, 21.792))
  }

  /// Baselines pass up through modifiers and stacks: a label padded by 10 has its baseline
  /// at 10 + 17.104 = 27.104, so its padding's top is 29.932 − 27.104 = 2.828; a VStack's
  /// first baseline is its first text's, its last baseline its last text's.
  @Test func baselinesPassThroughContainers() throws {
    let v0 = try text("Total", size: 16)
    let v1 = try text("42.00", size: 28)
    let v2 = try text("per month", size: 16)
    let padded = try layout(
      HStack(alignment: .firstTextBaseline, spacing: 8) {
        v0.padding(10).id("padded")
        v1
      })
    #expect(close(try #require(padded["padded"]).frame.minY, 2.828))
    // A column of a 28 pt line over a 16 pt one, beside a 16 pt label on last baselines:
    // the column's last baseline is 38.136 + 8 + 17.104 = 63.24 down.
    let column = try layout(
      HStack(alignment: .lastTextBaseline, spacing: 8) {
        v0.id("label")
        VStack(alignment: .leading, spacing: 8) {
          v1
          v2
        }
      })
    #expect(close(try #require(column["label"]).frame.minY, 38.136 + 8))
  }

  /// A ZStack on first baselines lines the two texts' baselines up, as the HStack does,
  /// and is as tall: 38.136.
  @Test func zstackOnFirstBaselines() throws {
    let v0 = try text("Total", size: 16)
    let v1 = try text("42.00", size: 28)
    let stack = ZStack(alignment: .leadingFirstTextBaseline) {
      v0.id("label")
      v1.id("value")
    }
    let result = try layout(stack)
    #expect(close(try #require(result["label"]).frame.minY, 12.828))
    #expect(try #require(result["value"]).frame.minY == 0)
    #expect(close(result.size.height, 38.136))
  }

  /// A frame aligns a child's baseline on its own, which for a view without text is its
  /// bottom (as SwiftUI): a 16 pt text in a 60 pt tall frame has its top at 60 − 17.104.
  @Test func frameAlignsTheBaselineOnItsBottom() throws {
    let v0 = try text("Total", size: 16)
    let framed = v0.id("label")
      .frame(width: 100, height: 60, alignment: .leadingFirstTextBaseline)
    let result = try layout(framed)
    #expect(close(try #require(result["label"]).frame.minY, 60 - 17.104))
    #expect(try #require(result["label"]).frame.minX == 0)
  }

  /// A custom layout reads baselines through `ViewDimensions`: this one puts every
  /// subview's first baseline on y = 50.
  struct BaselineAt50: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
      Size(width: 200, height: 100)
    }
    func placeSubviews(
      in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
    ) {
      for subview in subviews {
        let dimensions = subview.dimensions(in: .unspecified)
        subview.place(
          at: Point(x: bounds.minX, y: bounds.minY + 50 - dimensions[.firstTextBaseline]),
          proposal: .unspecified)
      }
    }
  }

  @Test func viewDimensionsExposeBaselines() throws {
    let v0 = try text("Total", size: 16)
    let view = BaselineAt50 {
      v0.id("label")
      Box(width: 10, height: 30).id("box")
    }
    let result = try layout(view)
    #expect(close(try #require(result["label"]).frame.minY, 50 - 17.104))
    #expect(try #require(result["box"]).frame.minY == 20)
  }
}
