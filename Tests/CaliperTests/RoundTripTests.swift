import Caliper
import Foundation
import Testing

/// MeasurementSemantics.md's invariant: measuring at the ideal width, or at any reported width, gives the
/// same lines again. A reported width is only a width the lines fit in when the text fits
/// the proposal: where a single cluster is wider than the proposal (width 0 is the extreme),
/// the reported width exceeds it, and a greedy breaker then packs more clusters per line, as
/// SwiftUI `Text` and TextKit do. Those proposals are checked for repeatability instead.
@Suite struct RoundTripTests {
  static func paragraphs(_ file: String) throws -> [String] {
    let text = try String(contentsOfFile: TestFonts.fixtures + "/" + file, encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  static let extra = [
    "नीचे दिए गए 这是一个测试 mixed with Latin and 😀 emoji",
    "مرحبا بالعالم and שלום עולם in one line",
    "https://example.com/a/very/long/path/that/needs/emergency/breaks?query=1",
    "Supercalifragilisticexpialidocious office affine AVATAR",
  ]

  @Test func reportedWidthsGiveTheSameLines() throws {
    let texts = try Self.paragraphs("gatsby-opening.txt") + Self.extra
    var checked = 0
    for paragraph in texts {
      let text = try TestFonts.prepare(paragraph)
      let ideal = text.measure(.unspecified)
      let atIdeal = text.measure(ProposedViewSize(width: ideal.size.width, height: nil))
      #expect(atIdeal.lines == ideal.lines, "\(paragraph.prefix(40)) at its ideal width")
      for width in [0.0, 30, 60, 120, 200, 320, 480] {
        let first = text.measure(ProposedViewSize(width: width, height: nil))
        let fits = first.size.width <= width + 1e-6
        let retry = fits ? first.size.width : width
        let again = text.measure(ProposedViewSize(width: retry, height: nil))
        #expect(
          again.lines.map(\.range) == first.lines.map(\.range),
          "\(paragraph.prefix(40)) at \(width) → \(first.size.width)")
        if again.lines == first.lines && fits { checked += 1 }
      }
    }
    #expect(checked > 1000)
  }
}
