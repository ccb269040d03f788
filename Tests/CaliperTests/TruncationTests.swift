import Caliper
import Foundation
import Testing

/// Line limits, truncation and fixed-height proposals.
///
/// Expected values: advances from `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf`
/// (units per em 1000, so units × 16 / 1000 = points at 16 pt), Noto Sans's hhea table
/// (ascender 1069, descender −293, line gap 0: a line is 21.792 pt), and Pango 1.50's own
/// ellipsization (`Scripts/pango-truncation`).
@Suite struct TruncationTests {
  static let label = "Blue tile with a longer local label"
  /// hb-shape advances of "Blue tile with a longer local label" in Noto Sans.
  static let labelAdvances: [Double] = [
    650, 258, 618, 564, 260, 361, 258, 258, 564, 260, 786, 258, 361, 618, 260, 561, 260, 258,
    605, 618, 615, 564, 413, 260, 258, 605, 480, 561, 258, 260, 258, 561, 615, 564, 258,
  ]
  /// hb-shape: U+2026 in Noto Sans.
  static let ellipsisUnits = 791.0
  static let lineHeight = (1069.0 + 293.0 + 0) * 16 / 1000

  static func points(_ units: Double) -> Double { units * 16 / 1000 }
  static func units(_ range: Range<Int>) -> Double { labelAdvances[range].reduce(0, +) }

  static func options(_ limit: Int?, _ mode: TruncationMode? = nil) -> TextContainerOptions {
    TextContainerOptions(lineLimit: limit, truncationMode: mode)
  }

  @Test func tailTruncatedLineIncludesTheEllipsis() throws {
    let text = try TestFonts.prepare(Self.label)
    let result = text.measure(ProposedViewSize(width: 100, height: nil), options: Self.options(1))
    // "Blue tile wit" (13 scalars) + "…": 5456 + 791 units; one more letter ("h", 618) does
    // not fit in 100 pt.
    let expected = Self.points(Self.units(0..<13) + Self.ellipsisUnits)
    #expect(result.lineCount == 1)
    #expect(result.lines[0].text == "Blue tile wit…")
    #expect(abs(result.lines[0].width - expected) < 1e-9)
    #expect(Self.points(Self.units(0..<14) + Self.ellipsisUnits) > 100)
    #expect(result.truncated)
    #expect(result.hiddenRange == 13..<35)
    #expect(abs(result.size.width - expected) < 1e-9)
    #expect(abs(result.size.height - Self.lineHeight) < 1e-9)
  }

  @Test func lineLimitTwoTruncatesTheSecondLine() throws {
    let text = try TestFonts.prepare(Self.label)
    let result = text.measure(ProposedViewSize(width: 120, height: nil), options: Self.options(2))
    #expect(result.lines.map(\.text) == ["Blue tile with a ", "longer local la…"])
    let second = Self.points(Self.units(17..<32) + Self.ellipsisUnits)
    #expect(abs(result.lines[1].width - second) < 1e-9)
    #expect(result.hiddenRange == 32..<35)
    #expect(abs(result.size.height - 2 * Self.lineHeight) < 1e-9)
  }

  @Test(arguments: [
    (TruncationMode.middle, 100.0, "Blue t… label", 6..<29),
    (.middle, 150, "Blue tile …ocal label", 10..<25),
    (.head, 100, "…r local label", 0..<22),
    (.head, 150, "… longer local label", 0..<16),
  ])
  func middleAndHeadKeepWhatPangoKeeps(
    mode: TruncationMode, width: Double, shown: String, hidden: Range<Int>
  ) throws {
    // Pango 1.50, set_height(-1) + set_ellipsize(MIDDLE/START), same fonts (see the file's
    // fixture): the kept text at these widths.
    let text = try TestFonts.prepare(Self.label)
    let result = text.measure(
      ProposedViewSize(width: width, height: nil), options: Self.options(1, mode))
    #expect(result.lines.map(\.text) == [shown])
    #expect(result.hiddenRange == hidden)
    let kept = Self.units(0..<hidden.lowerBound) + Self.units(hidden.upperBound..<35)
    #expect(abs(result.lines[0].width - Self.points(kept + Self.ellipsisUnits)) < 1e-9)
    #expect(result.lines[0].width <= width)
  }

  @Test func fixedHeightKeepsExactlyTheLinesThatFit() throws {
    let text = try TestFonts.prepare(Self.label)
    // At 120 pt the label takes 3 lines of 21.792 pt.
    let full = text.measure(ProposedViewSize(width: 120, height: nil))
    #expect(full.lineCount == 3)
    let truncate = Self.options(nil, .tail)
    for (height, lines) in [
      (10.0, 1), (Self.lineHeight, 1), (2 * Self.lineHeight - 0.01, 1), (2 * Self.lineHeight, 2),
      (50, 2), (3 * Self.lineHeight, 3), (500, 3),
    ] {
      let result = text.measure(ProposedViewSize(width: 120, height: height), options: truncate)
      #expect(result.lineCount == lines, "height \(height)")
      #expect(result.truncated == (lines < 3), "height \(height)")
      #expect(abs(result.size.height - Double(lines) * Self.lineHeight) < 1e-9)
      let fit = text.sizeThatFits(ProposedViewSize(width: 120, height: height), options: truncate)
      #expect(
        fit.size == result.size && fit.lineCount == lines && fit.truncated == result.truncated)
      #expect(fit.hiddenRange == result.hiddenRange)
    }
    // Without a line limit or truncation mode the height is ignored, as before.
    #expect(text.measure(ProposedViewSize(width: 120, height: 10)).lineCount == 3)
  }

  @Test func lineLimitOneKeepsTheIdealWidth() throws {
    let text = try TestFonts.prepare(Self.label)
    let one = Self.options(1)
    let ideal = text.measure(.unspecified, options: one)
    let idealWidth = Self.points(Self.labelAdvances.reduce(0, +))  // 242.656
    #expect(abs(text.idealWidth - idealWidth) < 1e-9)
    #expect(!ideal.truncated && ideal.lineCount == 1)
    #expect(abs(ideal.size.width - idealWidth) < 1e-9)
    #expect(abs(text.sizeThatFits(.unspecified, options: one).size.width - idealWidth) < 1e-9)
    // Constrained: one truncated line, narrower than the proposal; the ideal is unchanged.
    let narrow = text.sizeThatFits(ProposedViewSize(width: 120, height: nil), options: one)
    #expect(narrow.truncated && narrow.lineCount == 1 && narrow.size.width <= 120)
    #expect(abs(text.idealWidth - idealWidth) < 1e-9)
  }

  @Test func hardBreaksPastTheLimitAreHidden() throws {
    let text = try TestFonts.prepare("First line\nSecond line")
    let result = text.measure(.unspecified, options: Self.options(1))
    #expect(result.lines.map(\.text) == ["First line…"])
    #expect(result.hiddenRange == 10..<22)
    // hb-shape "First line": 519 258 413 479 361 260 258 258 618 564 = 3988 units.
    #expect(abs(result.lines[0].width - Self.points(3988 + Self.ellipsisUnits)) < 1e-9)
    // Two lines fit the limit: nothing is hidden; an empty line after a final hard break is
    // not text, so dropping it truncates nothing.
    #expect(!text.measure(.unspecified, options: Self.options(2)).truncated)
    for blank in ["First line\n", "First line\n   \n"] {
      let trailing = try TestFonts.prepare(blank)
      let one = trailing.measure(.unspecified, options: Self.options(1))
      #expect(one.lineCount == 1 && !one.truncated && one.lines[0].text == "First line\n")
    }
  }

  @Test func cachedBreakingsKeepLimitsApart() throws {
    let text = try TestFonts.prepare(Self.label)
    let proposal = ProposedViewSize(width: 120, height: nil)
    #expect(text.measure(proposal).lineCount == 3)
    #expect(text.measure(proposal, options: Self.options(1)).lineCount == 1)
    #expect(text.measure(proposal, options: Self.options(2)).lineCount == 2)
    #expect(text.measure(proposal, options: Self.options(1, .head)).lines[0].text.hasPrefix("…"))
    #expect(text.measure(proposal).lineCount == 3)
    #expect(text.sizeThatFits(proposal, options: Self.options(2)).lineCount == 2)
  }

  @Test func invalidLineLimitsAreRefused() throws {
    let text = try TestFonts.prepare(Self.label)
    #expect(throws: CaliperError.invalidLineLimit(0)) {
      try text.validatedMeasure(.unspecified, options: Self.options(0))
    }
    // Unvalidated, a limit below 1 counts as 1.
    #expect(
      text.measure(ProposedViewSize(width: 120, height: nil), options: Self.options(-3))
        .lineCount == 1)
  }

  /// Never wider than the proposal: every corpus paragraph at many widths, every mode, one
  /// and two lines, and the kept text is the text's own.
  @Test func truncatedLinesNeverExceedTheProposal() throws {
    let paragraphs = TestFonts.paragraphs.enumerated().filter { $0.offset % 40 == 0 }.map(\.element)
    #expect(paragraphs.count > 30)
    var truncatedCount = 0
    for paragraph in paragraphs {
      let text = try TestFonts.prepare(paragraph)
      let scalars = Array(paragraph.unicodeScalars)
      for width in stride(from: 24.0, through: 420, by: 13.7) {
        for mode in TruncationMode.allCases {
          for limit in [1, 2] {
            let result = text.measure(
              ProposedViewSize(width: width, height: nil), options: Self.options(limit, mode))
            #expect(result.lineCount <= limit)
            for line in result.lines {
              #expect(line.width <= width + 1e-6, "\(mode) \(limit) at \(width): \(line.text)")
            }
            guard let hidden = result.hiddenRange, let last = result.lines.last else { continue }
            truncatedCount += 1
            let shown =
              String(String.UnicodeScalarView(scalars[last.range.lowerBound..<hidden.lowerBound]))
              + "…"
              + (mode == .tail
                ? "" : String(String.UnicodeScalarView(scalars[hidden.upperBound..<scalars.count])))
            #expect(Self.trimmed(last.text) == Self.trimmed(shown))
          }
        }
      }
    }
    #expect(truncatedCount > 1000)
  }

  /// A width inside the reported range gives the same truncated line.
  @Test func lineBreakRangeHoldsForTruncatedLines() throws {
    let text = try TestFonts.prepare(TestFonts.paragraphs[0])
    for width in [90.0, 150, 233] {
      let result = text.measure(
        ProposedViewSize(width: width, height: nil), options: Self.options(2, .middle))
      let range = result.lineBreakRange
      #expect(range.contains(width))
      for probe in [range.lowerBound + 1e-4, (range.lowerBound + min(range.upperBound, 1e4)) / 2] {
        let again = text.measure(
          ProposedViewSize(width: probe, height: nil), options: Self.options(2, .middle))
        #expect(again.lines.map(\.text) == result.lines.map(\.text), "\(width) → \(probe)")
      }
    }
  }

  static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars[...]
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}

@Suite struct TruncationBatchTests {
  /// A batch with a line limit gives each text the measurement `measure` gives alone.
  @Test func batchesTakeLineLimits() throws {
    let library = try TestFonts.library.get()
    let texts = Array(TestFonts.paragraphs.prefix(12))
    let options = TextContainerOptions(lineLimit: 2, truncationMode: .middle)
    let proposals = [ProposedViewSize(width: 150, height: nil)]
    let results = TextBatch(fonts: library).measure(
      texts, at: proposals, options: options, jobs: 4)
    for (text, result) in zip(texts, results) {
      let item = try result.get()
      let alone = try TestFonts.prepare(text).measure(proposals[0], options: options)
      #expect(item.measurements == [alone])
      #expect(alone.truncated)
    }
  }
}
