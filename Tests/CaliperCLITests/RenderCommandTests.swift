import CaliperTestSupport
import Foundation
import Testing

/// `caliper render` and `caliper layout --png`: the files they write and their errors.
///
/// A PNG's size is read from its IHDR chunk (bytes 16–23, big-endian width then height, as
/// the PNG specification lays them out), independently of libpng.
@Suite struct RenderCommandTests {
  static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(data.count > 24)
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func word(_ offset: Int) -> Int {
      data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (word(16), word(20))
  }

  static func temporary(_ name: String) -> String {
    TemporaryFiles.path(name)
  }

  /// Without overlays, margin 0 and scale 1, the image is the measured size rounded up:
  /// 242.656 × 21.792 pt (hb-shape 15166 units × 16/1000; Noto Sans ascent 1069 + descent 293
  /// units × 16/1000) gives 243 × 22 pixels; at scale 2 with the default 8 pt margin,
  /// ceil(485.312) + 32 = 518 by ceil(43.584) + 32 = 76.
  @Test func renderWritesTheMeasuredSize() throws {
    let path = Self.temporary("label.png")
    defer { TemporaryFiles.remove(path) }
    let text = "Blue tile with a longer local label"
    var run = try CLITests.caliper([
      "render", "--no-overlays", "--margin", "0", "--scale", "1", "-o", path, text,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    var size = try Self.pngSize(path)
    #expect(size == (243, 22))
    #expect(run.stdout.hasPrefix("\(path): 243 × 22 px; text 242.656 × 21.792 pt, 1 line"))
    run = try CLITests.caliper(["render", "--no-overlays", "-o", path, text])
    #expect(run.status == 0, "\(run.stderr)")
    size = try Self.pngSize(path)
    #expect(size == (518, 76))
  }

  @Test func renderMixedScriptsHasNoNotdef() throws {
    let path = Self.temporary("mixed.png")
    defer { TemporaryFiles.remove(path) }
    let run = try CLITests.caliper([
      "render", "--width", "120", "-o", path, "Label नमस्ते 你好 😀 שלום",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(", 0 .notdef"))
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func renderErrors() throws {
    var run = try CLITests.caliper(["render", "text"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("missing --output <file>"))
    run = try CLITests.caliper(["render", "-o", "/nonexistent-dir/x.png", "text"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("PNG /nonexistent-dir/x.png"))
    run = try CLITests.caliper(["render", "-o", Self.temporary("x.png"), "--scale", "0", "text"])
    #expect(run.status == 64)
    run = try CLITests.caliper(["render", "-o", Self.temporary("x.png"), "--width", "1,2", "t"])
    #expect(run.status == 64)
    run = try CLITests.caliper(["render", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("USAGE: caliper render"))
  }

  /// A loop draws one panel per pass side by side, each as wide as that pass's root: the
  /// badge's frame is 120 pt on the first pass (no state yet) and state.badgeWidth + 16 after
  /// it, so 120, 136, 152 and 168 pt (the command's own frame table says the same).
  @Test func layoutPNGDrawsEveryPassOfALoop() throws {
    let path = Self.temporary("loop.png")
    defer { TemporaryFiles.remove(path) }
    let run = try LayoutCommandTests.layout([
      LayoutCommandTests.fixtures + "/loop.json", "--max-passes", "4", "--png", path, "--scale",
      "1", "--no-labels",
    ])
    #expect(run.status == 2)
    let size = try Self.pngSize(path)
    // Panels 120 + 136 + 152 + 168 wide (the root's size each pass), 8 px margins around and
    // between them: 576 + 5 × 8.
    #expect(size.width == 576 + 5 * 8)
  }

  @Test func layoutPNGOfAStableLayout() throws {
    let path = Self.temporary("panel.png")
    defer { TemporaryFiles.remove(path) }
    var run = try LayoutCommandTests.layout([
      LayoutCommandTests.fixtures + "/panel.json", "--width", "320", "--png", path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let size = try Self.pngSize(path)
    #expect(size.width >= 640)
    run = try LayoutCommandTests.layout([
      LayoutCommandTests.fixtures + "/panel.json", "--width", "320,400", "--png", path,
    ])
    #expect(run.status == 64)
  }
}
