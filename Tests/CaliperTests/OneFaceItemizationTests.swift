import Testing

@testable import Caliper

/// `Itemization.oneFace`, the itemization of a text of one-face Latin characters without
/// the face rules, gives exactly what the general itemizer (`FaceChooser`, cluster by
/// cluster) gives: the same runs, every scalar in the first face, nothing missing, and the
/// same faces opened; and it declines every text where those differ.
@Suite struct OneFaceItemizationTests {
  /// Compares both itemizers on `text` in `style`; returns whether the shortcut applied.
  static func compare(_ text: String, style: TextStyle) throws -> Bool {
    let library = try TestFonts.library.get()
    let analysis = try TextAnalysis(text: text, style: style)
    var fastResolver = FontCascade.Resolver(try library.cascade(for: style))
    let fast = try Itemization.oneFace(analysis, resolver: &fastResolver)
    var general = analysis
    general.resolveScripts()
    var generalResolver = FontCascade.Resolver(try library.cascade(for: style))
    let items = try Itemization(analysis: general, resolver: &generalResolver, style: style)
    guard let fast else { return false }
    #expect(fast.runs == items.runs, "\(text.prefix(40))")
    #expect(items.faceOf.allSatisfy { $0 == 0 }, "\(text.prefix(40))")
    #expect(fast.missing.isEmpty && items.missing.isEmpty)
    #expect(
      fastResolver.fonts.map { $0 != nil } == generalResolver.fonts.map { $0 != nil },
      "\(text.prefix(40))")
    return true
  }

  static let styles = [
    TextStyle(size: 16),
    TextStyle(size: 16, breakRules: .css),
    // A first face without Latin letters: the shortcut must decline text with them.
    TextStyle(size: 16, fonts: [.family("Noto Sans Hebrew")]),
    TextStyle(size: 16, fonts: [.family("Noto Sans Mono")]),
  ]

  @Test func corpusParagraphs() throws {
    var applied = 0
    var declined = 0
    for style in Self.styles {
      for text in TestFonts.paragraphs {
        if try Self.compare(text, style: style) { applied += 1 } else { declined += 1 }
      }
    }
    // Most Gatsby paragraphs take the shortcut; the multilingual ones and the Hebrew
    // first face do not.
    #expect(applied > 1000)
    #expect(declined > 100)
  }

  /// Random strings of the shortcut's characters, spaces, and characters just outside its
  /// set (a no-break space, a hair space, a tab, a line separator, a combining accent, × and
  /// ÷, Greek, Hebrew, CJK, an emoji and its variation selector, a soft hyphen).
  @Test func randomStrings() throws {
    let inside: [Unicode.Scalar] = [
      "a", "Z", "e", " ", " ", "-", ".", "1", "~", "\u{C0}", "\u{E9}", "\u{FF}", "\u{2014}",
      "\u{201C}", "\u{2019}", "\u{2026}", "\u{2010}", "\u{2027}", "!", "(",
    ]
    let outside: [Unicode.Scalar] = [
      "\u{A0}", "\u{200A}", "\t", "\u{2028}", "\u{301}", "\u{D7}", "\u{F7}", "\u{3B1}",
      "\u{5D0}", "\u{4E2D}", "\u{1F600}", "\u{FE0F}", "\u{AD}", "\u{2030}", "\u{BF}",
    ]
    var generator = SystemRandomNumberGenerator()
    var applied = 0
    for round in 0..<600 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        let pool =
          round % 3 == 0 && Int.random(in: 0..<12, using: &generator) == 0 ? outside : inside
        scalars.append(pool.randomElement(using: &generator)!)
      }
      let text = String(scalars)
      for style in Self.styles where try Self.compare(text, style: style) { applied += 1 }
    }
    #expect(applied > 300)
  }

  /// `Font.coversPrintableASCII` is the cmap's answer for each of U+0021–U+007E (HarfBuzz's,
  /// through `covers`), for every bundled face: Noto Sans has them all, Droid Sans
  /// Fallback's and the emoji font's cmaps do not.
  @Test func printableASCIICoverage() throws {
    let library = try TestFonts.library.get()
    var answers = Set<Bool>()
    for path in try library.cascade(for: TextStyle()).paths {
      let font = try library.font(key: path, now: library.fileCheckNow())
      let each = (0x21...0x7E).allSatisfy { font.covers(Unicode.Scalar(UInt8($0))) }
      #expect(font.coversPrintableASCII == each, "\(path)")
      answers.insert(each)
    }
    #expect(answers == [true, false])
  }

  /// A text of spaces only: one run in the first face, as the general itemizer's space face.
  @Test func spacesOnly() throws {
    #expect(try Self.compare("   ", style: TextStyle(size: 16)))
    #expect(try Self.compare(" ", style: TextStyle(size: 16, breakRules: .css)))
  }
}
