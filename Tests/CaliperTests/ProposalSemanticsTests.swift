import Caliper
import Testing

/// Each rule of the proposal semantics (MeasurementSemantics.md, ProposalsAndSizes.md), one
/// row each.
///
/// Hand calculations use Noto Sans advances from
/// `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf TEXT` (units per em 1000):
/// "Hello" 2426, "Hello " 2686, "W" 930, "m" 935, "Supercalifragilistic" 8561; and its
/// hhea metrics (ascender 1069, descender −293, line gap 0): a line is 1362 × 16 / 1000 pt.
@Suite struct ProposalSemanticsTests {
  static let lineHeight = 1362 * 16 / 1000.0
  static let sentence = "Blue tile with a longer local label"

  enum Rule: String, CaseIterable, Sendable {
    case unspecifiedWidthIsIdeal, infiniteWidthIsIdeal, finiteWidthWrapsEveryLineFits
    case lineExactlyAsWideAsProposalFits, trailingWhitespaceExcluded, reportedWidthIsWidestLine
    case longWordBreaksAtGraphemesWithoutHyphen, zeroWidthGivesWidestCluster
    case clusterWiderThanProposalGetsOwnLine, minWidthIsWidestUnbreakableSegment
    case hardBreaksAlwaysBreak, crlfIsOneBreak, trailingHardBreakAddsEmptyLine
    case emptyStringIsZeroByZero, heightIsSumOfLineHeights, conjunctIsNeverSplit
    case heightProposalIsIgnored
  }

  @Test(arguments: Rule.allCases)
  func rule(_ rule: Rule) throws {
    switch rule {
    case .unspecifiedWidthIsIdeal:
      let text = try TestFonts.prepare(Self.sentence)
      let result = text.measure(.unspecified)
      #expect(result.lineCount == 1)
      #expect(abs(result.size.width - 15166 * 16 / 1000.0) < 1e-9)
      #expect(abs(result.size.height - Self.lineHeight) < 1e-9)
    case .infiniteWidthIsIdeal:
      let text = try TestFonts.prepare(Self.sentence)
      #expect(text.measure(.infinity).lines == text.measure(.unspecified).lines)
      #expect(text.measure(ProposedViewSize(width: 1e308, height: nil)).lineCount == 1)
    case .finiteWidthWrapsEveryLineFits:
      let text = try TestFonts.prepare(Self.sentence)
      for width in stride(from: 40.0, through: 260, by: 7.5) {
        let result = text.measure(ProposedViewSize(width: width, height: nil))
        for line in result.lines { #expect(line.width <= width + 1e-6) }
        #expect(result.lines.map(\.text).joined() == Self.sentence)
      }
      #expect(text.measure(ProposedViewSize(width: 120, height: nil)).lineCount == 3)
    case .lineExactlyAsWideAsProposalFits:
      // "Hello Hello": the first line "Hello " is 2426 units wide without its space.
      let text = try TestFonts.prepare("Hello Hello")
      let exact = 2426 * 16 / 1000.0
      #expect(
        text.measure(ProposedViewSize(width: exact, height: nil)).lines.map(\.text) == [
          "Hello ", "Hello",
        ])
      #expect(text.measure(ProposedViewSize(width: exact - 0.001, height: nil)).lines.count > 2)
    case .trailingWhitespaceExcluded:
      let text = try TestFonts.prepare("Hello Hello")
      let line = text.measure(ProposedViewSize(width: 50, height: nil)).lines[0]
      #expect(line.text == "Hello ")
      #expect(abs(line.width - 2426 * 16 / 1000.0) < 1e-9)
      #expect(abs(line.widthIncludingTrailingWhitespace - 2686 * 16 / 1000.0) < 1e-9)
    case .reportedWidthIsWidestLine:
      let text = try TestFonts.prepare(Self.sentence)
      let result = text.measure(ProposedViewSize(width: 300, height: nil))
      #expect(result.size.width == result.lines.map(\.width).max())
      #expect(result.size.width < 300)
    case .longWordBreaksAtGraphemesWithoutHyphen:
      let word = "Supercalifragilistic"
      let text = try TestFonts.prepare(word)
      let result = text.measure(ProposedViewSize(width: 50, height: nil))
      #expect(Double(result.lineCount) >= 8561 * 16 / 1000.0 / 50)
      #expect(result.lines.map(\.text).joined() == word)  // nothing inserted
      #expect(result.lines.dropLast().allSatisfy { $0.endsInEmergencyBreak })
      for line in result.lines { #expect(line.width <= 50 + 1e-6) }
    case .zeroWidthGivesWidestCluster:
      let text = try TestFonts.prepare("mW m")
      let result = text.measure(.zero)
      #expect(result.lines.map { $0.text.trimmingSuffixSpaces } == ["m", "W", "m"])
      #expect(abs(result.size.width - 935 * 16 / 1000.0) < 1e-9)
    case .clusterWiderThanProposalGetsOwnLine:
      let text = try TestFonts.prepare("W")
      let result = text.measure(ProposedViewSize(width: 1, height: nil))
      #expect(result.lineCount == 1)
      #expect(abs(result.size.width - 930 * 16 / 1000.0) < 1e-9)
    case .minWidthIsWidestUnbreakableSegment:
      let text = try TestFonts.prepare("Hello Supercalifragilistic Hello")
      #expect(abs(text.minWidth - 8561 * 16 / 1000.0) < 1e-9)
    case .hardBreaksAlwaysBreak:
      for separator in ["\n", "\u{85}", "\u{2028}", "\u{2029}", "\r"] {
        let text = try TestFonts.prepare("Hello" + separator + "Hello")
        let result = text.measure(.unspecified)
        #expect(result.lineCount == 2, "separator U+\(separator.unicodeScalars.first!.value)")
        #expect(abs(result.size.width - 2426 * 16 / 1000.0) < 1e-9)
      }
    case .crlfIsOneBreak:
      let text = try TestFonts.prepare("Hello\r\nHello")
      #expect(text.measure(.unspecified).lines.map(\.text) == ["Hello\r\n", "Hello"])
    case .trailingHardBreakAddsEmptyLine:
      let result = try TestFonts.prepare("Hello\n").measure(.unspecified)
      #expect(result.lineCount == 2)
      #expect(result.lines.last?.text == "")
      #expect(abs(result.size.height - 2 * Self.lineHeight) < 1e-9)
    case .emptyStringIsZeroByZero:
      let result = try TestFonts.prepare("").measure(ProposedViewSize(width: 100, height: nil))
      #expect(result.size == .zero)
      #expect(result.lineCount == 0)
    case .heightIsSumOfLineHeights:
      let result = try TestFonts.prepare(Self.sentence).measure(
        ProposedViewSize(width: 120, height: nil))
      #expect(abs(result.size.height - 3 * Self.lineHeight) < 1e-9)
      #expect(abs(result.lines[1].baseline - (Self.lineHeight + 1069 * 16 / 1000.0)) < 1e-9)
    case .conjunctIsNeverSplit:
      // स्ता: HarfBuzz shapes स्त as one conjunct glyph; ICU 72 puts a grapheme boundary in it.
      let text = try TestFonts.prepare("स्ता")
      let lines = text.measure(.zero).lines.map(\.text)
      #expect(!lines.contains("स्"))
      #expect(lines.joined() == "स्ता")
    case .heightProposalIsIgnored:
      let text = try TestFonts.prepare(Self.sentence)
      #expect(
        text.measure(ProposedViewSize(width: 120, height: 1)).lines
          == text.measure(ProposedViewSize(width: 120, height: nil)).lines)
    }
  }

  @Test func roundedToScaleCeilsToThePixelGrid() throws {
    let result = try TestFonts.prepare(Self.sentence).measure(.unspecified).rounded(toScale: 2)
    // 242.656 pt at 2 px/pt is 485.312 px: ceil to 486 px = 243 pt; 21.792 → 22 pt.
    #expect(result.size == Size(width: 243, height: 22))
  }

  @Test func tinyScaleRoundsUpToOnePixel() throws {
    // At 1e-10 px/pt a pixel is 1e10 pt: 242.656 × 21.792 pt ceil to one pixel each way
    // (before, a tolerance of 1e-6 px — 1e4 pt — rounded them down to 0 × 0).
    let measured = try TestFonts.prepare(Self.sentence).measure(.unspecified)
    let tiny = measured.rounded(toScale: 1e-10)
    #expect(tiny.size == Size(width: 1e10, height: 1e10))
    #expect(tiny.usedRect == Rect(x: 0, y: 0, width: 1e10, height: 1e10))
    // A width on the grid stays (within 1e-6 pt): 243 pt at 2 px/pt.
    #expect(Size(width: 243 + 1e-9, height: 0).rounded(toScale: 2).width == 243)
  }

  @Test func usedRectAddsPaddingAndInset() throws {
    let text = try TestFonts.prepare("Hello Hello")
    let options = TextContainerOptions(
      lineFragmentPadding: 5, textContainerInset: Size(width: 2, height: 3))
    let plain = text.measure(ProposedViewSize(width: 50, height: nil))
    let padded = text.measure(ProposedViewSize(width: 50 + 14, height: nil), options: options)
    #expect(padded.lines == plain.lines)
    #expect(
      padded.usedRect == Rect(x: 2, y: 3, width: plain.size.width + 10, height: plain.size.height))
    #expect(padded.size == Size(width: plain.size.width + 14, height: plain.size.height + 6))
  }

  @Test func invalidProposalsAreRefused() throws {
    let text = try TestFonts.prepare("Hello")
    #expect(throws: CaliperError.invalidProposal(-1)) {
      try text.validatedMeasure(ProposedViewSize(width: -1, height: nil))
    }
    #expect(throws: CaliperError.self) {
      try text.validatedMeasure(ProposedViewSize(width: .nan, height: nil))
    }
    #expect(throws: CaliperError.invalidFontSize(0)) { try TestFonts.prepare("x", size: 0) }
  }
}

extension String {
  var trimmingSuffixSpaces: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
