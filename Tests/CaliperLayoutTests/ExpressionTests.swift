import CaliperLayout
import Testing

@Suite struct ExpressionTests {
  @Test(arguments: [
    ("state.badgeWidth + 16", 136.0),
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("max(state.badgeWidth, 200) - 50", 150),
    ("-state.badgeWidth / 4", -30),
    ("min(1e3, 2.5e2)", 250),
  ])
  func numbers(_ text: String, _ expected: Double) throws {
    let state: LayoutState = ["badgeWidth": .number(120)]
    #expect(try Expression(parsing: text).evaluate(in: state) == .number(expected))
  }

  @Test func booleansAndGeometry() throws {
    let wide = try Expression(parsing: "width > 200 && !state.compact")
    #expect(wide.evaluate(in: [:], geometry: Size(width: 300, height: 10)) == .bool(true))
    #expect(
      wide.evaluate(in: ["compact": .bool(true)], geometry: Size(width: 300, height: 10))
        == .bool(false))
    #expect(wide.stateKeys == ["compact"])
    #expect(
      try Expression(parsing: "height <= 20 || false").evaluate(
        in: [:], geometry: Size(width: 0, height: 20)) == .bool(true))
  }

  @Test func missingStateIsMissing() throws {
    #expect(try Expression(parsing: "state.w + 16").evaluate(in: [:]) == nil)
    #expect(try Expression(parsing: "state.w > 16").evaluate(in: [:]) == .bool(false))
  }

  @Test func printsAsWritten() throws {
    for text in ["state.badgeWidth + 16", "width > 200", "(1 + 2) * 3", "max(state.a, 4)"] {
      #expect(try Expression(parsing: text).description == text)
    }
  }

  @Test(arguments: ["", "state.", "1 +", "foo", "(1", "1 2", "state.w ++ 1", "1e999"])
  func errors(_ text: String) {
    #expect(throws: LayoutError.self) { try Expression(parsing: text) }
  }
}
