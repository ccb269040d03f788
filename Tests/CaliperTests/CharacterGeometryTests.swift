import Caliper
import CaliperTestSupport
import Testing

/// Character rects, carets and hit testing (`CharacterGeometry`) against Pango 1.50's
/// `index_to_pos` and `xy_to_index` with the same bundled fonts.
///
/// Expected values: Tests/CaliperTests/Fixtures/pango-hit-testing.json, written by
/// `Scripts/pango-hit-testing` for Latin, mixed Arabic/Hebrew/English and CJK paragraphs at
/// 120 and 200 pt. Pango places a right-to-left paragraph's lines against the layout's
/// width, Caliper against the widest line (text hugs its content), so each line is compared
/// from its own left edge. Pango rounds each advance to 1/1024 pt: positions may differ by
/// up to 0.0005 pt a glyph from the line's start.
@Suite struct CharacterGeometryTests {
  struct Fixture: Decodable {
    struct Paragraph: Decodable {
      let script: String
      let text: String
      let results: [Result]
    }
    struct Result: Decodable {
      let width: Double
      let lines: [PangoLine]
      let positions: [Position]
      let ranges: [PangoRange]
      let hits: [Hit]
    }
    struct PangoLine: Decodable {
      let start: Int
      let end: Int
      let y: Double
      let height: Double
    }
    struct Position: Decodable {
      let index: Int
      let x: Double
      let width: Double
    }
    struct PangoRange: Decodable {
      let start: Int
      let end: Int
      let lines: [RangeLine]
    }
    struct RangeLine: Decodable {
      let line: Int
      let x: [[Double]]
    }
    struct Hit: Decodable {
      let x: Double
      let y: Double
      let index: Int
    }
    let paragraphs: [Paragraph]
  }

  static let fixture = Result {
    try PangoFixtures.load("pango-hit-testing.json", as: Fixture.self)
  }

  /// One (paragraph, width) of the fixture, measured by Caliper, with each line's shift from
  /// Pango's x to Caliper's.
  struct Case {
    let result: Fixture.Result
    let lines: [Line]
    let geometry: CharacterGeometry
    let shifts: [Double]
    let lengths: [Int]
    let scalars: [Unicode.Scalar]

    init(_ paragraph: Fixture.Paragraph, _ result: Fixture.Result) throws {
      let text = try TestFonts.prepare(paragraph.text)
      let measured = text.measure(ProposedViewSize(width: result.width, height: nil))
      self.result = result
      scalars = Array(paragraph.text.unicodeScalars)
      lines = measured.lines
      geometry = text.characterGeometry(of: measured)
      var shifts: [Double] = []
      for (pango, line) in zip(result.lines, lines) {
        let theirs =
          result.positions.filter { pango.start <= $0.index && $0.index < pango.end }
          .map { min($0.x, $0.x + $0.width) }.min() ?? 0
        let ours = geometry.rects(for: line.range).map(\.minX).min() ?? 0
        shifts.append(ours - theirs)
      }
      self.shifts = shifts
      lengths = result.lines.map { $0.end - $0.start }
    }

    func line(of index: Int) -> Int {
      result.lines.lastIndex { $0.start <= index } ?? 0
    }

    func tolerance(_ line: Int) -> Double { 0.0005 * Double(lengths[line]) + 0.002 }

    /// Whether a caret at `index` is inside an "ff" ligature, where Pango reads Noto Sans's
    /// GDEF ligature caret (301 of 748 units, hb_ot_layout_get_ligature_carets) and Caliper
    /// shares the advance equally (a documented limitation; "ffi" and "fi" have carets at
    /// equal shares, 315 and 631 of 946, 301 of 602, and are compared).
    func insideFF(_ index: Int) -> Bool {
      guard index > 0, index < scalars.count else { return false }
      let next = index + 1 < scalars.count ? scalars[index + 1] : " "
      return scalars[index - 1] == "f" && scalars[index] == "f" && next != "i" && next != "l"
    }
  }

  static func cases() throws -> [(String, Case)] {
    try fixture.get().paragraphs.enumerated().flatMap { number, paragraph in
      try paragraph.results.map {
        ("\(paragraph.script) \(number) at \($0.width)", try Case(paragraph, $0))
      }
    }
  }

  @Test func theLinesAreTheSameAsPangos() throws {
    for (name, test) in try Self.cases() {
      #expect(test.lines.map(\.range.lowerBound) == test.result.lines.map(\.start), "\(name)")
    }
  }

  /// Every grapheme's caret at Pango's `index_to_pos` x (its leading edge: the right edge in
  /// right-to-left text), hanging whitespace included (no width, at the line's end).
  @Test func caretsAreAtPangosPositions() throws {
    var compared = 0
    for (name, test) in try Self.cases() where test.lines.count == test.result.lines.count {
      for position in test.result.positions where !test.insideFF(position.index) {
        let line = test.line(of: position.index)
        let caret = try #require(test.geometry.caret(at: position.index), "\(name) \(position)")
        #expect(caret.line == line, "\(name) \(position)")
        #expect(
          abs(caret.x - (position.x + test.shifts[line])) < test.tolerance(line),
          "\(name) \(position.index): \(caret.x - test.shifts[line]) vs \(position.x)")
        compared += 1
      }
    }
    #expect(compared > 600)
  }

  /// Each range's rects on each line: Pango's contiguous x ranges (a bidi line may hold
  /// several), zero-width ones aside.
  @Test func rectsAreTheRangesPangoGives() throws {
    var compared = 0
    for (name, test) in try Self.cases() where test.lines.count == test.result.lines.count {
      for range in test.result.ranges where !test.insideFF(range.start) && !test.insideFF(range.end)
      {
        let rects = test.geometry.rects(for: range.start..<range.end)
        for piece in range.lines {
          let line = test.lines[piece.line]
          let ours = rects.filter { abs($0.minY - line.y) < 1e-9 && $0.width > 1e-9 }
          let theirs = piece.x.filter { $0[1] - $0[0] > 1e-9 }
          let context = "\(name) \(range.start)..<\(range.end) line \(piece.line)"
          try #require(ours.count == theirs.count, "\(context): \(ours) vs \(theirs)")
          let tolerance = test.tolerance(piece.line)
          for (rect, pango) in zip(ours, theirs) {
            let shift = test.shifts[piece.line]
            #expect(abs(rect.minX - (pango[0] + shift)) < tolerance, "\(context)")
            #expect(abs(rect.maxX - (pango[1] + shift)) < tolerance, "\(context)")
            #expect(rect.height == line.height)
          }
          compared += 1
        }
      }
    }
    #expect(compared > 40)
  }

  /// `xy_to_index`: the nearest grapheme boundary to points across each line, left and right
  /// of it, above and below the text.
  @Test func hitsAreTheIndexesPangoGives() throws {
    var compared = 0
    for (name, test) in try Self.cases() where test.lines.count == test.result.lines.count {
      let bottom = test.lines.last.map { $0.y + $0.height } ?? 0
      for hit in test.result.hits {
        let line: Int
        let y: Double
        if let index = test.result.lines.firstIndex(where: {
          hit.y >= $0.y && hit.y < $0.y + $0.height
        }) {
          line = index
          y = test.lines[index].y + test.lines[index].height / 2
        } else if hit.y < 0 {
          (line, y) = (0, -5)
        } else {
          (line, y) = (test.lines.count - 1, bottom + 5)
        }
        let index = test.geometry.characterIndex(
          for: Point(x: hit.x + test.shifts[line], y: y))
        #expect(index == hit.index, "\(name) (\(hit.x), \(hit.y)) line \(line)")
        compared += 1
      }
    }
    #expect(compared > 300)
  }

  /// A HarfBuzz cluster of several graphemes shares its advance equally among them, as
  /// Pango does: `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "office"` gives
  /// o 605, the f_f_i ligature 946 (one cluster of three graphemes), c 480, e 564 units.
  @Test func aLigatureIsSharedEquallyAmongItsGraphemes() throws {
    let text = try TestFonts.prepare("office")
    let geometry = text.characterGeometry(of: text.measure(.unspecified))
    let points = { (units: Double) in units * 16 / 1000 }
    let expected: [Double] = [
      0, 605, 605 + 946.0 / 3, 605 + 2 * 946.0 / 3, 605 + 946, 605 + 946 + 480,
    ]
    for (offset, units) in expected.enumerated() {
      let caret = try #require(geometry.caret(at: offset))
      #expect(abs(caret.x - points(units)) < 1e-9, "\(offset)")
    }
    let end = try #require(geometry.caret(at: 6))
    #expect(abs(end.x - points(605 + 946 + 480 + 564)) < 1e-9)
    let rects = geometry.rects(for: 2..<3)  // the second "f": a third of the ligature
    #expect(rects.count == 1 && abs(rects[0].width - points(946.0 / 3)) < 1e-9)
    // The nearest boundary: a point just right of the first third's middle goes after it.
    #expect(geometry.characterIndex(for: Point(x: points(605 + 946.0 / 6) + 0.01, y: 5)) == 2)
    #expect(geometry.caret(at: 7) == nil)
  }
}
