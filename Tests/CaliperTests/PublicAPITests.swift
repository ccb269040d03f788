import CaliperTestSupport
import Foundation
import Testing

/// `Scripts/check-api`, the CI check that every public type of the libraries is listed in a
/// topic group of its DocC catalog, with a summary line that says why it is there.
@Suite struct PublicAPITests {
  /// Runs the script over `root` and returns (exit code, stdout).
  private func checkAPI(_ root: String) throws -> (Int32, String) {
    try RepositoryScript.run("check-api", root: root)
  }

  @Test func everyPublicTypeIsInATopicGroup() throws {
    let (status, problems) = try checkAPI(TestFonts.root)
    #expect(problems == "")
    #expect(status == 0)
  }

  /// A public type added to a copy of CaliperRender without a topic group fails; the same
  /// type listed in the catalog's topics passes, and a `package` one is not checked.
  @Test func aPlantedPublicTypeFailsUntilItIsListed() throws {
    let copy = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: copy.path + "/Sources", withIntermediateDirectories: true)
    let module = copy.path + "/Sources/CaliperRender"
    try FileManager.default.copyItem(
      atPath: TestFonts.root + "/Sources/CaliperRender", toPath: module)
    #expect(try checkAPI(copy.path).0 == 0)

    try "package struct Helper {}\n".write(
      toFile: module + "/Helper.swift", atomically: true, encoding: .utf8)
    #expect(try checkAPI(copy.path).0 == 0)

    try "/// A planted type.\npublic struct Planted {}\n".write(
      toFile: module + "/Planted.swift", atomically: true, encoding: .utf8)
    let (status, problems) = try checkAPI(copy.path)
    #expect(status == 1)
    #expect(
      problems
        == "Sources/CaliperRender/Planted.swift:2: public Planted is in no topic group of"
        + " CaliperRender.docc\n")

    let article = module + "/CaliperRender.docc/CaliperRender.md"
    let listed = try String(contentsOfFile: article, encoding: .utf8) + "- ``Planted``\n"
    try listed.write(toFile: article, atomically: true, encoding: .utf8)
    #expect(try checkAPI(copy.path).0 == 0)
  }
}
