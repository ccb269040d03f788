import Caliper
import Testing

/// `description` of results is a short summary a person reads, with the numbers to 3
/// decimals. Noto Sans at 16 pt (units per em 1000), from
/// `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf TEXT`, adding the x advances:
/// the whole label 15166 → 242.656 pt; "Blue tile with a" 6895 → 110.32; "longer" (the
/// widest word) 3073 → 49.168. Line height: hhea ascender 1069 + descender 293, × 16/1000
/// = 21.792; three lines 65.376.
@Suite struct ResultDescriptionTests {
  let label = "Blue tile with a longer local label"

  @Test func preparedTextSaysSizesAndFaces() throws {
    let text = try TestFonts.prepare(label)
    #expect(
      text.description
        == "\"Blue tile with a longer local label\" (35 scalars, 16 pt): ideal 242.656 × 21.792 pt,"
        + " min width 49.168, faces Noto Sans")
    let uncovered = try TestFonts.prepare("a\u{10FFFD}")
    #expect(uncovered.description.hasSuffix(", missing U+10FFFD"))
  }

  @Test func measurementSaysSizeLinesAndProposal() throws {
    let text = try TestFonts.prepare(label)
    let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
    #expect(wrapped.description == "110.32 × 65.376 pt, 3 lines at width 120")
    #expect(
      text.measure(ProposedViewSize(width: nil, height: nil)).description
        == "242.656 × 21.792 pt, 1 line at the ideal width")
    #expect(
      wrapped.lines[0].description == "\"Blue tile with a \" 0..<17: 110.32 × 21.792 pt at y 0")
    #expect(wrapped.lines[1].description.hasSuffix(" at y 21.792"))
  }

  @Test func longTextsAreCut() throws {
    let text = try TestFonts.prepare(String(repeating: "word ", count: 20))
    #expect(
      text.description.hasPrefix("\"word word word word word word word word \"… (100 scalars"))
  }
}
