import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// The hostile-font cases with the library's default cache sizes (every cache on,
/// prepared texts included), as a service runs, and its files checked on every lookup: a
/// cached result must never stand in for a font file that went bad, and a bad font must be
/// refused as with the caches off. (With the default `fileCheckInterval`, no later than
/// that interval after the change: `FileCheckTests`.)
@Suite struct HostileFontCacheTests {
  static func library() throws -> FontLibrary {
    try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(fileCheckInterval: .zero))
  }

  /// Every bad font of `HostileFontTests` is refused with its reason, each twice (the
  /// second time after the refusal could have been cached), by one library with default
  /// caches that has also measured good text in between.
  @Test func badFontsAreRefusedWithDefaultCaches() throws {
    let fonts = try Self.library()
    #expect(CacheLimits().preparedBytes > 0)
    let folder = try HostileFontTests.temporaryFolder()
    defer { TemporaryFiles.remove(folder) }
    for (number, row) in HostileFontTests.cases.enumerated()
    where !row.reason.isEmpty && row.bytes != nil && !row.directory {
      let path = folder + "/font-\(number).ttf"
      try Data(row.bytes!).write(to: URL(fileURLWithPath: path))
      let style = TextStyle(size: 16, fonts: [.face(path: path, index: row.index)])
      for _ in 0..<2 {
        do {
          _ = try fonts.prepare("Blue", style: style)
          Issue.record("\(row.name): opened")
        } catch {
          for word in row.reason { #expect(error.description.contains(word), "\(error)") }
        }
        #expect(try fonts.prepare("Blue tile").idealWidth > 0)
      }
    }
  }

  /// A font truncated after it was measured, with the prepared-text cache on: the same
  /// text and style again must not come back from the cache as if nothing happened. Put
  /// back, it measures as before.
  @Test func fontTruncatedAfterCachingIsRefused() throws {
    let fonts = try Self.library()
    let folder = try HostileFontTests.temporaryFolder()
    defer { TemporaryFiles.remove(folder) }
    let path = folder + "/font.ttf"
    try Data(HostileFontTests.regular).write(to: URL(fileURLWithPath: path))
    let style = TextStyle(size: 16, fonts: [.file(path)])
    let before = try fonts.prepare("Blue tile", style: style).idealWidth
    #expect(try fonts.prepare("Blue tile", style: style).idealWidth == before)
    let handle = try FileHandle(forWritingAtPath: path).unwrap()
    try handle.truncate(atOffset: UInt64(HostileFontTests.regular.count / 2))
    try handle.close()
    #expect(throws: CaliperError.self) { try fonts.prepare("Blue tile", style: style) }
    try Data(HostileFontTests.regular).write(to: URL(fileURLWithPath: path))
    #expect(try fonts.prepare("Blue tile", style: style).idealWidth == before)
  }
}
