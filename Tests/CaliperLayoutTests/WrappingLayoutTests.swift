import CaliperLayout
import Testing

/// The wrapping rules, with `Box` children of height 24 and spacing 8; every expected value
/// is worked out by hand in the case.
@Suite struct WrappingLayoutTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let widths: [Double]
    let limit: Double?
    let rows: [[Int]]
    let rowWidths: [Double]
    let size: Size
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // 80 + 8 + 100 + 8 + 90 = 286 ≤ 300: one row; the layout reports the limit.
    Case(
      name: "one row", widths: [80, 100, 90], limit: 300, rows: [[0, 1, 2]], rowWidths: [286],
      size: Size(width: 300, height: 24)),
    // 80 + 8 + 150 = 238; + 8 + 90 = 336 > 300: the third starts row 2 at y = 24 + 8.
    Case(
      name: "middle grows to 150", widths: [80, 150, 90], limit: 300, rows: [[0, 1], [2]],
      rowWidths: [238, 90], size: Size(width: 300, height: 56)),
    // 80 + 8 + 100 + 8 + 104 = 300 exactly: stays on the row.
    Case(
      name: "exact fit", widths: [80, 100, 104], limit: 300, rows: [[0, 1, 2]],
      rowWidths: [300], size: Size(width: 300, height: 24)),
    // 320 > 300 sits alone and is reported: width max(300, 320), 3 rows: 3 × 24 + 2 × 8.
    Case(
      name: "oversize child alone", widths: [80, 320, 90], limit: 300, rows: [[0], [1], [2]],
      rowWidths: [80, 320, 90], size: Size(width: 320, height: 88)),
    // Unspecified: one row of ideal sizes, 80 + 8 + 150 + 8 + 90 = 336.
    Case(
      name: "unspecified width", widths: [80, 150, 90], limit: nil, rows: [[0, 1, 2]],
      rowWidths: [336], size: Size(width: 336, height: 24)),
    Case(
      name: "infinite width", widths: [80, 150, 90], limit: .infinity, rows: [[0, 1, 2]],
      rowWidths: [336], size: Size(width: 336, height: 24)),
    Case(name: "empty", widths: [], limit: 300, rows: [], rowWidths: [], size: .zero),
  ]

  @Test(arguments: cases)
  func plan(_ test: Case) {
    let layout = WrappingLayout(spacing: 8)
    let plan = layout.plan(
      sizes: test.widths.map { Size(width: $0, height: 24) }, limit: test.limit)
    #expect(plan.rows == test.rows)
    #expect(plan.rowWidths == test.rowWidths)
    #expect(plan.size == test.size)
  }

  /// The same rules through the engine: the root's size, and each box placed where its row
  /// and the boxes before it on that row put it.
  @Test(arguments: cases)
  func placement(_ test: Case) throws {
    let view = WrappingLayout(spacing: 8) {
      for (index, width) in test.widths.enumerated() {
        Box(width: width, height: 24).id("b\(index)")
      }
    }
    let result = try LayoutEngine().layout(view, in: .width(test.limit)).result
    #expect(result.size == test.size)
    for (rowIndex, row) in test.rows.enumerated() {
      var x = 0.0
      for index in row {
        let frame = try #require(result["b\(index)"]?.frame)
        #expect(
          frame == Rect(x: x, y: Double(rowIndex) * 32, width: test.widths[index], height: 24))
        x += test.widths[index] + 8
      }
    }
  }
}
