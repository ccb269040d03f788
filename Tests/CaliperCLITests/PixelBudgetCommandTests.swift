import CaliperTestSupport
import Foundation
import Testing

/// `caliper render --max-pixels`: the pixel budget, refused before drawing with exit 1.
@Suite struct PixelBudgetCommandTests {
  /// "W" at 680 pt and scale 16 (14.9 s and 705 MB before the budget): the line alone is
  /// 680 × (1069 + 293) / 1000 × 16 = 14,819 pixels high, so any image of it is over
  /// 16,000,000 pixels. A budget of 1,000 refuses even "Blue" (its 16 pt line is 44 pixels
  /// high at scale 2, plus 32 of margin, by more than 13 wide).
  @Test func imagesOverTheBudgetAreRefused() throws {
    let path = RenderCommandTests.temporary("budget.png")
    defer { TemporaryFiles.remove(path) }
    let huge = try CLITests.caliper([
      "render", "--size", "680", "--scale", "16", "-o", path, "W",
    ])
    #expect(huge.status == 1)
    #expect(huge.stderr.contains("over the pixel budget of 16000000"))
    #expect(!FileManager.default.fileExists(atPath: path))
    let small = try CLITests.caliper(["render", "--max-pixels", "1000", "-o", path, "Blue"])
    #expect(small.status == 1)
    #expect(small.stderr.contains("pixel budget of 1000 (maxPixels, --max-pixels)"))
    let allowed = try CLITests.caliper(["render", "--max-pixels", "1000000", "-o", path, "Blue"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    for bad in ["0", "-5", "many"] {
      #expect(try CLITests.caliper(["render", "--max-pixels", bad, "-o", path, "x"]).status == 64)
    }
  }
}
