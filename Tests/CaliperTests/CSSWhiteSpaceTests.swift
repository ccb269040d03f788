import Testing

@testable import Caliper

/// CSS Text 3 §4.1.1 white-space processing (`CSSText.processed`), by hand from the spec:
/// collapsible spaces and tabs collapse to one space, none at a line's start or end;
/// `normal` and `nowrap` turn newlines into spaces, `pre-line` keeps them; the others keep
/// everything.
@Suite struct CSSWhiteSpaceTests {
  @Test(arguments: [
    (TextStyle.WhiteSpace.normal, "  a  b\t\n c  ", "a b c", [2, 3, 5, 6, 9]),
    (.nowrap, "a \n b", "a b", [0, 1, 4]),
    (.preLine, "  a  b \n  c ", "a b\nc", [2, 3, 5, 7, 10]),
    (.pre, " a  b\n", " a  b\n", [0, 1, 2, 3, 4, 5]),
    (.preWrap, "a\t b", "a\t b", [0, 1, 2, 3]),
    (.breakSpaces, "a  ", "a  ", [0, 1, 2]),
  ])
  func processing(
    whiteSpace: TextStyle.WhiteSpace, text: String, laidOut: String, sources: [Int]
  ) {
    let style = TextStyle(breakRules: .css, whiteSpace: whiteSpace)
    let (processed, offsets) = CSSText(style).processed(text)
    #expect(processed == laidOut)
    #expect(Array(offsets.dropLast()) == sources)
    #expect(offsets.last == text.unicodeScalars.count)
  }

  /// Spans move with the characters they cover; `.unicode` texts are never processed.
  @Test func spansFollowTheirCharacters() throws {
    var style = TextStyle(breakRules: .css)
    let spans = [TextSpan(4..<7, size: 20)]  // "b  " of "a   b  c"
    let (text, moved) = CSSText.laidOut("a   b  c", style: style, spans: spans)
    #expect(text == "a b c")
    #expect(moved.map(\.range) == [2..<4])
    style.breakRules = .unicode
    #expect(CSSText.laidOut("a   b", style: style, spans: spans).0 == "a   b")
  }
}
