import CaliperTestSupport
import Testing

@testable import Caliper

/// `balance` and `pretty` relaid out with no per-call arrays (`WrapWindow` holds a
/// paragraph's last lines in scratch memory, `WrapChooser.scored` the program's inputs):
/// nothing left from one call may change the next, and the lines must be those chosen over
/// each paragraph's whole greedy lines.
@Suite struct WrapWindowTests {
  /// Paragraphs of many lines, with hard breaks between them (several paragraphs a text,
  /// some longer than `pretty`'s window and `balance`'s 6 lines at narrow widths), and the
  /// wrap-style texts.
  static let texts: [String] = {
    let paragraphs = Array(TestFonts.paragraphs.prefix(6))
    var texts = [
      paragraphs.joined(separator: "\n"),
      paragraphs.prefix(3).joined(separator: "\u{2029}") + "\nend",
      "A short one.\n" + paragraphs[0] + "\nx\n\n" + paragraphs[1],
    ]
    texts += WrapStyleTests.texts.prefix(6) + WrapStyleTests.texts.suffix(4)
    return texts
  }()

  /// Widths from 60 to 640 pt: lines from many a paragraph to one or two.
  static let widths = stride(from: 60.0, through: 640, by: 7.1).map { $0 }

  /// The lines of `text` at `width` the way they were chosen before the window: every
  /// greedy line kept, split into paragraphs at hard breaks, each paragraph's lines handed
  /// to `WrapChooser.choose` whole.
  static func wholeParagraphLines(_ text: PreparedText, at width: Double) -> [LineBreaker.Span] {
    var breaker = LineBreaker(limit: width)
    let greedy = breaker.breakLines(text.widths)
    let chooser = WrapChooser(text: text, available: width)
    let end = text.analysis.scalars.count
    var lines: [LineBreaker.Span] = []
    var first = 0
    var number = 0
    greedy.withUnsafeBufferPointer { spans in
      for (index, span) in spans.enumerated()
      where index == spans.count - 1 || span.end == end
        || (span.end > span.start && text.analysis.isLineSeparator(span.end - 1))
      {
        let paragraph = UnsafeBufferPointer(rebasing: spans[first...index])
        chooser.choose(
          paragraph, overflows: chooser.overflows(paragraph), number: number,
          text.storage.style.wrapStyle, into: &lines)
        first = index + 1
        number += 1
      }
    }
    return lines
  }

  /// One prepared text relaid out at the widths in shuffled orders, interleaved with
  /// another text and after a call on a longer one, against a text prepared afresh at each
  /// width and against the lines chosen over whole paragraphs: the same lines, size and
  /// tight width.
  @Test(arguments: [TextStyle.WrapStyle.pretty, .balance], [BreakRules.unicode, .css])
  func noStateLeaksBetweenCalls(_ wrapStyle: TextStyle.WrapStyle, _ rules: BreakRules) throws {
    let library = try TestFonts.library.get()
    var random = ShortestDecimalTests.SeededGenerator(state: rules == .css ? 31 : 47)
    var style = TextStyle(size: 16)
    style.breakRules = rules
    style.wrapStyle = wrapStyle
    var compared = 0
    var changed = 0
    // Not cached: no other test's breakings are shared.
    let longest = try library.prepare(Self.texts[0], style: style, cached: false)
    for (number, text) in Self.texts.enumerated() {
      let kept = try library.prepare(text, style: style, cached: false)
      let other = try library.prepare(
        Self.texts[(number + 1) % Self.texts.count], style: style, cached: false)
      var greedyStyle = style
      greedyStyle.wrapStyle = .auto
      let greedy = try library.prepare(text, style: greedyStyle, cached: false)
      for round in 0..<2 {
        for width in Self.widths.shuffled(using: &random) {
          let proposal = ProposedViewSize(width: width, height: nil)
          // Between calls: another text, or a longer one, at a nearby width.
          if round == 0 {
            _ = other.measure(ProposedViewSize(width: width * 0.7, height: nil))
          } else {
            _ = longest.sizeThatFits(ProposedViewSize(width: width + 13, height: nil))
          }
          let relaid = kept.measure(proposal)
          let size = kept.sizeThatFits(ProposedViewSize(width: width * 1.01, height: nil)).size
          let fresh = try library.prepare(text, style: style, cached: false)
          let expected = fresh.measure(proposal)
          let freshSize = fresh.sizeThatFits(ProposedViewSize(width: width * 1.01, height: nil))
            .size
          let what = "\(text.prefix(30)) at \(width), \(wrapStyle), \(rules), round \(round)"
          #expect(relaid.size == expected.size, "\(what)")
          #expect(relaid.tightWidth == expected.tightWidth, "\(what)")
          #expect(relaid.lines.map(\.range) == expected.lines.map(\.range), "\(what)")
          #expect(size == freshSize, "\(what)")
          let whole = Self.wholeParagraphLines(fresh, at: width)
          #expect(
            whole.map { $0.start..<$0.end }
              == fresh.wrapStyledLines(at: width).map {
                $0.start..<$0.end
              }, "\(what)")
          if relaid.lines.map(\.range) != greedy.measure(proposal).lines.map(\.range) {
            changed += 1
          }
          compared += 1
        }
      }
    }
    // Not vacuous: many widths, and the wrap style re-chose lines at many of them.
    #expect(compared > 2000)
    #expect(changed > 100)
  }
}
