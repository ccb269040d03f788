import Foundation

/// Paths under the temporary directory that no other test, run or process uses: tests run in
/// parallel (parameterized cases too) and must never read each other's files.
public enum TemporaryFiles {
  /// A fresh path ending in `name` (which may carry an extension); nothing is created.
  public static func path(_ name: String) -> String {
    NSTemporaryDirectory() + "caliper-test-\(UUID().uuidString)-\(name)"
  }

  /// Writes `contents` to a fresh path ending in `name` and returns the path.
  public static func write(_ contents: String, named name: String) throws -> String {
    try write(Array(contents.utf8), named: name)
  }

  /// Writes `bytes` to a fresh path ending in `name` and returns the path.
  public static func write(_ bytes: [UInt8], named name: String) throws -> String {
    let file = path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// Creates a fresh folder and returns its path.
  public static func directory(_ name: String) throws -> String {
    let folder = path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Removes a file or folder made here, ignoring one already gone.
  public static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A fresh folder under the temporary directory, removed when the value is released.
public final class TemporaryFolder {
  public let path: String

  public init() throws {
    path = try TemporaryFiles.directory("folder")
  }

  deinit { TemporaryFiles.remove(path) }
}
