import Caliper
import Testing

/// The face of spaces between scripts, against Pango 1.50.12's itemizer with the bundled
/// cascade (`Pango.itemize` over a context set up as in `Scripts/pango-breaks`: a private
/// fontconfig file listing only Fonts/, 72 dpi, unhinted, 16 px; each item shaped with
/// `Pango.shape` for its width). The script, run from the repository:
///
/// ```
/// /usr/bin/python3 Scripts/pango-itemize "😀 Label" "Label 😀 Label" "है 1" "है abc" …
/// ```
///
/// Pango sizes Noto Color Emoji's bitmap strike at 135.72 px for a 16 px request, so the
/// emoji's own width comes from its hmtx advance instead: `hb-shape --font-size=2048
/// Fonts/NotoColorEmoji.ttf 😀` → 2550 units at 2048 per em, × 16/2048 = 19.921875.
@Suite struct WhitespaceFaceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    /// Pango's items: their text, family and width in points (nil: not compared).
    let runs: [(text: String, family: String, width: Double?)]
    var testDescription: String { text }
  }

  static let emoji = 2550 * 16 / 2048.0

  static let cases: [Case] = [
    // The space after an emoji is a run of its own in Pango and takes the next word's face.
    Case(
      text: "😀 Label",
      runs: [("😀", "Noto Color Emoji", emoji), (" Label", "Noto Sans", 44.51171875)]),
    Case(
      text: "Label 😀 Label",
      runs: [
        ("Label ", "Noto Sans", 44.51171875), ("😀", "Noto Color Emoji", emoji),
        (" Label", "Noto Sans", 44.51171875),
      ]),
    // One Devanagari run (the space and "1" are Common): the space moves to Noto Sans,
    // earlier in the cascade than Noto Sans Devanagari.
    Case(
      text: "है 1",
      runs: [("है", "Noto Sans Devanagari", 8.49609375), (" 1", "Noto Sans", 13.3125)]),
    // The script changes at "a": the space ends the Devanagari run and keeps its face.
    Case(
      text: "है abc",
      runs: [("है ", "Noto Sans Devanagari", 12.65625), ("abc", "Noto Sans", 26.4951171875)]),
    Case(
      text: "中 1",
      runs: [("中", "Droid Sans Fallback", 16.0), (" 1", "Noto Sans", 13.3125)]),
    Case(text: "abc 1", runs: [("abc 1", "Noto Sans", 39.8076171875)]),
    // Before a face later in the cascade, the space stays with the face before it.
    Case(
      text: "1 है",
      runs: [("1 ", "Noto Sans", 13.3125), ("है", "Noto Sans Devanagari", 8.49609375)]),
    // Between two emoji the space is a run with no face of its own: the first face with a
    // space (Pango's `get_font (' ')`), 260 units at 1000 per em.
    Case(
      text: "😀 😀",
      runs: [
        ("😀", "Noto Color Emoji", emoji), (" ", "Noto Sans", 4.16015625),
        ("😀", "Noto Color Emoji", emoji),
      ]),
    // A tab ends its item: nothing moves across it, so it keeps the face before it (its
    // width is its tab stop's, which Pango and Caliper place differently).
    Case(
      text: "है\t1",
      runs: [("है\t", "Noto Sans Devanagari", nil), ("1", "Noto Sans", 9.15234375)]),
  ]

  @Test(arguments: cases) func facesAndWidthsMatchPango(_ item: Case) throws {
    let text = try TestFonts.prepare(item.text)
    let runs = text.faceRuns
    #expect(runs.map(\.text) == item.runs.map(\.text))
    #expect(runs.map(\.font.familyName) == item.runs.map(\.family))
    let line = try #require(text.measure(.unspecified).lines.first)
    let lineRuns = text.runs(in: line)
    for (run, expected) in zip(runs, item.runs) {
      guard let expectedWidth = expected.width else { continue }
      let width = lineRuns.filter { run.range.contains($0.range.lowerBound) }
        .reduce(0) { $0 + $1.width }
      #expect(abs(width - expectedWidth) < 0.001, "\(expected.text): \(width)")
    }
  }
}
