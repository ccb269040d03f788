import CaliperTestSupport
import Testing

@testable import Caliper

/// `WordCuts` (the raw-pointer reads an emergency break makes) against the checked
/// functions it stands for, offset by offset: `PreparedText.isEmergencyBreak`,
/// `LineWidths.isUnsafeStart`, `LineWidths.width(from:to:breakingAt:)` (bit for bit), and
/// the whitespace that hangs after a cut. The scan and the table's loop both cut through
/// `WordCuts`, so their agreement (`EmergencyLinesTests`) cannot see a fault in it; these
/// functions are the independent side.
@Suite struct WordCutsTests {
  /// The hanging end as the scan found it before `WordCuts`: trailing whitespace after the
  /// cut, up to `limit`.
  static func hangingEnd(_ text: PreparedText, after offset: Int, before limit: Int) -> Int {
    var end = offset
    while end < limit, PreparedText.isTrailing(text.analysis.scalars[end]) { end += 1 }
    return end
  }

  @Test(arguments: 0..<EmergencyLinesTests.styles.count)
  func readsAreTheCheckedOnes(_ styleIndex: Int) throws {
    let style = EmergencyLinesTests.styles[styleIndex].style
    let library = try TestFonts.library.get()
    var breaks = 0
    var unsafe = 0
    var widthsCompared = 0
    // Every text of the emergency tests, and a tab and letter spacing, where a width is
    // asked of `LineWidths` itself.
    var texts = EmergencyLinesTests.texts.prefix(60).map { ($0, style) }
    var spaced = style
    spaced.letterSpacing = 1.5
    texts += [("tab\tstop\tword", style), ("Letter-spaced Wolfsheim", spaced)]
    for (paragraph, style) in texts {
      let text = try library.prepare(paragraph, style: style)
      let count = text.analysis.scalars.count
      guard count > 0 else { continue }
      let widths = text.widths
      let cuts = widths.wordCuts
      for offset in 1...count {
        let expected = text.isEmergencyBreak(offset)
        #expect(cuts.isEmergencyBreak(offset) == expected, "\(paragraph.prefix(30)) at \(offset)")
        if expected { breaks += 1 }
      }
      for start in 0...count {
        let expected = widths.isUnsafeStart(start)
        #expect(cuts.isUnsafeStart(start) == expected, "\(paragraph.prefix(30)) at \(start)")
        if expected { unsafe += 1 }
      }
      // Each segment's word cut at each of its offsets, from its start and from a cut
      // inside it: the width as the line would have it, the whitespace after the cut hung.
      for segment in text.segments {
        var starts = [segment.start]
        if let inside = cuts.next(after: segment.start, before: segment.contentEnd) {
          starts.append(inside)
        }
        for start in starts {
          var offset = start + 1
          while offset <= segment.contentEnd {
            let end = Self.hangingEnd(text, after: offset, before: segment.end)
            #expect(cuts.hangingEnd(after: offset, before: segment.end) == end)
            // As `emergencyPiece` measures a piece.
            let found = cuts.width(
              widths, from: start, to: offset,
              breakingAt: cuts.hangingEnd(after: offset, before: segment.end))
            let expected = widths.width(from: start, to: offset, breakingAt: end)
            #expect(
              found.bitPattern == expected.bitPattern,
              "\(paragraph.prefix(30)) \(start)..<\(offset): \(found) against \(expected)")
            widthsCompared += 1
            offset += 1
          }
        }
      }
    }
    // Not vacuous: breaks, unsafe starts and widths were compared.
    #expect(
      breaks > 500 && unsafe > 0 && widthsCompared > 2000, "\(breaks) \(unsafe) \(widthsCompared)")
  }
}

extension WordCutsTests {
  /// Words with whitespace inside their content (no break after an opening bracket and the
  /// spaces that follow it), where a cut may be followed by whitespace that hangs on it.
  static let spacedWords = [
    "((( (( ((( ( supercalifragilisticexpialidocious )))",
    "[ [ [ [ [ [ [ [ antidisestablishmentarianism",
    "«  «  «  «  hyphen\u{AD}ation",
  ]

  /// Each piece `emergencyPiece` cuts, word after word at narrow widths: its end is the
  /// hanging end of its cut (the whitespace after it, found by the scalars' own test, up
  /// to the word's content end) and its width is `LineWidths.width` to the cut, breaking at
  /// that end, bit for bit: what the piece's `fits` test measured, kept rather than
  /// measured again. The scan and the table's loop both cut through `emergencyPiece`, so
  /// their agreement cannot see these.
  @Test(arguments: 0..<EmergencyLinesTests.styles.count)
  func piecesEndWhereTheirCutsHang(_ styleIndex: Int) throws {
    let style = EmergencyLinesTests.styles[styleIndex].style
    let library = try TestFonts.library.get()
    var random = EmergencyLinesTests.Random(state: UInt64(styleIndex) &+ 41)
    var pieces = 0
    var hung = 0
    for paragraph in Self.spacedWords + EmergencyLinesTests.texts.prefix(40) {
      let text = try library.prepare(paragraph, style: style)
      let widths = text.widths
      let cuts = widths.wordCuts
      let widest = EmergencyLinesTests.widestWord(text)
      var limits: [Double] = [0, 0.5, 3, 12]
      for _ in 0..<6 { limits.append(Double.random(in: 0...widest, using: &random)) }
      for limit in limits {
        for segment in text.segments {
          var start = segment.start
          while cuts.next(after: start, before: segment.contentEnd) != nil {
            var breaker = LineBreaker(limit: limit)
            let piece = breaker.emergencyPiece(widths, from: start, to: segment.contentEnd)
            let end = Self.hangingEnd(text, after: piece.breakAt, before: segment.contentEnd)
            let width = widths.width(from: start, to: piece.breakAt, breakingAt: end)
            let note = "\(paragraph.prefix(24)) at \(limit): \(start)..<\(piece.breakAt)"
            #expect(piece.end == end, "\(note): end \(piece.end) against \(end)")
            #expect(
              piece.width.bitPattern == width.bitPattern, "\(note): \(piece.width) against \(width)"
            )
            pieces += 1
            if end > piece.breakAt { hung += 1 }
            guard piece.end > start else { break }
            start = piece.end
          }
        }
      }
    }
    // Not vacuous: many pieces, and cuts with whitespace hanging after them (CSS's rules
    // break after the spaces: no word has any inside).
    #expect(
      pieces > 2000 && (hung > 20 || style.breakRules == .css),
      "\(pieces) pieces, \(hung) with whitespace hung")
  }
}
