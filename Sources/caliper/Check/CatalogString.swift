/// One translated string of a catalog, with the room its UI gives it.
struct CatalogString: Sendable {
  /// The catalog it came from, as given on the command line (or found in a folder).
  var file: String
  /// The line of its unit, key or `msgstr`, from 1.
  var line: Int
  /// Its key (XLIFF `id`/`resname`, Android `name`, gettext `msgctxt`+`msgid`), with a
  /// plural form or array item after a colon (`files:few`, `planets[2]`).
  var key: String
  /// The locale it is in (BCP 47).
  var locale: String
  /// The translation, placeholders as written.
  var text: String
  /// The source text, when the format has one.
  var source: String?
  /// Where it must fit.
  var limit = StringLimit()
  /// Sample values of its placeholders by name, from its format (an `.arb` example).
  var samples: [String: String] = [:]
  /// Placeholder names that stand for a number (an ICU plural's argument).
  var numericPlaceholders: Set<String> = []
}

/// The room a string has and how it is set: from its format's attributes, its group and
/// file, a `.po` comment or the constraints file.
struct StringLimit: Sendable {
  /// The width in `unit`s.
  var width: Double?
  /// The height in `unit`s, or (with `unit` .char) the number of lines.
  var height: Double?
  /// A limit of lines.
  var lines: Int?
  /// The unit of `width` and `height` (`nil`: not said here; XLIFF 1.2's default is
  /// pixels, the constraints file's points).
  var unit: SizeUnit?
  /// A storage limit in bytes of `encoding` (XLIFF 2 `slr:storageRestriction`).
  var bytes: Int?
  var encoding: Encoding?
  /// Font family, size in points and weight (CSS 1-1000), when the catalog says.
  var family: String?
  var size: Double?
  var weight: Int?

  /// The units a catalog gives sizes in (XLIFF 1.2 `size-unit`).
  enum SizeUnit: String, Sendable {
    /// Points (1/72 inch).
    case point
    /// Pixels: points × `--scale`.
    case pixel
    /// Characters: grapheme clusters for a width, lines for a height.
    case char
  }

  /// The encodings a storage limit counts bytes in (SLR's `xliff:utf8`, `utf16`, `utf32`).
  enum Encoding: String, Sendable {
    case utf8, utf16, utf32

    /// The bytes `text` takes.
    func count(_ text: String) -> Int {
      switch self {
      case .utf8: return text.utf8.count
      case .utf16: return text.utf16.count * 2
      case .utf32: return text.unicodeScalars.count * 4
      }
    }
  }

  /// Whether any room is given at all.
  var isEmpty: Bool { width == nil && height == nil && lines == nil }

  /// `self`, with what it leaves open taken from `outer` (a unit's limits over its group's
  /// and file's), each attribute on its own.
  func inheriting(_ outer: StringLimit) -> StringLimit {
    var limit = self
    limit.width = width ?? outer.width
    limit.height = height ?? outer.height
    limit.unit = unit ?? outer.unit
    limit.lines = lines ?? outer.lines
    limit.bytes = bytes ?? outer.bytes
    limit.encoding = encoding ?? outer.encoding
    limit.family = family ?? outer.family
    limit.size = size ?? outer.size
    limit.weight = weight ?? outer.weight
    return limit
  }
}

/// A catalog that cannot be read as its format: `file:line: what`, exit 65 (EX_DATAERR).
struct CatalogError: Error, Sendable, CustomStringConvertible {
  let file: String
  let line: Int
  let message: String

  init(file: String, line: Int, _ message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  var description: String { "\(file):\(line): \(message)" }
}

extension StringLimit {
  /// Reads XLIFF 1.2's `font` attribute, `family;size;weight` (each part optional:
  /// `;12`, `Noto Sans;;bold`); weight is a number or `bold`/`normal`.
  mutating func readFont(_ text: String, file: String, line: Int) throws(CatalogError) {
    let parts = text.split(separator: ";", omittingEmptySubsequences: false).map {
      String($0).trimmingSpaces
    }
    if let family = parts.first, !family.isEmpty { self.family = family }
    if parts.count > 1, !parts[1].isEmpty {
      guard let size = Double(parts[1]), size > 0, size <= 10_000 else {
        throw CatalogError(
          file: file, line: line, "font size '\(parts[1])' must be a number of points above 0")
      }
      self.size = size
    }
    if parts.count > 2, !parts[2].isEmpty {
      self.weight = try Self.weight(parts[2], file: file, line: line)
    }
  }

  /// A CSS weight: 1-1000, `normal` (400) or `bold` (700).
  static func weight(_ text: String, file: String, line: Int) throws(CatalogError) -> Int {
    switch text.lowercased() {
    case "normal", "regular": return 400
    case "bold": return 700
    default:
      guard let weight = Int(text), (1...1000).contains(weight) else {
        throw CatalogError(
          file: file, line: line, "font weight '\(text)' must be 1-1000, normal or bold")
      }
      return weight
    }
  }

  /// A size attribute (`maxwidth="120"`): a number ≥ 0.
  static func number(_ text: String?, _ what: String, file: String, line: Int)
    throws(CatalogError) -> Double?
  {
    guard let text else { return nil }
    guard let value = Double(text.trimmingSpaces), value >= 0, value.isFinite else {
      throw CatalogError(file: file, line: line, "\(what) '\(text)' must be a number ≥ 0")
    }
    return value
  }
}
