/// Reads the nodes of a JSON layout description into views.
struct NodeReader {
  let fonts: FontLibrary
  let defaultStyle: TextStyle
  /// The deepest view tree read (`LayoutEngine.maxLayoutDepth`): checked as each node and
  /// modifier is added, so a long modifier chain is refused before it is built.
  var maxDepth = LayoutEngine.defaultMaxLayoutDepth

  static let types = [
    "text", "box", "spacer", "vstack", "hstack", "zstack", "scroll", "column", "wrap",
    "viewThatFits", "if",
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
    case "vstack", "hstack", "zstack", "column", "wrap", "viewThatFits", "scroll":
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

  static func readStyle(_ reader: JSONReader, base: TextStyle) throws(LayoutError) -> TextStyle {
    var style = base
    for (key, member) in try reader.object(allowing: styleKeys) {
      try readStyleField(key, member, into: &style)
    }
    return style
  }

  /// The members of a style object, and of a text node besides its text.
  static let styleKeys = ["size", "font", "locale"] + StyleFields.keys

  static func readStyleField(_ key: String, _ member: JSONReader, into style: inout TextStyle)
    throws(LayoutError)
  {
    switch key {
    case "size":
      let size = try member.length()
      guard size > 0, size <= 10000 else {
        throw member.error("font size \(formatNumber(size)) must be in (0, 10000]")
      }
      style.size = size
    case "font":
      if case .array = member.value {
        style.fonts = try member.array().map { r throws(LayoutError) in
          FontReference(try r.string())
        }
      } else {
        style.fonts = [FontReference(try member.string())]
      }
    case "locale": style.locale = try member.string()
    default: try StyleFields.read(key, member, into: &style)
    }
  }

  func text(_ reader: JSONReader, _ common: [String]) throws(LayoutError) -> AnyView {
    var style = defaultStyle
    var options = TextContainerOptions()
    var spans: [TextSpan] = []
    let lineFields = ["lineLimit", "truncation", "alignment"]
    for (key, member) in try reader.object(
      allowing: common + ["text", "spans"] + Self.styleKeys + lineFields)
    {
      if key == "spans" {
        spans = try SpanReader.spans(member)
      } else if lineFields.contains(key) {
        try Self.readLineField(key, member, into: &options)
      } else {
        try Self.readStyleField(key, member, into: &style)
      }
    }
    let string = try reader.required("text").string()
    do {
      return Text(try fonts.prepare(string, style: style, spans: spans), options: options).body
    } catch {
      throw reader.error("cannot prepare the text: \(error)")
    }
  }

  /// A text node's "lineLimit" (a whole number ≥ 1), "truncation" (tail, middle, head) or
  /// "alignment" (leading, center, trailing, justified).
  static func readLineField(
    _ key: String, _ member: JSONReader, into options: inout TextContainerOptions
  ) throws(LayoutError) {
    switch key {
    case "lineLimit":
      let value = try member.length()
      guard value >= 1, value <= 1_000_000, value.rounded() == value else {
        throw member.error(
          "lineLimit \(formatNumber(value)) must be a whole number of lines, 1 or more")
      }
      options.lineLimit = Int(value)
    case "truncation":
      let name = try member.string()
      guard let mode = TruncationMode(rawValue: name) else {
        throw member.error("truncation '\(name)' must be one of: tail, middle, head")
      }
      options.truncationMode = mode
    case "alignment":
      let name = try member.string()
      guard let alignment = TextAlignment(rawValue: name) else {
        throw member.error(
          "alignment '\(name)' must be one of: leading, center, trailing, justified")
      }
      options.alignment = alignment
    default: break
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
