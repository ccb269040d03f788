/// A layout read from JSON: the view tree, and the state it starts in.
///
/// The format (documented with examples in the CaliperLayout catalog, LayoutCommand.md): the
/// document is a node, or an object `{"state": {...}, "text": {...}, "root": node}` where
/// `text` gives the default text style (`size`, `font`, `locale`). A node is an object with a
/// `type` — `text`, `box`, `spacer`, `vstack`, `hstack`, `zstack`, `scroll`, `column`, `wrap`,
/// `viewThatFits`, `if` — its own fields, an optional `id`, and optional `modifiers` applied in order
/// (`padding`, `frame`, `fixedSize`, `background`, `overlay`, `observe`, `id`). Every error
/// names the JSON path of what is wrong.
public struct LayoutDescription: Sendable {
  /// The view tree.
  public let view: AnyView
  /// The state the first pass runs in.
  public let state: LayoutState

  /// Reads a layout from JSON text, preparing its texts with `fonts`.
  ///
  /// - Parameters:
  ///   - json: the layout document (format above).
  ///   - fonts: the library that prepares the text nodes.
  ///   - maxLayoutDepth: the deepest view tree accepted (modifiers included), as
  ///     `LayoutEngine.maxLayoutDepth`; a deeper one is refused while it is read.
  /// - Throws: `LayoutError` naming the JSON path of what is wrong: JSON nested deeper than
  ///   512 levels, a view tree deeper than `maxLayoutDepth`, an expression of more than
  ///   `Expression.maxTerms` terms, an unknown key or type, a value out of range.
  public init(
    json: String, fonts: FontLibrary, maxLayoutDepth: Int = LayoutEngine.defaultMaxLayoutDepth
  ) throws(LayoutError) {
    let document = JSONReader(value: try JSONValue(parsing: json), path: "$")
    var style = TextStyle()
    var rootReader = document
    var state = LayoutState()
    if document.value["type"] == nil, document.value["root"] != nil {
      for (key, member) in try document.object(allowing: ["root", "state", "text"]) {
        switch key {
        case "root": rootReader = member
        case "state": state = try Self.readState(member)
        default: style = try NodeReader.readStyle(member, base: style)
        }
      }
    }
    var reader = NodeReader(fonts: fonts, defaultStyle: style)
    reader.maxDepth = maxLayoutDepth
    view = try reader.node(rootReader)
    self.state = state
  }

  static func readState(_ reader: JSONReader) throws(LayoutError) -> LayoutState {
    var state = LayoutState()
    guard case .object(let members) = reader.value else {
      throw reader.error(
        "expected an object of state values, found \(reader.value.kindDescription)")
    }
    for (key, value) in members {
      switch value {
      case .number(let number): state[key] = .number(number)
      case .bool(let bool): state[key] = .bool(bool)
      case .null: state[key] = nil
      default:
        throw LayoutError(
          path: reader.path + "." + key,
          message: "a state value is a number, true/false or null, not \(value.kindDescription)")
      }
    }
    return state
  }
}
