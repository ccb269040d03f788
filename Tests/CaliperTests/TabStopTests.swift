import Caliper
import Testing

/// Tabs advance to the next stop. Hand calculations from Noto Sans's advances (hb-shape
/// Fonts/NotoSans-Regular.ttf: space 260, a 561, b 615, c 480, d 615 units of 1000) at
/// 16 pt: a space is 4.16 pt, so the default stops are every 8 × 4.16 = 33.28 pt. Pango
/// 1.50 agrees (Scripts/pango-style): "a\tb" 43.1211, "aaaa\tb" 76.4023, and with stops at
/// 20 and 50 "a\tb\tc" 57.6797 (its 1/1024 pt).
@Suite struct TabStopTests {
  static let space = 260.0 * 16 / 1000
  static let a = 561.0 * 16 / 1000
  static let b = 615.0 * 16 / 1000
  static let c = 480.0 * 16 / 1000
  static let d = 615.0 * 16 / 1000
  static let interval = 8 * space

  func ideal(_ text: String, _ tabs: TabStops = TabStops(), fonts: [FontReference] = []) throws
    -> Double
  {
    let style = TextStyle(size: 16, fonts: fonts, paragraph: ParagraphStyle(tabStops: tabs))
    return try TestFonts.library.get().prepare(text, style: style).idealSize.width
  }

  @Test func aTabAdvancesToTheNextDefaultStop() throws {
    #expect(abs(try ideal("a\tb") - (Self.interval + Self.b)) < 1e-9)
    // Past the first stop (4 × 8.976 = 35.904 > 33.28): the second, 66.56.
    #expect(abs(try ideal("aaaa\tb") - (2 * Self.interval + Self.b)) < 1e-9)
    #expect(abs(try ideal("\tb") - (Self.interval + Self.b)) < 1e-9)
    // A tab on a stop goes to the next one.
    #expect(abs(try ideal("\t\tb") - (2 * Self.interval + Self.b)) < 1e-9)
  }

  @Test func defaultStopsAreEightSpacesOfTheFirstFace() throws {
    // hb-shape Fonts/NotoSansMono-Regular.ttf " a": space 600, a 600: stops every 76.8 pt.
    let mono = 600.0 * 16 / 1000
    let width = try ideal("a\ta", fonts: [.family("Noto Sans Mono")])
    #expect(abs(width - (8 * mono + mono)) < 1e-9)
  }

  @Test func explicitStopsThenTheDefaultInterval() throws {
    let tabs = TabStops([20, 50])
    // a (8.976) → 20; + b → 29.84 → 50; + c → 57.68; past the last explicit stop, the next
    // multiple of 33.28 beyond 57.68 is 66.56.
    #expect(abs(try ideal("a\tb", tabs) - (20 + Self.b)) < 1e-9)
    #expect(abs(try ideal("a\tb\tc", tabs) - (50 + Self.c)) < 1e-9)
    #expect(abs(try ideal("a\tb\tc\td", tabs) - (2 * Self.interval + Self.d)) < 1e-9)
    let custom = TabStops(defaultInterval: 24)
    #expect(abs(try ideal("a\tb", custom) - (24 + Self.b)) < 1e-9)
    #expect(abs(try ideal("aaaa\tb", custom) - (48 + Self.b)) < 1e-9)
  }

  @Test func aTabAtALineEndHangsAndTheNextLineStartsAtZero() throws {
    let text = try TestFonts.library.get().prepare("a\tb\tc", style: TextStyle(size: 16))
    // Ideal: a → 33.28, b → 66.56, + c.
    #expect(abs(text.idealSize.width - (2 * Self.interval + Self.c)) < 1e-9)
    // At 50 pt, "a\tb" (43.12) fits, "a\tb\tc" does not; the line ends at the second tab.
    let lines = text.measure(ProposedViewSize(width: 50, height: nil)).lines
    #expect(lines.map(\.text) == ["a\tb\t", "c"])
    #expect(abs(lines[0].width - (Self.interval + Self.b)) < 1e-9)
    #expect(abs(lines[1].width - Self.c) < 1e-9)
    // With its trailing tab the first line reaches the next stop, 66.56.
    #expect(abs(lines[0].widthIncludingTrailingWhitespace - 2 * Self.interval) < 1e-9)
    // The width of the lines is the reported width, and measuring there gives them again.
    let again = text.measure(ProposedViewSize(width: lines[0].width, height: nil))
    #expect(again.lines.map(\.text) == ["a\tb\t", "c"])
  }

  @Test func badStopsAreErrors() throws {
    let library = try TestFonts.library.get()
    for tabs in [
      TabStops([-1]), TabStops([30, 20]), TabStops([.nan]), TabStops(defaultInterval: 0),
    ] {
      #expect(throws: CaliperError.self) {
        try library.prepare("a\tb", style: TextStyle(paragraph: ParagraphStyle(tabStops: tabs)))
      }
    }
  }

  /// A line is shaped through its tabs, as drawing shapes it: only the line's own edges are
  /// cuts. The Hebrew mark U+0594 after "p" is its own run (script Hebrew), shaped with the
  /// tab after it: HarfBuzz positions its .notdef as a mark, with no advance (`hb-shape
  /// Fonts/NotoSans-Regular.ttf --direction=ltr --script=hebr --text-before=p $'\u0594\t'`
  /// gives [.notdef=0@0,776+0|.notdef=1+600]), but alone 600 units. Measured as if the line
  /// were cut at the tab, the pen reached the tab at 134.8 pt and the tab the stop after,
  /// 166.4, though drawn at 133.12. By hand: 6 × U+FFFD (1000), o and P (605), p (615),
  /// the mark 0: 7,825 units = 125.2 pt, so the tab reaches the 4th stop, 133.12 pt, and
  /// the U+0000 after it is drawn as nothing.
  @Test func aTabAfterAMarkReachesTheStopAfterTheLineAsShaped() throws {
    let text = "\u{FFFD}o\u{FFFD}\u{FFFD}\u{FFFD}P\u{FFFD}\u{FFFD}p\u{594}\t\u{0}"
    let content = (6 * 1000 + 2 * 605 + 615) * 16 / 1000.0
    #expect(abs(content - 125.2) < 1e-9)
    #expect(abs(try ideal(text) - 4 * Self.interval) < 1e-9)
  }
}
