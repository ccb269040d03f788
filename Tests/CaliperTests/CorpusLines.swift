import CaliperTestSupport
import Foundation

/// The corpus texts the tests compare a fast path with ICU over, line by line: every `.txt`
/// file of the fixtures, Benchmarks/Corpus and, when this checkout has it beside it, the
/// shared corpus (`../shared/corpus`).
enum CorpusLines {
  /// The folders, in that order.
  static func folders() -> [String] {
    let root = TestFonts.root
    var folders = [TestFonts.fixtures, root + "/Benchmarks/Corpus"]
    let shared = URL(fileURLWithPath: root + "/../shared/corpus").standardized.path
    if FileManager.default.fileExists(atPath: shared) { folders.append(shared) }
    return folders
  }

  /// Each file's name with each of its lines (empty ones too where `keepingEmpty`), then,
  /// where `wholeFiles`, with the file whole (its LFs inside).
  static func lines(keepingEmpty: Bool = true, wholeFiles: Bool = true) throws -> [(
    name: String, line: Substring
  )] {
    var found: [(name: String, line: Substring)] = []
    for folder in folders() {
      for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      where name.hasSuffix(".txt") {
        let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: !keepingEmpty)
        for line in wholeFiles ? lines + [text[...]] : lines { found.append((name, line)) }
      }
    }
    return found
  }
}
