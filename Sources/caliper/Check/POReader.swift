import Caliper
import CaliperLayout

/// Reads gettext `.po` files: each entry's `msgstr` (or each `msgstr[n]` of a plural
/// entry, keyed `msgid:n`), its key `msgctxt|msgid` or `msgid`. The locale is the
/// header's `Language:`, else the file name (`de.po`, `fr_FR.po`). Empty translations
/// and `#, fuzzy` entries are untranslated: skipped, or checked as their `msgid` (`msgid_plural`
/// for forms after the first) with `--include-untranslated`.
///
/// Limits from an extracted comment, one line of `key=value` pairs after `caliper:`:
///
///     #. caliper: width=120 lines=1 font=Noto Sans size=14 weight=700 unit=pixel
///
/// (`font` takes the rest of the words up to the next `key=`.) Else from the constraints file.
struct POReader {
  let file: String
  let includeUntranslated: Bool

  /// One entry while it is read.
  struct Entry {
    var line = 0
    var context: String?
    var id: String?
    var plural: String?
    var forms: [Int: String] = [:]
    var fuzzy = false
    var limit = StringLimit()
    var hasLimit = false
  }

  func read(_ text: String) throws(CatalogError) -> [CatalogString] {
    var entries: [Entry] = []
    var entry = Entry()
    // Which string continuation lines ("…") append to.
    enum Field {
      case none, context, id, plural
      case form(Int)
    }
    var field = Field.none
    var lineNumber = 0
    func finish() {
      if entry.id != nil { entries.append(entry) }
      entry = Entry()
      field = .none
    }
    // Split as bytes: "\r\n" is one Character, and a CRLF file must split too.
    for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = String(decoding: bytes, as: UTF8.self)
      if line.hasSuffix("\r") { line.removeLast() }
      line = line.replacingTabs.trimmingSpaces
      if line.isEmpty {
        if entry.id != nil { finish() }
        continue
      }
      if line.hasPrefix("#") {
        if entry.id != nil, entry.forms.count > 0 { finish() }
        if line.hasPrefix("#,"), line.contains("fuzzy") { entry.fuzzy = true }
        if line.hasPrefix("#."), let range = line.firstRange(of: "caliper:") {
          try readLimit(String(line[range.upperBound...]), line: lineNumber, into: &entry.limit)
          entry.hasLimit = true
        }
        continue
      }
      if line.hasPrefix("\"") {
        let value = try Self.quoted(line, file: file, line: lineNumber)
        switch field {
        case .none: throw CatalogError(file: file, line: lineNumber, "a string outside an entry")
        case .context: entry.context! += value
        case .id: entry.id! += value
        case .plural: entry.plural! += value
        case .form(let index): entry.forms[index]! += value
        }
        continue
      }
      guard let space = line.firstIndex(of: " ") else {
        throw CatalogError(file: file, line: lineNumber, "unrecognised line '\(line)'")
      }
      let keyword = String(line[..<space])
      let value = try Self.quoted(
        String(line[space...]).trimmingSpaces, file: file, line: lineNumber)
      if keyword == "msgctxt" || keyword == "msgid", entry.id != nil, !entry.forms.isEmpty {
        finish()
      }
      switch keyword {
      case "msgctxt":
        entry.context = value
        field = .context
      case "msgid":
        entry.id = value
        entry.line = lineNumber
        field = .id
      case "msgid_plural":
        entry.plural = value
        field = .plural
      case "msgstr":
        entry.forms[0] = value
        field = .form(0)
      default:
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          let index = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(index)
        else {
          throw CatalogError(file: file, line: lineNumber, "unrecognised keyword '\(keyword)'")
        }
        entry.forms[index] = value
        field = .form(index)
      }
    }
    finish()
    return strings(entries)
  }

  func strings(_ entries: [Entry]) -> [CatalogString] {
    let header = entries.first { $0.id == "" && $0.context == nil }
    let language = header?.forms[0].flatMap { Self.headerField("Language", in: $0) }
    let locale = (language?.isEmpty == false ? language : nil) ?? Self.locale(file: file) ?? "en"
    var strings: [CatalogString] = []
    for entry in entries where !(entry.id == "" && entry.context == nil) {
      guard let id = entry.id else { continue }
      let key = entry.context.map { "\($0)|\(id)" } ?? id
      for index in entry.forms.keys.sorted() {
        var text = entry.forms[index]!
        let source = index == 0 ? id : (entry.plural ?? id)
        if text.isEmpty || entry.fuzzy {
          guard includeUntranslated else { continue }
          text = source
        }
        strings.append(
          CatalogString(
            file: file, line: entry.line, key: entry.plural == nil ? key : "\(key):\(index)",
            locale: locale.replacingUnderscores, text: text, source: source, limit: entry.limit))
      }
    }
    return strings
  }

  /// Reads `width=120 lines=1 font=Noto Sans size=14 weight=700 unit=pixel`.
  func readLimit(_ text: String, line: Int, into limit: inout StringLimit) throws(CatalogError) {
    var pairs: [(String, String)] = []
    for word in text.split(separator: " ") {
      if let equals = word.firstIndex(of: "=") {
        pairs.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
      } else if !pairs.isEmpty {
        pairs[pairs.count - 1].1 += " " + word
      } else {
        throw CatalogError(
          file: file, line: line, "caliper: expects key=value pairs, not '\(word)'")
      }
    }
    for (key, value) in pairs {
      switch key {
      case "width": limit.width = try StringLimit.number(value, "width", file: file, line: line)
      case "height": limit.height = try StringLimit.number(value, "height", file: file, line: line)
      case "lines":
        guard let lines = Int(value), lines >= 1 else {
          throw CatalogError(file: file, line: line, "lines '\(value)' must be a whole number ≥ 1")
        }
        limit.lines = lines
      case "font": limit.family = value
      case "size":
        limit.size = try StringLimit.number(value, "size", file: file, line: line)
      case "weight": limit.weight = try StringLimit.weight(value, file: file, line: line)
      case "unit":
        guard let unit = StringLimit.SizeUnit(rawValue: value) else {
          throw CatalogError(file: file, line: line, "unit '\(value)' must be point, pixel or char")
        }
        limit.unit = unit
      default:
        throw CatalogError(
          file: file, line: line,
          "unknown caliper: key '\(key)' (expected width, height, lines, font, size, weight or unit)"
        )
      }
    }
  }

  /// A C-quoted string `"…"` with its escapes.
  static func quoted(_ text: String, file: String, line: Int) throws(CatalogError) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
      throw CatalogError(file: file, line: line, "expected a quoted string, not '\(text)'")
    }
    var result = ""
    var escaped = false
    for scalar in text.unicodeScalars.dropFirst().dropLast() {
      if escaped {
        switch scalar {
        case "n": result += "\n"
        case "t": result += "\t"
        case "r": result += "\r"
        default: result.unicodeScalars.append(scalar)
        }
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A header field (`Language: de`).
  static func headerField(_ name: String, in header: String) -> String? {
    for line in header.split(separator: "\n") where line.hasPrefix(name + ":") {
      return String(line.dropFirst(name.count + 1)).trimmingSpaces
    }
    return nil
  }

  /// The locale a file name gives (`po/de.po`, `fr_FR.po`).
  static func locale(file: String) -> String? {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    guard let dot = name.lastIndex(of: ".") else { return nil }
    let stem = name[..<dot]
    guard let first = stem.first, first.isLowercase, stem.count <= 10 else { return nil }
    return String(stem)
  }
}

extension String {
  /// Tabs as spaces, for trimming.
  var replacingTabs: String { String(map { $0 == "\t" ? " " : $0 }) }

  /// `de_AT` as BCP 47's `de-AT`.
  var replacingUnderscores: String {
    String(unicodeScalars.map { $0 == "_" ? "-" : Character($0) })
  }
}
