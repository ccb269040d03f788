import Foundation

/// The repository's check scripts (`Scripts/check-stages`, `Scripts/check-api`), run over a
/// copy of the repository as CI runs them over the checkout.
public enum RepositoryScript {
  /// Runs `Scripts/<name>` with `root` as its argument; returns its exit code and stdout
  /// (stderr is dropped: the scripts print their findings on stdout).
  public static func run(_ name: String, root: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestFonts.root + "/Scripts/" + name)
    process.arguments = [root]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
