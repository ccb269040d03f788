import CaliperTestSupport
import Foundation
import Testing

/// The service examples of the README and of "Running Caliper as a service" run against a
/// live `caliper serve --http` (started on a free port by the test, with `CALIPER_FONTS=Fonts`
/// as the README says; the docs' `127.0.0.1:8080` is replaced by its address), and print
/// exactly the output block that follows them.
@Suite(.serialized) struct DocumentationServiceTests {
  static let article = "Sources/Caliper/Caliper.docc/RunningAsAService.md"

  /// The fenced blocks of a document: language and text, in order.
  static func blocks(_ file: String) throws -> [(language: String, text: String)] {
    let text = try String(contentsOfFile: TestFonts.root + "/" + file, encoding: .utf8)
    var blocks: [(String, String)] = []
    var open: (String, [Substring])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let current = open {
          blocks.append((current.0, current.1.joined(separator: "\n")))
          open = nil
        } else {
          open = (String(line.dropFirst(3)), [])
        }
      } else if open != nil {
        open!.1.append(line)
      }
    }
    return blocks
  }

  /// The block of `language` whose text contains `marker`, and the block after it.
  static func example(_ file: String, _ language: String, containing marker: String) throws
    -> (code: String, output: String)
  {
    let all = try blocks(file)
    let index = try #require(
      all.firstIndex { $0.language == language && $0.text.contains(marker) },
      "no \(language) block with \(marker) in \(file)")
    let output = try #require(all.dropFirst(index + 1).first, "no output block after it")
    return (all[index].text, output.text)
  }

  static func service() throws -> ServiceProcess {
    try ServiceProcess(environment: ["CALIPER_FONTS": "Fonts"], directory: TestFonts.root)
  }

  @Test func readmeStartsItWithOneCommandAndCallsItWithOneCurlLine() throws {
    let all = try Self.blocks("README.md")
    #expect(all.contains { $0.language == "sh" && $0.text == "caliper serve --http 8080" })
    let (code, output) = try Self.example("README.md", "sh", containing: "curl ")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
      print("DocumentationServiceTests: SKIPPED the README's curl line, curl is not installed")
      return
    }
    let service = try Self.service()
    defer { service.stop() }
    let line = code.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(service.port)")
    let run = try #require(try runClient("sh", ["-c", line], timeout: 60))
    #expect(run.status == 0)
    #expect(run.stdout == output + "\n")
    #expect(service.stop().status == 0)
  }

  @Test func pythonClientPrintsWhatTheArticleShows() throws {
    let (code, output) = try Self.example(Self.article, "python", containing: "urllib.request")
    #expect(code.split(separator: "\n").count <= 12)
    let service = try Self.service()
    defer { service.stop() }
    let program = code.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(service.port)")
    let run = try #require(
      try runClient("python3", ["-c", program], timeout: 60), "python3 is not installed")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == output + "\n")
    #expect(service.stop().status == 0)
  }

  @Test func nodeClientPrintsWhatTheArticleShows() throws {
    let (code, output) = try Self.example(Self.article, "javascript", containing: "fetch(")
    let service = try Self.service()
    defer { service.stop() }
    let program = code.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(service.port)")
    guard let run = try runClient("node", ["--input-type=module", "-e", program], timeout: 60)
    else {
      print("DocumentationServiceTests: SKIPPED the Node client, node is not installed")
      return
    }
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == output + "\n")
    #expect(service.stop().status == 0)
  }
}
