import Caliper
import Testing

/// A truncated line is drawn where it was measured: the kept text with its letter spacing
/// (CSS adds letter spacing after every character, the last one before the ellipsis too:
/// the line goes on with the ellipsis), then the ellipsis, at the x its width was counted to.
///
/// Expected numbers are hand calculations from Noto Sans's advances (units per em 1000;
/// `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "Hello world…"`: H 741, e 564,
/// l 258, l 258, o 605, space 260, w 786, o 605, r 413, l 258, d 615, … 791) at 10 pt with
/// 2 pt of letter spacing after each character.
@Suite struct TruncatedDrawingTests {
  static let style = TextStyle(size: 10, letterSpacing: 2)
  static let ellipsis = 791.0 * 10 / 1000

  /// The points of `units` with the letter spacing after each of its characters.
  static func spaced(_ units: [Double]) -> Double {
    units.reduce(0) { $0 + $1 * 10 / 1000 + 2 }
  }

  static func truncated(width: Double, mode: TruncationMode) throws -> (PreparedText, Line) {
    let text = try TestFonts.library.get().prepare("Hello world", style: Self.style)
    let measurement = text.measure(
      ProposedViewSize(width: width, height: nil),
      options: TextContainerOptions(lineLimit: 1, truncationMode: mode))
    return (text, try #require(measurement.lines.first))
  }

  /// The ellipsis run's x, and the sum of every glyph's advance on the line.
  static func drawn(_ text: PreparedText, _ line: Line) throws -> (ellipsis: Double, sum: Double) {
    let runs = text.glyphRuns(in: line)
    let mark = try #require(runs.first { $0.isInserted })
    return (mark.x, runs.flatMap(\.glyphs).map(\.advance).reduce(0, +))
  }

  /// Tail cuts: "Hello" is 34.26 pt with its five spacings, and with "…" 42.17 fits 45 pt
  /// where "Hello " (a further 4.6) does not; "Hello " with "…" (46.77) fits 50 pt where
  /// "Hello w" (a further 9.86) does not.
  static let tailCuts: [(width: Double, text: String, kept: [Double])] = [
    (45, "Hello…", [741, 564, 258, 258, 605]),
    (50, "Hello …", [741, 564, 258, 258, 605, 260]),
  ]

  @Test(arguments: Self.tailCuts.indices)
  func tailEllipsisFollowsTheLetterSpacingOfTheKeptText(_ cut: Int) throws {
    let (width, shown, units) = Self.tailCuts[cut]
    let (text, line) = try Self.truncated(width: width, mode: .tail)
    let kept = Self.spaced(units)
    #expect(line.text == shown)
    #expect(abs(line.width - (kept + Self.ellipsis)) < 1e-9)
    let (ellipsis, sum) = try Self.drawn(text, line)
    #expect(abs(ellipsis - kept) < 1e-9, "ellipsis drawn at \(ellipsis), measured at \(kept)")
    #expect(sum == line.width)
  }

  @Test func headTruncatedLineDrawsItsMeasuredWidth() throws {
    // "…world": the ellipsis, then "world" with its spacings (the one after "d" at the line
    // end counted where the one after "…" is left out: the same total).
    let (text, line) = try Self.truncated(width: 45, mode: .head)
    let kept = Self.spaced([786, 605, 413, 258, 615])
    #expect(line.text == "…world")
    #expect(abs(line.width - (kept + Self.ellipsis)) < 1e-9)
    let (ellipsis, sum) = try Self.drawn(text, line)
    #expect(ellipsis == 0)
    #expect(sum == line.width)
  }

  /// Every tenth corpus paragraph (`DrawnAdvanceTests.corpus`) at three widths, in each
  /// truncation mode, limited to two lines, with and without letter spacing: the glyph
  /// advances drawn for each kept piece and the ellipsis, added in logical order (prefix,
  /// ellipsis, suffix: the order truncation adds their widths in), are the truncated line's
  /// measured width bit for bit, and in a left-to-right paragraph the ellipsis is drawn
  /// where the prefix's pen ends.
  @Test(arguments: [0.0, 1.5], TruncationMode.allCases)
  func truncatedLinesAreDrawnAsMeasured(_ letterSpacing: Double, _ mode: TruncationMode)
    throws
  {
    let style = TextStyle(size: 16, letterSpacing: letterSpacing)
    let paragraphs = DrawnAdvanceTests.corpus.enumerated().filter { $0.offset % 10 == 0 }
    var truncated = 0
    var mismatches = 0
    for paragraph in paragraphs.map(\.element) {
      let text = try TestFonts.library.get().prepare(paragraph, style: style)
      for width in [90.0, 160, 280] {
        let measurement = text.measure(
          ProposedViewSize(width: width, height: nil),
          options: TextContainerOptions(lineLimit: 2, truncationMode: mode))
        for line in measurement.lines {
          guard let cut = line.truncation else { continue }
          truncated += 1
          let runs = text.glyphRuns(in: line)
          func sum(_ runs: [LineRun]) -> Double {
            runs.flatMap(\.glyphs).map(\.advance).reduce(0, +)
          }
          let prefix = sum(runs.filter { !$0.isInserted && cut.prefix.contains($0.range) })
          let suffix = sum(runs.filter { !$0.isInserted && cut.suffix.contains($0.range) })
          let mark = sum(runs.filter(\.isInserted))
          let ellipsisX = runs.first(where: \.isInserted)?.x
          let ltr = !text.isRightToLeftParagraph(line)
          if (prefix + mark) + suffix != line.width || (ltr && ellipsisX != prefix) {
            mismatches += 1
            if mismatches <= 5 {
              let at = ellipsisX ?? -1
              Issue.record(
                "\(line.text): drawn \(prefix) + \(mark) + \(suffix), at \(at): \(line.width)")
            }
          }
        }
      }
    }
    #expect(mismatches == 0, "\(mismatches) of \(truncated) truncated lines")
    #expect(truncated > 300)
  }
}
