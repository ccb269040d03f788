/// Reads the nodes of a JSON layout description into views.
struct NodeReader {
  let fonts: FontLibrary
  /// What a text node starts from: the default style, line options and spans.
  let defaults: StyleSettings
  /// The custom alignment guides the document declares, by name.
  var customAlignments: [String: AlignmentKey] = [:]
  /// The deepest view tree read (`LayoutEngine.maxLayoutDepth`): checked as each node and
  /// modifier is added, so a long modifier chain is refused before it is built.
  var maxDepth = LayoutEngine.defaultMaxLayoutDepth

  static let types = [
    "text", "box", "spacer", "vstack", "hstack", "zstack", "scroll", "column", "wrap",
    "viewThatFits", "if", "grid", "gridRow",
  ]

  func node(_ reader: JSONReader) throws(LayoutError) -> AnyView {
    guard case .object = reader.value else {
      throw reader.error(
        "expected a node (an object with a \"type\"), found \(reader.value.kindDescription)")
    }
    let type = try reader.required("type").string()
    let common = ["type", "id", "modifiers"]
    var view: AnyView
    switch type {
    case "text": view = try text(reader, common)
    case "box": view = try box(reader, common)
    case "spacer":
      let fields = try reader.object(allowing: common + ["minLength"])
      let minLength = try fields.first { $0.key == "minLength" }?.value.length() ?? 8
      view = Spacer(minLength: minLength).body
    case "vstack", "hstack", "zstack", "column", "wrap", "viewThatFits", "scroll", "grid",
      "gridRow":
      view = try container(type, reader, common)
    case "if":
      _ = try reader.object(allowing: common + ["condition", "then", "else"])
      let condition = try reader.required("condition").expression()
      let then = try node(reader.required("then"))
      let otherwise = try reader.member("else").map { r throws(LayoutError) in try node(r) }
      view = If(condition, then: then, else: otherwise).body
    default:
      throw LayoutError(
        path: reader.path + ".type",
        message:
          "unknown node type '\(type)' (expected one of: \(Self.types.joined(separator: ", ")))")
    }
    view = AnyView(.located(reader.path, view))
    if let id = reader.member("id") { view = view.id(try id.string()) }
    try checkDepth(view, reader)
    if let modifiers = reader.member("modifiers") {
      for modifier in try modifiers.array() {
        view = AnyView(.located(modifier.path, try apply(modifier, to: view)))
        try checkDepth(view, modifier)
      }
    }
    return view
  }

  /// Refuses `view` when it is deeper than `maxDepth`, naming where it became too deep.
  func checkDepth(_ view: AnyView, _ reader: JSONReader) throws(LayoutError) {
    guard view.depth <= maxDepth else {
      throw LayoutEngine.tooDeep(view.depth, limit: maxDepth, path: reader.path)
    }
  }

  /// A style object (a layout's default `"text"`): the schema's style fields.
  static func readStyle(_ reader: JSONReader, base: TextStyle) throws(LayoutError) -> TextStyle {
    var settings = StyleSettings(style: base)
    try read(try reader.object(allowing: StyleSchema.keys(.style)), of: reader, into: &settings)
    return settings.style
  }

  /// Reads the members that are style fields through `StyleSchema`.
  static func read(
    _ members: [(key: String, value: JSONReader)], of reader: JSONReader,
    into settings: inout StyleSettings
  ) throws(LayoutError) {
    if members.contains(where: { $0.key == "font" }), members.contains(where: { $0.key == "fonts" })
    {
      throw reader.error("give 'font' or 'fonts', not both")
    }
    for (key, member) in members { try member.read(key, into: &settings) }
  }

  /// A text node: its text, and every style field but the proposed height (the layout
  /// proposes it).
  func text(_ reader: JSONReader, _ common: [String]) throws(LayoutError) -> AnyView {
    var settings = defaults
    let members = try reader.object(
      allowing: common + ["text"] + StyleSchema.keys([.style, .text]))
    try Self.read(members, of: reader, into: &settings)
    let string = try reader.required("text").string()
    do {
      return Text(
        try fonts.prepare(string, style: settings.style, spans: settings.spans),
        options: settings.container
      ).body
    } catch {
      throw reader.error("cannot prepare the text: \(error)")
    }
  }

  func box(_ reader: JSONReader, _ common: [String]) throws(LayoutError) -> AnyView {
    let axes = [
      ("width", "minWidth", "idealWidth", "maxWidth"),
      ("height", "minHeight", "idealHeight", "maxHeight"),
    ]
    _ = try reader.object(
      allowing: common + axes.flatMap { [$0.0, $0.1, $0.2, $0.3] })
    var resolved: [(Double, Double, Double)] = []
    for (fixed, low, ideal, high) in axes {
      let fixedValue = try reader.member(fixed)?.length()
      let lowValue = try reader.member(low)?.length()
      let idealValue = try reader.member(ideal)?.length()
      let highValue = try reader.member(high)?.length(allowInfinity: true)
      if fixedValue != nil, lowValue != nil || idealValue != nil || highValue != nil {
        throw reader.error("give either '\(fixed)' or '\(low)'/'\(ideal)'/'\(high)', not both")
      }
      let idealLength = fixedValue ?? idealValue ?? lowValue ?? 0
      let lowLength = fixedValue ?? lowValue ?? idealLength
      let highLength = fixedValue ?? highValue ?? idealLength
      guard lowLength <= idealLength, idealLength <= highLength else {
        throw reader.error(
          "box \(fixed): \(low) ≤ \(ideal) ≤ \(high) does not hold "
            + "(\(formatNumber(lowLength)), \(formatNumber(idealLength)), \(formatNumber(highLength)))"
        )
      }
      resolved.append((lowLength, idealLength, highLength))
    }
    return Box(
      minWidth: resolved[0].0, idealWidth: resolved[0].1, maxWidth: resolved[0].2,
      minHeight: resolved[1].0, idealHeight: resolved[1].1, maxHeight: resolved[1].2
    ).body
  }

  func children(_ reader: JSONReader) throws(LayoutError) -> [AnyView] {
    guard let children = reader.member("children") else { return [] }
    var views: [AnyView] = []
    for child in try children.array() { views.append(try node(child)) }
    return views
  }
}
