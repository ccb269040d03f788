/// The man pages: `caliper(1)` and one `caliper-<command>(1)` per subcommand, generated
/// from the option tables (`caliper --generate-manual [<command>]`), so that they list
/// exactly the options `--help` lists. `Scripts/install` installs them.
enum Manual {
  /// The page of `command` (nil: the tool's own page), as troff (`man -l` reads it);
  /// `--list` gives the names of every page, one a line (`caliper`, `caliper-measure`, …).
  static func page(_ command: String?) throws -> String {
    guard let command else { return toolPage }
    if command == "--list" {
      return (["caliper"] + CommandLineTool.names.map { "caliper-" + $0 }).joined(separator: "\n")
        + "\n"
    }
    guard let (table, _) = CommandLineTool.subcommand(command) else {
      throw UsageError(CommandLineTool.unknown(command))
    }
    var text = header("caliper-\(command)")
    text += ".SH NAME\ncaliper\\-\(command) \\- \(escape(table.abstract))\n"
    let usage = table.usage.split(separator: "\n").map { $0.drop { $0 == " " } }
    text += ".SH SYNOPSIS\n.nf\n\(escape(usage.joined(separator: "\n    ")))\n.fi\n"
    text += ".SH DESCRIPTION\n\(escape(table.overview))\n"
    if !table.argumentHelp.isEmpty {
      text += ".SH ARGUMENTS\n"
      for (name, help) in table.argumentHelp {
        text += ".TP\n\\fB\(escape(name))\\fR\n\(paragraph(help))\n"
      }
    }
    text += ".SH OPTIONS\n"
    for option in table.allOptions {
      let names = option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
      let value = option.isFlag ? "" : " \\fI\(escape(option.valueName))\\fR"
      text += ".TP\n\(names)\(value)\n\(paragraph(option.help))\n"
    }
    if !table.footer.isEmpty { text += ".SH NOTES\n.nf\n\(escape(table.footer))\n.fi\n" }
    text += exitStatus
    text += ".SH SEE ALSO\n\\fBcaliper\\fR(1)\n"
    return text
  }

  /// `caliper(1)`: the subcommands, the common options, exit status.
  static var toolPage: String {
    var text = header("caliper")
    text += ".SH NAME\ncaliper \\- measure text with real fonts\n"
    text += ".SH SYNOPSIS\n\\fBcaliper\\fR \\fI<subcommand>\\fR [options]\n"
    text += ".SH DESCRIPTION\n"
    text += "Measure text with real fonts: size, lines and line breaks at proposed widths.\n"
    text += ".SH COMMANDS\n"
    for name in CommandLineTool.names {
      guard let (table, _) = CommandLineTool.subcommand(name) else { continue }
      text +=
        ".TP\n\\fB\(escape(name))\\fR\n\(escape(table.abstract)) See \\fBcaliper\\-\(name)\\fR(1).\n"
    }
    text += ".SH OPTIONS\n"
    for option in OptionTable.common {
      text += ".TP\n\(option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", "))\n"
      text += paragraph(option.help) + "\n"
    }
    text += exitStatus
    text += ".SH SEE ALSO\n"
    text +=
      CommandLineTool.names.map { "\\fBcaliper\\-\($0)\\fR(1)" }.joined(separator: ", ") + "\n"
    return text
  }

  static func header(_ name: String) -> String {
    ".TH \(name.uppercased()) 1 \"\" \"caliper \(CommandLineTool.version)\" \"User Commands\"\n"
  }

  static let exitStatus = """
    .SH EXIT STATUS
    0 success; 1 a runtime failure (a font, a file, I/O); 2 a geometry feedback loop
    (layout); 3 audit findings (layout \\-\\-audit); 64 a usage error.

    """

  /// Help text as one filled paragraph (its line breaks were for an 80-column terminal).
  static func paragraph(_ help: String) -> String {
    escape(help.split(separator: "\n").joined(separator: " "))
  }

  /// Text as troff shows it literally: backslashes and hyphens escaped, no line starting
  /// with a control character.
  static func escape(_ text: String) -> String {
    text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }
      .joined(separator: "\n")
  }
}

extension String {
  /// The string with every `target` replaced (FoundationEssentials-free).
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
