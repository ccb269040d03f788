/// Containers and modifiers of the JSON layout description.
extension NodeReader {
  func container(_ type: String, _ reader: JSONReader, _ common: [String]) throws(LayoutError)
    -> AnyView
  {
    switch type {
    case "vstack":
      _ = try reader.object(allowing: common + ["alignment", "spacing", "children"])
      let alignment = try horizontal(reader.member("alignment")) ?? .center
      let spacing = try reader.member("spacing")?.length()
      let content = try children(reader)
      return VStack(alignment: alignment, spacing: spacing) { content }.body
    case "hstack":
      _ = try reader.object(allowing: common + ["alignment", "spacing", "children"])
      let alignment = try vertical(reader.member("alignment")) ?? .center
      let spacing = try reader.member("spacing")?.length()
      let content = try children(reader)
      return HStack(alignment: alignment, spacing: spacing) { content }.body
    case "zstack":
      _ = try reader.object(allowing: common + ["alignment", "children"])
      let alignment = try Self.alignment(reader.member("alignment")) ?? .center
      let content = try children(reader)
      return ZStack(alignment: alignment) { content }.body
    case "column":
      _ = try reader.object(allowing: common + ["gap", "children"])
      let layout = EqualWidthColumn(gap: try reader.member("gap")?.length() ?? 8)
      return AnyView(
        .container(ConstantLayout(layout: layout, kind: "column"), try children(reader)))
    case "wrap":
      _ = try reader.object(allowing: common + ["spacing", "children"])
      let layout = WrappingLayout(spacing: try reader.member("spacing")?.length() ?? 8)
      return AnyView(.container(ConstantLayout(layout: layout, kind: "wrap"), try children(reader)))
    case "grid":
      _ = try reader.object(
        allowing: common + ["alignment", "horizontalSpacing", "verticalSpacing", "rows"])
      let alignment = try Self.alignment(reader.member("alignment")) ?? .center
      let layout = GridLayout(
        alignment: alignment, horizontalSpacing: try reader.member("horizontalSpacing")?.length(),
        verticalSpacing: try reader.member("verticalSpacing")?.length())
      var rows: [AnyView] = []
      for row in try reader.member("rows")?.array() ?? [] { rows.append(try node(row)) }
      return AnyView(.container(ConstantLayout(layout: layout, kind: "grid"), rows))
    case "gridRow":
      _ = try reader.object(allowing: common + ["alignment", "children"])
      let alignment = try vertical(reader.member("alignment"))
      let content = try children(reader)
      return GridRow(alignment: alignment) { content }.body
    case "viewThatFits":
      _ = try reader.object(allowing: common + ["axes", "children"])
      let axes = try self.axes(reader.member("axes")) ?? [.horizontal, .vertical]
      let content = try children(reader)
      return ViewThatFits(in: axes) { content }.body
    default:  // scroll
      _ = try reader.object(allowing: common + ["axes", "child"])
      let axes = try self.axes(reader.member("axes")) ?? .vertical
      let content = try node(reader.required("child"))
      return ScrollView(axes) { content }.body
    }
  }

  func horizontal(_ reader: JSONReader?) throws(LayoutError) -> HorizontalAlignment? {
    try guide(reader, .horizontal).map(HorizontalAlignment.init(key:))
  }

  func vertical(_ reader: JSONReader?) throws(LayoutError) -> VerticalAlignment? {
    try guide(reader, .vertical).map(VerticalAlignment.init(key:))
  }

  /// A guide on `axis`: a built-in one or one the document declares under "alignments".
  func guide(_ reader: JSONReader?, _ axis: Axis) throws(LayoutError) -> AlignmentKey? {
    guard let reader else { return nil }
    let name = try reader.string()
    let builtIn =
      axis == .horizontal
      ? ["leading", "center", "trailing"]
      : ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]
    let custom = customAlignments.filter { $0.value.axis == axis }.keys.sorted()
    if builtIn.contains(name) || custom.contains(name),
      let key = Expression.guideKey(name, axis: axis, custom: customAlignments),
      key.axis == axis
    {
      return key
    }
    throw reader.error(
      "unknown alignment '\(name)' (expected one of: \((builtIn + custom).joined(separator: ", ")))"
    )
  }

  static let alignments: [(String, Alignment)] = [
    ("center", .center), ("leading", .leading), ("trailing", .trailing), ("top", .top),
    ("bottom", .bottom), ("topLeading", .topLeading), ("topTrailing", .topTrailing),
    ("bottomLeading", .bottomLeading), ("bottomTrailing", .bottomTrailing),
    ("centerFirstTextBaseline", .centerFirstTextBaseline),
    ("centerLastTextBaseline", .centerLastTextBaseline),
    ("leadingFirstTextBaseline", .leadingFirstTextBaseline),
    ("leadingLastTextBaseline", .leadingLastTextBaseline),
    ("trailingFirstTextBaseline", .trailingFirstTextBaseline),
    ("trailingLastTextBaseline", .trailingLastTextBaseline),
  ]

  static func alignment(_ reader: JSONReader?) throws(LayoutError) -> Alignment? {
    guard let reader else { return nil }
    let name = try reader.string()
    guard let alignment = alignments.first(where: { $0.0 == name })?.1 else {
      throw reader.error(
        "unknown alignment '\(name)' (expected one of: \(alignments.map(\.0).joined(separator: ", ")))"
      )
    }
    return alignment
  }

  func axes(_ reader: JSONReader?) throws(LayoutError) -> Axis.Set? {
    guard let reader else { return nil }
    switch try reader.string() {
    case "horizontal": return .horizontal
    case "vertical": return .vertical
    case "both": return [.horizontal, .vertical]
    case let other:
      throw reader.error("unknown axes '\(other)' (expected horizontal, vertical, both)")
    }
  }

  static let modifiers = [
    "padding", "frame", "fixedSize", "background", "overlay", "observe", "id", "layoutPriority",
    "gridCellColumns", "gridColumnAlignment", "gridCellUnsizedAxes", "alignmentGuide",
  ]

  func apply(_ modifier: JSONReader, to view: AnyView) throws(LayoutError) -> AnyView {
    let members = try modifier.object(allowing: Self.modifiers + ["alignment"])
    let names = members.map(\.key).filter { $0 != "alignment" }
    guard names.count == 1, let (name, value) = members.first(where: { $0.key == names[0] }) else {
      throw modifier.error(
        "a modifier is an object with one of: \(Self.modifiers.joined(separator: ", "))")
    }
    if members.contains(where: { $0.key == "alignment" }), name != "background", name != "overlay" {
      throw modifier.error("'alignment' goes inside '\(name)', or with background/overlay")
    }
    switch name {
    case "padding": return try padding(value, view)
    case "frame": return try frame(value, view)
    case "fixedSize":
      if case .bool(let both) = value.value { return both ? view.fixedSize() : view }
      _ = try value.object(allowing: ["horizontal", "vertical"])
      return view.fixedSize(
        horizontal: try value.member("horizontal")?.bool() ?? false,
        vertical: try value.member("vertical")?.bool() ?? false)
    case "background", "overlay":
      let alignment = try Self.alignment(modifier.member("alignment")) ?? .center
      let decoration = try node(value)
      return view.decorated(kind: name, alignment: alignment, [decoration])
    case "observe":
      _ = try value.object(allowing: ["value", "into"])
      let expression = try value.required("value").expression()
      let key = try value.required("into").string()
      return view.onGeometryChange(of: expression, write: key)
    case "layoutPriority":
      guard case .number(let priority) = value.value, abs(priority) <= 1e9 else {
        throw value.error(
          "layoutPriority must be a number from -1e9 to 1e9, found \(value.value.kindDescription)")
      }
      return view.layoutPriority(priority + 0)
    case "gridCellColumns":
      let count = try value.length()
      guard count >= 1, count <= 10000, count.rounded() == count else {
        throw value.error(
          "gridCellColumns \(formatNumber(count)) must be a whole number of columns from 1 to 10000"
        )
      }
      return view.gridCellColumns(Int(count))
    case "gridColumnAlignment":
      return view.gridColumnAlignment(try horizontal(value)!)
    case "gridCellUnsizedAxes":
      return view.gridCellUnsizedAxes(try axes(value)!)
    case "alignmentGuide":
      return try alignmentGuide(value, view)
    default:  // id
      return view.id(try value.string())
    }
  }

  /// `{"alignment": guide, "value": expression}`: the view's value for the guide, computed
  /// from its `width`, `height` and guides (`firstTextBaseline`, `guide.<custom>`; `center`
  /// is the guide's own axis).
  func alignmentGuide(_ value: JSONReader, _ view: AnyView) throws(LayoutError) -> AnyView {
    _ = try value.object(allowing: ["alignment", "axis", "value"])
    let alignment = try value.required("alignment")
    let horizontalNames =
      ["leading", "trailing"]
      + customAlignments.filter { $0.value.axis == .horizontal }.keys
    let name = try alignment.string()
    // "center" is horizontal unless "axis": "vertical" says otherwise.
    var axis: Axis = horizontalNames.contains(name) || name == "center" ? .horizontal : .vertical
    if let axisReader = value.member("axis") {
      switch try axisReader.string() {
      case "horizontal": axis = .horizontal
      case "vertical": axis = .vertical
      case let other:
        throw axisReader.error("unknown axis '\(other)' (expected horizontal, vertical)")
      }
    }
    guard let key = try guide(alignment, axis) else { return view }
    let valueReader = try value.required("value")
    let expression = try valueReader.expression()
    guard expression.stateKeys.isEmpty else {
      throw valueReader.error("an alignment guide reads width, height and guides, not state")
    }
    for guideName in expression.guideNames
    where Expression.guideKey(guideName, axis: axis, custom: customAlignments) == nil {
      throw valueReader.error("unknown guide '\(guideName)' in the alignment guide's value")
    }
    let custom = customAlignments
    let guideAxis = axis
    // A value that is no finite number (1e200 * 1e200, 0 / 0) is kept, not replaced by the
    // guide's default: the stack it lines up in cannot place it, and the layout's geometry
    // check refuses the document (`LayoutEngine.checkGeometry`).
    let guide = AlignmentGuide(key: key) { dimensions in
      expression.guideValue(in: dimensions, axis: guideAxis, custom: custom, keepingNonFinite: true)
        ?? dimensions[key]
    }
    return AnyView(.trait(.alignmentGuide(guide), view))
  }

  func padding(_ value: JSONReader, _ view: AnyView) throws(LayoutError) -> AnyView {
    guard case .object = value.value else { return view.padding(.all, try value.expression()) }
    let edgeNames = ["top", "leading", "bottom", "trailing"]
    let fields = try value.object(allowing: ["edges", "amount"] + edgeNames)
    if fields.contains(where: { edgeNames.contains($0.key) }) {
      guard !fields.contains(where: { $0.key == "edges" || $0.key == "amount" }) else {
        throw value.error("give either 'edges' and 'amount' or per-edge amounts, not both")
      }
      func edge(_ name: String) throws(LayoutError) -> Expression {
        try value.member(name)?.expression() ?? .number(0)
      }
      let factory = PaddingFactory(
        top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
        trailing: try edge("trailing"))
      return AnyView(.container(factory, [view]))
    }
    let amount = try value.member("amount")?.expression() ?? .number(16)
    var edges = Edge.Set.all
    if let edgesReader = value.member("edges") {
      let names: [String]
      if case .array = edgesReader.value {
        names = try edgesReader.array().map { r throws(LayoutError) in try r.string() }
      } else {
        names = [try edgesReader.string()]
      }
      edges = []
      let known: [String: Edge.Set] = [
        "top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
        "horizontal": .horizontal, "vertical": .vertical, "all": .all,
      ]
      for name in names {
        guard let set = known[name] else {
          throw edgesReader.error(
            "unknown edges '\(name)' (expected top, leading, bottom, trailing, horizontal, vertical, all)"
          )
        }
        edges.formUnion(set)
      }
    }
    return view.padding(edges, amount)
  }

  func frame(_ value: JSONReader, _ view: AnyView) throws(LayoutError) -> AnyView {
    let flexible = FlexibleFrameFactory.names
    let fields = try value.object(allowing: ["width", "height", "alignment"] + flexible)
    let alignment = try Self.alignment(value.member("alignment")) ?? .center
    let isFlexible = fields.contains { flexible.contains($0.key) }
    if isFlexible {
      guard value.member("width") == nil, value.member("height") == nil else {
        throw value.error("a frame has either width/height or min/ideal/max sizes, not both")
      }
      let values = try flexible.map { name throws(LayoutError) in
        try value.member(name)?.expression()
      }
      return AnyView(
        .container(FlexibleFrameFactory(values: values, alignment: alignment), [view]))
    }
    return view.frame(
      width: try value.member("width")?.expression(),
      height: try value.member("height")?.expression(),
      alignment: alignment)
  }
}
