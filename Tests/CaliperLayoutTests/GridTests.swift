import CaliperLayout
import Testing

/// Grid: a label/value form measured with real text, column sharing, spanning, unsized and
/// empty cells, column alignment.
@Suite struct GridTests {
  let amber: Text
  let green: Text
  let blue: Text

  init() throws {
    amber = try TestFonts.text("Amber tile")  // 77.872 (hb-shape sum 4867 × 16 / 1000)
    green = try TestFonts.text("Green tile")  // 73.088 (4568)
    blue = try TestFonts.text("Blue tile with a longer local label")  // 242.656 (15166)
  }

  func form() -> AnyView {
    Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12, verticalSpacing: 10) {
      GridRow {
        amber.gridColumnAlignment(.trailing).id("label1")
        blue.id("value1")
      }
      GridRow {
        green.id("label2")
        amber.id("value2")
      }
      Box(minWidth: 0, idealWidth: 0, maxWidth: .infinity, height: 1)
        .gridCellUnsizedAxes(.horizontal).id("divider")
      GridRow {
        Box(width: 0, height: 0)
        green.id("value3")
      }
      GridRow {
        blue.gridCellColumns(2).id("note")
      }
    }.id("form")
  }

  /// Expected frames worked by hand from the texts' measured sizes. The label column (its
  /// widest cell 77.872 ideal) is less flexible than the value column (242.656), so it is
  /// offered (width − 12) / 2 first and takes its widest label at that share; the value
  /// column gets the rest. Every line is 21.792 tall (16 pt Noto Sans: (1069 + 293) × 16 /
  /// 1000); on first baselines all cells of a row have their tops at the row's top, so a
  /// row is as tall as its tallest cell. Rows are 10 apart; the divider is 1 tall.
  @Test(arguments: [600.0, 300, 120])
  func labelValueForm(_ width: Double) throws {
    let result = try LayoutEngine().layout(form(), in: .width(width)).result
    let share = (width - 12) / 2
    let labelWidths = [amber, green].map { $0.fit(.width(share)).size.width }
    let labelColumn = labelWidths.max()!
    let valueColumnOffer = width - 12 - labelColumn
    let valueWidths = [blue, amber, green].map { $0.fit(.width(valueColumnOffer)).size.width }
    let valueColumn = valueWidths.max()!
    let gridWidth = labelColumn + 12 + valueColumn
    #expect(close(result.size.width, gridWidth))
    if width == 600 {
      // Nothing wraps: 77.872 + 12 + 242.656.
      #expect(close(gridWidth, 332.528))
    }
    if width == 300 {
      // The value column is offered 300 − 12 − 77.872 = 210.128 < 242.656: blue wraps.
      #expect(close(labelColumn, 77.872))
      #expect(close(valueColumnOffer, 210.128))
      #expect(try #require(result["value1"]?.text).lineCount == 2)
    }
    if width == 120 {
      // The labels wrap at (120 − 12) / 2 = 54 too.
      #expect(try #require(result["label1"]?.text).lineCount == 2)
    }
    func height(_ text: Text, _ offered: Double) -> Double { text.fit(.width(offered)).size.height }
    let row1 = max(height(amber, labelColumn), height(blue, valueColumn))
    let row2 = max(height(green, labelColumn), height(amber, valueColumn))
    let row4 = height(green, valueColumn)
    let row5 = height(blue, gridWidth)
    #expect(close(result.size.height, row1 + row2 + 1 + row4 + row5 + 4 * 10))

    let label1 = try #require(result["label1"])
    let label2 = try #require(result["label2"])
    // The label column is trailing-aligned (gridColumnAlignment on its first cell).
    #expect(close(label1.frame.maxX, labelColumn))
    #expect(close(label2.frame.maxX, labelColumn))
    #expect(close(try #require(result["value1"]).frame.minX, labelColumn + 12))
    #expect(close(try #require(result["value2"]).frame.minY, row1 + 10))
    // The divider spans the grid without sizing a column; the empty cell leaves the value.
    let divider = try #require(result["divider"])
    #expect(close(divider.frame.width, gridWidth))
    #expect(close(divider.frame.minY, row1 + row2 + 20))
    let value3 = try #require(result["value3"])
    #expect(close(value3.frame.minX, labelColumn + 12))
    #expect(close(value3.frame.minY, row1 + row2 + 1 + 30))
    // The note spans both columns: proposed the grid's width, and aligned by its first
    // column's guide (trailing).
    let note = try #require(result["note"])
    #expect(close(note.frame.maxX, gridWidth))
    #expect(close(try #require(note.proposal.width), gridWidth))
  }

  /// Unspecified: every column takes its widest cell's ideal width, and a maxWidth ∞
  /// divider that did size its column would not change that (it is unsized anyway).
  @Test func idealSize() throws {
    let result = try LayoutEngine().layout(form(), in: .unspecified).result
    #expect(close(result.size.width, 77.872 + 12 + 242.656))
    #expect(close(result.size.height, 4 * 21.792 + 1 + 4 * 10))
  }

  /// Rows line their cells up on first baselines: a 16 pt label beside a 28 pt value has
  /// its top 29.932 − 17.104 = 12.828 down, and the row is 29.932 + 8.204 = 38.136 tall.
  @Test func rowsAlignOnBaselines() throws {
    let big = try Text("42.00", style: TextStyle(size: 28), fonts: TestFonts.library.get())
    let grid = Grid(alignment: .leadingFirstTextBaseline) {
      GridRow {
        amber.id("label")
        big.id("value")
      }
      GridRow(alignment: .top) {
        green.id("topLabel")
        big
      }
    }
    let result = try LayoutEngine().layout(grid, in: .unspecified).result
    #expect(close(try #require(result["label"]).frame.minY, 12.828))
    #expect(close(try #require(result["topLabel"]).frame.minY, 38.136 + 8))
    #expect(close(result.size.height, 2 * 38.136 + 8))
  }

  /// The audit probes the grid and its rows: a correct grid has no findings.
  @Test func auditIsClean() throws {
    for width in [0.0, 120, 300, 600] {
      let findings = try LayoutEngine().audit(form(), in: .width(width))
      #expect(findings.isEmpty, "\(findings)")
    }
  }
}
