import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A face key names a file by its path's bytes, as Linux does: two paths that Swift's
/// `String` equality calls equal (canonically equivalent: "é" precomposed and as "e" and
/// U+0301) are two files, and the face cache hashes the bytes (`FaceKey.cacheHash`), so its
/// keys must compare the bytes too, or equal keys would hash apart (`CacheKey`'s contract).
/// The files here are two bundled faces copied under such names: each key finds its own.
@Suite struct FaceKeyBytesTests {
  static let composed = "caf\u{00E9}.ttf"
  static let decomposed = "cafe\u{0301}.ttf"

  @Test func canonicallyEquivalentPathsAreTwoKeys() {
    let first = FaceKey(path: "/fonts/" + Self.composed)
    let second = FaceKey(path: "/fonts/" + Self.decomposed)
    // The premise: Swift's strings call the two paths equal, their bytes differ.
    #expect(first.path == second.path)
    #expect(Array(first.path.utf8) != Array(second.path.utf8))
    #expect(first != second)
    #expect(first == FaceKey(path: "/fonts/" + Self.composed))
    // Equal keys hash equally, and these two are not equal.
    #expect(first.cacheHash != second.cacheHash)
  }

  /// A folder holding Noto Sans under the composed name and Noto Sans Mono under the
  /// decomposed one, written through the C library so that the names keep their own bytes.
  static func twoFiles(_ name: String) throws -> String {
    let directory = try TemporaryFiles.directory(name)
    func copy(_ file: String, to name: String) throws {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFonts.directory + "/" + file))
      let path = directory + "/" + name
      let handle = fopen(path, "wb")
      #expect(handle != nil)
      _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, handle) }
      fclose(handle)
    }
    try copy("NotoSans-Regular.ttf", to: composed)
    try copy("NotoSansMono-Regular.ttf", to: decomposed)
    return directory
  }

  /// The prepared-text cache too: a style naming one file and a style naming the other
  /// are two keys (before, the second preparation was a hit answering from the first file).
  /// Widths from the fonts' tables (`hb-shape`): "x" at 10 pt, Noto Sans 529 of 1000 units
  /// (5.29 pt), Noto Sans Mono 600 (6 pt).
  @Test func canonicallyEquivalentFontPathsAreTwoPreparedKeys() throws {
    let directory = try Self.twoFiles("prepared-key")
    defer { TemporaryFiles.remove(directory) }
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    for _ in 0..<2 {
      let regular = try library.prepare(
        "x", style: TextStyle(size: 10, fonts: [.file(directory + "/" + Self.composed)]))
      let mono = try library.prepare(
        "x", style: TextStyle(size: 10, fonts: [.file(directory + "/" + Self.decomposed)]))
      #expect(abs(regular.idealWidth - 5.29) < 1e-9)
      #expect(abs(mono.idealWidth - 6) < 1e-9)
    }
  }

  @Test func eachFileOpensItsOwnFace() throws {
    let directory = try Self.twoFiles("face-key")
    defer { TemporaryFiles.remove(directory) }
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    for _ in 0..<2 {
      let regular = try library.font(path: directory + "/" + Self.composed)
      let mono = try library.font(path: directory + "/" + Self.decomposed)
      #expect(regular.familyName == "Noto Sans")
      #expect(mono.familyName == "Noto Sans Mono")
    }
  }
}
