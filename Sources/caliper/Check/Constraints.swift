import Caliper
import CaliperLayout

/// The constraints file (`--constraints FILE`): the room and style of strings whose
/// format carries none (Android, `.xcstrings`, `.po`, `.arb`), or more of it for those
/// that do.
///
/// A JSON object whose members map a key or a glob (`*` any run, `?` one character) to a
/// constraint; every member whose pattern matches a string's key applies, in file order,
/// each setting what it names (so general patterns go first):
///
/// ```json
/// {
///   "*": {"font": "Noto Sans", "size": 14, "lines": 1},
///   "button.*": {"width": 96},
///   "files:*": {"width": 180, "samples": {"count": ["1", "10000"]}}
/// }
/// ```
///
/// A constraint's members: `width` and `height` (in `unit`s), `lines`, `unit` (`point`,
/// the default, `pixel` or `char`), `scale` (pixels per point for `pixel`), `weight`
/// (1-1000), `samples` (a placeholder's text or name → a sample or a list of samples, the
/// widest is used), and any key of the style schema (`font`, `size`, `letterSpacing`,
/// `features`, `breakRules`…), read as layout JSON and `serve` read them. A catalog's own
/// limits (XLIFF `maxwidth`, a `.po` comment) win over the file's.
struct Constraints: Sendable {
  struct Entry: Sendable {
    let pattern: [Character]
    var limit = StringLimit()
    var scale: Double?
    var samples: [String: [String]] = [:]
    /// The style schema's members, applied over the command line's style.
    var style: [(key: String, value: JSONValue)] = []
  }

  var entries: [Entry] = []

  /// No constraints.
  init() {}

  static let checkKeys: Set<String> = [
    "width", "height", "lines", "unit", "scale", "weight", "samples",
  ]

  /// The entries (their numbers in `entries`) that apply to the string `key`: limits,
  /// scale, samples and style members.
  func matching(_ key: String) -> [Int] {
    guard !entries.isEmpty else { return [] }
    let characters = Array(key)
    return entries.indices.filter { Self.glob(entries[$0].pattern[...], characters[...]) }
  }

  /// Whether `pattern` (`*`, `?`) matches all of `text`.
  static func glob(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
    var p = pattern.startIndex
    var t = text.startIndex
    var star: (Int, Int)?
    while t < text.endIndex {
      if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.endIndex, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let (starP, starT) = star {
        p = starP + 1
        t = starT + 1
        star = (starP, starT + 1)
      } else {
        return false
      }
    }
    while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
    return p == pattern.endIndex
  }

  /// Reads a constraints file.
  ///
  /// - Throws: `CatalogError` (`file:line: what`) for JSON or a value the file may not hold.
  init(_ text: String, file: String) throws(CatalogError) {
    let catalog = try JSONCatalog(text, file: file)
    guard case .object(let members) = catalog.value else {
      throw catalog.error(1, "a constraints file must hold a JSON object of key patterns")
    }
    var offset = 0
    for (pattern, value) in members {
      let position = catalog.position(ofKey: pattern, after: offset)
      offset = position.offset
      let line = position.line
      guard case .object(let fields) = value else {
        throw catalog.error(
          line, "'\(pattern)' must map to an object, not \(value.kindDescription)")
      }
      var entry = Entry(pattern: Array(pattern))
      for (key, field) in fields {
        if Self.checkKeys.contains(key) {
          try Self.read(key, field, into: &entry, catalog: catalog, line: line, pattern: pattern)
        } else if StyleSchema.field(key: key) != nil {
          entry.style.append((key, field))
        } else {
          throw catalog.error(line, "'\(pattern)': unknown key '\(key)'")
        }
      }
      var scratch = StyleSettings()
      do throws(StyleError) {
        try StyleSchema.read(entry.style, into: &scratch)
      } catch {
        throw catalog.error(
          line, "'\(pattern)': \(error.key ?? "style")\(error.subpath): \(error.message)")
      }
      entries.append(entry)
    }
  }

  static func read(
    _ key: String, _ value: JSONValue, into entry: inout Entry, catalog: JSONCatalog, line: Int,
    pattern: String
  ) throws(CatalogError) {
    func number(_ range: ClosedRange<Double>) throws(CatalogError) -> Double {
      guard case .number(let number) = value, range.contains(number) else {
        throw catalog.error(
          line,
          "'\(pattern)': \(key) must be a number from \(formatNumber(range.lowerBound)) to"
            + " \(formatNumber(range.upperBound))")
      }
      return number
    }
    switch key {
    case "width": entry.limit.width = try number(0...1e9)
    case "height": entry.limit.height = try number(0...1e9)
    case "lines":
      let lines = try number(1...1_000_000)
      guard lines.rounded() == lines else {
        throw catalog.error(line, "'\(pattern)': lines must be a whole number")
      }
      entry.limit.lines = Int(lines)
    case "weight":
      let weight = try number(1...1000)
      entry.limit.weight = Int(weight)
    case "scale": entry.scale = try number(0.01...16)
    case "unit":
      guard case .string(let name) = value, let unit = StringLimit.SizeUnit(rawValue: name) else {
        throw catalog.error(line, "'\(pattern)': unit must be point, pixel or char")
      }
      entry.limit.unit = unit
    default:  // samples
      guard case .object(let members) = value else {
        throw catalog.error(
          line, "'\(pattern)': samples must be an object of placeholder → samples")
      }
      for (name, sample) in members {
        switch sample {
        case .string(let text): entry.samples[name] = [text]
        case .array(let items):
          var texts: [String] = []
          for item in items {
            guard case .string(let text) = item else {
              throw catalog.error(line, "'\(pattern)': samples of '\(name)' must be strings")
            }
            texts.append(text)
          }
          guard !texts.isEmpty else {
            throw catalog.error(line, "'\(pattern)': samples of '\(name)' must not be empty")
          }
          entry.samples[name] = texts
        default:
          throw catalog.error(
            line, "'\(pattern)': samples of '\(name)' must be a string or strings")
        }
      }
    }
  }
}
