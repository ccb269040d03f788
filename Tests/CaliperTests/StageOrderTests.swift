import CaliperTestSupport
import Foundation
import Testing

/// `Scripts/check-stages`, the CI check that each stage of the core library uses only what it
/// and earlier stages declare (the order is the Architecture article's table).
@Suite struct StageOrderTests {
  /// Runs the script over `root` and returns (exit code, stdout).
  private func checkStages(_ root: String) throws -> (Int32, String) {
    try RepositoryScript.run("check-stages", root: root)
  }

  /// A copy of Sources/Caliper (with the article that orders its folders) to plant edges in.
  private func copyOfLibrary() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/Sources", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: TestFonts.root + "/Sources/Caliper", toPath: folder.path + "/Sources/Caliper")
    return folder
  }

  @Test func theLibraryHasNoBackEdge() throws {
    let (status, edges) = try checkStages(TestFonts.root)
    #expect(edges == "")
    #expect(status == 0)
  }

  /// Style/ is before Draw/ in the article's table, so Style naming Draw's `LineRun` is a back
  /// edge, and Draw naming Style's `TextStyle` is not.
  @Test func aPlantedBackEdgeFailsAndAForwardUseDoesNot() throws {
    let copy = try copyOfLibrary()
    let (baseStatus, baseEdges) = try checkStages(copy.path)

    try "func forward(_ style: TextStyle) -> TextStyle { style }\n".write(
      toFile: copy.path + "/Sources/Caliper/Draw/Forward.swift", atomically: true,
      encoding: .utf8)
    let (forwardStatus, forwardEdges) = try checkStages(copy.path)
    #expect(forwardEdges == baseEdges)
    #expect(forwardStatus == baseStatus)

    try "// LineRun in a comment is no use.\nfunc planted(_ run: LineRun) -> Int { 0 }\n".write(
      toFile: copy.path + "/Sources/Caliper/Style/Planted.swift", atomically: true,
      encoding: .utf8)
    let (status, edges) = try checkStages(copy.path)
    #expect(status == 1)
    #expect(
      edges.split(separator: "\n").filter { !baseEdges.contains($0) }
        == ["Sources/Caliper/Style/Planted.swift:2: Style/ uses LineRun, declared only in Draw/"])
  }

  /// A deliberate back edge the article lists but the code no longer has fails too, so that
  /// the list only shrinks.
  @Test func aListedBackEdgeThatIsGoneFails() throws {
    let copy = try copyOfLibrary()
    let article = copy.path + "/Sources/Caliper/Caliper.docc/Architecture.md"
    let text = try String(contentsOfFile: article, encoding: .utf8)
    try (text + "\n| `Style/TextStyle.swift` | `LineRun` | planted |\n").write(
      toFile: article, atomically: true, encoding: .utf8)
    let (status, edges) = try checkStages(copy.path)
    #expect(status == 1)
    #expect(edges.contains("Sources/Caliper/Style/TextStyle.swift: no longer uses LineRun"))
  }
}
