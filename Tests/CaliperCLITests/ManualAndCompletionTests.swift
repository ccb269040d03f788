import CaliperTestSupport
import Foundation
import Testing

/// The man pages and the bash, zsh and fish completions are generated from the option
/// tables, so they hold every option `caliper help <command>` lists (the tables' own
/// rendering, the independent reading here) and no deprecated spelling.
@Suite struct ManualAndCompletionTests {
  static let commands = ["measure", "fonts", "layout", "render", "serve", "check"]

  /// The option names in `caliper help <command>`'s OPTIONS section.
  static func options(of command: String) throws -> [String] {
    let help = try CLITests.caliper(["help", command]).stdout
    let section = try #require(help.components(separatedBy: "\nOPTIONS:\n").last)
    var names: [String] = []
    for line in section.split(separator: "\n") where line.hasPrefix("  -") {
      for word in line.split(separator: " ") {
        guard word.hasPrefix("-") else { break }
        names.append(String(word.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
      }
    }
    return names
  }

  @Test(arguments: commands)
  func everyOptionIsInTheManPageAndEveryCompletion(_ command: String) throws {
    let names = try Self.options(of: command)
    #expect(names.contains("--help") && names.contains("--size") || command == "serve")
    #expect(names.count > 5, "\(names)")
    let page = try CLITests.caliper(["--generate-manual", command])
    #expect(page.status == 0)
    #expect(page.stdout.hasPrefix(".TH CALIPER-\(command.uppercased()) 1 "))
    for name in names {
      // troff spells a hyphen \-.
      let troff = name.replacingOccurrences(of: "-", with: "\\-")
      #expect(page.stdout.contains("\\fB\(troff)\\fR"), "man page lacks \(name)")
    }
    for shell in ["bash", "zsh", "fish"] {
      let script = try CLITests.caliper(["--generate-completion-script", shell])
      #expect(script.status == 0)
      let lines = script.stdout.split(separator: "\n")
      for name in names {
        let found: Bool
        switch shell {
        case "bash":
          // The words offered after a dash in the command's case.
          let section = script.stdout.components(separatedBy: "\n    \(command))\n").last ?? ""
          let offered = section.components(separatedBy: "\n      ;;").first ?? ""
          let words = offered.split(separator: "\n").filter { $0.contains("-*) COMPREPLY") }
            .flatMap { $0.split(whereSeparator: { " \"".contains($0) }) }
          found = words.contains { $0 == name }
        case "zsh": found = lines.contains { $0.contains("'\(name)[") || $0.contains("'*\(name)[") }
        default:
          let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2)) " : "-s \(name.dropFirst()) "
          found = lines.contains {
            $0.contains("__fish_seen_subcommand_from \(command)'") && $0.contains(flag)
          }
        }
        #expect(found, "\(shell) completion lacks \(command) \(name)")
      }
    }
  }

  /// Renamed spellings are read but never offered.
  @Test func deprecatedNamesAreNotOffered() throws {
    for shell in ["bash", "zsh", "fish"] {
      let script = try CLITests.caliper(["--generate-completion-script", shell]).stdout
      for old in ["--png", "--feature ", "--variation ", "-l feature ", "-l png "] {
        #expect(!script.contains(old), "\(shell) offers \(old)")
      }
    }
  }

  /// The scripts parse in their shells, and the tool's page lists every command.
  @Test func scriptsParseAndTheToolPageListsTheCommands() throws {
    let bash = try CLITests.caliper(["--generate-completion-script", "bash"]).stdout
    let path = try TemporaryFiles.write(Array(bash.utf8), named: "caliper.bash")
    defer { TemporaryFiles.remove(path) }
    let check = try CaliperTool.run(
      ["-c", "source '\(path)' && complete -p caliper"],
      executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("-F _caliper caliper"))
    let page = try CLITests.caliper(["--generate-manual"]).stdout
    for command in Self.commands { #expect(page.contains("\\fBcaliper\\-\(command)\\fR(1)")) }
    let list = try CLITests.caliper(["--generate-manual", "--list"]).stdout
    #expect(
      list == (["caliper"] + Self.commands.map { "caliper-" + $0 }).joined(separator: "\n") + "\n")
    let bad = try CLITests.caliper(["--generate-completion-script", "tcsh"])
    #expect(bad.status == 64)
  }
}
