import Caliper
import Testing

/// Drawing what measuring inserts: a truncated line's ellipsis and a soft-hyphen break's
/// hyphen appear in the line's runs and glyphs, and the runs add up to the line's width.
/// Glyph ids from `hb-shape --no-glyph-names Fonts/NotoSans-Regular.ttf`: "…" is glyph
/// 527, U+2010 glyph 2737.
@Suite struct InsertedRunTests {
  @Test(arguments: [TruncationMode.tail, .middle, .head])
  func truncatedLinesDrawTheirEllipsis(mode: TruncationMode) throws {
    let text = try TestFonts.prepare("Blue tile with a longer local label")
    let line = try #require(
      text.measure(
        ProposedViewSize(width: 100, height: nil),
        options: TextContainerOptions(lineLimit: 1, truncationMode: mode)
      ).lines.first)
    let cut = try #require(line.truncation)
    let runs = text.runs(in: line)
    #expect(runs.map(\.text).joined() == line.text)
    #expect(runs.filter(\.isInserted).map(\.text) == [cut.ellipsis])
    #expect(abs(runs.reduce(0) { $0 + $1.width } - line.width) < 1e-6)
    let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
    #expect(glyphs.filter { $0.id == 527 }.count == 1)
    #expect(glyphs.allSatisfy { $0.x >= -1e-9 && $0.x + $0.advance <= line.width + 1e-6 })
  }

  @Test func softHyphenBreaksDrawTheirHyphen() throws {
    let text = try TestFonts.prepare("Extra\u{AD}ordinary co\u{AD}operation")
    let lines = text.measure(ProposedViewSize(width: 80, height: nil)).lines
    for line in lines where line.endsWithHyphen {
      let runs = text.runs(in: line)
      #expect(runs.last?.isInserted == true && runs.last?.text == "\u{2010}")
      #expect(abs(runs.reduce(0) { $0 + $1.width } - line.width) < 1e-6)
      #expect(text.glyphRuns(in: line).flatMap(\.glyphs).contains { $0.id == 2737 })
    }
    #expect(lines.filter(\.endsWithHyphen).count == 2)
  }
}
