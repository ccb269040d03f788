import Caliper
import Foundation
import Testing

/// One source of glyph positions: what is drawn is what was measured, bit for bit.
///
/// For every paragraph of the corpus (the test corpus — Gatsby and the multilingual sample —
/// and the benchmark classes in `Benchmarks/Corpus`: mixed prose, fallback-heavy text,
/// unbreakable URLs), at five widths and each alignment, the advances of the glyphs drawn on
/// each line (`glyphRuns(in:)`, left to right, hanging whitespace aside) add up with `==` to
/// the line's measured width. A justified line is drawn wider by its justification on each
/// inter-word space: the expected sum is `line.width + line.justification × spaces`, the
/// spaces (U+0020 and U+00A0, as Pango stretches) counted here in the line's content (its
/// text before the whitespace that hangs at its end). Any rule applied once for measuring
/// and again, differently, for drawing (letter spacing after a cluster, a tab's stop, the
/// justification of a space) moves some line's sum away from its width.
@Suite struct DrawnAdvanceTests {
  static let widths = [40.0, 90, 160, 280, 480]

  /// The corpus: the test corpus's paragraphs, then the benchmark classes' (one copy each,
  /// read where the benchmarks keep them).
  static let corpus: [String] = {
    let benchmarks = ["synthetic-mixed.txt", "fallback-heavy.txt", "urls-unbreakable.txt"].map {
      (try? String(contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/" + $0, encoding: .utf8))
        ?? ""
    }
    return TestFonts.paragraphs
      + benchmarks.joined(separator: "\n").split(separator: "\n").map(String.init)
  }()

  /// The spaces justification stretches in `line`'s content: U+0020 and U+00A0 before the
  /// whitespace (and line separator) hanging at its end.
  static func justifiedSpaces(_ line: Line, in scalars: [Unicode.Scalar]) -> Int {
    var content = Array(scalars[line.range.clamped(to: 0..<scalars.count)])
    while let last = content.last, last.properties.isWhitespace { content.removeLast() }
    return content.count { $0.value == 0x20 || $0.value == 0xA0 }
  }

  /// The lines of `paragraphs` in `style` whose drawn advances do not add up to their
  /// measured width (the first five recorded), and how many lines and justified lines there
  /// were.
  static func mismatches(
    _ paragraphs: [String], style: TextStyle, alignment: TextAlignment
  ) throws -> (mismatches: Int, lines: Int, justified: Int) {
    var lines = 0
    var justified = 0
    var mismatches = 0
    for paragraph in paragraphs {
      let text = try TestFonts.library.get().prepare(paragraph, style: style)
      let scalars = Array(paragraph.unicodeScalars)
      for width in Self.widths {
        let measurement = text.measure(
          ProposedViewSize(width: width, height: nil),
          options: TextContainerOptions(alignment: alignment))
        for line in measurement.lines {
          lines += 1
          if line.justification != 0 { justified += 1 }
          let runs = text.glyphRuns(in: line)
          let drawn = runs.filter { !$0.isTrailingWhitespace }.flatMap(\.glyphs).map(\.advance)
            .reduce(0, +)
          let expected =
            line.width + line.justification * Double(Self.justifiedSpaces(line, in: scalars))
          // A justified line and its indent span the text's width (within rounding: the
          // justification is the slack over the spaces).
          if line.justification != 0, abs(line.indent + drawn - measurement.size.width) > 1e-9 {
            mismatches += 1
            Issue.record(
              "\(line.text): justified to \(line.indent + drawn), not \(measurement.size.width)")
          }
          if drawn != expected {
            mismatches += 1
            if mismatches <= 5 {
              Issue.record("\(line.text): drawn \(drawn), measured \(expected)")
            }
          }
        }
      }
    }
    return (mismatches, lines, justified)
  }

  @Test(arguments: TextAlignment.allCases)
  func drawnAdvancesAddUpToTheMeasuredWidth(_ alignment: TextAlignment) throws {
    #expect(Self.corpus.count > 1900)
    let (mismatches, lines, justified) = try Self.mismatches(
      Self.corpus, style: TextStyle(size: 16), alignment: alignment)
    #expect(mismatches == 0, "\(mismatches) of \(lines) lines")
    #expect(lines > 200_000)
    #expect(alignment != .justified || justified > 50_000, "\(justified) justified lines")
  }

  /// The rules that move glyphs besides their advances, on every tenth paragraph: letter
  /// spacing (none after a line's last cluster), word spacing, negative letter spacing with
  /// wide word spacing, and tab stops (every fourth space a tab, stops at 40 and 130 pt then
  /// every 8 spaces) with a first-line indent.
  static let styles: [TextStyle] = [
    TextStyle(size: 16, letterSpacing: 1.5),
    TextStyle(size: 16, letterSpacing: -0.4, wordSpacing: 6),
    TextStyle(
      size: 16, wordSpacing: 1,
      paragraph: ParagraphStyle(tabStops: TabStops([40, 130]), firstLineHeadIndent: 12)),
  ]

  @Test(arguments: Self.styles.indices, TextAlignment.allCases)
  func spacingTabsAndJustificationAreDrawnAsMeasured(_ style: Int, _ alignment: TextAlignment)
    throws
  {
    var paragraphs = Self.corpus.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
    if Self.styles[style].paragraph.tabStops != TabStops() {
      // Every fourth space a tab, and every twelfth a run of tabs and spaces (a tab breaks:
      // whitespace after it is a segment of its own, which hangs at a line's end as drawing
      // hangs it).
      paragraphs = paragraphs.map { paragraph in
        var result = ""
        var spaces = 0
        for character in paragraph {
          guard character == " " else {
            result.append(character)
            continue
          }
          spaces += 1
          result += spaces % 12 == 0 ? "\t  \t " : spaces % 4 == 0 ? "\t" : " "
        }
        return result
      }
    }
    let (mismatches, lines, _) = try Self.mismatches(
      paragraphs, style: Self.styles[style], alignment: alignment)
    #expect(mismatches == 0, "\(mismatches) of \(lines) lines")
    #expect(lines > 20_000)
  }
}
