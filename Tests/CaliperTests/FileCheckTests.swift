import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// How soon a font rewritten on disk is read again (`CacheLimits.fileCheckInterval`): at
/// once with a zero interval; with one of 50 ms the old face answers (face lookups and
/// prepared texts from the cache) until the interval has passed since the last check, and
/// the new one after; a file deleted answers with `unreadableFontFile` once it is checked.
///
/// The widths come from `hb-shape` on the two files ("Wide words", 1000 units per em, 16 pt):
/// - Fonts/NotoSans-Regular.ttf: 930 + 258 + 615 + 564 + 260 + 786 + 605 + 393 + 615 + 479
///   = 5505 units → 88.08 pt;
/// - Fonts/NotoSansMono-Regular.ttf: 10 × 600 = 6000 units → 96 pt.
@Suite struct FileCheckTests {
  static let text = "Wide words"
  static let sans = 5505 * 16 / 1000.0
  static let mono = 6000 * 16 / 1000.0
  static let interval = Duration.milliseconds(50)

  static func copy(_ file: String, to path: String) throws {
    try Data(contentsOf: URL(fileURLWithPath: TestFonts.directory + "/" + file))
      .write(to: URL(fileURLWithPath: path))
  }

  static func library(_ interval: Duration) throws -> FontLibrary {
    try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(fileCheckInterval: interval))
  }

  static func width(_ fonts: FontLibrary, _ path: String) throws -> Double {
    try fonts.prepare(text, style: TextStyle(size: 16, fonts: [.file(path)])).idealWidth
  }

  /// Waits until `FileCheck.now()` (the library's clock) is `interval` past `time`.
  static func wait(pastInterval time: UInt64) {
    let nanoseconds = FileCheck.nanoseconds(interval)
    while FileCheck.now() < time + nanoseconds {
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  @Test func zeroIntervalReadsARewrittenFontAtOnce() throws {
    let path = TemporaryFiles.path("check-zero.ttf")
    defer { TemporaryFiles.remove(path) }
    try Self.copy("NotoSans-Regular.ttf", to: path)
    let fonts = try Self.library(.zero)
    #expect(abs(try Self.width(fonts, path) - Self.sans) < 1e-9)
    #expect(try fonts.font(path: path).familyName == "Noto Sans")
    try Self.copy("NotoSansMono-Regular.ttf", to: path)
    #expect(abs(try Self.width(fonts, path) - Self.mono) < 1e-9)  // from the prepared cache
    #expect(try fonts.font(path: path).familyName == "Noto Sans Mono")
  }

  @Test func oldFaceAnswersUntilTheIntervalPasses() throws {
    let path = TemporaryFiles.path("check-interval.ttf")
    defer { TemporaryFiles.remove(path) }
    // The old face must answer only when the rewrite and the second requests came within
    // the interval of the first request's check; a machine too loaded to do that in 50 ms
    // tries again, a few times.
    for attempt in 1...5 {
      try Self.copy("NotoSans-Regular.ttf", to: path)
      let fonts = try Self.library(Self.interval)
      let start = FileCheck.now()  // the first check's time is this or later
      let before = try Self.width(fonts, path)
      try Self.copy("NotoSansMono-Regular.ttf", to: path)
      let cached = try Self.width(fonts, path)  // the prepared-text cache's entry
      let family = try fonts.font(path: path).familyName  // the face cache's
      let end = FileCheck.now()
      guard end - start < FileCheck.nanoseconds(Self.interval) else {
        if attempt == 5 { Issue.record("never within 50 ms in 5 attempts") }
        continue
      }
      #expect(abs(before - Self.sans) < 1e-9)
      #expect(abs(cached - Self.sans) < 1e-9)
      #expect(family == "Noto Sans")
      Self.wait(pastInterval: end)
      #expect(abs(try Self.width(fonts, path) - Self.mono) < 1e-9)
      #expect(try fonts.font(path: path).familyName == "Noto Sans Mono")
      break
    }
  }

  /// After the interval, the face cache and the prepared-text cache give the documented
  /// error for a deleted file (`FontLibrary.font(path:)`: `unreadableFontFile` when the file
  /// is gone), naming the file.
  @Test func deletedFontAfterTheIntervalIsUnreadable() throws {
    let path = TemporaryFiles.path("check-deleted.ttf")
    defer { TemporaryFiles.remove(path) }
    try Self.copy("NotoSans-Regular.ttf", to: path)
    let fonts = try Self.library(Self.interval)
    #expect(abs(try Self.width(fonts, path) - Self.sans) < 1e-9)
    try FileManager.default.removeItem(atPath: path)
    Self.wait(pastInterval: FileCheck.now())
    #expect { try Self.width(fonts, path) } throws: { Self.isGone($0, path) }
    #expect { try fonts.font(path: path) } throws: { Self.isGone($0, path) }
  }

  /// A face of the bundled cascade rewritten on disk is read again by the next preparation
  /// that opens it (`FontLibrary.bundledFont`: the cached face, unless its file changed).
  /// Without the prepared-text cache, so that each preparation opens its faces; the folder
  /// links every bundled file but the first, a copy rewritten with the mono face.
  @Test func rewrittenBundledFaceIsReadAgain() throws {
    let folder = try TemporaryFiles.directory("bundled")
    defer { TemporaryFiles.remove(folder) }
    for name in try FileManager.default.contentsOfDirectory(atPath: TestFonts.directory)
    where name.hasSuffix(".ttf") && name != "NotoSans-Regular.ttf" {
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/" + name, withDestinationPath: TestFonts.directory + "/" + name)
    }
    let first = folder + "/NotoSans-Regular.ttf"
    try Self.copy("NotoSans-Regular.ttf", to: first)
    let fonts = try FontLibrary(
      fontsDirectory: folder, limits: CacheLimits(preparedBytes: 0, fileCheckInterval: .zero))
    let style = TextStyle(size: 16)
    #expect(abs(try fonts.prepare(Self.text, style: style).idealWidth - Self.sans) < 1e-9)
    try Self.copy("NotoSansMono-Regular.ttf", to: first)
    let again = try fonts.prepare(Self.text, style: style)
    #expect(abs(again.idealWidth - Self.mono) < 1e-9)
    #expect(again.faces.map(\.familyName) == ["Noto Sans Mono"])
  }

  /// Whether `error` is `unreadableFontFile` for `path` with the C library's reason for a
  /// missing file.
  static func isGone(_ error: any Error, _ path: String) -> Bool {
    guard case .unreadableFontFile(let named, let reason) = error as? CaliperError else {
      return false
    }
    return named == path && reason == String(cString: strerror(ENOENT))
  }
}
