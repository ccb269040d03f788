import Caliper
import CaliperService

#if canImport(Glibc)
  import Glibc
#endif

/// The top-level command: dispatches to subcommands and turns failures into exit codes
/// (usage errors 64, other failures 1), as swift-argument-parser does.
enum CommandLineTool {
  static let version = "0.1.0"

  typealias Run = @Sendable (ParsedArguments, inout Output) throws -> Int32

  /// A subcommand: its option table and what it runs, returning its exit status.
  typealias Subcommand = (table: OptionTable, run: Run)

  /// The subcommands in `--help`'s order, by name. A command line makes only its own
  /// subcommand's table: the five tables' option declarations cost a one-string
  /// `caliper measure` 0.69 M instructions, measure's 0.35 M of them.
  static let subcommands: [(name: String, make: @Sendable () -> Subcommand)] = [
    (MeasureCommand.name, { (MeasureCommand.table, succeeding(MeasureCommand.run)) }),
    (FontsCommand.name, { (FontsCommand.table, succeeding(FontsCommand.run)) }),
    (LayoutCommand.name, { (LayoutCommand.table, { try LayoutCommand.run($0, output: &$1) }) }),
    (RenderCommand.name, { (RenderCommand.table, succeeding(RenderCommand.run)) }),
    (ServeCommand.name, { (ServeCommand.table, succeeding(ServeCommand.run)) }),
    (CheckCommand.name, { (CheckCommand.table, { try CheckCommand.run($0, output: &$1) }) }),
  ]

  /// The subcommand called `name`, if there is one.
  static func subcommand(_ name: String) -> Subcommand? {
    subcommands.first { $0.name == name }?.make()
  }

  /// A command that exits 0 unless it throws.
  static func succeeding(
    _ run: @escaping @Sendable (ParsedArguments, inout Output) throws -> Void
  ) -> Run {
    { arguments, output in
      try run(arguments, &output)
      return 0
    }
  }

  static var names: [String] { subcommands.map(\.name) }

  static var help: String {
    var text = """
      OVERVIEW: Measure text with real fonts: size, lines and line breaks at proposed widths.

      USAGE: caliper <subcommand> [options]

      SUBCOMMANDS:

      """
    for (_, make) in subcommands {
      let table = make().table
      text += "  " + NumberFormat.padded(table.command, 24, right: false)
      text += table.abstract + "\n"
    }
    text += """

      OPTIONS:
        --version               Show the version, and HarfBuzz's, FreeType's and ICU's.
        -h, --help              Show help information.

        See 'caliper help <subcommand>' or 'caliper <subcommand> --help' for details.

      """
    return text
  }

  /// `--version`: Caliper's, and the versions of the C libraries as loaded.
  static var versionText: String {
    "caliper \(version)\nHarfBuzz \(LibraryVersions.harfBuzz), FreeType \(LibraryVersions.freeType),"
      + " ICU \(LibraryVersions.icu)\n"
  }

  static func run(_ arguments: [String]) -> Int32 {
    var output = Output()
    // The subcommand whose usage line a usage error shows, once known: the line is made
    // only for an error (it is half a million instructions of string work).
    var usageCommand: String?
    do {
      let status = try dispatch(arguments, output: &output, usage: &usageCommand)
      try output.finish()
      return status
    } catch let error as UsageError {
      try? output.finish()
      Output.writeError(usageError(error, command: usageCommand.flatMap { subcommand($0)?.table }))
      return 64
    } catch {
      try? output.finish()
      Output.writeError("Error: \(error)\n")
      return 1
    }
  }

  /// A usage error in three lines: the error, the command's one-line usage and where to
  /// read the rest (the whole usage is `caliper help <command>`'s).
  static func usageError(_ error: UsageError, command table: OptionTable?) -> String {
    let usage = table?.shortUsage ?? "caliper <subcommand> [options]"
    let help = table.map { "caliper help \($0.command)" } ?? "caliper --help"
    return "Error: \(error.message)\nUsage: \(usage)\nSee '\(help)'.\n"
  }

  /// Runs the command line `arguments`; `usage` is set to the subcommand's name once known.
  static func dispatch(_ arguments: [String], output: inout Output, usage: inout String?)
    throws -> Int32
  {
    guard let first = arguments.first else {
      throw UsageError("missing subcommand (expected \(list(names)))")
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      output.write(help)
      return 0
    case "--version":
      output.write(versionText)
      return 0
    case "--generate-completion-script":  // hidden: for Scripts/install
      guard let shell = rest.first else {
        throw UsageError("--generate-completion-script expects bash, zsh or fish")
      }
      output.write(try Completions.script(for: shell))
      return 0
    case "--generate-manual":  // hidden: `caliper [<command>]`'s man page, for Scripts/install
      output.write(try Manual.page(rest.first))
      return 0
    case "help":
      guard let name = rest.first else {
        output.write(help)
        return 0
      }
      guard let (table, _) = subcommand(name) else {
        throw UsageError(unknown(name))
      }
      output.write(table.help)
      return 0
    default:
      guard let (table, run) = subcommand(first) else {
        throw UsageError(unknown(first))
      }
      usage = table.command
      let parsed = try table.parse(rest)
      if parsed.has("--help") {
        output.write(table.help)
        return 0
      }
      if parsed.has("--version") {
        output.write(versionText)
        return 0
      }
      return try run(parsed, &output)
    }
  }

  static func unknown(_ name: String) -> String {
    "unknown subcommand '\(name)'"
      + (Suggestion.nearest(name, in: names).map { " (did you mean '\($0)'?)" } ?? "")
      + " (expected \(list(names)))"
  }

  static func list(_ names: [String]) -> String {
    names.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(names.last!)'"
  }
}

/// A command line that does not follow the usage, or a value out of range: exit code 64
/// (EX_USAGE).
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// A failure that is not a usage error: exit code 1.
struct RuntimeError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
