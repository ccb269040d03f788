/// The one style schema: every name a text's style can be given by, its range and its
/// error message, read the same way by `caliper measure`/`render`/`fonts`/`layout` flags,
/// `caliper serve` requests, layout JSON text nodes and spans files.
///
/// Problem: four entries into the same measurement each read styles their own way, and
/// drift: one accepts a key another refuses, one allows a value another rejects, and the
/// same mistake reads differently in each. Solution: one table of `StyleField`s. A field
/// has its JSON key, its command-line option, the syntax and help of that option, and one
/// reader from a JSON value into `StyleSettings` that checks the range and words the
/// error. The command line turns its text into a JSON value first (a number, a list), so
/// that every entry runs the same reader. Limitation: where an error is (a JSON path, an
/// option name) is added by each entry around the one message.
package enum StyleSchema {
  /// Every field, in the order `--help` lists them.
  package static let fields: [StyleField] =
    fontFields + StyleSchema.spacingFields + lineFields + breakFields + textBoxFields
    + verticalFields + synthesisFields

  /// The field of a JSON key (`fonts` is `font`'s other spelling; a deprecated key reads
  /// as its new one).
  package static func field(key: String) -> StyleField? {
    let key = deprecatedKeys[key] ?? key
    return fields.first { $0.key == key || $0.aliases.contains(key) }
  }

  /// Keys renamed so that every key is the camelCase of its option, by old name: still
  /// read (a running client keeps working), never listed or suggested.
  package static let deprecatedKeys = [
    "firstLineHeadIndent": "firstLineIndent", "systemFallback": "systemFonts",
  ]

  /// Options renamed to match their keys (`--features` sets `features`), by old name:
  /// still read, never listed, suggested or completed.
  package static let deprecatedOptions = ["--feature": "--features", "--variation": "--variations"]

  /// The JSON keys of the fields in `groups`, aliases and deprecated keys included (a
  /// message lists `listed(_:)` of them).
  package static func keys(_ groups: StyleField.Groups) -> [String] {
    let keys = fields.filter { !$0.group.isDisjoint(with: groups) }.flatMap {
      [$0.key] + $0.aliases
    }
    return keys + deprecatedKeys.filter { keys.contains($0.value) }.keys.sorted()
  }

  /// The keys a message lists or suggests: all but the deprecated ones.
  package static func listed(_ keys: [String]) -> [String] {
    keys.filter { deprecatedKeys[$0] == nil }
  }

  /// Reads the members of a JSON object that are style fields into `settings`; other
  /// members are left for the caller. `font` and `fonts` together are refused.
  package static func read(
    _ members: [(key: String, value: JSONValue)], into settings: inout StyleSettings
  ) throws(StyleError) {
    if members.contains(where: { $0.key == "font" }), members.contains(where: { $0.key == "fonts" })
    {
      throw StyleError(key: "fonts", "give 'font' or 'fonts', not both")
    }
    for (key, value) in members {
      guard let field = field(key: key) else { continue }
      try field.read(value, &settings)
    }
  }

  /// A name, path or locale: a non-empty string of at most 4096 bytes without NUL (C would
  /// cut it there).
  static func name(_ value: JSONValue, _ what: String) throws(StyleError) -> String {
    guard case .string(let string) = value else {
      throw StyleError("\(what) must be a string, not \(value.kindDescription)")
    }
    guard !string.isEmpty, string.utf8.count <= 4096, !string.utf8.contains(0) else {
      throw StyleError("\(what) must be a non-empty string of at most 4096 bytes without NUL")
    }
    return string
  }

  /// A list: an array, or one value as a list of one.
  static func list(_ value: JSONValue) -> [JSONValue] {
    if case .array(let values) = value { return values }
    return [value]
  }

  /// A number in `range`, named `what` in the message ("font size 0 must be …").
  static func number(
    _ value: JSONValue, _ what: String, _ range: ClosedRange<Double>, above lowest: Bool = false,
    unit: String = "points"
  ) throws(StyleError) -> Double {
    let bounds =
      lowest
      ? "greater than \(format(range.lowerBound)) and at most \(format(range.upperBound))"
      : "from \(format(range.lowerBound)) to \(format(range.upperBound))"
    guard case .number(let number) = value else {
      throw StyleError(
        "\(what) must be a number of \(unit) \(bounds), not \(value.kindDescription)")
    }
    guard range.contains(number), !(lowest && number == range.lowerBound) else {
      // Said as given: 1e-300 is not "0" (which would read as in range for some fields).
      let given = number != 0 && Double(format(number)) == 0 ? String(number) : format(number)
      var error = StyleError("\(what) \(given) must be a number of \(unit) \(bounds)")
      error.isOutOfRange = true
      throw error
    }
    return number + 0  // -0 as 0
  }

  /// One of `names`, in lower case.
  static func choice(_ value: JSONValue, _ what: String, _ names: [String]) throws(StyleError)
    -> String
  {
    let list = names.joined(separator: ", ")
    guard case .string(let string) = value, names.contains(string.lowercased()) else {
      throw StyleError("\(what) must be one of \(list), not \(given(value))")
    }
    return string.lowercased()
  }

  /// A value as a message names what was given: a string quoted, else its kind.
  static func given(_ value: JSONValue) -> String {
    if case .string(let string) = value { return "'\(string)'" }
    return value.kindDescription
  }

  /// Numbers for messages: whole numbers without ".0".
  static func format(_ value: Double) -> String { formatNumber(value) }

  static let longest = ParagraphStyle.longestLength
}

/// What a text is measured with: its style, container options (line limit, truncation,
/// alignment), the proposed height and styled spans.
package struct StyleSettings: Sendable {
  package var style: TextStyle
  package var container: TextContainerOptions
  /// The proposed height (`nil`: unspecified).
  package var height: Double?
  /// Every proposed height given (`--height 120,200`: vertical text's column heights);
  /// `height` is the first.
  package var heights: [Double?] = [nil]
  package var spans: [TextSpan]

  package init(
    style: TextStyle = TextStyle(), container: TextContainerOptions = TextContainerOptions(),
    height: Double? = nil, spans: [TextSpan] = []
  ) {
    self.style = style
    self.container = container
    self.height = height
    self.heights = [height]
    self.spans = spans
  }
}

/// A style value the schema refuses: the one message every entry shows, after its own
/// location (an option name, a JSON path).
package struct StyleError: Error, Sendable, CustomStringConvertible {
  /// The JSON key of the field, when known.
  package var key: String?
  /// Where inside the value, as a JSON path suffix (`[1]` for a list's second item).
  package var subpath: String
  package let message: String
  /// Whether the value was of the right kind but out of its range.
  package var isOutOfRange = false

  package init(key: String? = nil, subpath: String = "", _ message: String) {
    self.key = key
    self.subpath = subpath
    self.message = message
  }

  package var description: String { message }
}

/// One name of the style schema.
package struct StyleField: Sendable {
  /// How the command line spells the value.
  package enum Syntax: Sendable {
    /// One number.
    case number
    /// Numbers separated by commas.
    case numbers
    /// One string.
    case string
    /// Strings separated by commas; the option may be repeated, the lists joined.
    case strings
    /// A repeatable option, each value one string.
    case repeated
    /// A flag: true when given.
    case flag
    /// A file holding the JSON value ('-' for stdin).
    case file
  }

  /// Which values a field sets, and so where it applies.
  package struct Groups: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// `TextStyle`: fonts and how glyphs are set; a layout's default text style.
    package static let style = Groups(rawValue: 1)
    /// Line limit, truncation, alignment and spans: text nodes, requests, commands.
    package static let text = Groups(rawValue: 2)
    /// The proposed height: requests and commands (a layout proposes its own).
    package static let proposal = Groups(rawValue: 4)
    /// Also a member of a span.
    package static let span = Groups(rawValue: 8)
  }

  /// The JSON key (`lineLimit`).
  package let key: String
  /// Other JSON keys for the same field (`fonts` for `font`).
  package let aliases: [String]
  /// The command-line option (`--line-limit`).
  package let option: String
  /// The option's value in `--help` (`<n>`); empty for a flag.
  package let valueName: String
  package let syntax: Syntax
  package let group: Groups
  /// The option's help, lines of at most 56 characters.
  package let help: String
  /// Reads a JSON value into the settings, checking it.
  package let read: @Sendable (JSONValue, inout StyleSettings) throws(StyleError) -> Void

  init(
    _ key: String, aliases: [String] = [], option: String, _ valueName: String,
    _ syntax: Syntax, _ group: Groups, help: String,
    read: @escaping @Sendable (JSONValue, inout StyleSettings) throws(StyleError) -> Void
  ) {
    self.key = key
    self.aliases = aliases
    self.option = option
    self.valueName = valueName
    self.syntax = syntax
    self.group = group
    self.help = help
    let name = key
    self.read = { (value, settings) throws(StyleError) in
      do throws(StyleError) {
        try read(value, &settings)
      } catch {
        var error = error
        if error.key == nil { error.key = name }
        throw error
      }
    }
  }
}
