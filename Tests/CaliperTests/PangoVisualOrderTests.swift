import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// Visual order against Pango 1.50, recorded by `Scripts/pango-runs` into
/// `Fixtures/pango-runs.json` with the same bundled fonts: for each line, the order in which
/// its characters are drawn from left to right (a run at an odd level draws its characters
/// in reverse), each character's bidi level, and the paragraph direction. Run boundaries
/// are not compared: Pango and Caliper cut runs where they change faces, and they pick
/// faces differently for some spaces and punctuation between scripts.
@Suite struct PangoVisualOrderTests {
  struct Fixture: Decodable {
    struct Text: Decodable, CustomTestStringConvertible {
      let text: String
      let rightToLeft: Bool
      let runs: [Run]
      var testDescription: String { text }
    }
    struct Run: Decodable {
      let text: String
      let start: Int
      let level: Int
    }
    let pango: String
    let texts: [Text]
  }

  static let fixture: Fixture = {
    (try? PangoFixtures.load("pango-runs.json", as: Fixture.self))
      ?? Fixture(pango: "missing", texts: [])
  }()

  /// (scalar offset, level) of each character, left to right.
  static func visual(_ runs: [(start: Int, count: Int, level: Int)]) -> [[Int]] {
    runs.flatMap { run -> [[Int]] in
      let offsets = Array(run.start..<run.start + run.count)
      return (run.level % 2 == 1 ? offsets.reversed() : offsets).map { [$0, run.level] }
    }
  }

  @Test func fixtureIsThere() {
    #expect(Self.fixture.texts.count >= 10)
  }

  @Test(arguments: fixture.texts)
  func charactersAreDrawnInPangosOrder(_ item: Fixture.Text) throws {
    let text = try TestFonts.prepare(item.text)
    let lines = text.measure(.unspecified).lines
    #expect(lines.count == 1)
    let line = try #require(lines.first)
    #expect(text.isRightToLeftParagraph(line) == item.rightToLeft)
    let ours = Self.visual(
      text.runs(in: line).map { ($0.range.lowerBound, $0.range.count, Int($0.bidiLevel)) })
    let theirs = Self.visual(
      item.runs.map { ($0.start, $0.text.unicodeScalars.count, $0.level) })
    #expect(ours == theirs)
  }
}
