import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A library has one `Font` a face, however many threads open it at once. Fonts compare by
/// identity (a truncated line's `ellipsisFont`, the shape cache's key), so two instances of
/// one face made a batch's measurement unequal to the same text's measured alone
/// (`TruncationBatchTests`, in a process where no earlier test had opened the face).
@Suite struct FontSharingTests {
  /// The fonts `threads` threads get from `open` on a fresh library, started together.
  static func opened(
    threads: Int, _ open: @escaping @Sendable (FontLibrary) throws -> Font
  ) throws -> [Font] {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let fonts = Locked([Font]())
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for _ in 0..<threads {
      done.enter()
      Thread {
        start.wait()
        if let font = try? open(library) { fonts.withLock { $0.append(font) } }
        done.leave()
      }.start()
    }
    for _ in 0..<threads { start.signal() }
    done.wait()
    return fonts.withLock { $0 }
  }

  /// The number of distinct instances among `fonts`.
  static func instances(_ fonts: [Font]) -> Int {
    Set(fonts.map(ObjectIdentifier.init)).count
  }

  static let regular = TestFonts.directory + "/NotoSans-Regular.ttf"
  static let inter = TestFonts.directory + "/Inter-roman.var.ttf"

  @Test func threadsOpeningOneFaceShareIt() throws {
    // Each round a fresh library, so that every thread misses: 12 rounds of 4 threads
    // gave two or three instances in 7 rounds when the last thread's font replaced the
    // first's (on two cores).
    for round in 0..<12 {
      let fonts = try Self.opened(threads: 4) { try $0.font(path: Self.regular) }
      #expect(fonts.count == 4)
      #expect(Self.instances(fonts) == 1, "round \(round)")
    }
  }

  @Test func threadsOpeningOneInstanceShareIt() throws {
    let bold = [try FontVariation(tag: "wght", value: 700)]
    for round in 0..<12 {
      let varied = try Self.opened(threads: 4) {
        try $0.font(path: Self.inter, variations: bold)
      }
      #expect(varied.count == 4)
      #expect(Self.instances(varied) == 1, "round \(round)")
      let slanted = try Self.opened(threads: 4) {
        try $0.font(key: Self.regular, variations: [], synthesis: .style, now: 0)
      }
      #expect(slanted.count == 4)
      #expect(Self.instances(slanted) == 1, "round \(round)")
    }
  }

  /// The face a file's rewrite made stale is still read again, and the threads that find
  /// it stale share the new font (the identity of the file decides what is kept).
  @Test func staleFaceIsReplacedByOneFont() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("caliper-sharing-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/face.ttf"
    try FileManager.default.copyItem(atPath: Self.regular, toPath: path)
    let library = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(fileCheckInterval: .zero))
    let before = try library.font(path: path)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(
      atPath: TestFonts.directory + "/NotoSans-Bold.ttf", toPath: path)
    let after = Locked([Font]())
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      if let font = try? library.font(path: path) { after.withLock { $0.append(font) } }
    }
    let fonts = after.withLock { $0 }
    #expect(fonts.count == 4)
    #expect(Self.instances(fonts) == 1)
    #expect(fonts.allSatisfy { $0 !== before && $0.styleName == "Bold" })
  }
}
