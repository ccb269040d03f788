import CaliperTestSupport
import Foundation
import Testing

/// The documentation's package examples work as pasted: `package:` names what SwiftPM
/// names the dependency, versions exist, and whole programs print errors instead of trapping.
@Suite struct PackageUsageTests {
  typealias Block = DocumentationExamples.Block

  /// The version `caliper --version` prints, the one source of the version string.
  static func version() throws -> String {
    let run = try CaliperTool.run(["--version"])
    let first = try #require(run.stdout.split(separator: "\n").first)
    return String(try #require(first.split(separator: " ").last))
  }

  /// SwiftPM's identity of a dependency: the last component of its path or URL, without
  /// `.git`, in lower case.
  static func identity(_ location: String) -> String {
    var last = location.split(separator: "/").last.map(String.init) ?? location
    if last.hasSuffix(".git") { last.removeLast(4) }
    return last.lowercased()
  }

  static func matches(_ pattern: String, in text: String) -> [[String]] {
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).map { match in
      (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
    }
  }

  /// Manifest lines: every `package:` of a `.product` is the identity of a `.package` in the
  /// same block, and every `from:` version is `--version`'s (the tag a release gets).
  @Test func manifestExamplesNameTheirDependencies() throws {
    let version = try Self.version()
    var manifests = 0
    for block in DocumentationExamples.blocks {
      let text = block.lines.joined(separator: "\n")
      let locations = Self.matches(#"\.package\((?:url|path): "([^"]+)""#, in: text).map {
        Self.identity($0[0])
      }
      let names = Self.matches(#"\.product\(name: "[^"]+", package: "([^"]+)""#, in: text)
      guard !locations.isEmpty || !names.isEmpty else { continue }
      manifests += 1
      for name in names {
        #expect(locations.contains(name[0]), "\(block.testDescription): package '\(name[0])'")
      }
      for from in Self.matches(#"from: "([^"]+)""#, in: text) {
        #expect(from[0] == version, "\(block.testDescription): from \(from[0]), not \(version)")
      }
    }
    #expect(manifests >= 2)
  }

  /// A release tag on the commit under test names the version `--version` prints.
  @Test func aVersionTagAgreesWithVersion() throws {
    let version = try Self.version()
    guard FileManager.default.fileExists(atPath: TestFonts.root + "/.git"),
      FileManager.default.fileExists(atPath: "/usr/bin/git")
    else { return }
    let tags = try CaliperTool.run(
      ["-C", TestFonts.root, "tag", "--points-at", "HEAD"],
      executable: URL(fileURLWithPath: "/usr/bin/git"))
    let versions = tags.stdout.split(separator: "\n").map {
      $0.hasPrefix("v") ? $0.dropFirst() : $0
    }
    .filter { $0.first?.isNumber == true }
    for tag in versions { #expect(tag == version, "tag \(tag), --version \(version)") }
  }

  /// The first programs a newcomer pastes (the README's and the getting-started articles'
  /// blocks with an `import`) do not `try` at their top level, where an error traps with a
  /// backtrace instead of printing its message. (The reference articles' examples are parts
  /// of a program and show the calls alone.)
  @Test func programsCatchTheirErrors() {
    let firstHour = [
      "README.md", "Sources/Caliper/Caliper.docc/GettingStarted.md",
      "Sources/Caliper/Caliper.docc/UsingCaliperInAPackage.md",
    ]
    for block in DocumentationExamples.blocks
    where block.language == "swift" && firstHour.contains(block.file) {
      guard block.lines.contains(where: { $0.hasPrefix("import ") }) else { continue }
      let topLevel = block.lines.filter { $0.first?.isWhitespace == false && $0.contains("try ") }
      #expect(topLevel.isEmpty, "\(block.testDescription): \(topLevel)")
    }
  }
}
