import Testing

@testable import Caliper

/// The line breaker's search for plain texts (`LineBreaker+Plain.swift`) against its general
/// scan: the same lines, spans, metrics and range of widths, over the test corpus at many
/// widths, in styles that keep a text plain and in styles that do not. An equivalence test:
/// the general scan (`searchesPlainLines` off) is the expected value, and its own lines are
/// checked against Pango in `PangoAgreementTests`.
@Suite struct PlainLinesTests {
  /// Every `step`-th paragraph of the corpus (Gatsby, then the multilingual sample).
  static func paragraphs(step: Int) -> [String] {
    TestFonts.paragraphs.enumerated().filter { $0.offset % step == 0 }.map(\.element)
  }

  /// Styles with a stride over the corpus: plain ones (sizes, indents, line heights that
  /// set the last line apart) and ones that make some texts not plain.
  static let styles: [(name: String, style: TextStyle, step: Int)] = [
    ("default", TextStyle(), 3),
    ("23 pt", TextStyle(size: 23), 11),
    ("indents", TextStyle(paragraph: ParagraphStyle(firstLineHeadIndent: 12, headIndent: 5)), 11),
    (
      "line heights",
      TextStyle(paragraph: ParagraphStyle(lineHeightMultiple: 1.3, paragraphSpacing: 4)), 11
    ),
    ("negative word spacing", TextStyle(wordSpacing: -1.5), 17),
    ("CSS, overflow-wrap normal", TextStyle(breakRules: .css, overflowWrap: .normal), 17),
  ]

  /// The widths tried for one text: fixed ones down to 0 (emergency breaks), fractions of
  /// its ideal width, and the edges of each breaking's range (where a `fits` test flips).
  static func widths(_ text: PreparedText) -> [Double] {
    var widths: [Double] = [0, 1, 8, 30, 61.5, 100, 150, 240, .infinity]
    for step in 1..<12 { widths.append(text.idealWidth * Double(step) / 12) }
    var edges: [Double] = []
    for width in widths where width.isFinite {
      var scan = LineBreaker(limit: width)
      scan.searchesPlainLines = false
      _ = scan.breakLines(text.widths)
      let range = scan.validLimits
      edges.append(range.lowerBound)
      if range.upperBound.isFinite { edges.append(range.upperBound) }
    }
    return widths + edges.filter { $0.isFinite && $0 >= 0 }
  }

  @Test(arguments: 0..<styles.count)
  func searchGivesTheScansLines(_ styleIndex: Int) throws {
    let (name, style, step) = Self.styles[styleIndex]
    let library = try TestFonts.library.get()
    var plainTexts = 0
    var breakings = 0
    for paragraph in Self.paragraphs(step: step) {
      let text = try library.prepare(paragraph, style: style)
      if text.storage.breakFacts.contains(.plainLines) { plainTexts += 1 }
      for width in Self.widths(text) {
        var search = LineBreaker(limit: width)
        var scan = LineBreaker(limit: width)
        scan.searchesPlainLines = false
        let found = search.breakLines(text.widths)
        let scanned = scan.breakLines(text.widths)
        #expect(found == scanned, "\(name), width \(width): \(paragraph.prefix(40))")
        #expect(search.validLimits == scan.validLimits, "\(name), width \(width)")
        var searchFit = LineFit()
        var scanFit = LineFit()
        search = LineBreaker(limit: width)
        scan = LineBreaker(limit: width)
        scan.searchesPlainLines = false
        search.breakLines(text.widths, into: &searchFit)
        scan.breakLines(text.widths, into: &scanFit)
        #expect(searchFit == scanFit && searchFit == LineFit(scanned))
        breakings += 1
      }
    }
    // Not vacuous: most of the corpus is plain in the plain styles (the multilingual
    // sample's several faces are not), and many breakings were compared.
    if name != "negative word spacing" && name != "CSS, overflow-wrap normal" {
      #expect(plainTexts * 10 >= Self.paragraphs(step: step).count * 8, "\(plainTexts)")
    }
    #expect(breakings > 1000)
  }

  /// Under a line limit the search stops where the scan stops: the same shown lines, the
  /// same first hidden line, the same range.
  @Test(arguments: [1, 2, 3, 7])
  func searchStopsAtTheLineLimit(_ lines: Int) throws {
    let limit = try #require(
      LineLimit(TextContainerOptions(lineLimit: lines), proposal: .unspecified))
    for paragraph in Self.paragraphs(step: 19) {
      let text = try TestFonts.prepare(paragraph)
      for width in Self.widths(text) {
        var search = LineBreaker(limit: width)
        var scan = LineBreaker(limit: width)
        scan.searchesPlainLines = false
        var found = LimitedLines(limit: limit)
        var scanned = LimitedLines(limit: limit)
        search.breakLines(text.widths, into: &found)
        scan.breakLines(text.widths, into: &scanned)
        #expect(found.spans == scanned.spans, "width \(width)")
        #expect(found.overflow == scanned.overflow)
        #expect(search.validLimits == scan.validLimits)
      }
    }
  }

  /// Which texts are plain: one face and whole segments of prefix arithmetic; a soft
  /// hyphen, a hard break, a tab, letter spacing, hyphenation or a second face is not.
  @Test func plainTexts() throws {
    let library = try TestFonts.library.get()
    let plainness: PreparedTextStorage.BreakFacts = [.prefixRises, .plainLines, .sameLineMetrics]
    func facts(_ string: String, _ style: TextStyle = TextStyle()) throws
      -> PreparedTextStorage.BreakFacts
    {
      try library.prepare(string, style: style).storage.breakFacts.intersection(plainness)
    }
    let sentence = "In my younger and more vulnerable years my father gave me some advice"
    #expect(try facts(sentence) == [.prefixRises, .plainLines, .sameLineMetrics])
    let taller = TextStyle(paragraph: ParagraphStyle(lineSpacing: 2))
    #expect(try facts(sentence, taller) == [.prefixRises, .plainLines])
    #expect(try facts("in\u{AD}credible years") == [.prefixRises])
    #expect(try facts("two\nlines") == [.prefixRises])
    #expect(try facts("a\ttab") == [.prefixRises])
    #expect(try facts("Label שלום") == [.prefixRises])
    #expect(try facts(sentence, TextStyle(letterSpacing: 1)) == [.prefixRises])
    #expect(try facts(sentence, TextStyle(hyphenation: .auto)) == [.prefixRises])
  }

  /// The facts a breaking reads in place of the style: whether lines wrap (not CSS
  /// `white-space: nowrap` or `pre`) and whether the paragraph is indented; and the metrics
  /// every line of a `sameLineMetrics` text has, which are those `lineMetrics` gives.
  @Test func styleFacts() throws {
    let library = try TestFonts.library.get()
    let sentence = "In my younger and more vulnerable years my father gave me some advice"
    func facts(_ style: TextStyle) throws -> PreparedTextStorage.BreakFacts {
      try library.prepare(sentence, style: style).storage.breakFacts
    }
    #expect(try facts(TextStyle()).contains(.wraps))
    #expect(try !facts(TextStyle()).contains(.indents))
    var css = TextStyle(breakRules: .css)
    #expect(try facts(css).contains(.wraps))
    for whiteSpace in [TextStyle.WhiteSpace.nowrap, .pre] {
      css.whiteSpace = whiteSpace
      #expect(try !facts(css).contains(.wraps))
    }
    for paragraph in [ParagraphStyle(firstLineHeadIndent: 12), ParagraphStyle(headIndent: 3)] {
      #expect(try facts(TextStyle(paragraph: paragraph)).contains(.indents))
    }
    let text = try library.prepare(sentence)
    let face = text.segments[0].faces
    #expect(
      text.lineBreaks.plainLineMetrics == text.lineMetrics(0..<text.segments[0].end, faces: face))
    #expect(text.lineBreaks.plainLineMetrics != nil)
    let taller = TextStyle(paragraph: ParagraphStyle(lineSpacing: 2))
    #expect(try library.prepare(sentence, style: taller).lineBreaks.plainLineMetrics == nil)
  }
}
