import Caliper
import CaliperTestSupport
import Testing

/// Inline placeholders against Pango 1.50's inline boxes (a shape attribute over U+FFFC):
/// the same lines, line heights and baselines, and each box at the same place.
///
/// Expected values: Tests/CaliperTests/Fixtures/pango-placeholders.json, written by
/// `Scripts/pango-placeholders` (boxes in prose, each alignment, adjacent boxes, a box wider
/// than the line, boxes glued to words, a right-to-left paragraph; each at its ideal width
/// and two to four widths). Pango rounds each advance to 1/1024 pt, so x may differ by up to
/// 0.0005 pt a character from the line's start; heights and baselines by 0.001 pt. Pango
/// places a right-to-left paragraph's lines against the layout's width, Caliper against the
/// widest line, so boxes are compared from their line's start edge.
@Suite struct PlaceholderPangoTests {
  struct Fixture: Decodable {
    struct Case: Decodable {
      let name: String
      let text: String
      let boxes: [Box]
      let results: [Result]
    }
    struct Box: Decodable {
      let index: Int
      let width: Double
      let height: Double
      let alignment: String
      let baseline: Double?
    }
    struct Result: Decodable {
      let width: Double?
      let height: Double
      let lines: [PangoLine]
      let boxes: [Placed]
    }
    struct PangoLine: Decodable {
      let start: Int
      let end: Int
      let y: Double
      let height: Double
      let baseline: Double
      let x: Double
      let lineWidth: Double
    }
    struct Placed: Decodable {
      let index: Int
      let line: Int
      let x: Double
      let width: Double
      let y: Double
      let height: Double
    }
    let cases: [Case]
  }

  static let fixture = Result {
    try PangoFixtures.load("pango-placeholders.json", as: Fixture.self)
  }

  /// Every (case, width) measured by Caliper: the case's name and width, Pango's result,
  /// Caliper's measurement and text.
  static func measured() throws -> [(
    name: String, pango: Fixture.Result, text: PreparedText, measured: TextMeasurement
  )] {
    let fonts = try TestFonts.library.get()
    return try fixture.get().cases.flatMap { test in
      let spans = test.boxes.map { box in
        TextSpan(
          box.index..<(box.index + 1),
          placeholder: Placeholder(
            width: box.width, height: box.height,
            alignment: Placeholder.Alignment(rawValue: box.alignment)!, baseline: box.baseline))
      }
      let text = try fonts.prepare(test.text, style: TextStyle(size: 16), spans: spans)
      return test.results.map { result in
        (
          "\(test.name) at \(result.width.map { "\($0)" } ?? "ideal")", result, text,
          text.measure(ProposedViewSize(width: result.width, height: nil))
        )
      }
    }
  }

  @Test func theLinesAreTheSameAsPangos() throws {
    let all = try Self.measured()
    #expect(all.count == 28)
    for (name, pango, _, measured) in all {
      #expect(
        measured.lines.map(\.range) == pango.lines.map { $0.start..<$0.end }, "\(name)")
      guard measured.lines.count == pango.lines.count else { continue }
      for (line, theirs) in zip(measured.lines, pango.lines) {
        #expect(abs(line.y - theirs.y) < 0.001 * Double(line.range.count), "\(name)")
        #expect(abs(line.height - theirs.height) < 0.001, "\(name)")
        #expect(abs(line.baseline - theirs.baseline) < 0.001 * Double(line.range.count), "\(name)")
      }
      #expect(abs(measured.size.height - pango.height) < 0.01, "\(name)")
    }
  }

  @Test func theBoxesAreWherePangoPutsThem() throws {
    var compared = 0
    for (name, pango, text, measured) in try Self.measured()
    where measured.lines.count == pango.lines.count {
      let placed = text.characterGeometry(of: measured).placeholders
      #expect(placed.map(\.range.lowerBound) == pango.boxes.map(\.index), "\(name)")
      for (ours, theirs) in zip(placed, pango.boxes) {
        #expect(ours.line == theirs.line, "\(name)")
        let line = measured.lines[ours.line]
        let pangoLine = pango.lines[theirs.line]
        // From the line's start edge: the left in a left-to-right paragraph, else the right.
        let rightToLeft = text.isRightToLeftParagraph(line)
        let offset =
          rightToLeft
          ? line.x + line.width - ours.rect.maxX
          : ours.rect.minX - line.x
        let pangoOffset =
          rightToLeft
          ? pangoLine.x + pangoLine.lineWidth - (theirs.x + theirs.width)
          : theirs.x - pangoLine.x
        let tolerance = 0.0005 * Double(theirs.index - line.range.lowerBound + 1) + 0.002
        #expect(abs(offset - pangoOffset) < tolerance, "\(name): \(offset) vs \(pangoOffset)")
        #expect(abs(ours.rect.width - theirs.width) < 1e-9, "\(name)")
        #expect(abs(ours.rect.height - theirs.height) < 1e-9, "\(name)")
        #expect(abs(ours.rect.minY - theirs.y) < 0.001 * Double(line.range.upperBound), "\(name)")
        compared += 1
      }
    }
    #expect(compared == 42)
  }
}
