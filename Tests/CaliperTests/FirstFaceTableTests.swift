import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The bundled cascade's first faces kept by the library across preparations
/// (`FirstFaceTable`): a preparation that finds them there opens the faces a walk would
/// have opened, and a bundled face rewritten on disk is chosen by its new cmap from the
/// preparation that reloads it on.
///
/// Widths from the fonts' own tables (`hb-shape` advances, `head.unitsPerEm`), "日本あ" at
/// 16 pt: Droid Sans Fallback 3 × 256 of 256 units → 48 pt; NanumGothic 3 × 940 of 1000
/// units → 45.12 pt. (None of the faces before Droid Sans Fallback in the bundled cascade
/// has the three: `hb-shape` gives `.notdef`.)
@Suite struct FirstFaceTableTests {
  static let text = "日本あ"
  static let fallback = 3 * 256 / 256.0 * 16
  static let nanum = 3 * 940 / 1000.0 * 16

  /// A fonts folder of links to the bundled files, so that one can be pointed elsewhere.
  static func linkedFonts() throws -> String {
    let folder = try TemporaryFiles.directory("linked-fonts")
    for name in try FileManager.default.contentsOfDirectory(atPath: TestFonts.directory) {
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/" + name, withDestinationPath: TestFonts.directory + "/" + name)
    }
    return folder
  }

  /// Prepares the text twice in a library over `folder` with `limits` (Droid Sans
  /// Fallback's widths), then points the Thai face, before Droid Sans Fallback in the
  /// cascade, at NanumGothic, which has the three characters, and prepares it twice more:
  /// the preparation that reads the new file, and the next, must measure NanumGothic.
  static func swapThaiForNanum(in folder: String, limits: CacheLimits) throws {
    let fonts = try FontLibrary(fontsDirectory: folder, limits: limits)
    let style = TextStyle(size: 16)
    #expect(abs(try fonts.prepare(text, style: style).idealWidth - fallback) < 1e-9)
    #expect(abs(try fonts.prepare(text, style: style).idealWidth - fallback) < 1e-9)
    let thai = folder + "/NotoSansThai-Regular.ttf"
    try FileManager.default.removeItem(atPath: thai)
    try FileManager.default.createSymbolicLink(
      atPath: thai, withDestinationPath: TestFonts.directory + "/NanumGothic.ttf")
    #expect(abs(try fonts.prepare(text, style: style).idealWidth - nanum) < 1e-9)
    #expect(abs(try fonts.prepare(text, style: style).idealWidth - nanum) < 1e-9)
  }

  /// A cached face found changed (the generation moves).
  @Test func reloadedBundledFaceIsChosenByItsNewCmap() throws {
    let folder = try Self.linkedFonts()
    defer { TemporaryFiles.remove(folder) }
    try Self.swapThaiForNanum(
      in: folder, limits: CacheLimits(preparedBytes: 0, fileCheckInterval: .zero))
    let fresh = try FontLibrary(fontsDirectory: folder, limits: CacheLimits(preparedBytes: 0))
    let style = TextStyle(size: 16)
    #expect(abs(try fresh.prepare(Self.text, style: style).idealWidth - Self.nanum) < 1e-9)
  }

  /// A face read again without being found changed (the face cache off, as after an
  /// eviction, so that every lookup reads the file; the generation does not move) has its
  /// new cmap too. (Before: the table answered Droid Sans Fallback, 48 pt.)
  @Test func faceReadAgainAfterEvictionIsChosenByItsNewCmap() throws {
    let folder = try Self.linkedFonts()
    defer { TemporaryFiles.remove(folder) }
    try Self.swapThaiForNanum(in: folder, limits: CacheLimits(faceBytes: 0, preparedBytes: 0))
  }

  /// A preparation whose scalars' first faces an earlier one found opens the same faces,
  /// and gives the same sums, as one in a library that never saw them.
  @Test func foundFacesOpenWhatAWalkOpens() throws {
    let warm = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    _ = try warm.prepare("あ本日 and 😀")
    for text in [Self.text, "日本 and 😀", "x日"] {
      let fresh = try FontLibrary(
        fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
      let expected = try fresh.prepare(text)
      let found = try warm.prepare(text)
      #expect(found.cascadeFonts.map { $0 != nil } == expected.cascadeFonts.map { $0 != nil })
      #expect(found.prefix == expected.prefix)
    }
  }
}
