import Caliper
import CaliperTestSupport
import Testing

/// Ink bounds against Pango 1.50's ink rectangles and hb-shape's glyph extents.
///
/// Expected values: Tests/CaliperTests/Fixtures/ink.json, written by `Scripts/pango-ink`
/// (Latin prose at three widths, descenders and accents, an italic overhang past the
/// advance, a large size, Arabic, Devanagari marks, pointed Hebrew, faces mixed by fallback,
/// spaces only). Pango keeps positions and extents in 1/1024 pt, so sides may differ by a
/// few thousandths; hb-shape's single-line box, added up from its own extents at the face's
/// units per em, is exact (to the fixture's decimals). Pango sets a right-to-left paragraph's
/// lines against the layout's width, Caliper against the widest line, so x is compared from
/// each line's start edge, and y from each line's baseline (line heights are another test's).
/// One difference is Pango's: on the line "文 한국어 " its line ink rectangle reaches 0.317 pt
/// below the ink of each of its runs (`pango_glyph_string_extents`: Droid Sans Fallback's
/// bottom 1.5625, NanumGothic's 2.3994, which Caliper's 2.4 and hb-shape agree with), so
/// tops and bottoms are compared with the runs'.
@Suite struct InkBoundsTests {
  struct Fixture: Decodable {
    struct Case: Decodable {
      let name: String
      let text: String
      let font: String?
      let size: Double
      let results: [PangoResult]
      let hbShape: Box?
    }
    struct PangoResult: Decodable {
      let width: Double?
      let lines: [PangoLine]
      let ink: Whole?
    }
    struct PangoLine: Decodable {
      let start: Int
      let end: Int
      let logicalMinX: Double
      let logicalMaxX: Double
      let ink: Ink?
      let runsTop: Double?
      let runsBottom: Double?
    }
    struct Ink: Decodable {
      let x: Double
      let y: Double
      let width: Double
      let height: Double
    }
    struct Whole: Decodable {
      let minX: Double
      let maxX: Double
      let aboveFirstBaseline: Double
      let belowLastBaseline: Double
    }
    struct Box: Decodable {
      let minX: Double
      let maxX: Double
      let aboveBaseline: Double
      let belowBaseline: Double
    }
    let cases: [Case]
  }

  static let fixture = Result { try PangoFixtures.load("ink.json", as: Fixture.self) }
  /// Pango's 1/1024 pt grid, a few steps of it.
  static let tolerance = 0.004

  static func prepare(_ test: Fixture.Case) throws -> PreparedText {
    try TestFonts.library.get().prepare(
      test.text, style: TextStyle(size: test.size, fonts: test.font.map { [.family($0)] } ?? []))
  }

  @Test func linesHaveThePangoInkRectangle() throws {
    var compared = 0
    for test in try Self.fixture.get().cases {
      let text = try Self.prepare(test)
      for pango in test.results {
        let name = "\(test.name) at \(pango.width.map { "\($0)" } ?? "ideal")"
        let measured = text.measure(ProposedViewSize(width: pango.width, height: nil))
        #expect(measured.lines.map(\.range) == pango.lines.map { $0.start..<$0.end }, "\(name)")
        guard measured.lines.count == pango.lines.count else { continue }
        let ink = text.inkBounds(of: measured)
        for (index, (line, theirs)) in zip(measured.lines, pango.lines).enumerated() {
          guard let expected = theirs.ink else {
            #expect(ink.lines[index] == nil, "\(name) line \(index)")
            continue
          }
          guard let ours = ink.lines[index] else {
            Issue.record("\(name) line \(index): no ink, Pango has \(expected)")
            continue
          }
          // From the line's start edge; y from its baseline.
          let rightToLeft = text.isRightToLeftParagraph(line)
          let offset =
            rightToLeft ? line.x + line.width - ours.maxX : ours.minX - line.x
          let pangoOffset =
            rightToLeft
            ? theirs.logicalMaxX - (expected.x + expected.width) : expected.x - theirs.logicalMinX
          #expect(abs(offset - pangoOffset) < Self.tolerance, "\(name) line \(index) x")
          #expect(abs(ours.width - expected.width) < Self.tolerance, "\(name) line \(index)")
          // Top and bottom from the baseline, as Pango's runs have them (its line ink on the
          // mixed-faces line at 80 pt reaches 0.317 pt below every run's own ink).
          let top = try #require(theirs.runsTop)
          let bottom = try #require(theirs.runsBottom)
          #expect(abs(expected.y - top) < 1e-9 || name.hasPrefix("mixed"), "\(name) \(index)")
          #expect(abs(ours.minY - line.baseline - top) < Self.tolerance, "\(name) \(index)")
          #expect(abs(ours.maxY - line.baseline - bottom) < Self.tolerance, "\(name) \(index)")
          compared += 1
        }
        // The whole text: its sides, its top above the first baseline, its bottom below the
        // last (unwrapped, or left-to-right, where Pango's x is Caliper's).
        guard let whole = pango.ink, let ours = ink.rect else {
          #expect(pango.ink == nil && ink.rect == nil, "\(name)")
          continue
        }
        if pango.width == nil || !text.isRightToLeftParagraph(measured.lines[0]) {
          #expect(abs(ours.minX - whole.minX) < Self.tolerance, "\(name)")
          #expect(abs(ours.maxX - whole.maxX) < Self.tolerance, "\(name)")
        }
        #expect(
          abs(measured.lines[0].baseline - ours.minY - whole.aboveFirstBaseline) < Self.tolerance,
          "\(name)")
        #expect(
          abs(
            ours.maxY - measured.lines[measured.lines.count - 1].baseline
              - whole.belowLastBaseline) < Self.tolerance, "\(name)")
      }
    }
    #expect(compared == 28)
  }

  @Test func oneLineHasTheBoxHbShapesExtentsGive() throws {
    var compared = 0
    for test in try Self.fixture.get().cases {
      guard let expected = test.hbShape else { continue }
      let text = try Self.prepare(test)
      let measured = text.measure(.unspecified)
      let ours = try #require(text.inkBounds(of: measured).rect, "\(test.name)")
      let baseline = measured.lines[0].baseline
      #expect(abs(ours.minX - expected.minX) < 1e-6, "\(test.name)")
      #expect(abs(ours.maxX - expected.maxX) < 1e-6, "\(test.name)")
      #expect(abs(baseline - ours.minY - expected.aboveBaseline) < 1e-6, "\(test.name)")
      #expect(abs(ours.maxY - baseline - expected.belowBaseline) < 1e-6, "\(test.name)")
      compared += 1
    }
    #expect(compared == 6)
  }

  /// The ink box of an italic "f" reaches left of the line's start, past its advance: the
  /// used rect does not hold it, the ink rect does. Hand check from Noto Sans Italic's
  /// `glyf` table: "f" (glyph 73) has xMin -112 in 1000 units, so at 30 pt its ink starts
  /// at -112 × 30 / 1000 = -3.36 pt.
  @Test func inkReachesPastTheUsedRect() throws {
    let text = try TestFonts.prepare("fjord", size: 30, fonts: [.family("Noto Sans Italic")])
    let measured = text.measure(.unspecified)
    let ink = try #require(text.inkBounds(of: measured).rect)
    #expect(abs(ink.minX - -3.36) < 1e-9)
    #expect(ink.minX < measured.usedRect.minX)
  }

  @Test func spacesAndEmptyTextHaveNoInk() throws {
    for string in ["", "   ", "\n\n"] {
      let text = try TestFonts.prepare(string)
      let ink = text.inkBounds(of: text.measure(.unspecified))
      #expect(ink.rect == nil, "\(string.debugDescription)")
      #expect(ink.lines.allSatisfy { $0 == nil }, "\(string.debugDescription)")
    }
  }
}
