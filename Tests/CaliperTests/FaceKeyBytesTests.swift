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

  @Test func eachFileOpensItsOwnFace() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("caliper-face-key-\(getpid())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Written through the C library so that the names keep their own bytes.
    func copy(_ file: String, to name: String) throws {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFonts.directory + "/" + file))
      let path = directory + "/" + name
      let handle = fopen(path, "wb")
      #expect(handle != nil)
      _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, handle) }
      fclose(handle)
    }
    try copy("NotoSans-Regular.ttf", to: Self.composed)
    try copy("NotoSansMono-Regular.ttf", to: Self.decomposed)
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    for _ in 0..<2 {
      let regular = try library.font(path: directory + "/" + Self.composed)
      let mono = try library.font(path: directory + "/" + Self.decomposed)
      #expect(regular.familyName == "Noto Sans")
      #expect(mono.familyName == "Noto Sans Mono")
    }
  }
}
