import CaliperTestSupport
import Foundation
import Testing

/// The README's and the DocC catalogs' examples are true: every `console` block (or any block
/// starting with `$ `) is run command by command with the built `caliper` and must print
/// exactly what it shows, and every Swift block is compiled and run, verbatim, in
/// `Snippets.swift`.
///
/// Commands run through `/bin/sh` in the checkout with `CALIPER_FONTS=Fonts` (so font paths
/// print short, as the README says) and the built `caliper` first on `PATH`; stderr is merged
/// into stdout as a terminal shows it. `Scripts/run ARGS` runs `caliper ARGS`: the script only
/// builds the release tool and execs it with the same arguments, and a build inside
/// `swift test` would wait for the test's own build lock. A comment `# exits N` after a
/// command says its exit status; without one it must exit 0. Here documents give stdin.
@Suite struct DocumentationExamples {
  /// A fenced code block of a Markdown file.
  struct Block: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let language: String
    let lines: [String]

    var testDescription: String { "\(file):\(line)" }
  }

  /// README.md and every article of the DocC catalogs, relative to the checkout.
  static let documents: [String] = {
    var files = ["README.md"]
    let sources = TestFonts.root + "/Sources"
    let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
    for module in modules.sorted() {
      let catalog = "Sources/\(module)/\(module).docc"
      let articles =
        (try? FileManager.default.contentsOfDirectory(atPath: TestFonts.root + "/" + catalog)) ?? []
      files += articles.filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
    }
    return files
  }()

  static let blocks: [Block] = documents.flatMap { file -> [Block] in
    let path = TestFonts.root + "/" + file
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var blocks: [Block] = []
    var open: (line: Int, indent: Int, language: String, lines: [String])?
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.dropFirst(indent)
      if trimmed.hasPrefix("```") {
        if let current = open {
          blocks.append(
            Block(
              file: file, line: current.line, language: current.language, lines: current.lines))
          open = nil
        } else {
          open = (index + 1, indent, String(trimmed.dropFirst(3)), [])
        }
      } else if let current = open {
        // A block inside a list item is indented by the item's indent.
        open?.lines.append(String(line.dropFirst(min(indent, current.indent))))
      }
    }
    return blocks
  }

  static let consoleBlocks = blocks.filter {
    $0.language == "console" || $0.lines.first?.hasPrefix("$ ") == true
  }
  static let swiftBlocks = blocks.filter { $0.language == "swift" }

  @Test func theDocumentsHaveExamples() {
    #expect(Self.documents.contains("README.md"))
    #expect(Self.consoleBlocks.contains { $0.file == "README.md" })
    #expect(Self.swiftBlocks.contains { $0.file == "README.md" })
  }

  /// One command of a console block, with what it prints and its exit status.
  struct Command {
    var text: String
    var output: [String] = []
    var status: Int32 = 0
  }

  /// The commands of a console block: a line ending in `\` goes on to the next, and a here
  /// document (`<<'EOF'`) takes the lines up to its end marker as the command's input.
  static func commands(_ block: Block) -> [Command] {
    var commands: [Command] = []
    var continuing = false
    var hereDocumentEnd: String?
    for line in block.lines {
      if let end = hereDocumentEnd {
        commands[commands.count - 1].text += "\n" + line
        if line == end { hereDocumentEnd = nil }
        continue
      }
      if let marker = line.range(of: "<<'") {
        hereDocumentEnd = String(line[marker.upperBound...].prefix { $0 != "'" })
      }
      if continuing {
        commands[commands.count - 1].text += "\n" + line
      } else if line.hasPrefix("$ ") {
        commands.append(Command(text: String(line.dropFirst(2))))
      } else if !commands.isEmpty {
        commands[commands.count - 1].output.append(line)
        continue
      }
      continuing = line.hasSuffix("\\")
      if let range = line.range(of: "# exits ", options: .backwards),
        let status = Int32(line[range.upperBound...])
      {
        commands[commands.count - 1].status = status
      }
    }
    return commands
  }

  @Test(arguments: consoleBlocks)
  func consoleExamplesPrintWhatTheyShow(_ block: Block) throws {
    let binaries = CaliperTool.binary.deletingLastPathComponent().path
    let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let commands = Self.commands(block)
    #expect(!commands.isEmpty, "a console block without a command")
    // The examples write where a reader would, in /tmp; the test gives each block a folder of
    // its own there instead (the same names, in the commands and in what they print), so that
    // blocks run in parallel apart and leave nothing behind.
    let scratch = try TemporaryFolder()
    let inScratch = { (text: String) in
      text.replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
    }
    for command in commands {
      var script = inScratch(command.text)
      if script.hasPrefix("Scripts/run ") { script = "caliper " + script.dropFirst(12) }
      let run = try CaliperTool.run(
        ["-c", "exec 2>&1\n" + script], environment: ["CALIPER_FONTS": "Fonts", "PATH": path],
        executable: URL(fileURLWithPath: "/bin/sh"), directory: TestFonts.root)
      let expected = inScratch(command.output.joined(separator: "\n"))
      let printed = String(run.stdout.dropLast(run.stdout.hasSuffix("\n") ? 1 : 0))
      #expect(printed == expected, "\(block.testDescription): $ \(command.text)")
      #expect(run.status == command.status, "\(block.testDescription): $ \(command.text)")
    }
  }

  /// Each Swift block appears in Snippets.swift line for line (at one indent, inside a test
  /// function), and the modules it imports are imported there.
  @Test(arguments: swiftBlocks)
  func swiftExamplesAreCompiledAndRun(_ block: Block) throws {
    let snippets = try String(
      contentsOfFile: TestFonts.root + "/Tests/CaliperDocsTests/Snippets.swift", encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let imports = block.lines.filter { $0.hasPrefix("import ") }
    for line in imports {
      #expect(snippets.contains(line), "\(block.testDescription): Snippets.swift lacks '\(line)'")
    }
    var body = block.lines.filter { !$0.hasPrefix("import ") }
    while body.first?.isEmpty == true { body.removeFirst() }
    while body.last?.isEmpty == true { body.removeLast() }
    let found = snippets.indices.contains { start in
      guard snippets[start].hasSuffix(body[0]) else { return false }
      let indent = String(snippets[start].dropLast(body[0].count))
      guard indent.allSatisfy({ $0 == " " }), start + body.count <= snippets.count else {
        return false
      }
      return body.indices.allSatisfy { offset in
        let line = snippets[start + offset]
        return body[offset].isEmpty ? line.isEmpty : line == indent + body[offset]
      }
    }
    #expect(
      found,
      "\(block.testDescription): not in Snippets.swift verbatim:\n\(body.joined(separator: "\n"))")
  }
}
