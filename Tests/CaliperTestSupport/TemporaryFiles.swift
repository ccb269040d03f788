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

  /// Writes `contents` to a file called exactly `name` in a fresh folder and returns the file's
  /// path, for a command that reads the name (the locale of `messages.de.xlf`). Remove it with
  /// `removeFolder(of:)`: the folder, not only the file.
  public static func write(_ contents: String, namedExactly name: String) throws -> String {
    try write(Array(contents.utf8), namedExactly: name)
  }

  /// Writes `bytes` to a file called exactly `name` in a fresh folder and returns the file's
  /// path; remove it with `removeFolder(of:)`.
  public static func write(_ bytes: [UInt8], namedExactly name: String) throws -> String {
    let file = try directory("folder") + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// Removes a file or folder made here, ignoring one already gone.
  public static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Removes the fresh folder that `write(_:namedExactly:)` made around `file`.
  public static func removeFolder(of file: String) {
    remove((file as NSString).deletingLastPathComponent)
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
