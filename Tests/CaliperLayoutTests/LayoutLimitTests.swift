import CaliperLayout
import Testing

/// Depth a user controls: view trees (modifiers included), expressions and JSON. Each is
/// either laid out or refused with an error naming its limit, never a stack overflow.
@Suite struct LayoutLimitTests {
  /// "Amber tile" (77.872 × 21.792 pt, hb-shape 4867 × 16 / 1000) inside `count` paddings
  /// of 1 pt: each adds 2 pt on both axes.
  static func padded(_ count: Int) throws -> AnyView {
    var view = try TestFonts.text("Amber tile").body
    for _ in 0..<count { view = view.padding(1) }
    return view
  }

  /// 511 paddings around a text are 512 levels: at the default limit, laid out.
  @Test func treeAtTheLimitIsLaidOut() throws {
    #expect(LayoutEngine().maxLayoutDepth == 512)
    let outcome = try LayoutEngine().layout(Self.padded(511), in: .unspecified)
    let size = outcome.result.size
    #expect(close(size.width, NotoSans.amberTile + 2 * 511))
    #expect(close(size.height, NotoSans.lineHeight + 2 * 511))
    #expect(outcome.result.nodes.count == 512)
    #expect(outcome.result.nodes.last?.depth == 511)
  }

  /// One more, and 3,000 (which overflowed the stack before there was a limit), are
  /// refused by the library with the limit's name.
  @Test(arguments: [512, 3_000])
  func deeperTreeIsRefused(_ count: Int) throws {
    let view = try Self.padded(count)
    do {
      _ = try LayoutEngine().layout(view, in: .unspecified)
      Issue.record("laid out a tree \(count + 1) levels deep")
    } catch {
      #expect(error.message.contains("maxLayoutDepth (512)"))
      #expect(error.message.contains("\(count + 1) levels"))
    }
  }

  /// The limit is the engine's to set.
  @Test func limitIsConfigurable() throws {
    #expect(throws: LayoutError.self) {
      try LayoutEngine(maxLayoutDepth: 10).layout(Self.padded(10), in: .unspecified)
    }
    let outcome = try LayoutEngine(maxLayoutDepth: 11).layout(Self.padded(10), in: .unspecified)
    #expect(close(outcome.result.size.width, NotoSans.amberTile + 20))
  }

  /// A JSON text node with 3,000 `padding` or `frame` modifiers (no JSON nesting at all) is
  /// refused while it is read, at the modifier that makes it too deep: the text is level 1,
  /// so modifier 511 (counting from 0) makes level 513.
  @Test(arguments: [#"{"padding": 1}"#, #"{"frame": {"width": 100}}"#])
  func longModifierChainInJSONIsRefused(_ modifier: String) throws {
    let modifiers = Array(repeating: modifier, count: 3_000).joined(separator: ",")
    let json = #"{"type": "text", "text": "Amber tile", "modifiers": ["# + modifiers + "]}"
    let fonts = try TestFonts.library.get()
    do {
      _ = try LayoutDescription(json: json, fonts: fonts)
      Issue.record("read a 3,001-level tree")
    } catch {
      #expect(error.path == "$.modifiers[511]")
      #expect(error.message.contains("maxLayoutDepth (512)"))
    }
    // 500 of them are fine.
    let fewer = Array(repeating: modifier, count: 500).joined(separator: ",")
    let description = try LayoutDescription(
      json: #"{"type": "text", "text": "Amber tile", "modifiers": ["# + fewer + "]}",
      fonts: fonts)
    #expect(try LayoutEngine().layout(description.view, in: .unspecified).isStable)
  }

  /// Nested containers count too: 600 vstacks, each holding the next, are JSON 1,200 levels
  /// deep and refused by the JSON parser's 512-level limit first.
  @Test func deepJSONIsRefused() throws {
    let json =
      String(repeating: #"{"type": "vstack", "children": ["#, count: 600) + #"{"type": "spacer"}"#
      + String(repeating: "]}", count: 600)
    let fonts = try TestFonts.library.get()
    do {
      _ = try LayoutDescription(json: json, fonts: fonts)
      Issue.record("read JSON nested 1,200 deep")
    } catch {
      #expect(error.message.contains("nested deeper than 512 levels"))
    }
  }

  /// 1,000 terms are the most: "1 + 1 + … + 1" with 1,000 ones is 1,000; with 100,000
  /// (which overflowed the stack while evaluating) it is refused, and the message quotes
  /// the expression's start only.
  @Test func expressionTermsAreLimited() throws {
    #expect(Expression.maxTerms == 1_000)
    let sum = Array(repeating: "1", count: 1_000).joined(separator: " + ")
    #expect(try Expression(parsing: sum).evaluate(in: [:]) == .number(1_000))
    let long = Array(repeating: "1", count: 100_000).joined(separator: " + ")
    do {
      _ = try Expression(parsing: long)
      Issue.record("parsed 100,000 terms")
    } catch {
      #expect(error.message.contains("maxExpressionTerms (1000)"))
      #expect(error.message.count < 200)
    }
  }

  /// The same through a JSON frame expression: the error names the field's path.
  @Test func longFrameExpressionInJSONIsRefused() throws {
    let long = Array(repeating: "1", count: 100_000).joined(separator: " + ")
    let json =
      #"{"type": "text", "text": "Amber tile", "modifiers": [{"frame": {"width": ""# + long
      + #""}}]}"#
    let fonts = try TestFonts.library.get()
    do {
      _ = try LayoutDescription(json: json, fonts: fonts)
      Issue.record("read a 100,000-term expression")
    } catch {
      #expect(error.path.hasPrefix("$.modifiers[0].frame.width"))
      #expect(error.message.contains("maxExpressionTerms"))
    }
  }
}
