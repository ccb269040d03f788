import Caliper
import CaliperTestSupport
import Testing

/// Where decorations go, by hand from Noto Sans's tables and `hb-shape --font-size=1000
/// Fonts/NotoSans-Regular.ttf "Hxg xyz"` (H 741, x 529, g 615, space 260, x 529, y 510, z 470
/// units): at 16 pt "Hxg" is 1885 × 0.016 = 30.16 pt wide, the baseline 17.104 pt down
/// (ascender 1069); `post` underlinePosition −100 and thickness 50 put the underline's top at
/// 17.104 + 1.6 = 18.704 pt, 0.8 pt thick; `OS/2` yStrikeoutPosition 322 the line-through's
/// at 17.104 − 5.152 = 11.952 pt; the overline's at the ascent, 0.
@Suite struct DecorationTests {
  static func decorations(
    _ string: String, _ spans: [TextSpan], width: Double? = nil
  ) throws -> [DecorationSegment] {
    let text = try TestFonts.library.get().prepare(string, style: TextStyle(size: 16), spans: spans)
    return text.decorations(of: text.measure(ProposedViewSize(width: width, height: nil)))
  }

  @Test func strokesComeFromTheFontsTables() throws {
    let all = TextDecoration.Lines([.underline, .overline, .lineThrough])
    let segments = try Self.decorations(
      "Hxg xyz", [TextSpan(0..<3, decoration: TextDecoration(lines: all))])
    #expect(segments.map(\.kind) == [.underline, .overline, .lineThrough])
    let expected: [(Double, Double)] = [(18.704, 0.8), (0, 0.8), (11.952, 0.8)]
    for (segment, (top, thickness)) in zip(segments, expected) {
      #expect(abs(segment.rect.minX) < 1e-9 && abs(segment.rect.width - 30.16) < 1e-9)
      #expect(abs(segment.rect.minY - top) < 1e-9 && abs(segment.rect.height - thickness) < 1e-9)
    }
  }

  /// A span across a line break is decorated on each line, without the space hanging at
  /// the first line's end; a given thickness replaces the font's.
  @Test func spansAcrossLinesAndGivenThickness() throws {
    let segments = try Self.decorations(
      "Hxg xyz",
      [TextSpan(0..<7, decoration: TextDecoration(lines: .underline, thickness: 2))], width: 35)
    #expect(segments.map(\.line) == [0, 1])
    #expect(abs(segments[0].rect.width - 30.16) < 1e-9)
    #expect(abs(segments[1].rect.width - (529 + 510 + 470) * 0.016) < 1e-9)
    #expect(segments.allSatisfy { $0.rect.height == 2 })
    #expect(abs(segments[1].rect.minY - (17.104 + 21.792 + 1.6)) < 1e-9)
  }

  @Test func undecoratedTextHasNone() throws {
    #expect(try Self.decorations("Hxg", [TextSpan(0..<3, weight: 700)]).isEmpty)
  }
}
