/// A layout read from JSON: the view tree, and the state it starts in.
///
/// The format (documented with examples in the CaliperLayout catalog, LayoutCommand.md and
/// FormsBaselinesAndGrids.md): the document is a node, or an object `{"state": {...},
/// "text": {...}, "root": node}` where `text` gives the default text style (`size`, `font`,
/// `locale`), `proposal` the proposal to lay out at when the caller gives none, and
/// `alignments` declares custom guides. A node is an object with a `type` — `text`, `box`,
/// `spacer`, `vstack`, `hstack`, `zstack`, `scroll`, `column`, `wrap`, `viewThatFits`, `if`,
/// `grid`, `gridRow` — its own fields, an optional `id`, and optional `modifiers` applied in
/// order (`padding`, `frame`, `fixedSize`, `background`, `overlay`, `observe`, `id`,
/// `layoutPriority`, `gridCellColumns`, `gridColumnAlignment`, `gridCellUnsizedAxes`,
/// `alignmentGuide`). Every error
/// names the JSON path of what is wrong.
public struct LayoutDescription: Sendable {
  /// The view tree.
  public let view: AnyView
  /// The state the first pass runs in.
  public let state: LayoutState
  /// The proposal the document asks for (`"proposal": {"width": 320, "height": null}`;
  /// `"inf"` proposes infinity, `null` or a missing member leaves it unspecified).
  public let proposal: ProposedViewSize?

  /// Reads a layout from JSON text, preparing its texts with `fonts`.
  ///
  /// - Parameters:
  ///   - json: the layout document (format above).
  ///   - fonts: the library that prepares the text nodes; text nodes start from the
  ///     document's own `"text"` style, and each node's fields apply over it.
  ///   - maxLayoutDepth: the deepest view tree accepted (modifiers included), as
  ///     `LayoutEngine.maxLayoutDepth`; a deeper one is refused while it is read.
  /// - Throws: `LayoutError` naming the JSON path of what is wrong: JSON nested deeper than
  ///   512 levels, a view tree deeper than `maxLayoutDepth`, an expression of more than
  ///   `Expression.maxTerms` terms, an unknown key or type, a value out of range.
  public init(
    json: String, fonts: FontLibrary, maxLayoutDepth: Int = LayoutEngine.defaultMaxLayoutDepth
  ) throws(LayoutError) {
    try self.init(
      json: json, fonts: fonts, defaults: StyleSettings(), maxLayoutDepth: maxLayoutDepth)
  }

  /// `init(json:fonts:maxLayoutDepth:)` with `defaults` (`caliper layout`'s style options)
  /// as what every text node starts from: the document's own `"text"` style applies over
  /// its style, and each node's fields over both. Its proposed height is not used.
  package init(
    json: String, fonts: FontLibrary, defaults: StyleSettings,
    maxLayoutDepth: Int = LayoutEngine.defaultMaxLayoutDepth
  ) throws(LayoutError) {
    let document = JSONReader(value: try JSONValue(parsing: json), path: "$")
    var defaults = defaults
    var rootReader = document
    var state = LayoutState()
    var proposal: ProposedViewSize?
    var alignments: [String: AlignmentKey] = [:]
    if document.value["type"] == nil, document.value["root"] != nil {
      let keys = ["root", "state", "text", "proposal", "alignments"]
      for (key, member) in try document.object(allowing: keys) {
        switch key {
        case "root": rootReader = member
        case "state": state = try Self.readState(member)
        case "proposal": proposal = try Self.readProposal(member)
        case "alignments": alignments = try Self.readAlignments(member)
        default: defaults.style = try NodeReader.readStyle(member, base: defaults.style)
        }
      }
    }
    var reader = NodeReader(fonts: fonts, defaults: defaults)
    reader.customAlignments = alignments
    reader.maxDepth = maxLayoutDepth
    view = try reader.node(rootReader)
    self.state = state
    self.proposal = proposal
  }

  /// `{"width": w, "height": h}`, each a number ≥ 0, "inf", or null (unspecified).
  static func readProposal(_ reader: JSONReader) throws(LayoutError) -> ProposedViewSize {
    _ = try reader.object(allowing: ["width", "height"])
    func dimension(_ name: String) throws(LayoutError) -> Double? {
      guard let member = reader.member(name), member.value != .null else { return nil }
      return try member.length(allowInfinity: true)
    }
    return ProposedViewSize(width: try dimension("width"), height: try dimension("height"))
  }

  /// Custom guides: `{"valueEdge": {"axis": "horizontal", "default": "width / 2"}}`, the
  /// default an expression over the view's `width` and `height` (0 when missing).
  static func readAlignments(_ reader: JSONReader) throws(LayoutError) -> [String: AlignmentKey] {
    guard case .object(let members) = reader.value else {
      throw reader.error(
        "expected an object of custom alignments, found \(reader.value.kindDescription)")
    }
    var alignments: [String: AlignmentKey] = [:]
    for (name, _) in members {
      let member = try reader.required(name)
      guard !name.isEmpty, !Expression.builtInGuides.contains(name),
        name.unicodeScalars.allSatisfy({
          $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
        })
      else {
        throw member.error("a custom alignment needs a new name of letters, digits and '_'")
      }
      _ = try member.object(allowing: ["axis", "default"])
      let axis: Axis
      switch try member.required("axis").string() {
      case "horizontal": axis = .horizontal
      case "vertical": axis = .vertical
      case let other:
        throw member.error("unknown axis '\(other)' (expected horizontal, vertical)")
      }
      let defaultValue = try member.member("default")?.expression() ?? .number(0)
      guard defaultValue.stateKeys.isEmpty, defaultValue.guideNames.isEmpty else {
        throw member.error("a custom alignment's default reads only width and height")
      }
      alignments[name] = AlignmentKey(name: name, axis: axis, readsSizeOnly: true) { dimensions in
        defaultValue.guideValue(in: dimensions, axis: axis, custom: [:]) ?? 0
      }
    }
    return alignments
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
