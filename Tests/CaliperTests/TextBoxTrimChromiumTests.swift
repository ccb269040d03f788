import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `text-box-trim` and `text-box-edge` with `.css` break rules against Chromium 156,
/// recorded by `Scripts/chromium-trim` into `Fixtures/chromium-trim.json`: every paragraph of
/// `Fixtures/chromium-corpus.txt` (the classes and CSS properties `ChromiumAgreementTests`
/// uses) at each width, once per (trim, edge) pair, and texts whose first font (the one the
/// edges come from) is not Noto Sans. Every height must agree to Chromium's 1/64 px.
@Suite struct TextBoxTrimChromiumTests {
  struct Fixture: Decodable {
    struct Row: Decodable {
      let width: Double
      let heights: [Double]
      let untrimmed: Double
    }
    struct Paragraph: Decodable {
      let `class`: String
      let lang: String
      let css: [String: String]
      let text: String
      let results: [Row]
    }
    struct OtherFirst: Decodable {
      let family: String
      let text: String
      let results: [Row]
    }
    let chromium: String
    let pairs: [[String]]
    let accepted: [String: String]
    let otherFirst: [OtherFirst]
    let paragraphs: [Paragraph]
  }

  static let fixture = Result { try PangoFixtures.load("chromium-trim.json", as: Fixture.self) }

  /// The trimmed heights of `text` (prepared with `style`) for each of the fixture's pairs,
  /// and its untrimmed height, at `width`.
  static func heights(
    _ string: String, _ style: TextStyle, pairs: [[String]], width: Double
  ) throws -> (trimmed: [Double], untrimmed: Double) {
    let fonts = try TestFonts.library.get()
    let proposal = ProposedViewSize(width: width, height: nil)
    let untrimmed = try fonts.prepare(string, style: style).measure(proposal).size.height
    let trimmed = try pairs.map { pair in
      var trimmedStyle = style
      trimmedStyle.paragraph.textBoxTrim = try #require(TextBoxTrim(rawValue: pair[0]))
      trimmedStyle.paragraph.textBoxEdge = try #require(TextBoxEdge(parsing: pair[1]))
      let text = try fonts.prepare(string, style: trimmedStyle)
      let measured = text.measure(proposal)
      // sizeThatFits answers the same, bit for bit.
      #expect(text.sizeThatFits(proposal).size == measured.size)
      return measured.size.height
    }
    return (trimmed, untrimmed)
  }

  @Test func heightsAreChromiums() throws {
    let fixture = try Self.fixture.get()
    var compared = 0
    var agreed = 0
    for paragraph in fixture.paragraphs {
      let breaks = ChromiumAgreementTests.Fixture.Paragraph(
        class: paragraph.class, lang: paragraph.lang, css: paragraph.css, text: paragraph.text,
        minContent: 0, maxContent: 0, results: [])
      let style = ChromiumAgreementTests.style(breaks)
      let text = paragraph.text
      for row in paragraph.results {
        let ours = try Self.heights(text, style, pairs: fixture.pairs, width: row.width)
        #expect(abs(ours.untrimmed - row.untrimmed) < 0.001, "\(paragraph.text.prefix(30))")
        for (pair, (mine, theirs)) in zip(fixture.pairs, zip(ours.trimmed, row.heights)) {
          compared += 1
          if abs(mine - theirs) < 0.001 { agreed += 1 }
          #expect(
            abs(mine - theirs) < 0.001,
            "\(paragraph.class) \(paragraph.text.prefix(30)) at \(row.width), \(pair): \(mine), Chromium's \(theirs)"
          )
        }
      }
    }
    #expect(compared == 183 * 5 * 7)
    #expect(agreed == compared)
  }

  @Test func edgesComeFromTheFirstFont() throws {
    let fixture = try Self.fixture.get()
    for other in fixture.otherFirst {
      let style = TextStyle(size: 16, fonts: [.family(other.family)], breakRules: .css)
      for row in other.results {
        let ours = try Self.heights(other.text, style, pairs: fixture.pairs, width: row.width)
        #expect(abs(ours.untrimmed - row.untrimmed) < 0.001, "\(other.family) at \(row.width)")
        for (pair, (mine, theirs)) in zip(fixture.pairs, zip(ours.trimmed, row.heights)) {
          #expect(
            abs(mine - theirs) < 0.001,
            "\(other.family) at \(row.width), \(pair): \(mine), Chromium's \(theirs)")
        }
      }
    }
  }

  /// The values Chromium's `text-box-edge` accepts are the ones `TextBoxEdge(parsing:)`
  /// reads, to the same computed value.
  @Test func spellingsAreChromiums() throws {
    for (spelling, computed) in try Self.fixture.get().accepted {
      let parsed = TextBoxEdge(parsing: spelling)
      if computed == "auto" && spelling != "auto" {
        #expect(parsed == nil, "\(spelling)")
      } else {
        #expect(parsed?.description == (computed == "text" ? "auto" : computed), "\(spelling)")
      }
    }
  }
}
