internal import CLibXML2

/// An XML element read by libxml2, as plain Swift values: its name, namespace, attributes,
/// children and source line.
///
/// Problem: string catalogs (XLIFF, Android strings.xml) are XML from outside the project,
/// and XML parsers by default load DTDs, resolve external entities (XXE: any file or URL
/// read into the document) and expand nested entities (billion laughs: a kilobyte becomes
/// gigabytes). Solution: libxml2 with `XML_PARSE_NONET`, without `XML_PARSE_NOENT`,
/// `XML_PARSE_DTDLOAD` and `XML_PARSE_HUGE` (so its limits on names, text nodes, depth and
/// entity amplification hold), an external entity loader that loads nothing, and any
/// document that declares an entity refused outright: no string catalog needs one.
/// Limitation: the whole document is held as a tree, so memory grows with the file
/// (`--max-file-bytes` bounds it).
struct XMLElement: Sendable {
  /// The local name (`trans-unit`).
  let name: String
  /// The namespace URI, if any.
  let namespace: String?
  /// Attributes by local name, with their namespace URI, in document order.
  let attributes: [(name: String, namespace: String?, value: String)]
  let children: [XMLContent]
  /// The line the element starts on, from 1.
  let line: Int

  /// The value of the attribute `name` (any namespace, or exactly `namespace`).
  func attribute(_ name: String, namespace: String? = nil) -> String? {
    attributes.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }?
      .value
  }

  /// The child elements.
  var elements: [XMLElement] {
    children.compactMap {
      if case .element(let element) = $0 { return element }
      return nil
    }
  }

  /// The child elements called `name`.
  func elements(_ name: String) -> [XMLElement] {
    var found: [XMLElement] = []
    for case .element(let element) in children where element.name == name {
      found.append(element)
    }
    return found
  }

  /// The first child element called `name` (found without an array of all of them: a
  /// reader asks each unit for its `source` and `target`).
  func element(_ name: String) -> XMLElement? {
    for case .element(let element) in children where element.name == name { return element }
    return nil
  }

  /// All the text inside, elements' text included.
  var text: String {
    children.map {
      switch $0 {
      case .text(let text): return text
      case .element(let element): return element.text
      }
    }.joined()
  }
}

/// A child of an element: text or an element.
enum XMLContent: Sendable {
  case text(String)
  case element(XMLElement)
}

/// Parses XML documents safely with libxml2.
enum XMLTree {
  /// The parser options: no network, blank text kept, no entity substitution, no DTD
  /// loading, libxml2's default limits (no `XML_PARSE_HUGE`).
  static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// libxml2's global set-up, done once: its own stderr messages silenced (errors are
  /// read from the parser context) and the external entity loader replaced.
  private static let setUp: Void = {
    xmlInitParser()
    xmlSetStructuredErrorFunc(nil) { _, _ in }
    xmlSetGenericErrorFunc(nil, nil)
    CLibXML2_refuseExternalEntities()
  }()

  /// The root element of the document `bytes`.
  ///
  /// - Throws: `CatalogError` with the line and libxml2's message for a document that is
  ///   not well-formed, exceeds a limit, or declares entities.
  static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> XMLElement {
    _ = setUp
    if let line = entityDeclarationLine(bytes) {
      throw CatalogError(
        file: file, line: line,
        "entity declarations are refused (no DTD, external or nested entities are read)")
    }
    guard let context = xmlNewParserCtxt() else {
      throw CatalogError(file: file, line: 0, "out of memory creating the XML parser")
    }
    defer { xmlFreeParserCtxt(context) }
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, buffer.count)) {
        xmlCtxtReadMemory(context, $0, Int32(buffer.count), file, nil, options)
      }
    }
    guard let document, context.pointee.wellFormed != 0 else {
      if let document { xmlFreeDoc(document) }
      let error = context.pointee.lastError
      let message =
        error.message.map { String(cString: $0).trimmingWhitespace } ?? "not well-formed XML"
      throw CatalogError(file: file, line: Int(error.line), message)
    }
    defer { xmlFreeDoc(document) }
    if CLibXML2_declaresEntities(document) != 0 {
      throw CatalogError(
        file: file, line: 1,
        "entity declarations are refused (no DTD, external or nested entities are read)")
    }
    guard let root = xmlDocGetRootElement(document) else {
      throw CatalogError(file: file, line: 1, "no root element")
    }
    return try element(root, file: file)
  }

  /// The line of the first `<!ENTITY` in `bytes`, if any: refused before libxml2 reads
  /// the declarations, so that no entity is ever expanded.
  static func entityDeclarationLine(_ bytes: [UInt8]) -> Int? {
    let marker = Array("<!ENTITY".utf8)
    guard bytes.count >= marker.count else { return nil }
    var line = 1
    for index in 0...(bytes.count - marker.count) {
      if bytes[index] == UInt8(ascii: "\n") { line += 1 }
      if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
        return line
      }
    }
    return nil
  }

  private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  private static func element(_ node: xmlNodePtr, file: String) throws(CatalogError)
    -> XMLElement
  {
    var attributes: [(name: String, namespace: String?, value: String)] = []
    var attribute = node.pointee.properties
    while let current = attribute {
      var value = ""
      var child = current.pointee.children
      while let text = child {
        value += string(text.pointee.content)
        child = text.pointee.next
      }
      attributes.append(
        (string(current.pointee.name), current.pointee.ns.map { string($0.pointee.href) }, value))
      attribute = current.pointee.next
    }
    var children: [XMLContent] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        children.append(.element(try element(current, file: file)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        children.append(.text(string(current.pointee.content)))
      case XML_ENTITY_REF_NODE:
        throw CatalogError(
          file: file, line: Int(xmlGetLineNo(current)),
          "entity reference '&\(string(current.pointee.name));' is refused")
      default:
        break  // comments and processing instructions
      }
      child = current.pointee.next
    }
    return XMLElement(
      name: string(node.pointee.name), namespace: node.pointee.ns.map { string($0.pointee.href) },
      attributes: attributes, children: children, line: Int(xmlGetLineNo(node)))
  }
}
