import Caliper
import Testing

/// Line alignment: x offsets inside the text's width, justification, right-to-left
/// paragraphs; sizes never change.
///
/// Expected values: advances from `hb-shape --font-size=1000` on the bundled Noto Sans and
/// Noto Sans Hebrew (units per em 1000: × 16 / 1000 for points at 16 pt).
@Suite struct AlignmentTests {
  static func points(_ units: Double) -> Double { units * 16 / 1000 }
  static func options(_ alignment: TextAlignment) -> TextContainerOptions {
    TextContainerOptions(alignment: alignment)
  }

  /// The label's three lines at 120 pt, widths without trailing spaces.
  static let lineWidths: [Double] = [
    // "Blue tile with a": 650 258 618 564 260 361 258 258 564 260 786 258 361 618 260 561
    points(6895),
    // "longer local": 258 605 618 615 564 413 260 258 605 480 561 258
    points(5495),
    // "label": 258 561 615 564 258
    points(2256),
  ]

  @Test func centeredAndTrailingOffsetsShareTheSlack() throws {
    let text = try TestFonts.prepare("Blue tile with a longer local label")
    let proposal = ProposedViewSize(width: 120, height: nil)
    let leading = text.measure(proposal)
    let box = Self.lineWidths.max()!
    #expect(leading.lines.map(\.x) == [0, 0, 0])
    for (index, width) in Self.lineWidths.enumerated() {
      #expect(abs(leading.lines[index].width - width) < 1e-9)
    }
    let center = text.measure(proposal, options: Self.options(.center))
    let trailing = text.measure(proposal, options: Self.options(.trailing))
    for (index, width) in Self.lineWidths.enumerated() {
      #expect(abs(center.lines[index].x - (box - width) / 2) < 1e-9)
      #expect(abs(trailing.lines[index].x - (box - width)) < 1e-9)
    }
    for alignment in TextAlignment.allCases {
      let aligned = text.measure(proposal, options: Self.options(alignment))
      #expect(aligned.size == leading.size && aligned.lineBreakRange == leading.lineBreakRange)
      #expect(aligned.lines.map(\.text) == leading.lines.map(\.text))
      #expect(text.sizeThatFits(proposal, options: Self.options(alignment)).size == leading.size)
    }
  }

  @Test func justifiedLinesSpanTheTextButTheLast() throws {
    let text = try TestFonts.prepare("Blue tile with a longer local label")
    let result = text.measure(
      ProposedViewSize(width: 120, height: nil), options: Self.options(.justified))
    let box = Self.lineWidths.max()!
    #expect(abs(result.size.width - box) < 1e-9)
    // Content spaces: 3 in "Blue tile with a", 1 in "longer local", none in "label".
    #expect(abs(result.lines[0].justification) < 1e-9)  // the widest line has no slack
    #expect(abs(result.lines[1].justification - (box - Self.lineWidths[1]) / 1) < 1e-9)
    for (line, spaces) in zip(result.lines.dropLast(), [3.0, 1]) {
      #expect(abs(line.width + spaces * line.justification - box) < 1e-9)
      #expect(line.x == 0)
    }
    #expect(result.lines[2].justification == 0 && result.lines[2].x == 0)
  }

  @Test func justifiedLinesAtAProposalTheyFill() throws {
    // At 110.32 pt (the first line's width, 6895 units) every justified line but the last
    // spans exactly the proposal.
    let text = try TestFonts.prepare("Blue tile with a longer local label and more words here")
    let width = Self.lineWidths[0]
    let result = text.measure(
      ProposedViewSize(width: width, height: nil), options: Self.options(.justified))
    #expect(abs(result.size.width - width) < 1e-9)
    for line in result.lines.dropLast() {
      var scalars = Array(line.text.unicodeScalars)
      while scalars.last == " " { scalars.removeLast() }
      let spaces = scalars.filter { $0 == " " }.count
      #expect(spaces > 0)
      #expect(abs(line.width + Double(spaces) * line.justification - width) < 1e-9, "\(line.text)")
    }
    #expect(result.lines.last?.justification == 0)
  }

  @Test func hardBreaksEndJustification() throws {
    let text = try TestFonts.prepare("ab cd\nef gh ij")
    let result = text.measure(.unspecified, options: Self.options(.justified))
    #expect(result.lineCount == 2)
    #expect(result.lines.allSatisfy { $0.justification == 0 && $0.x == 0 })
  }

  @Test func rightToLeftParagraphsAlignLeadingToTheRight() throws {
    let text = try TestFonts.prepare("שלום עולם\nHello world")
    // Noto Sans Hebrew: 684 522 301 593 | space 270 | 684 291 522 730 = 4597 units.
    let hebrew = Self.points(4597)
    // Noto Sans: "Hello world" 741 564 258 258 605 260 786 605 413 258 615 = 5363 units.
    let latin = Self.points(5363)
    let leading = text.measure(.unspecified)
    #expect(abs(leading.lines[0].width - hebrew) < 1e-9)
    #expect(abs(leading.lines[1].width - latin) < 1e-9)
    #expect(abs(leading.lines[0].x - (latin - hebrew)) < 1e-9)
    #expect(leading.lines[1].x == 0)
    let trailing = text.measure(.unspecified, options: Self.options(.trailing))
    #expect(trailing.lines[0].x == 0)
    #expect(trailing.lines[1].x == 0)  // the widest line has no slack
    let center = text.measure(.unspecified, options: Self.options(.center))
    #expect(abs(center.lines[0].x - (latin - hebrew) / 2) < 1e-9)
  }
}
