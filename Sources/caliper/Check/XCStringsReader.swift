import Caliper
import CaliperLayout

/// Reads Apple String Catalogs (`.xcstrings`): every string in every locale, each plural
/// and device variation a string of its own (`key:plural.one`, `key:device.iphone`), and
/// substitutions (`%#@files@`) expanded by their plural variations (`key:files.one`).
/// Units in state `new` or `needs_review` with an empty value are untranslated; the source
/// language's strings are checked too (a key with no source localization is its own
/// source text). No widths: limits come from the constraints file.
struct XCStringsReader {
  let file: String
  let includeUntranslated: Bool

  func read(_ text: String) throws(CatalogError) -> [CatalogString] {
    let catalog = try JSONCatalog(text, file: file)
    guard case .object(let strings)? = catalog.value["strings"] else {
      throw catalog.error(1, "an .xcstrings file must hold a \"strings\" object")
    }
    let sourceLanguage: String
    if case .string(let language)? = catalog.value["sourceLanguage"] {
      sourceLanguage = language
    } else {
      sourceLanguage = "en"
    }
    var results: [CatalogString] = []
    var offset = catalog.position(ofKey: "strings").offset
    for (key, entry) in strings {
      let position = catalog.position(ofKey: key, after: offset)
      offset = position.offset
      if case .bool(false)? = entry["shouldTranslate"] { continue }
      var locales: [(String, JSONValue)] = []
      if case .object(let localizations)? = entry["localizations"] { locales = localizations }
      if !locales.contains(where: { $0.0 == sourceLanguage }) {
        locales.insert(
          (
            sourceLanguage,
            .object([
              ("stringUnit", .object([("state", .string("translated")), ("value", .string(key))]))
            ])
          ),
          at: 0)
      }
      var localeOffset = offset
      let written = Set(localizationKeys(entry))
      for (locale, localization) in locales {
        // A source text made from the key has no line of its own: the key's.
        var line = position.line
        if written.contains(locale) {
          let place = catalog.position(ofKey: locale, after: localeOffset)
          localeOffset = place.offset
          line = max(place.line, position.line)
        }
        for (suffix, value) in units(localization) {
          guard let value = value ?? (includeUntranslated ? key : nil) else { continue }
          for (substitution, text) in substituted(value, localization) {
            results.append(
              CatalogString(
                file: file, line: line, key: key + suffix + substitution, locale: locale,
                text: text, source: key))
          }
        }
      }
    }
    return results
  }

  /// The locales an entry's `localizations` names.
  func localizationKeys(_ entry: JSONValue) -> [String] {
    guard case .object(let localizations)? = entry["localizations"] else { return [] }
    return localizations.map(\.key)
  }

  /// The string units of a localization and their variations, with their key suffixes;
  /// an untranslated unit's value is `nil` (or the key with `--include-untranslated`).
  func units(_ localization: JSONValue, suffix: String = "") -> [(String, String?)] {
    var found: [(String, String?)] = []
    if let unit = localization["stringUnit"] {
      var value: String?
      if case .string(let text)? = unit["value"], !text.isEmpty { value = text }
      found.append((suffix, value))
    }
    if case .object(let kinds)? = localization["variations"] {
      for (kind, cases) in kinds {
        guard case .object(let members) = cases else { continue }
        for (name, variation) in members {
          found += units(variation, suffix: suffix + ":\(kind).\(name)")
        }
      }
    }
    return found
  }

  /// `value` with each `%#@name@` replaced by each of its substitution's plural forms.
  func substituted(_ value: String, _ localization: JSONValue) -> [(String, String)] {
    var results = [("", value)]
    guard case .object(let substitutions)? = localization["substitutions"] else { return results }
    for (name, substitution) in substitutions {
      let token = "%#@\(name)@"
      guard value.contains(token) else { continue }
      var specifier = "%lld"
      if case .string(let format)? = substitution["formatSpecifier"] { specifier = "%" + format }
      let forms = units(substitution).compactMap { form -> (String, String)? in
        guard let text = form.1 else { return nil }
        return (form.0, text.replacingOccurrences(of: "%arg", with: specifier))
      }
      guard !forms.isEmpty else { continue }
      var expanded: [(String, String)] = []
      for (suffix, text) in results {
        for (formSuffix, form) in forms where expanded.count < MessageFormat.maximumVariants {
          let label = formSuffix.replacingOccurrences(of: ":plural.", with: ".")
          expanded.append(
            (suffix + ":" + name + label, text.replacingOccurrences(of: token, with: form)))
        }
      }
      results = expanded
    }
    return results
  }
}

extension String {
  /// Every `target` replaced by `replacement` (FoundationEssentials-free).
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
