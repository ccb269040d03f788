import CaliperTestSupport
import Testing

@testable import Caliper

/// `pretty`'s score-based breaker writes its program's inputs into scratch memory
/// (`WrapChooser.scored`, the penalties by `ScoreLineBreaker.writePenalties`); the array path
/// makes them from the candidates (`ScoreLineBreaker.inputs(_:hyphenPenalty:)` sets each
/// hyphenated candidate's penalty and adds the orphan penalty: `WrapReferencePath.swift`).
/// Over texts with soft
/// hyphens, where the two rules differ from no penalty at all, both must choose the same
/// lines.
@Suite struct ScoredPenaltiesTests {
  /// Words broken by soft hyphens at every other syllable, and short last words (`pretty`
  /// runs where a paragraph's last line is one short word or ends two hyphenated lines).
  static let texts: [String] = [
    "Con\u{AD}sid\u{AD}er\u{AD}ate in\u{AD}for\u{AD}ma\u{AD}tion trav\u{AD}els be\u{AD}tween "
      + "rep\u{AD}re\u{AD}sen\u{AD}ta\u{AD}tive com\u{AD}mit\u{AD}tees and ad\u{AD}min\u{AD}"
      + "is\u{AD}tra\u{AD}tive of\u{AD}fi\u{AD}ces ev\u{AD}ery day. Yes.",
    TestFonts.paragraphs[0].split(separator: " ").map { word in
      word.count > 6 ? word.prefix(3) + "\u{AD}" + word.dropFirst(3) : word
    }.joined(separator: " ") + " end",
    "un\u{AD}der\u{AD}stand\u{AD}ing "
      + String(repeating: "hy\u{AD}phen\u{AD}at\u{AD}ed ", count: 9)
      + "it",
  ]

  /// The greedy lines' last 4 at each width, chosen by `scored` and by the array path.
  @Test func scratchPenaltiesChooseAsTheArrayPath() throws {
    var compared = 0
    var ran = 0
    for text in Self.texts {
      let prepared = try WrapStyleTests.prepared(text, .unicode, .pretty)
      #expect(prepared.segments.contains { $0.softHyphen })
      for width in stride(from: 40.0, through: 400, by: 3.7) {
        var breaker = LineBreaker(limit: width)
        let greedy = breaker.breakLines(prepared.widths)
        let window = Array(greedy.suffix(ScoreLineBreaker.maxLinesForPretty))
        let chooser = WrapChooser(text: prepared, available: width)
        var scratch: [LineBreaker.Span] = []
        let scratchRan = chooser.scored(window, isBalanced: false, into: &scratch)
        var array: [LineBreaker.Span] = []
        let arrayRan = Self.arrayScored(chooser, prepared, window, width, into: &array)
        #expect(scratchRan == arrayRan, "\(width)")
        #expect(scratch == array, "\(width): \(text.prefix(20))")
        compared += 1
        if scratchRan { ran += 1 }
      }
    }
    #expect(compared == 3 * 98)
    // Not vacuous: the program ran (and chose) at most widths.
    #expect(ran > compared / 2)
  }

  /// `pretty`'s lines by the array path: the candidates, the program's inputs with the
  /// hyphens' and the orphan penalty, Blink's program, the lines emitted.
  static func arrayScored(
    _ chooser: WrapChooser, _ text: PreparedText, _ window: [LineBreaker.Span], _ width: Double,
    into sink: inout [LineBreaker.Span]
  ) -> Bool {
    let scorer = chooser.breaker(isBalanced: false, lines: window)
    guard let made = chooser.candidates(greedy: window), let first = window.first else {
      return false
    }
    var ends = [Int](repeating: 0, count: window.count)
    let chose = ends.withUnsafeMutableBufferPointer {
      scorer.chooseEnds(
        scorer.inputs(made, hyphenPenalty: scorer.hyphenPenalty), lineCount: window.count,
        into: $0)
    }
    guard chose else { return false }
    made.withUnsafeBufferPointer { candidates in
      ends.withUnsafeBufferPointer { ends in
        WrapChooser.emit(text, available: width, candidates, ends, from: first.start, into: &sink)
      }
    }
    return true
  }
}
