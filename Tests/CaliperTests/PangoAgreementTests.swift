import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// Line breaks against Pango 1.50, recorded by `Scripts/pango-breaks` into
/// `Fixtures/pango-breaks.json` with the same bundled fonts, unrounded unhinted advances,
/// WRAP_WORD_CHAR and hyphen insertion off. Line texts are compared with trailing
/// whitespace ignored.
@Suite struct PangoAgreementTests {
  struct Fixture: Decodable {
    struct Paragraph: Decodable {
      let source: String
      let index: Int
      let script: String
      let text: String
      let results: [Result]
    }
    struct Result: Decodable {
      let width: Double
      let lines: [PangoLine]
    }
    struct PangoLine: Decodable {
      let text: String
      let width: Double
    }
    let pango: String
    let paragraphs: [Paragraph]
  }

  struct Disagreement: CustomStringConvertible {
    let paragraph: Fixture.Paragraph
    let width: Double
    let caliper: [String]
    let pango: [String]
    let cause: String

    var description: String {
      let line = PangoAgreementTests.firstDifference(caliper, pango)
      let ours = line < caliper.count ? caliper[line] : "(none)"
      let theirs = line < pango.count ? pango[line] : "(none)"
      return "\(paragraph.source):\(paragraph.index + 1) at \(Int(width)) pt, line \(line + 1): "
        + "Caliper \"\(ours)\" vs Pango \"\(theirs)\" — \(cause)"
    }
  }

  static func firstDifference(_ a: [String], _ b: [String]) -> Int {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
  }

  static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars[...]
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }

  /// Why two line breakings differ, from the first line where they part.
  static func cause(_ paragraph: Fixture.Paragraph, width: Double, caliper: [Line], pango: [String])
    -> String
  {
    let index = firstDifference(caliper.map { trimmed($0.text) }, pango)
    guard index < caliper.count, index < pango.count else { return "different line count" }
    let ours = caliper[index]
    if paragraph.text.contains("\t") {
      return "tab: Pango advances to tab stops, Caliper (for now) by a space's width"
    }
    if paragraph.text.contains("  ") {
      return "runs of spaces: Pango wraps whitespace that overflows the line (even to lines of"
        + " spaces); Caliper lets trailing whitespace hang (DESIGN.md)"
    }
    let emoji = paragraph.text.unicodeScalars.contains { $0.properties.isEmojiPresentation }
    if emoji {
      return
        "emoji: Pango sizes Noto Color Emoji's bitmap strikes differently from its hmtx advance"
    }
    if abs(ours.width - width) < 0.01 {
      return "exact fit: Caliper's line is \(ours.width) pt for a \(width) pt limit, which fits"
        + " (DESIGN.md); Pango's 1/1024-pt positions put it just over"
    }
    if ours.endsInEmergencyBreak || (index > 0 && caliper[index - 1].endsInEmergencyBreak) {
      return "emergency break: Pango fills the line after a broken word differently"
    }
    return "other: a break opportunity (ICU's UAX #14 vs Pango's) or a width differs"
  }

  @Test func lineBreaksAgreeWithPango() throws {
    let fixture = try PangoFixtures.load("pango-breaks.json", as: Fixture.self)
    var pairs: [String: (agree: Int, total: Int)] = [:]
    var disagreements: [Disagreement] = []
    for paragraph in fixture.paragraphs {
      let text = try TestFonts.prepare(paragraph.text)
      for result in paragraph.results {
        let lines = text.measure(ProposedViewSize(width: result.width, height: nil)).lines
        let ours = lines.map { Self.trimmed($0.text) }
        let theirs = result.lines.map { Self.trimmed($0.text) }
        let agrees = ours == theirs
        pairs[paragraph.script, default: (0, 0)].total += 1
        if agrees {
          pairs[paragraph.script, default: (0, 0)].agree += 1
        } else {
          disagreements.append(
            Disagreement(
              paragraph: paragraph, width: result.width, caliper: ours, pango: theirs,
              cause: Self.cause(paragraph, width: result.width, caliper: lines, pango: theirs)))
        }
      }
    }
    var report = "Line breaks vs Pango \(fixture.pango), (paragraph, width) pairs that agree:\n"
    for (script, count) in pairs.sorted(by: { $0.key < $1.key }) {
      let percent = 100 * Double(count.agree) / Double(count.total)
      report += "  \(script): \(count.agree)/\(count.total) (\(String(format: "%.2f", percent))%)\n"
    }
    report += "Disagreements (\(disagreements.count)):\n"
    report += disagreements.map { "  " + $0.description }.joined(separator: "\n")
    FileHandle.standardError.write(Data((report + "\n").utf8))
    let latin = try #require(pairs["latin"])
    #expect(latin.total > 5000)
    #expect(Double(latin.agree) / Double(latin.total) >= 0.995, "\(report)")
  }
}
