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

  /// Widths as the CLI prints them (`formatNumber`, and the same digits in JSON) are the
  /// exact decimals the font's units give, and proposing a printed width again gives the
  /// same lines. Noto Sans has 1000 units per em, so every advance, kerning value and line
  /// height is a whole number of units and every width and height at 16 pt is a multiple of
  /// 16 / 1000 pt, at 13.7 pt of 13.7 / 1000 pt: the printed decimal times 1000 / size must
  /// be a whole number (Latin paragraphs only, so that no face of another size of em is
  /// used).
  @Test(arguments: [16.0, 13.7])
  func printedWidthsAreExactAndGiveTheSameLines(size: Double) throws {
    let texts = try Self.paragraphs("gatsby-opening.txt")
    var checked = 0
    var inexact: [String] = []
    for paragraph in texts {
      let text = try TestFonts.prepare(paragraph, size: size)
      for width in [Double.infinity, 90, 150, 233.5, 400] {
        let first = text.measure(ProposedViewSize(width: width, height: nil))
        for number in [first.size.width, first.size.height, text.minWidth] {
          let printed = formatNumber(number)
          let decimal = try #require(Decimal(string: printed))
          let units = decimal * 1000 / Decimal(string: String(size))!
          var whole = Decimal()
          var copy = units
          NSDecimalRound(&whole, &copy, 0, .plain)
          if whole != units { inexact.append("\(number) printed \(printed)") }
        }
        guard first.size.width <= width + 1e-6 else { continue }
        let printed = try #require(Double(formatNumber(first.size.width)))
        let again = text.measure(ProposedViewSize(width: printed, height: nil))
        #expect(
          again.lines.map(\.range) == first.lines.map(\.range),
          "\(paragraph.prefix(40)) at \(width) → \(formatNumber(first.size.width))")
        checked += 1
      }
    }
    #expect(inexact.isEmpty, "\(inexact.count): \(inexact.prefix(10))")
    #expect(checked > 100)
  }
}
