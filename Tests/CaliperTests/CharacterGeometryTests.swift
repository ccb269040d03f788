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

    /// Whether boundary `index` is at or inside an "ff" ligature (f_f, not f_f_i or f_f_l),
    /// whose GDEF caret (301 of 688 units) is not halfway: Pango's `xy_to_index` shares a
    /// ligature equally among its characters although its `index_to_pos` puts the caret at
    /// the GDEF caret; Caliper hits the halves of the boxes its carets bound.
    func atFF(_ index: Int) -> Bool {
      (index - 1...index + 1).contains { start in
        guard start >= 0, start + 1 < scalars.count else { return false }
        let next = start + 2 < scalars.count ? scalars[start + 2] : " "
        return scalars[start] == "f" && scalars[start + 1] == "f" && next != "i" && next != "l"
      }
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
      for position in test.result.positions {
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
      for range in test.result.ranges {
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
  /// of it, above and below the text (but at an "ff" ligature: see `atFF`).
  @Test func hitsAreTheIndexesPangoGives() throws {
    var compared = 0
    for (name, test) in try Self.cases() where test.lines.count == test.result.lines.count {
      let bottom = test.lines.last.map { $0.y + $0.height } ?? 0
      for hit in test.result.hits where !test.atFF(hit.index) {
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

  /// A ligature's graphemes meet at the font's ligature carets, as in Pango:
  /// `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "office"` gives o 605, the
  /// f_f_i ligature 946 (one cluster of three graphemes), c 480, e 564 units, and "ff" one
  /// f_f glyph of 688; Noto Sans's GDEF carets (fontTools:
  /// `TTFont("Fonts/NotoSans-Regular.ttf")["GDEF"].table.LigCaretList`) are f_f_i 315 and
  /// 631, f_f 301 (not halfway, 344), fi and fl 301.
  @Test func aLigaturesCaretsAreTheFonts() throws {
    let text = try TestFonts.prepare("office")
    let geometry = text.characterGeometry(of: text.measure(.unspecified))
    let points = { (units: Double) in units * 16 / 1000 }
    let expected: [Double] = [0, 605, 605 + 315, 605 + 631, 605 + 946, 605 + 946 + 480]
    for (offset, units) in expected.enumerated() {
      let caret = try #require(geometry.caret(at: offset))
      #expect(abs(caret.x - points(units)) < 1e-9, "\(offset)")
    }
    let end = try #require(geometry.caret(at: 6))
    #expect(abs(end.x - points(605 + 946 + 480 + 564)) < 1e-9)
    let rects = geometry.rects(for: 2..<3)  // the second "f": 315 to 631
    #expect(rects.count == 1 && abs(rects[0].width - points(631 - 315)) < 1e-9)
    // The nearest boundary: a point just right of the first f's middle goes after it.
    #expect(geometry.characterIndex(for: Point(x: points(605 + 315.0 / 2) + 0.01, y: 5)) == 2)
    #expect(geometry.caret(at: 7) == nil)

    // "ff" without an i: one glyph, f_f, whose caret is at 301 of 688 units.
    let ff = try TestFonts.prepare("ff")
    let twoF = ff.characterGeometry(of: ff.measure(.unspecified))
    #expect(abs(try #require(twoF.caret(at: 1)).x - points(301)) < 1e-9)
  }
}
