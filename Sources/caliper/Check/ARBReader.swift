import Caliper
import CaliperLayout

/// Reads Flutter `.arb` files: each member whose key does not start with `@` is a message
/// (ICU MessageFormat; plural and select branches become strings of their own, see
/// `MessageFormat`). The locale is `@@locale`, else the file name's last `_` part
/// (`app_de.arb`, `intl_pt_BR.arb`). A message's `@key.placeholders.NAME.example` is the
/// sample of `{NAME}`. No widths: limits come from the constraints file.
struct ARBReader {
  let file: String

  func read(_ text: String) throws(CatalogError) -> [CatalogString] {
    let catalog = try JSONCatalog(text, file: file)
    guard case .object(let members) = catalog.value else {
      throw catalog.error(1, "an .arb file must hold a JSON object")
    }
    let locale: String
    if case .string(let value)? = catalog.value["@@locale"] {
      locale = value.replacingUnderscores
    } else if let fromName = Self.locale(file: file) {
      locale = fromName
    } else {
      throw catalog.error(1, "no @@locale and no locale in the file name (app_de.arb)")
    }
    var strings: [CatalogString] = []
    var offset = 0
    for (key, value) in members where !key.hasPrefix("@") {
      let position = catalog.position(ofKey: key, after: offset)
      offset = position.offset
      guard case .string(let message) = value else {
        throw catalog.error(position.line, "message '\(key)' must be a string")
      }
      var samples: [String: String] = [:]
      if case .object(let placeholders)? = catalog.value["@" + key]?["placeholders"] {
        for (name, description) in placeholders {
          switch description["example"] {
          case .string(let example)?: samples[name] = example
          case .number(let example)?: samples[name] = formatNumber(example)
          default: break
          }
        }
      }
      for variant in MessageFormat.variants(message) {
        strings.append(
          CatalogString(
            file: file, line: position.line, key: key + variant.suffix, locale: locale,
            text: variant.text, samples: samples, numericPlaceholders: variant.plurals))
      }
    }
    return strings
  }

  /// `app_de.arb` → de, `intl_pt_BR.arb` → pt-BR.
  static func locale(file: String) -> String? {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    let stem = name.hasSuffix(".arb") ? String(name.dropLast(4)) : name
    let parts = stem.split(separator: "_")
    guard parts.count >= 2 else { return nil }
    if parts.count >= 3, parts[parts.count - 1].count == 2,
      parts[parts.count - 1].allSatisfy(\.isUppercase)
    {
      return parts[parts.count - 2] + "-" + parts[parts.count - 1]
    }
    let last = parts[parts.count - 1]
    guard (2...3).contains(last.count), last.allSatisfy(\.isLowercase) else { return nil }
    return String(last)
  }
}
