import Caliper
import Testing

/// Soft hyphens (U+00AD): invisible unless a line breaks after one, then a hyphen shows and
/// counts on that line.
///
/// Expected values: advances from `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf`
/// (× 16 / 1000 for points at 16 pt; HarfBuzz gives U+00AD no advance, U+2010 is 322 units
/// and does not kern after "a" or "o"), confirmed by Pango 1.50 with the same fonts and
/// hyphen insertion on (its default): "Extra‐" 43.5518, "co‐" 22.5117, "ordinary co‐"
/// 90.2393 pt.
@Suite struct SoftHyphenTests {
  static let text = "Extra\u{AD}ordinary co\u{AD}operation"
  static let hyphen = 322.0
  /// hb-shape of "Extra", "ordinary ", "co", "operation".
  static let extra: [Double] = [556, 529, 361, 393, 561]
  static let ordinary: [Double] = [605, 393, 615, 258, 618, 561, 413, 510]
  static let space = 260.0
  static let co: [Double] = [480, 605]
  static let operation: [Double] = [605, 615, 564, 393, 561, 361, 258, 605, 618]

  static func points(_ units: Double) -> Double { units * 16 / 1000 }
  static func sum(_ units: [Double]) -> Double { units.reduce(0, +) }

  @Test func unbrokenSoftHyphensHaveNoWidth() throws {
    let prepared = try TestFonts.prepare(Self.text)
    let whole = Self.sum(Self.extra + Self.ordinary + [Self.space] + Self.co + Self.operation)
    #expect(abs(prepared.idealWidth - Self.points(whole)) < 1e-9)
    let line = try #require(prepared.measure(ProposedViewSize(width: 200, height: nil)).lines.first)
    #expect(line.text == Self.text && !line.endsWithHyphen)
  }

  @Test func brokenSoftHyphenShowsAHyphenThatCounts() throws {
    let prepared = try TestFonts.prepare(Self.text)
    let result = prepared.measure(ProposedViewSize(width: 80, height: nil))
    #expect(result.lines.map(\.text) == ["Extra\u{2010}", "ordinary ", "co\u{2010}", "operation"])
    #expect(result.lines.map(\.endsWithHyphen) == [true, false, true, false])
    #expect(abs(result.lines[0].width - Self.points(Self.sum(Self.extra) + Self.hyphen)) < 1e-9)
    #expect(abs(result.lines[2].width - Self.points(Self.sum(Self.co) + Self.hyphen)) < 1e-9)
    #expect(result.lines[0].range == 0..<6)  // the soft hyphen stays in the range
    let wider = prepared.measure(ProposedViewSize(width: 100, height: nil))
    let second = Self.sum(Self.ordinary) + Self.space + Self.sum(Self.co) + Self.hyphen
    #expect(wider.lines.map(\.text) == ["Extra\u{2010}", "ordinary co\u{2010}", "operation"])
    #expect(abs(wider.lines[1].width - Self.points(second)) < 1e-9)
    #expect(abs(wider.size.width - Self.points(second)) < 1e-9)
  }

  @Test func theBreakIsTakenOnlyWhereTheHyphenFits() throws {
    let prepared = try TestFonts.prepare(Self.text)
    let withHyphen = Self.points(Self.sum(Self.extra) + Self.hyphen)  // 43.552
    let fits = prepared.measure(ProposedViewSize(width: withHyphen, height: nil))
    #expect(fits.lines.first?.text == "Extra\u{2010}")
    // Just narrower: "Extra" alone fits but "Extra‐" does not, so the syllable is split
    // ("Extr", then "a‐"), as Pango splits it.
    let split = prepared.measure(ProposedViewSize(width: withHyphen - 0.05, height: nil))
    #expect(Array(split.lines.map(\.text).prefix(2)) == ["Extr", "a\u{2010}"])
    for line in split.lines { #expect(line.width <= withHyphen - 0.05 + 1e-6) }
    // A syllable whose hyphen does not fit stays when the word goes on on its line: "ab coi"
    // is 561 615 260 480 605 258 = 2779 units (44.464 pt), "ab co‐" 2843 (45.488 pt), so at
    // 45 pt the line holds "ab coi" and does not break at the soft hyphen.
    let word = try TestFonts.prepare("ab co\u{AD}i xyz")
    let lines = word.measure(ProposedViewSize(width: 45, height: nil)).lines
    #expect(lines.map(\.text) == ["ab co\u{AD}i ", "xyz"])
    #expect(abs(lines[0].width - Self.points(2779)) < 1e-9)
  }

  @Test func measuringAtAReportedWidthGivesTheSameLines() throws {
    let prepared = try TestFonts.prepare(
      "Su\u{AD}per\u{AD}cal\u{AD}i\u{AD}fra\u{AD}gil\u{AD}is\u{AD}tic ex\u{AD}pi\u{AD}ali\u{AD}do\u{AD}cious words"
    )
    for width in stride(from: 20.0, through: 300, by: 3.3) {
      let first = prepared.measure(ProposedViewSize(width: width, height: nil))
      for line in first.lines where line.text.unicodeScalars.count > 1 {
        #expect(line.width <= width + 1e-6, "\(width): \(line.text)")
      }
      let again = prepared.measure(ProposedViewSize(width: first.size.width, height: nil))
      #expect(again.lines.map(\.text) == first.lines.map(\.text), "\(width)")
      #expect(
        prepared.sizeThatFits(ProposedViewSize(width: width, height: nil)).size == first.size)
    }
  }
}
