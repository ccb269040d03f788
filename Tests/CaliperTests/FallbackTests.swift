import Caliper
import Testing

/// Per-cluster fallback through the default cascade, and line heights from the faces used.
///
/// Metrics from each font's hhea table (units per em 1000): Noto Sans ascender 1069,
/// descender −293; Noto Sans Devanagari ascender 896, descender −408; line gaps 0.
@Suite struct FallbackTests {
  @Test func devanagariWordUsesDevanagariFaceAndMakesItsLineTaller() throws {
    let text = try TestFonts.prepare("Blue नमस्ते tile with a longer local label")
    #expect(
      text.faces.map(\.familyName) == ["Noto Sans", "Noto Sans Devanagari"])
    let devanagariRun = text.faceRuns.first { $0.font.familyName == "Noto Sans Devanagari" }
    #expect(devanagariRun?.text == "नमस्ते ")  // the space after it stays in its face
    let lines = text.measure(ProposedViewSize(width: 120, height: nil)).lines
    let latinOnly = (1069 + 293) * 16 / 1000.0
    let mixed = (1069 + 408) * 16 / 1000.0  // max ascent + max descent of the two faces
    #expect(lines.count == 3)
    #expect(abs(lines[0].height - mixed) < 1e-9)
    #expect(abs(lines[1].height - latinOnly) < 1e-9)
    #expect(abs(lines[1].y - mixed) < 1e-9)
  }

  @Test func cjkSentenceBreaksBetweenIdeographs() throws {
    // Droid Sans Fallback: every ideograph advances 256 units at 256 units per em (hb-shape).
    let text = try TestFonts.prepare("这是一个测试")
    #expect(text.faces.map(\.familyName) == ["Droid Sans Fallback"])
    let lines = text.measure(ProposedViewSize(width: 16 * 2.5, height: nil)).lines
    #expect(lines.map(\.text) == ["这是", "一个", "测试"])
    #expect(lines.allSatisfy { !$0.endsInEmergencyBreak })
    #expect(text.minWidth == 16)
  }

  @Test func thaiBreaksByDictionary() throws {
    // ICU's Thai dictionary: สวัสดี|ชาว|โลก ("hello", "people", "world").
    let text = try TestFonts.prepare("สวัสดีชาวโลก")
    #expect(text.faces.map(\.familyName) == ["Noto Sans Thai"])
    let lines = text.measure(.zero).lines.map(\.text)
    #expect(lines.joined() == "สวัสดีชาวโลก")
    let words = text.measure(ProposedViewSize(width: text.minWidth, height: nil)).lines.map(\.text)
    #expect(words.first == "สวัสดี")
  }

  @Test func unknownCodePointIsReportedMissing() throws {
    let text = try TestFonts.prepare("a\u{10FFFD}b")
    #expect(text.missing == ["\u{10FFFD}"])
    #expect(text.faces.map(\.familyName) == ["Noto Sans"])
  }

  @Test func emojiPresentationGoesToEmojiFace() throws {
    // "#" alone is text; "#️⃣" (U+FE0F) and 😀 have emoji presentation.
    let text = try TestFonts.prepare("a 😀 #\u{FE0F}\u{20E3} #")
    let emoji = text.faceRuns.filter { $0.font.familyName == "Noto Color Emoji" }.map(\.text)
    #expect(emoji.joined().contains("😀"))
    #expect(emoji.joined().contains("#\u{FE0F}\u{20E3}"))
    #expect(text.faceRuns.last?.font.familyName == "Noto Sans")
    #expect(text.missing.isEmpty)
  }

  @Test func koreanUsesNanumAndChineseNeverDoes() throws {
    let text = try TestFonts.prepare("안녕 中文")
    #expect(text.faceRuns.map(\.font.familyName) == ["NanumGothic", "Droid Sans Fallback"])
  }

  @Test func rightToLeftRunsKeepTheirWidth() throws {
    // hb-shape --font-size=1000 Fonts/NotoSansHebrew-Regular.ttf 'שלום עולם' → 4597.
    let text = try TestFonts.prepare("שלום עולם")
    #expect(text.faceRuns.first?.isRightToLeft == true)
    #expect(abs(text.idealWidth - 4597 * 16 / 1000.0) < 0.001)
  }
}
