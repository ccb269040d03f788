import Caliper
import CaliperTestSupport
import Testing

/// Synthesized bold and oblique (`FontSynthesis`): when a face is synthesized, what it
/// measures and what its ink covers. Lines and widths against Chromium are
/// `ChromiumSynthesisTests`'.
@Suite struct FontSynthesisTests {
  /// CSS `font-synthesis` spellings (CSS Fonts 4: `none | [weight || style]`, either order).
  static let spellings: [(String, FontSynthesis)] = [
    ("none", []), ("weight", .weight), ("style", .style), ("weight style", .all),
    ("style weight", .all), ("WEIGHT  Style", .all),
  ]

  @Test(arguments: spellings)
  func readsCSS(_ text: String, _ expected: FontSynthesis) {
    #expect(FontSynthesis(css: text) == expected)
  }

  @Test(arguments: ["", "bold", "weight weight", "none weight", "small-caps", "weight,style"])
  func refusesOtherSpellings(_ text: String) {
    #expect(FontSynthesis(css: text) == nil)
  }

  /// Skia's fake bold (`SkScalerContext`'s `kStdFakeBoldInterpKeys` {9, 36} and
  /// `kStdFakeBoldInterpValues` {1/24, 1/32}): the stroke is size × the ratio, interpolated
  /// between the keys and clamped outside them. By hand: 9/24, 36/32, 100/32, and at 16,
  /// 16 × (1/24 + 7/27 × (1/32 − 1/24)).
  static let strokes: [(Double, Double)] = {
    let sixteen: Double = 16 * (1.0 / 24 + 7.0 / 27 * (1.0 / 32 - 1.0 / 24))
    return [(6, 6.0 / 24), (9, 9.0 / 24), (16, sixteen), (36, 36.0 / 32), (100, 100.0 / 32)]
  }()

  @Test(arguments: strokes)
  func emboldeningIsSkias(_ size: Double, _ expected: Double) {
    #expect(abs(FontSynthesis.emboldening(size: size) - expected) < 1e-12)
  }

  /// Which faces are synthesized: a bundled family with the face takes it (Noto Sans Bold,
  /// Italic); one without (Noto Sans Mono) is synthesized, and so is each fallback face of
  /// the same run (Hebrew here); a variable face with a `wght` axis is set on it (Inter at
  /// 700) and not emboldened, but it has no italic, so it is slanted; the emoji face, a
  /// bitmap face, never; weight 599 is not bold (Blink's `BoldThreshold` is 600); and
  /// `fontSynthesis` off leaves every face as it is.
  struct Case: Sendable, CustomStringConvertible {
    let family: String
    let weight: Int
    let slant: FontDescriptor.Slant
    let allowed: FontSynthesis
    let expected: String
    init(
      _ family: String, _ weight: Int, _ slant: FontDescriptor.Slant,
      _ allowed: FontSynthesis, _ expected: String
    ) {
      (self.family, self.weight, self.slant) = (family, weight, slant)
      (self.allowed, self.expected) = (allowed, expected)
    }
    init(_ family: String, _ weight: Int, _ slant: FontDescriptor.Slant, _ expected: String) {
      self.init(family, weight, slant, .all, expected)
    }
    var description: String { "\(family) \(weight) \(slant) \(allowed)" }
  }

  static let cases: [Case] = [
    Case("Noto Sans", 700, .roman, "Noto Sans Bold"),
    Case("Noto Sans", 400, .italic, "Noto Sans Italic"),
    Case("Noto Sans Mono", 700, .roman, "Noto Sans Mono (synthesized bold)"),
    Case("Noto Sans Mono", 599, .roman, "Noto Sans Mono"),
    Case("Noto Sans Mono", 600, .roman, "Noto Sans Mono (synthesized bold)"),
    Case("Noto Sans Mono", 400, .oblique, "Noto Sans Mono (synthesized oblique)"),
    Case("Noto Sans Mono", 900, .italic, "Noto Sans Mono (synthesized bold oblique)"),
    Case("Noto Sans Mono", 900, .italic, .weight, "Noto Sans Mono (synthesized bold)"),
    Case("Noto Sans Mono", 900, .italic, .style, "Noto Sans Mono (synthesized oblique)"),
    Case("Noto Sans Mono", 900, .italic, [], "Noto Sans Mono"),
    Case("Inter", 700, .roman, "Inter"),
    Case("Inter", 700, .italic, "Inter (synthesized oblique)"),
  ]

  /// Which faces are synthesized: a bundled family with the face takes it (Noto Sans Bold,
  /// Italic); one without (Noto Sans Mono) is synthesized; a variable face with a `wght`
  /// axis is set on it (Inter at 700) and not emboldened, but it has no italic, so it is
  /// slanted; weight 599 is not bold (Blink's `BoldThreshold` is 600); and `fontSynthesis`
  /// leaves the styles it does not name as they are.
  @Test(arguments: cases)
  func synthesizesWhatTheFaceLacks(_ row: Case) throws {
    var style = TextStyle(
      size: 16,
      fonts: [
        .descriptor(FontDescriptor(family: row.family, weight: row.weight, slant: row.slant))
      ])
    style.fontSynthesis = row.allowed
    let text = try TestFonts.library.get().prepare("Hi", style: style)
    #expect(text.description.hasSuffix("faces \(row.expected)"), "\(text)")
  }

  @Test func fallbackFacesAreSynthesizedButNotEmoji() throws {
    let style = TextStyle(
      size: 16, fonts: [.descriptor(FontDescriptor(family: "Noto Sans Mono", weight: 700))])
    let text = try TestFonts.library.get().prepare("ab שלום 😀", style: style)
    let faces = text.faces.map { "\($0.familyName): \($0.synthesis)" }
    #expect(
      faces == [
        "Noto Sans Mono: weight", "Noto Sans Hebrew: weight", "Noto Color Emoji: none",
      ])
  }

  /// A span's bold or italic over a family without the face, and its own `fontSynthesis`.
  @Test func spansSynthesizeToo() throws {
    let fonts = try TestFonts.library.get()
    let mono: [FontReference] = [.family("Noto Sans Mono")]
    var off = TextSpan(6..<10, fonts: mono, bold: true)
    off.fontSynthesis = []
    let text = try fonts.prepare(
      "Bold: Mono mono", style: TextStyle(size: 16),
      spans: [TextSpan(0..<5, fonts: mono, bold: true, italic: true), off])
    #expect(
      text.faces.map(\.description).map { $0.components(separatedBy: " (/").first! } == [
        "Noto Sans Mono Regular (synthesized bold oblique)", "Noto Sans Regular",
        "Noto Sans Mono Regular",
      ])
  }

  /// Synthesis changes no advance (as in Chromium): the same lines and sizes at every width.
  @Test func measuresAsTheFaceItself() throws {
    let fonts = try TestFonts.library.get()
    for paragraph in TestFonts.paragraphs.prefix(20) {
      let regular = try fonts.prepare(
        paragraph, style: TextStyle(size: 16, fonts: [.family("Noto Sans Mono")]))
      let synthesized = try fonts.prepare(
        paragraph,
        style: TextStyle(
          size: 16,
          fonts: [
            .descriptor(FontDescriptor(family: "Noto Sans Mono", weight: 700, slant: .italic))
          ]))
      #expect(regular.idealWidth == synthesized.idealWidth)
      for width in [60.0, 120, 200, 333] {
        let proposal = ProposedViewSize(width: width, height: nil)
        #expect(regular.measure(proposal).lines == synthesized.measure(proposal).lines)
      }
    }
  }

  /// Ink of "H" in Noto Sans Mono at 16 pt, by hand from its glyph extents
  /// (`hb-shape --font-size=1000 --show-extents Fonts/NotoSansMono-Regular.ttf H`:
  /// `H=0+600<70,714,460,-714>`): 1.12 to 8.48 pt right of the origin, 11.424 pt above the
  /// baseline. Synthesized bold grows each side by half of Skia's stroke `e` (0.6235 pt at
  /// 16 pt, `emboldeningIsSkias`); oblique moves each point right by a quarter of its
  /// height, so the top right corner by 11.424 / 4 (the H's corners are its outline's
  /// extremes); both: the emboldened corners, then slanted.
  static let styles: [(Int, FontDescriptor.Slant)] = [
    (400, .roman), (700, .roman), (400, .oblique), (700, .oblique),
  ]

  @Test(arguments: styles)
  func inkOfASynthesizedH(_ weight: Int, _ slant: FontDescriptor.Slant) throws {
    let style = TextStyle(
      size: 16,
      fonts: [.descriptor(FontDescriptor(family: "Noto Sans Mono", weight: weight, slant: slant))])
    let text = try TestFonts.library.get().prepare("H", style: style)
    let measured = text.measure(ProposedViewSize(width: nil, height: nil))
    let line = try #require(measured.lines.first)
    let ink = try #require(text.inkBounds(of: measured).rect)
    let e = 16 * (1.0 / 24 + 7.0 / 27 * (1.0 / 32 - 1.0 / 24))
    let grow = weight == 700 ? e / 2 : 0
    let skew = slant == .roman ? 0 : 0.25
    let (top, bottom) = (11.424 + grow, -grow)  // above the baseline
    let expected = (
      left: 1.12 - grow + skew * bottom, right: 8.48 + grow + skew * top, top: top,
      bottom: bottom
    )
    #expect(abs(ink.origin.x - expected.left) < 1e-3, "\(ink)")
    #expect(abs(ink.origin.x + ink.size.width - expected.right) < 1e-3, "\(ink)")
    #expect(abs((line.baseline - ink.origin.y) - expected.top) < 1e-3, "\(ink)")
    #expect(
      abs((line.baseline - ink.origin.y - ink.size.height) - expected.bottom) < 1e-3, "\(ink)")
  }
}
