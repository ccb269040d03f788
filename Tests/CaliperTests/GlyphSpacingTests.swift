import Caliper
import Testing

/// Glyphs land where measuring put them when letter spacing or tabs move the pen.
///
/// Expected values are hand calculations from `hb-shape Fonts/NotoSans-Regular.ttf`
/// advances (units per em 1000, at 16 pt ×0.016): "a b c" a 561, space 260, b 615, c 480;
/// "a\tb": a 561, b 615 (the tab's own glyph advance does not count: it reaches its stop).
@Suite struct GlyphSpacingTests {
  static func points(_ units: Double) -> Double { units * 16 / 1000 }

  /// The line's glyph runs, checked to tile the line and to add up to their widths.
  static func glyphRuns(_ text: PreparedText) -> [LineRun] {
    let line = text.measure(.unspecified).lines[0]
    let runs = text.glyphRuns(in: line)
    var x = 0.0
    for run in runs {
      #expect(abs(run.x - x) < 1e-9, "\(run.text) at \(run.x), not \(x)")
      x += run.width
      let advances = run.glyphs.map(\.advance).reduce(0, +)
      #expect(abs(advances - run.width) < 1e-9, "\(run.text): \(advances)")
    }
    #expect(abs(x - line.widthIncludingTrailingWhitespace) < 1e-9)
    return runs
  }

  @Test func letterSpacingMovesTheGlyphs() throws {
    let text = try TestFonts.library.get().prepare(
      "a b c", style: TextStyle(size: 16, letterSpacing: 5))
    // 5 pt after each cluster but the last.
    #expect(abs(text.idealWidth - (Self.points(561 + 260 + 615 + 260 + 480) + 4 * 5)) < 1e-9)
    let glyphs = Self.glyphRuns(text).flatMap(\.glyphs)
    let expected = [
      0, Self.points(561) + 5, Self.points(561 + 260) + 10, Self.points(561 + 260 + 615) + 15,
      Self.points(561 + 260 + 615 + 260) + 20,
    ]
    #expect(glyphs.count == expected.count)
    for (glyph, x) in zip(glyphs, expected) {
      #expect(abs(glyph.x - x) < 1e-9, "glyph of cluster \(glyph.cluster) at \(glyph.x), not \(x)")
    }
  }

  @Test func tabsMoveTheGlyphsToTheirStops() throws {
    let style = TextStyle(size: 16, paragraph: ParagraphStyle(tabStops: TabStops([40])))
    let text = try TestFonts.library.get().prepare("a\tb", style: style)
    #expect(abs(text.idealWidth - (40 + Self.points(615))) < 1e-9)
    let glyphs = Self.glyphRuns(text).flatMap(\.glyphs)
    let b = try #require(glyphs.first { $0.cluster == 2 })
    #expect(abs(b.x - 40) < 1e-9)
    let tab = try #require(glyphs.first { $0.cluster == 1 })
    #expect(abs(tab.x - Self.points(561)) < 1e-9)
    #expect(abs(tab.advance - (40 - Self.points(561))) < 1e-9)
  }

  /// A tab line cut into runs (a bold "a", `hb-shape Fonts/NotoSans-Bold.ttf "a"` 604):
  /// the run holding the tab ends at the stop, as the line was measured from its start.
  @Test func tabbedLineInRunsKeepsItsStops() throws {
    let style = TextStyle(size: 16, paragraph: ParagraphStyle(tabStops: TabStops([40])))
    let text = try TestFonts.library.get().prepare(
      "a\tb", style: style, spans: [TextSpan(0..<1, bold: true)])
    #expect(abs(text.idealWidth - (40 + Self.points(615))) < 1e-9)
    let runs = Self.glyphRuns(text)
    #expect(runs.map(\.text) == ["a", "\tb"])
    #expect(abs(runs[1].x - Self.points(604)) < 1e-9)
    #expect(abs(runs[1].width - (40 - Self.points(604) + Self.points(615))) < 1e-9)
    let b = try #require(runs[1].glyphs.first { $0.cluster == 2 })
    #expect(abs(b.x - 40) < 1e-9)
  }

  /// A span with letter spacing in the middle of a line: its run keeps the spacing after
  /// its last cluster (the line goes on), so the runs still tile the line.
  @Test func spacedSpanRunsTileTheLine() throws {
    let text = try TestFonts.library.get().prepare(
      "Blue tile ok", style: TextStyle(size: 16), spans: [TextSpan(5..<9, letterSpacing: 2)])
    let runs = Self.glyphRuns(text)
    #expect(runs.map(\.text) == ["Blue ", "tile", " ok"])
    // "tile": 361 258 258 564 and 2 pt after each of its clusters.
    #expect(abs(runs[1].width - (Self.points(1441) + 8)) < 1e-9)
    #expect(abs(runs[2].x - (Self.points(2350 + 1441) + 8)) < 1e-9)
  }
}
