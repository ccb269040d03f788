import Caliper

#if canImport(Glibc)
  import Glibc
#endif

/// The top-level command: dispatches to subcommands and turns failures into exit codes
/// (usage errors 64, other failures 1), as swift-argument-parser does.
enum CommandLineTool {
  static let version = "0.1.0"

  static let help = """
    OVERVIEW: Measure text with real fonts: size, lines and line breaks at proposed widths.

    USAGE: caliper <subcommand> [options]

    SUBCOMMANDS:
      measure                 Measure text at one or more proposed widths.
      fonts                   Show the font cascade, and which face covers each run of a text.
      layout                  Lay out a JSON layout description; report frames, loops, audit.
      render                  Draw text as Caliper measures it, with overlays, to PNG.
      serve                   Measure JSON requests from stdin, one per line, as a service.

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

      See 'caliper help <subcommand>' or 'caliper <subcommand> --help' for details.
    """

  static let subcommands = "'measure', 'layout', 'render', 'fonts' or 'serve'"

  /// Runs the tool; `invalidUTF8` counts, for each argument that had them, the invalid
  /// UTF-8 sequences replaced by U+FFFD (reported for a text as `lossy.invalidUTF8`).
  static func run(_ arguments: [String], invalidUTF8: [String: Int] = [:]) -> Int32 {
    var output = Output()
    defer { output.flush() }
    do {
      guard let first = arguments.first else {
        throw UsageError("missing subcommand (expected \(subcommands))")
      }
      let rest = Array(arguments.dropFirst())
      switch first {
      case "measure": try MeasureCommand.run(rest, output: &output, invalidUTF8: invalidUTF8)
      case "fonts": try FontsCommand.run(rest, output: &output)
      case "layout": return try LayoutCommand.run(rest, output: &output)
      case "render": try RenderCommand.run(rest, output: &output)
      case "serve": try ServeCommand.run(rest, output: &output)
      case "-h", "--help": output.write(help + "\n")
      case "help":
        switch rest.first {
        case "measure": output.write(MeasureCommand.help + "\n")
        case "fonts": output.write(FontsCommand.help + "\n")
        case "layout": output.write(LayoutCommand.help + "\n")
        case "render": output.write(RenderCommand.help + "\n")
        case "serve": output.write(ServeCommand.help + "\n")
        default: output.write(help + "\n")
        }
      case "--version": output.write(version + "\n")
      default:
        throw UsageError("unknown subcommand '\(first)' (expected \(subcommands))")
      }
      return 0
    } catch let error as UsageError {
      output.flush()
      Output.writeError(
        "Error: \(error.message)\nUsage: caliper <subcommand> [options]; see 'caliper --help'.\n")
      return 64
    } catch {
      output.flush()
      Output.writeError("Error: \(error)\n")
      return 1
    }
  }
}

/// A command line that does not follow the usage: exit code 64 (EX_USAGE).
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// A failure that is not a usage error: exit code 1.
struct RuntimeError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
