import CaliperLayout
import CaliperService

/// One command-line option: its names, its value, its help and the check of its value.
///
/// Problem: a command's options were spelled in its parser, its `--help` text, its usage
/// line and its range checks, four copies that drifted apart. Solution (as
/// swift-argument-parser's `@Option(help:)`): each option is declared once, in its
/// command's `OptionTable`, and parsing, validation, `--help`, the usage line and the
/// suggestion for a typo are all derived from that one declaration.
struct Option: Sendable {
  /// Its names, short first (`-o`, `--output`); the last is the one messages use.
  let names: [String]
  /// The value in help and usage (`<pt>`); empty for a flag.
  let valueName: String
  /// Help lines, at most 56 characters each.
  let help: String
  var repeatable = false
  /// Whether the usage line shows it without brackets.
  var required = false
  /// Checks one value (range, syntax): throws a `UsageError` saying why it is refused.
  var check: (@Sendable (String) throws -> Void)?

  var name: String { names.last! }
  var isFlag: Bool { valueName.isEmpty }

  init(
    _ names: String..., value valueName: String = "", help: String, repeatable: Bool = false,
    required: Bool = false, check: (@Sendable (String) throws -> Void)? = nil
  ) {
    self.names = names
    self.valueName = valueName
    self.help = help
    self.repeatable = repeatable
    self.required = required
    self.check = check
  }
}

/// A subcommand's declaration: what it does, its arguments and its options.
struct OptionTable: Sendable {
  let command: String
  /// One line for `caliper --help`'s list of subcommands.
  let abstract: String
  let overview: String
  /// The positional arguments in the usage line (`[<text>...]`) and their help.
  var arguments: String = ""
  var argumentHelp: [(String, String)] = []
  let options: [Option]
  /// Text after the options (exit status, formulas).
  var footer: String = ""

  /// Every option of every command: help and version.
  static let common = [
    Option("-h", "--help", help: "Show help information."),
    Option("--version", help: "Show the version, and HarfBuzz's, FreeType's and ICU's."),
  ]

  var allOptions: [Option] { options + Self.common }

  /// Old names still read for the options they were renamed to (`--png` for `--output`),
  /// never listed, suggested or completed: `StyleSchema.deprecatedOptions` and the
  /// command's own.
  var deprecatedNames: [String: String] = [:]

  /// The option a name (`--size`, `-o`, a deprecated name) means, if any.
  func option(named name: String) -> Option? {
    let name = deprecatedNames[name] ?? StyleSchema.deprecatedOptions[name] ?? name
    return allOptions.first { $0.names.contains(name) }
  }

  /// The complete usage line: every option, wrapped under the command's name.
  var usage: String {
    let lead = "caliper \(command) "
    let words =
      options.map { option in
        var word = option.names.last!
        if !option.isFlag { word += " \(option.valueName)" }
        if !option.required { word = "[\(word)]" }
        return option.repeatable ? word + "..." : word
      } + (arguments.isEmpty ? [] : [arguments])
    var lines: [String] = []
    var line = lead
    for word in words {
      if line.count + word.count > 90, line.count > lead.count {
        lines.append(String(line.dropLast()))
        line = String(repeating: " ", count: lead.count)
      }
      line += word + " "
    }
    lines.append(String(line.dropLast()))
    return lines.joined(separator: "\n       ")
  }

  /// The usage in one line, for a usage error: the required options, `[options]` and the
  /// arguments (`caliper layout [options] <file|->`).
  var shortUsage: String {
    let required = options.filter(\.required).map { "\($0.name) \($0.valueName)" }
    return
      (["caliper", command] + required + ["[options]"] + (arguments.isEmpty ? [] : [arguments]))
      .joined(separator: " ")
  }

  /// The `--help` text.
  var help: String {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
    if !argumentHelp.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in argumentHelp { text += Self.entry(name, help) }
    }
    text += "\nOPTIONS:\n"
    for option in allOptions {
      var label = option.names.joined(separator: ", ")
      if !option.isFlag { label += " \(option.valueName)" }
      text += Self.entry(label, option.help)
    }
    if !footer.isEmpty { text += "\n" + footer + "\n" }
    return text
  }

  /// "  label                   help", continuation lines under the help.
  private static func entry(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: 26)
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    var text = "  " + label
    if label.count > 22 {
      text += "\n" + indent
    } else {
      text += String(repeating: " ", count: 24 - label.count)
    }
    text += lines.joined(separator: "\n" + indent) + "\n"
    return text
  }

  /// Parses `arguments` against the table: every option known, every value checked.
  ///
  /// `--opt value` and `--opt=value` both work; `--` ends options; `-` and negative
  /// numbers are arguments.
  func parse(_ arguments: [String]) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    let end = arguments.firstIndex(of: "--") ?? arguments.count
    // Help and version win over anything else on the line.
    for argument in arguments[..<end] {
      if argument == "-h" || argument == "--help" { parsed.flags.insert("--help") }
      if argument == "--version" { parsed.flags.insert("--version") }
    }
    if !parsed.flags.isEmpty { return parsed }
    while index < end {
      let argument = arguments[index]
      index += 1
      if !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = option(named: name) else {
        if Double(argument) != nil {
          parsed.positionals.append(argument)  // a negative number as text
          continue
        }
        throw UsageError(
          "unknown option '\(name)'"
            + Suggestion.option(name, in: allOptions.flatMap(\.names)).map {
              " (did you mean '\($0)'?)"
            }.orEmpty)
      }
      if option.isFlag {
        guard inline == nil else { throw UsageError("option '\(name)' takes no value") }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard index < end else {
          throw UsageError("missing value for '\(name)' (\(option.valueName))")
        }
        value = arguments[index]
        index += 1
      }
      try option.check?(value)
      parsed.values[option.name, default: []].append(value)
    }
    parsed.positionals += arguments.dropFirst(end + 1)
    for option in options where option.required && parsed.values[option.name] == nil {
      throw UsageError("missing \(option.name) \(option.valueName)")
    }
    return parsed
  }
}

/// The options and arguments given, by each option's long name.
struct ParsedArguments {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  func last(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ flag: String) -> Bool { flags.contains(flag) }
}
