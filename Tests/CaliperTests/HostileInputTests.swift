import Caliper
import Testing

/// Hostile texts and values (issue 6, items 2–4): each row is refused with an error naming
/// the limit, or measured to the number a hand calculation from the font's advances gives.
/// The long inputs are generated here at sizes that keep the suite fast; `Scripts/hostile`
/// runs them at full size (10 MB, 1M controls) and reports time and memory.
@Suite struct HostileInputTests {
  // Noto Sans advances in font units (1000 per em), from `hb-shape NotoSans-Regular.ttf`:
  // a=561 b=615 c=480 x=529 space=260 acutecomb=0; default ignorables (ZWJ, bidi
  // controls, variation selectors) shape to a zero-advance space.
  static func points(_ units: Int, size: Double = 16) -> Double { Double(units) * size / 1000 }

  // MARK: Limits (item 2)

  struct SizeCase: Sendable, CustomTestStringConvertible {
    let size: Double
    let accepted: Bool
    var testDescription: String { "size \(size)" }
  }

  @Test(arguments: [
    SizeCase(size: 0, accepted: false), SizeCase(size: -1, accepted: false),
    SizeCase(size: -0.0, accepted: false), SizeCase(size: .nan, accepted: false),
    SizeCase(size: .infinity, accepted: false), SizeCase(size: 10_000.5, accepted: false),
    SizeCase(size: 1e300, accepted: false), SizeCase(size: 10_000, accepted: true),
    SizeCase(size: 0.001, accepted: true),
  ])
  func fontSizeOutsideTheLimitIsRefused(_ row: SizeCase) throws {
    let fonts = try TestFonts.library.get()
    if row.accepted {
      let text = try fonts.prepare("ab", style: TextStyle(size: row.size))
      #expect(text.idealWidth == Self.points(561 + 615, size: row.size))
    } else {
      do {
        _ = try fonts.prepare("ab", style: TextStyle(size: row.size))
        Issue.record("size \(row.size) accepted")
      } catch {
        #expect(error.description.contains("at most 10000"), "\(error)")
      }
    }
  }

  @Test func textOverTheLimitIsRefusedNamingIt() throws {
    let small = try FontLibrary(
      fontsDirectory: TestFonts.directory, inputLimits: InputLimits(maxTextBytes: 1000))
    #expect(try small.prepare(String(repeating: "é", count: 500)).idealWidth > 0)  // 1000 bytes
    #expect(throws: CaliperError.textTooLong(bytes: 1002, limit: 1000)) {
      try small.prepare(String(repeating: "é", count: 501))
    }
    // The default: 16 MiB of UTF-8.
    let fonts = try TestFonts.library.get()
    let huge = String(repeating: "x", count: (16 << 20) + 1)
    #expect(throws: CaliperError.textTooLong(bytes: (16 << 20) + 1, limit: 16 << 20)) {
      try fonts.prepare(huge)
    }
    #expect(
      CaliperError.textTooLong(bytes: 2, limit: 1).description.contains("InputLimits.maxTextBytes"))
  }

  struct StyleCase: Sendable, CustomTestStringConvertible {
    let name: String
    let style: TextStyle
    var testDescription: String { name }
  }

  static func style(_ change: (inout TextStyle) -> Void) -> TextStyle {
    var style = TextStyle()
    change(&style)
    return style
  }

  /// Lengths past a million points (or not finite) would sum to infinity or lose all
  /// precision: refused, naming the setting.
  @Test(arguments: [
    StyleCase(name: "letter spacing 1e308", style: style { $0.letterSpacing = 1e308 }),
    StyleCase(name: "word spacing -inf", style: style { $0.wordSpacing = -.infinity }),
    StyleCase(name: "line height 1e308", style: style { $0.paragraph.lineHeight = 1e308 }),
    StyleCase(name: "line spacing NaN", style: style { $0.paragraph.lineSpacing = .nan }),
    StyleCase(
      name: "line height multiple 1e9", style: style { $0.paragraph.lineHeightMultiple = 1e9 }),
    StyleCase(name: "indent 1e7", style: style { $0.paragraph.firstLineHeadIndent = 1e7 }),
    StyleCase(
      name: "tab interval 1e-9", style: style { $0.paragraph.tabStops.defaultInterval = 1e-9 }),
    StyleCase(name: "tab stop 1e300", style: style { $0.paragraph.tabStops.stops = [1e300] }),
  ])
  func styleLengthsOutOfRangeAreRefused(_ row: StyleCase) throws {
    let fonts = try TestFonts.library.get()
    do {
      _ = try fonts.prepare("a\tb c", style: row.style)
      Issue.record("\(row.name) accepted")
    } catch {
      #expect(error.description.contains("invalid text style"), "\(error)")
    }
  }

  @Test func tooManyFontsAreRefused() throws {
    let fonts = try TestFonts.library.get()
    let style = TextStyle(fonts: Array(repeating: .family("Noto Sans"), count: 5000))
    #expect(throws: CaliperError.self) { try fonts.prepare("a", style: style) }
  }

  struct WidthCase: Sendable, CustomTestStringConvertible {
    let width: Double
    /// nil: refused; else the width the result must equal (`.infinity`: the ideal).
    let gives: Double?
    var testDescription: String { "width \(width)" }
  }

  @Test(arguments: [
    WidthCase(width: .nan, gives: nil), WidthCase(width: -1, gives: nil),
    WidthCase(width: -.infinity, gives: nil), WidthCase(width: -0.0, gives: 0),
    WidthCase(width: .infinity, gives: .infinity), WidthCase(width: 1e308, gives: .infinity),
    WidthCase(width: .greatestFiniteMagnitude, gives: .infinity),
  ])
  func proposedWidthsAreRefusedOrMeasuredWithoutTrapping(_ row: WidthCase) throws {
    let text = try TestFonts.prepare("ab c")
    let proposal = ProposedViewSize(width: row.width, height: nil)
    guard let gives = row.gives else {
      do {
        _ = try text.validatedMeasure(proposal)
        Issue.record("width \(row.width) accepted")
      } catch {
        #expect(error.description.contains("invalid proposed dimension \(row.width)"))
      }
      return
    }
    let measured = try text.validatedMeasure(proposal)
    let fit = text.sizeThatFits(proposal)
    if gives.isInfinite {
      // "ab c" on one line: a + b + space + c.
      #expect(abs(measured.size.width - Self.points(561 + 615 + 260 + 480)) < 1e-9)
      #expect(measured.lineCount == 1)
    } else {
      #expect(measured.size == text.measure(ProposedViewSize(width: gives, height: nil)).size)
    }
    #expect(fit.size == measured.size)
  }

  // MARK: Lossy steps are counted (item 3)

  @Test func charactersWithoutAGlyphAreCounted() throws {
    #expect(try TestFonts.prepare("Blue tile 😀 नमस्ते").missingGlyphCount == 0)
    // U+E000 (private use) and U+0378 (unassigned) are in no bundled face.
    let text = try TestFonts.prepare("a\u{E000}b\u{378}\u{E000}")
    #expect(text.missingGlyphCount == 3)
    #expect(text.missing == ["\u{E000}", "\u{378}"])
  }

  /// Texts of characters that need no glyph used to leave the first face unopened and
  /// trap while shaping (a lone tab crashed the CLI).
  @Test(arguments: ["\t", "\u{1}\u{2}", "\n\n\n", "\u{200D}", "\u{202B}", "\r\n", "\u{7F}"])
  func textsWithoutGlyphsMeasure(_ string: String) throws {
    let text = try TestFonts.prepare(string)
    let lineHeight = try TestFonts.library.get().font(family: "Noto Sans").lineMetrics(size: 16)
      .height
    #expect(text.idealSize.height >= lineHeight)
    #expect(text.sizeThatFits(ProposedViewSize(width: 0, height: nil)).lineCount >= 1)
  }

  // MARK: Long inputs (item 4)

  @Test func longMarkRunMeasuresAsItsBaseAndNeverBreaksInside() throws {
    // One cluster of 20,001 scalars: shaped 64 at a time (HarfBuzz 6 is quadratic in a
    // cluster's length), and still one unbreakable cluster.
    let text = try TestFonts.prepare("a" + String(repeating: "\u{301}", count: 20_000) + " b")
    let width = Self.points(561 + 0 * 20_000 + 260 + 615)
    #expect(abs(text.idealWidth - width) < 1e-9)
    let narrow = text.measure(ProposedViewSize(width: 1, height: nil))
    #expect(narrow.lines.map(\.range.count) == [20_002, 1])
    #expect(abs(narrow.lines[0].width - Self.points(561)) < 1e-9)
  }

  @Test func longWordBreaksEveryLineAtTheSameCount() throws {
    let count = 60_000
    let text = try TestFonts.prepare(String(repeating: "x", count: count))
    let x = Self.points(529)
    #expect(abs(text.idealWidth - Double(count) * x) < 1e-6)
    // At width 100, a line holds floor(100 / x) of them: emergency breaks.
    let perLine = Int((100 / x).rounded(.down))
    let fit = text.sizeThatFits(ProposedViewSize(width: 100, height: nil))
    #expect(fit.lineCount == (count + perLine - 1) / perLine)
    let lines = text.measure(ProposedViewSize(width: 100, height: nil)).lines
    #expect(lines.dropLast().allSatisfy { $0.range.count == perLine && $0.endsInEmergencyBreak })
  }

  @Test func longProseWrapsWithinTheWidth() throws {
    let sentence = "The quick brown fox jumps over the lazy dog. "
    let repeats = 3000  // 135,000 scalars
    let text = try TestFonts.prepare(String(repeating: sentence, count: repeats))
    // hb-shape units of the sentence, trailing space included, and of its trailing space.
    let units = [
      556, 618, 564, 260, 615, 618, 258, 480, 534, 260, 615, 393, 585, 786, 618, 260, 344, 585,
      529, 260, 258, 618, 935, 615, 479, 260, 585, 508, 564, 413, 260, 361, 618, 564, 260, 258,
      561, 470, 510, 260, 615, 605, 615, 268, 260,
    ]
    let sentenceWidth = Self.points(units.reduce(0, +))
    let ideal = Double(repeats) * sentenceWidth - Self.points(260)
    #expect(abs(text.idealWidth - ideal) < 1e-6 * ideal)
    let measured = text.measure(ProposedViewSize(width: 100, height: nil))
    #expect(measured.lines.allSatisfy { $0.width <= 100 })
    #expect(measured.lines.map(\.range.count).reduce(0, +) == sentence.count * repeats)
    #expect(text.sizeThatFits(ProposedViewSize(width: 100, height: nil)).size == measured.size)
  }

  @Test func manyNewlinesGiveOneLineEach() throws {
    let count = 100_000
    let text = try TestFonts.prepare(String(repeating: "\n", count: count))
    let fit = text.sizeThatFits(.unspecified)
    let lineHeight = try TestFonts.library.get().font(family: "Noto Sans").lineMetrics(size: 16)
      .height
    #expect(fit.size.width == 0)
    #expect(fit.lineCount == count + 1)
    #expect(abs(fit.size.height - Double(count + 1) * lineHeight) < 1e-6 * fit.size.height)
    #expect(text.sizeThatFits(ProposedViewSize(width: 100, height: nil)).size == fit.size)
  }

  struct InvisibleCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// The advances of the visible letters (hb-shape units).
    let units: Int
    var testDescription: String { name }
  }

  @Test(arguments: [
    InvisibleCase(
      name: "bidi embeddings nested past the depth limit (125)",
      text: String(repeating: "\u{202B}", count: 50_000) + "abc"
        + String(repeating: "\u{202C}", count: 50_000), units: 561 + 615 + 480),
    InvisibleCase(
      name: "isolates nested past the depth limit",
      text: String(repeating: "\u{2067}", count: 50_000) + "abc", units: 561 + 615 + 480),
    InvisibleCase(
      name: "ZWJ run", text: "a" + String(repeating: "\u{200D}", count: 100_000) + "b",
      units: 561 + 615),
    InvisibleCase(
      name: "variation selector run",
      text: "a" + String(repeating: "\u{FE0F}", count: 100_000) + "b", units: 561 + 615),
  ])
  func invisibleRunsAddNoWidth(_ row: InvisibleCase) throws {
    let text = try TestFonts.prepare(row.text)
    #expect(abs(text.idealWidth - Self.points(row.units)) < 1e-9)
    #expect(text.missingGlyphCount == 0)
    let fit = text.sizeThatFits(ProposedViewSize(width: 100, height: nil))
    #expect(fit.lineCount >= 1)
    #expect(fit.size.width <= text.idealWidth + 1e-9)
  }

  @Test func thaiWithoutSpacesBreaksAtDictionaryWords() throws {
    // ICU finds Thai word boundaries by dictionary: no line needs an emergency break.
    let phrase = "สวัสดีครับผมชื่อสมชายยินดีที่ได้รู้จัก"
    let text = try TestFonts.prepare(String(repeating: phrase, count: 1500))  // 55,500 scalars
    let measured = text.measure(ProposedViewSize(width: 100, height: nil))
    #expect(measured.lineCount > 100)
    #expect(measured.lines.allSatisfy { $0.width <= 100 && !$0.endsInEmergencyBreak })
    #expect(text.sizeThatFits(ProposedViewSize(width: 100, height: nil)).size == measured.size)
    #expect(text.missingGlyphCount == 0)
  }
}
