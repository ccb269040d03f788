import Caliper
import CaliperRender
import Testing

/// Rendering hostile text: the inputs that were quadratic in `render` while linear in
/// `measure` draw (their time bounds are asserted by Scripts/hostile, not here), and an
/// image over the pixel budget is refused before anything is drawn.
@Suite struct HostileRenderTests {
  static let noOverlays = RenderOptions(scale: 1, margin: 0, overlays: [])

  /// "a", 25,000 spaces, "b" at 300 pt: the spaces hang at the end of the first line and "b"
  /// wraps (greedy filling; trailing whitespace does not count), so two lines. Every scalar
  /// is one glyph (Noto Sans maps U+0020, "a" and "b"), so 25,002 glyphs are drawn.
  @Test func longWhitespaceRunDraws() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("a" + String(repeating: " ", count: 25_000) + "b")
    let rendering = try TextRenderer(options: Self.noOverlays).render(
      text, proposal: ProposedViewSize(width: 300, height: nil), fonts: fonts)
    #expect(rendering.measurement.lineCount == 2)
    #expect(rendering.glyphCount == 25_002)
    #expect(rendering.notdefCount == 0)
  }

  /// 200,000 RIGHT-TO-LEFT ISOLATEs (U+2067): one line of width 0 (default-ignorable
  /// characters have no advance: HarfBuzz gives each an invisible zero-width glyph, as
  /// `hb-shape Fonts/NotoSans-Regular.ttf $(printf '\u2067\u2067')` shows).
  @Test func isolateControlsDraw() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare(String(repeating: "\u{2067}", count: 200_000))
    let rendering = try TextRenderer(options: Self.noOverlays).render(
      text, proposal: .unspecified, fonts: fonts)
    #expect(rendering.measurement.lineCount == 1)
    #expect(rendering.measurement.size.width == 0)
    #expect(rendering.glyphCount == 200_000)
    #expect(rendering.ink.isEmpty)
  }

  /// Whitespace before a tab takes the paragraph level (UAX #9 rule L1), found in one
  /// backward pass. "ab אב", 1,000 spaces, a tab, "גד": the paragraph is left-to-right
  /// (first strong character "a"); the spaces and tab between two Hebrew words resolve to
  /// level 1 (rule N1), and L1 puts them back to 0, so they stay between the words instead
  /// of joining "גד" in one right-to-left run. Runs left to right: "ab ", "אב", the spaces
  /// and tab, "גד", at levels 0, 1, 0, 1 (ICU keeps that order: no two adjacent runs above 0).
  @Test func whitespaceBeforeATabTakesTheParagraphLevel() throws {
    let fonts = try RenderFixtures.library.get()
    let spaces = String(repeating: " ", count: 1_000)
    let text = try fonts.prepare("ab אב" + spaces + "\tגד")
    let line = text.measure(.unspecified).lines[0]
    let runs = text.runs(in: line)
    #expect(runs.map(\.text) == ["ab ", "אב", spaces + "\t", "גד"])
    #expect(runs.map(\.bidiLevel) == [0, 1, 0, 1])
  }

  /// Noto Sans "W" at 680 pt and scale 16: the line is 680 × (1069 + 293) / 1000 = 926.16 pt
  /// high, 14,819 pixels, over the 16,000,000-pixel default budget with any width over
  /// 1,080 pixels (the W's advance is 0.897 em: 9,760 pixels). Refused before drawing.
  @Test func imageOverThePixelBudgetIsRefused() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("W", style: TextStyle(size: 680))
    let renderer = TextRenderer(options: RenderOptions(scale: 16))
    #expect(RenderOptions().maxPixels == 16_000_000)
    do {
      _ = try renderer.render(text, proposal: .unspecified, fonts: fonts)
      Issue.record("rendered an image over the pixel budget")
    } catch {
      guard case .tooManyPixels(let width, let height, let limit) = error else {
        Issue.record("wrong error: \(error)")
        return
      }
      #expect(limit == 16_000_000)
      #expect(width * height > limit)
      #expect(error.description.contains("maxPixels"))
    }
  }

  /// A budget set lower refuses a small image: "Blue" at 16 pt, scale 1, no margin is at
  /// least 30 × 22 pixels, more than 100.
  @Test func aLowerBudgetIsHonoured() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("Blue")
    var options = Self.noOverlays
    options.maxPixels = 100
    #expect(throws: RenderError.self) {
      _ = try TextRenderer(options: options).render(text, proposal: .unspecified, fonts: fonts)
    }
    options.maxPixels = 10_000
    let rendering = try TextRenderer(options: options).render(
      text, proposal: .unspecified, fonts: fonts)
    #expect(rendering.image.width * rendering.image.height <= 10_000)
  }
}
