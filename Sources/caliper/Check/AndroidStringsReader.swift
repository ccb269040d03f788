/// Reads Android resource files (`res/values-de/strings.xml`): `string`, `plurals` (one
/// string per `item quantity`) and `string-array` (one per `item`). The locale comes from
/// the folder's qualifier (`values-de`, `values-pt-rBR` → pt-BR, `values-b+sr+Latn` →
/// sr-Latn; plain `values` is `defaultLocale`). Resources with `translatable="false"` are
/// skipped. Text is unescaped as aapt does (`\'`, `\"`, `\n`, `\t`, `\uXXXX`, `\@`, `\?`;
/// whitespace collapsed outside double quotes); `<xliff:g example="…">` gives its
/// placeholder's sample. No widths: limits come from the constraints file.
struct AndroidStringsReader {
  let file: String
  let defaultLocale: String

  func read(_ root: XMLElement) throws(CatalogError) -> [CatalogString] {
    guard root.name == "resources" else {
      throw CatalogError(
        file: file, line: root.line, "not an Android resource file: the root is <\(root.name)>")
    }
    let locale = Self.locale(file: file) ?? defaultLocale
    var strings: [CatalogString] = []
    for element in root.elements where element.attribute("translatable") != "false" {
      guard let name = element.attribute("name") else { continue }
      switch element.name {
      case "string":
        strings.append(string(element, key: name, locale: locale))
      case "plurals":
        for item in element.elements("item") {
          strings.append(
            string(item, key: "\(name):\(item.attribute("quantity") ?? "other")", locale: locale))
        }
      case "string-array":
        for (index, item) in element.elements("item").enumerated() {
          strings.append(string(item, key: "\(name)[\(index)]", locale: locale))
        }
      default: continue
      }
    }
    return strings
  }

  func string(_ element: XMLElement, key: String, locale: String) -> CatalogString {
    var samples: [String: String] = [:]
    collectExamples(element, into: &samples)
    return CatalogString(
      file: file, line: element.line, key: key, locale: locale,
      text: Self.unescaped(element.text), samples: samples)
  }

  /// `<xliff:g id="count" example="3">%d</xliff:g>`: the example is the sample of `%d`.
  func collectExamples(_ element: XMLElement, into samples: inout [String: String]) {
    for inner in element.elements {
      if inner.name == "g", let example = inner.attribute("example") {
        samples[inner.text] = example
      }
      collectExamples(inner, into: &samples)
    }
  }

  /// The locale of a resource folder (`…/values-de-rAT/strings.xml` → de-AT).
  static func locale(file: String) -> String? {
    let parts = file.split(separator: "/")
    guard parts.count >= 2 else { return nil }
    let folder = parts[parts.count - 2]
    guard folder.hasPrefix("values-") else { return nil }
    let qualifiers = folder.dropFirst("values-".count).split(separator: "-")
    guard let first = qualifiers.first else { return nil }
    if first.hasPrefix("b+") {
      return first.dropFirst(2).split(separator: "+").joined(separator: "-")
    }
    guard first.count == 2 || first.count == 3, first.allSatisfy(\.isLowercase) else { return nil }
    var locale = String(first)
    if qualifiers.count > 1, qualifiers[1].hasPrefix("r"), qualifiers[1].count == 3 {
      locale += "-" + qualifiers[1].dropFirst()
    }
    return locale
  }

  /// aapt's unescaping: backslash escapes, and runs of whitespace collapsed to one space
  /// outside double quotes (which are removed).
  static func unescaped(_ text: String) -> String {
    var result = ""
    var quoted = false
    var space = false
    var iterator = text.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      if scalar == "\\" {
        space = false
        guard let next = iterator.next() else { break }
        switch next {
        case "n": result += "\n"
        case "t": result += "\t"
        case "u":
          var hex = ""
          for _ in 0..<4 { if let digit = iterator.next() { hex.unicodeScalars.append(digit) } }
          if let value = UInt32(hex, radix: 16), let unicode = Unicode.Scalar(value) {
            result.unicodeScalars.append(unicode)
          }
        default: result.unicodeScalars.append(next)
        }
      } else if scalar == "\"" {
        quoted.toggle()
        space = false
      } else if !quoted, scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
        if !space { result += " " }
        space = true
      } else {
        result.unicodeScalars.append(scalar)
        space = false
      }
    }
    return result.trimmingSpaces
  }
}
