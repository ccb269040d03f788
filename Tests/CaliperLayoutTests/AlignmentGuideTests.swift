import CaliperLayout
import Testing

/// The value column's edge: a custom guide whose default is the leading edge.
enum ValueEdge: AlignmentID {
  static func defaultValue(in context: ViewDimensions) -> Double { context[.leading] }
}

extension HorizontalAlignment {
  static let valueEdge = HorizontalAlignment(ValueEdge.self)
}

/// `alignmentGuide` with computed values, custom guides across nested stacks, and the JSON
/// spelling with guide expressions.
@Suite struct AlignmentGuideTests {
  func layout(_ view: some View) throws -> LayoutResult {
    try LayoutEngine().layout(view, in: .unspecified).result
  }

  /// The second box's leading guide is half its width (25): the first box's leading edge
  /// (guide 0) lines up 25 right of the second's, and the stack is 25 + 100 wide.
  @Test func computedLeadingGuide() throws {
    let column = VStack(alignment: .leading, spacing: 0) {
      Box(width: 100, height: 10).id("wide")
      Box(width: 50, height: 10).alignmentGuide(.leading) { $0.width / 2 }.id("narrow")
    }
    let result = try layout(column)
    #expect(result["wide"]?.frame.minX == 25)
    #expect(result["narrow"]?.frame.minX == 0)
    #expect(result.size.width == 125)
  }

  /// A custom guide passes up through the rows: each row's box says the guide is its own
  /// leading edge, so the boxes line up although their labels differ (77.872 and 242.656
  /// wide, from hb-shape): both boxes at 242.656 + 8, the short row moved right by
  /// 242.656 − 77.872.
  @Test func customGuideAcrossNestedStacks() throws {
    let amber = try TestFonts.text("Amber tile")
    let blue = try TestFonts.text("Blue tile with a longer local label")
    let form = VStack(alignment: .valueEdge, spacing: 4) {
      HStack(spacing: 8) {
        amber
        Box(width: 40, height: 20).alignmentGuide(.valueEdge) { $0[.leading] }.id("box1")
      }.id("row1")
      HStack(spacing: 8) {
        blue
        Box(width: 40, height: 20).alignmentGuide(.valueEdge) { $0[.leading] }.id("box2")
      }.id("row2")
    }
    let result = try layout(form)
    #expect(close(try #require(result["box1"]).frame.minX, NotoSans.blueTile + 8))
    #expect(close(try #require(result["box2"]).frame.minX, NotoSans.blueTile + 8))
    #expect(close(try #require(result["row1"]).frame.minX, NotoSans.blueTile - NotoSans.amberTile))
    // Without explicit values the custom guide is its default, the leading edge.
    let plain = try layout(
      VStack(alignment: .valueEdge, spacing: 4) {
        Box(width: 40, height: 20).id("a")
        Box(width: 10, height: 20).id("b")
      })
    #expect(plain["a"]?.frame.minX == 0)
    #expect(plain["b"]?.frame.minX == 0)
  }

  /// JSON: a text's top guide computed from its own first baseline (17.104 for 16 pt Noto
  /// Sans) lines a box's top up with the baseline; a custom guide declared in the document
  /// with a default of half the width.
  @Test func jsonGuideExpressions() throws {
    let json = """
      {"alignments": {"mid": {"axis": "horizontal", "default": "width / 2"}},
       "root": {"type": "vstack", "spacing": 0, "alignment": "mid", "children": [
        {"type": "hstack", "alignment": "top", "spacing": 0, "id": "row", "children": [
          {"type": "text", "text": "Amber tile", "id": "label",
           "modifiers": [{"alignmentGuide": {"alignment": "top", "value": "firstTextBaseline"}}]},
          {"type": "box", "width": 10, "height": 10, "id": "mark"}]},
        {"type": "box", "width": 20, "height": 4, "id": "under",
         "modifiers": [{"alignmentGuide": {"alignment": "mid", "value": "guide.mid + 5"}}]}]}}
      """
    let description = try LayoutDescription(json: json, fonts: TestFonts.library.get())
    let result = try LayoutEngine().layout(description.view, in: .unspecified).result
    #expect(close(try #require(result["mark"]).frame.minY, 17.104))
    #expect(try #require(result["label"]).frame.minY == 0)
    // The row's mid guide is its default, half its width (77.872 + 10) / 2; the bar's is
    // 10 + 5 = 15: the bar starts at 43.936 − 15.
    #expect(close(try #require(result["under"]).frame.minX, (77.872 + 10) / 2 - 15))
    #expect(close(try #require(result["row"]).frame.minY, 0))
  }

  @Test(arguments: [
    (
      #"{"type":"box","modifiers":[{"alignmentGuide":{"alignment":"middle","value":"0"}}]}"#,
      "unknown alignment 'middle'"
    ),
    (
      #"{"type":"box","modifiers":[{"alignmentGuide":{"alignment":"top","value":"state.x"}}]}"#,
      "not state"
    ),
    (
      #"{"type":"box","modifiers":[{"alignmentGuide":{"alignment":"top","value":"guide.nope"}}]}"#,
      "unknown guide 'nope'"
    ),
    (
      #"{"type":"hstack","alignment":"leading"}"#,
      "expected one of: top, center, bottom, firstTextBaseline, lastTextBaseline"
    ),
  ])
  func jsonErrors(_ json: String, _ message: String) throws {
    #expect {
      _ = try LayoutDescription(json: json, fonts: TestFonts.library.get())
    } throws: { error in
      "\(error)".contains(message)
    }
  }
}
