import Caliper
import CaliperService

/// What `caliper check` writes: a table for people, JSON lines, SARIF or JUnit.
///
/// - table: per file and locale, the strings that do not fit (every string with `--all`):
///   line, key, allowed and needed width (points), lines needed of allowed, overflow
///   (points, or characters for a character limit); then a summary line.
/// - json: one object per checked string and line: `file`, `line`, `key`, `locale`,
///   `text`, `measured`, `fits`, `allowed` and `needed` (`width`, `height`, `lines`,
///   `characters`, each only when known), `overflow`.
/// - sarif: SARIF 2.1.0, one result (rule `caliper/overflow`, level error) per string that
///   does not fit, with its file and line, for code scanning.
/// - junit: one `testsuite` per file and locale, one `testcase` per string, a `failure`
///   for each that does not fit.
enum CheckReport {
  enum Format: String, CaseIterable {
    case table, json, sarif, junit
  }

  /// Results grouped by file and locale, in the order first seen.
  static func groups(_ results: [CheckResult]) -> [(
    file: String, locale: String, results: [CheckResult]
  )] {
    var order: [String: Int] = [:]
    var groups: [(file: String, locale: String, results: [CheckResult])] = []
    for result in results {
      let id = result.string.file + "\u{0}" + result.string.locale
      if let index = order[id] {
        groups[index].results.append(result)
      } else {
        order[id] = groups.count
        groups.append((result.string.file, result.string.locale, [result]))
      }
    }
    return groups
  }

  /// "needs 97.328 pt, allowed 96 pt" and the like: the finding in words.
  static func message(_ result: CheckResult) -> String {
    var parts: [String] = []
    let allowed = result.allowed
    let needed = result.needed
    if let width = allowed.width, let need = needed.width, need > width + CheckMeasurer.tolerance {
      parts.append("is \(points(need)) wide, \(points(width)) allowed")
    }
    if let lines = allowed.lines, let need = needed.lines, need > lines {
      parts.append("needs \(need) lines, \(lines) allowed")
    }
    if let height = allowed.height, let need = needed.height,
      need > height + CheckMeasurer.tolerance
    {
      parts.append("is \(points(need)) high, \(points(height)) allowed")
    }
    if let characters = allowed.characters, let need = needed.characters, need > characters {
      parts.append("has \(need) characters, \(characters) allowed")
    }
    if let bytes = allowed.bytes, let need = needed.bytes, need > bytes {
      parts.append("takes \(need) bytes, \(bytes) allowed")
    }
    return "'\(result.string.key)' (\(result.string.locale)) does not fit: "
      + parts.joined(separator: "; ")
  }

  static func points(_ value: Double) -> String { formatNumber(value) + " pt" }

  static func table(_ results: [CheckResult], all: Bool, files: Int) -> String {
    var text = ""
    for group in groups(results) {
      let failing = group.results.filter { !$0.fits }
      let shown = all ? group.results : failing
      text +=
        "\(group.file) (\(group.locale)): \(failing.count) of \(group.results.count)"
        + " do not fit\n"
      guard !shown.isEmpty else { continue }
      let keyWidth = min(40, max(3, shown.map(\.string.key.count).max() ?? 3))
      text +=
        "  " + NumberFormat.padded("line", 5) + "  "
        + NumberFormat.padded("key", keyWidth, right: false)
        + NumberFormat.padded("allowed", 10) + NumberFormat.padded("needed", 10)
        + NumberFormat.padded("lines", 7) + NumberFormat.padded("overflow", 10) + "\n"
      for result in shown {
        var key = result.string.key
        if key.count > 40 { key = String(key.prefix(39)) + "…" }
        let allowed = result.allowed
        let needed = result.needed
        let allowedText =
          allowed.width.map { formatNumber($0, minimumFractionDigits: 3) } ?? allowed.characters.map
        { "\($0) ch" }
          ?? "-"
        let neededText =
          allowed.width == nil && allowed.characters != nil
          ? "\(needed.characters ?? 0) ch"
          : needed.width.map { formatNumber($0, minimumFractionDigits: 3) } ?? "-"
        let lines = "\(needed.lines ?? 0)/" + (allowed.lines.map(String.init) ?? "-")
        let overflow: String
        if result.fits {
          overflow = "fits"
        } else if let characters = allowed.characters, let count = needed.characters,
          count > characters,
          result.overflow == 0
        {
          overflow = "+\(count - characters) ch"
        } else if let bytes = allowed.bytes, let count = needed.bytes, count > bytes,
          result.overflow == 0
        {
          overflow = "+\(count - bytes) B"
        } else {
          overflow = formatNumber(result.overflow, minimumFractionDigits: 3)
        }
        text +=
          "  " + NumberFormat.padded(String(result.string.line), 5) + "  "
          + NumberFormat.padded(key, keyWidth, right: false) + NumberFormat.padded(allowedText, 10)
          + NumberFormat.padded(neededText, 10) + NumberFormat.padded(lines, 7)
          + NumberFormat.padded(overflow, 10) + "\n"
      }
    }
    let failing = results.count { !$0.fits }
    text +=
      "\(results.count) string\(results.count == 1 ? "" : "s") in \(files)"
      + " file\(files == 1 ? "" : "s"): \(failing) do\(failing == 1 ? "es" : "") not fit\n"
    return text
  }

  /// Appends one result's JSON line to `writer`, its members written straight in (no
  /// `Value` tree: building and encoding one per string cost as much as reading the
  /// catalog, 22 k instructions a string).
  static func json(_ result: CheckResult, into writer: inout JSONWriter) {
    let string = result.string
    writer.member("{\"file\":", string.file)
    writer.member(",\"line\":", string.line)
    writer.member(",\"key\":", string.key)
    writer.member(",\"locale\":", string.locale)
    writer.member(",\"text\":", string.text)
    writer.member(",\"measured\":", result.measured)
    writer.member(",\"fits\":", result.fits)
    writer.raw(",\"allowed\":")
    room(result.allowed, into: &writer)
    writer.raw(",\"needed\":")
    room(result.needed, into: &writer)
    writer.member(",\"overflow\":", result.overflow)
    writer.raw("}\n")
  }

  /// A room as a JSON object of the members it knows: width, height, lines, characters,
  /// bytes.
  static func room(_ room: CheckResult.Room, into writer: inout JSONWriter) {
    var separator = false
    func key(_ key: StaticString) {
      writer.raw(separator ? "," : "{")
      writer.raw(key)
      separator = true
    }
    func number(_ name: StaticString, _ value: Double?) {
      guard let value else { return }
      key(name)
      writer.number(value)
    }
    func integer(_ name: StaticString, _ value: Int?) {
      guard let value else { return }
      key(name)
      writer.integer(value)
    }
    number("\"width\":", room.width)
    number("\"height\":", room.height)
    integer("\"lines\":", room.lines)
    integer("\"characters\":", room.characters)
    integer("\"bytes\":", room.bytes)
    writer.raw(separator ? "}" : "{}")
  }

  static func sarif(_ results: [CheckResult]) -> String {
    let findings: [JSONWriter.Value] = results.filter { !$0.fits }.map { result in
      .object([
        ("ruleId", .string("caliper/overflow")), ("level", .string("error")),
        ("message", .object([("text", .string(message(result)))])),
        (
          "locations",
          .array([
            .object([
              (
                "physicalLocation",
                .object([
                  ("artifactLocation", .object([("uri", .string(result.string.file))])),
                  ("region", .object([("startLine", .integer(max(1, result.string.line)))])),
                ])
              )
            ])
          ])
        ),
        (
          "properties",
          .object([
            ("key", .string(result.string.key)), ("locale", .string(result.string.locale)),
            ("overflow", .number(result.overflow)),
          ])
        ),
      ])
    }
    let rule: JSONWriter.Value = .object([
      ("id", .string("caliper/overflow")),
      (
        "shortDescription",
        .object([("text", .string("A translated string does not fit its room."))])
      ),
    ])
    let driver: JSONWriter.Value = .object([
      ("name", .string("caliper")), ("version", .string(CommandLineTool.version)),
      ("rules", .array([rule])),
    ])
    return JSONWriter.encode(
      .object([
        ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
        ("version", .string("2.1.0")),
        (
          "runs",
          .array([
            .object([("tool", .object([("driver", driver)])), ("results", .array(findings))])
          ])
        ),
      ])) + "\n"
  }

  static func junit(_ results: [CheckResult]) -> String {
    let failing = results.count { !$0.fits }
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text +=
      "<testsuites name=\"caliper check\" tests=\"\(results.count)\" failures=\"\(failing)\">\n"
    for group in groups(results) {
      let name = escaped("\(group.file) (\(group.locale))")
      text +=
        "  <testsuite name=\"\(name)\" tests=\"\(group.results.count)\""
        + " failures=\"\(group.results.count { !$0.fits })\">\n"
      for result in group.results {
        text +=
          "    <testcase classname=\"\(escaped(group.file))\""
          + " name=\"\(escaped(result.string.key)) (\(escaped(result.string.locale)))\""
        if result.fits {
          text += "/>\n"
        } else {
          text +=
            ">\n      <failure message=\"\(escaped(message(result)))\">"
            + "\(escaped(result.string.file)):\(result.string.line): \(escaped(result.measured))</failure>\n"
            + "    </testcase>\n"
        }
      }
      text += "  </testsuite>\n"
    }
    return text + "</testsuites>\n"
  }

  /// Text for an XML attribute or element; characters XML 1.0 cannot hold become U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n": result += "&#10;"
      case "\t", "\r": result += "&#\(scalar.value);"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
