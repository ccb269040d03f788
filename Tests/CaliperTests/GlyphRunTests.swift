import Caliper
import Testing

/// Glyph runs agree with the measurement they were made for: over the test corpus at
/// several widths, every line's visual runs add up to the line's width (trailing whitespace
/// included), each run's glyph advances add up to the run's width, runs tile the line from
/// left to right without gaps, and every character of the line (line separators aside)
/// belongs to exactly one run. Line edges where HarfBuzz marks breaking unsafe (kerning or
/// a ligature across the break, Arabic joining) are where a drawing could disagree with
/// the measured width; this checks that it does not.
@Suite struct GlyphRunTests {
  @Test(arguments: [60.0, 120, 200, 320])
  func glyphRunsAddUpToTheMeasuredLines(_ width: Double) throws {
    var lines = 0
    for paragraph in TestFonts.paragraphs.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element)
    {
      let text = try TestFonts.prepare(paragraph)
      let scalars = Array(paragraph.unicodeScalars)
      for line in text.measure(ProposedViewSize(width: width, height: nil)).lines {
        lines += 1
        let runs = text.glyphRuns(in: line)
        let total = runs.map(\.width).reduce(0, +)
        #expect(
          abs(total - line.widthIncludingTrailingWhitespace) < 1e-6,
          "\(line.text): runs \(total) vs line \(line.widthIncludingTrailingWhitespace)")
        var x = runs.first?.x ?? 0
        var covered: [Int] = []
        for run in runs {
          #expect(abs(run.x - x) < 1e-9)
          x += run.width
          let advances = run.glyphs.map(\.advance).reduce(0, +)
          #expect(abs(advances - run.width) < 1e-6, "\(run.text): \(advances)")
          #expect(run.notdefCount == 0)
          covered += Array(run.range)
        }
        let content = line.range.filter {
          ![0x0A, 0x0D, 0x2028, 0x2029].contains(scalars[$0].value)
        }
        #expect(covered.sorted() == content)
      }
    }
    #expect(lines > 100)
  }

  /// Text that measuring shapes in bounded pieces (a run longer than 4096 scalars, a
  /// grapheme of a base and 1,000 combining marks, cut every 64): the glyphs are shaped in
  /// the same pieces, so their advances still add up to the measured width.
  @Test(arguments: [
    String(repeating: "office affine ", count: 400),
    "a" + String(repeating: "\u{301}", count: 1000) + " b",
    String(repeating: "مرحبا", count: 1000),
  ])
  func longRunsAndClustersShapeInTheMeasuredPieces(_ string: String) throws {
    let text = try TestFonts.prepare(string)
    let line = try #require(text.measure(.unspecified).lines.first)
    let runs = text.glyphRuns(in: line)
    let advances = runs.flatMap(\.glyphs).map(\.advance).reduce(0, +)
    #expect(abs(advances - line.widthIncludingTrailingWhitespace) < 1e-6)
    #expect(Set(runs.flatMap(\.glyphs).map(\.cluster)).count > 1)
  }

  /// For 200 corpus paragraphs at 200 pt, the advances of the glyphs drawn on each line add
  /// up to its measured width (1e-9 pt): its content runs' to `width`, all its runs' to
  /// `widthIncludingTrailingWhitespace`. Both come from the same shaping, so only the
  /// order of adding fractional points differs.
  @Test func drawnAdvancesSumToTheMeasuredLineWidths() throws {
    let paragraphs = TestFonts.paragraphs.prefix(200)
    #expect(paragraphs.count == 200)
    var lines = 0
    for paragraph in paragraphs {
      let text = try TestFonts.prepare(paragraph)
      for line in text.measure(ProposedViewSize(width: 200, height: nil)).lines {
        lines += 1
        let runs = text.glyphRuns(in: line)
        let content = runs.filter { !$0.isTrailingWhitespace }.flatMap(\.glyphs)
        let drawn = content.map(\.advance).reduce(0, +)
        let all = runs.flatMap(\.glyphs).map(\.advance).reduce(0, +)
        #expect(abs(drawn - line.width) < 1e-9, "\(line.text): drawn \(drawn) vs \(line.width)")
        #expect(abs(all - line.widthIncludingTrailingWhitespace) < 1e-9, "\(line.text)")
      }
    }
    #expect(lines > 600)
  }
}
