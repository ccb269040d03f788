import CaliperTestSupport
import Testing

@testable import Caliper

/// `balance` relaid out at many widths by one prepared text (which keeps the lines chosen at
/// each width with its candidates, the known path at the next: `WrapCandidates.keptPath`)
/// against a text prepared afresh at each width (nothing kept), through the public API:
/// the same size, tight width and lines, to the bit.
@Suite struct BalanceRelayoutTests {
  /// Widths from 80 to 700 pt, 5.3 apart: several paragraphs' 2 to 6 lines at many widths.
  static let widths = stride(from: 80.0, through: 700, by: 5.3).map { $0 }

  /// The widths in a shuffled order (so kept lines come from wider and narrower widths
  /// alike), each measured by one prepared text and by one prepared afresh; both break-rule
  /// modes.
  @Test(arguments: [BreakRules.unicode, .css])
  func keptLinesAreFreshLines(_ rules: BreakRules) throws {
    let library = try TestFonts.library.get()
    var random = ShortestDecimalTests.SeededGenerator(state: rules == .css ? 77 : 91)
    var style = TextStyle(size: 16)
    style.breakRules = rules
    style.wrapStyle = .balance
    var compared = 0
    var balanced = 0
    for text in WrapStyleTests.texts.prefix(6) + WrapStyleTests.texts.suffix(4) {
      // Not cached: no other test's breakings (nor kept lines) are shared.
      let kept = try library.prepare(text, style: style, cached: false)
      for width in Self.widths.shuffled(using: &random) {
        let proposal = ProposedViewSize(width: width, height: nil)
        let relaid = kept.measure(proposal)
        let fresh = try library.prepare(text, style: style, cached: false).measure(proposal)
        let what = "\(text.prefix(30)) at \(width), \(rules)"
        #expect(relaid.size == fresh.size, "\(what)")
        #expect(relaid.tightWidth == fresh.tightWidth, "\(what)")
        #expect(relaid.lines.map(\.range) == fresh.lines.map(\.range), "\(what)")
        compared += 1
        if (2...ScoreLineBreaker.maxLinesForBalance).contains(fresh.lineCount) { balanced += 1 }
      }
    }
    // Not vacuous: many widths balanced (2 to 6 lines), where lines are kept.
    #expect(compared > 1000)
    #expect(balanced > 300)
  }
}
