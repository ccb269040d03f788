import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// Truncation against Pango 1.50's ellipsization, recorded by `Scripts/pango-truncation`
/// into `Fixtures/pango-truncation.json` with the same fonts and setup as the line-break
/// fixture: for each corpus paragraph, widths, modes and line limits (`set_height(-n)`), and
/// heights (`set_height(h)`), Pango's lines and the elided gap. Caliper's lines must start
/// and end where Pango's do, and its hidden range must start (and, for middle and head,
/// end) where Pango's gap does. The Latin cases that differ are one cluster apart where the
/// kept text's last letter kerns with the hidden text ("longer." has r–period kerning):
/// Pango keeps the paragraph's kerned advance at the cut, Caliper measures the kept text as
/// it is drawn, alone before the ellipsis, so it keeps one cluster fewer there. Other
/// scripts also differ where the ellipsis face differs (Pango shapes it in the first family,
/// Caliper in the face next to the cut, e.g. Noto Sans Devanagari's own ellipsis; Pango uses
/// U+22EF after a wide character).
@Suite struct TruncationPangoTests {
  struct Fixture: Decodable {
    struct Paragraph: Decodable {
      let source: String
      let index: Int
      let text: String
      let cases: [Case]
    }
    struct Case: Decodable {
      let width: Double
      let mode: String
      let lineLimit: Int?
      let height: Double?
      let ellipsized: Bool
      let lines: [PangoLine]
    }
    struct PangoLine: Decodable {
      let start: Int
      let end: Int
      let gap: [Int]?
    }
    let pango: String
    let paragraphs: [Paragraph]
  }

  @Test func truncationAgreesWithPango() throws {
    let fixture = try PangoFixtures.load("pango-truncation.json", as: Fixture.self)
    var total = 0
    var agree = 0
    var breaksDiffer = 0
    var latinTotal = 0
    var latinAgree = 0
    var disagreements: [String] = []
    for paragraph in fixture.paragraphs {
      let text = try TestFonts.prepare(paragraph.text)
      // Paragraphs in Latin, Greek or Cyrillic (and punctuation): no fallback face.
      let latin = paragraph.text.unicodeScalars.allSatisfy {
        $0.value < 0x2E00 && !(0x0590..<0x1E00).contains($0.value)
      }
      for item in paragraph.cases {
        let mode = try #require(TruncationMode(rawValue: item.mode))
        let options = TextContainerOptions(lineLimit: item.lineLimit, truncationMode: mode)
        let result = text.measure(
          ProposedViewSize(width: item.width, height: item.height), options: options)
        let ours = result.lines.map { [$0.range.lowerBound, $0.range.upperBound] }
        let theirs = item.lines.map { [$0.start, $0.end] }
        // The lines before the last break as in the line-break fixture; where they do not,
        // the difference is a line-break one (PangoAgreementTests), not truncation's.
        guard ours.dropLast() == theirs.dropLast() else {
          breaksDiffer += 1
          continue
        }
        total += 1
        if latin { latinTotal += 1 }
        var same = ours.count == theirs.count && result.truncated == item.ellipsized
        if same, let gap = item.lines.last?.gap {
          let hidden = result.hiddenRange
          same = hidden?.lowerBound == gap[0] && (mode == .tail || hidden?.upperBound == gap[1])
        }
        if same {
          agree += 1
          if latin { latinAgree += 1 }
        } else if disagreements.count < 40 {
          disagreements.append(
            "\(paragraph.source):\(paragraph.index + 1) \(item.mode) limit \(item.lineLimit.map(String.init) ?? "-") "
              + "height \(item.height.map { "\($0)" } ?? "-") at \(item.width): Caliper "
              + "\(result.lines.map(\.text)) hidden \(result.hiddenRange.map { "\($0)" } ?? "none") vs Pango gap "
              + "\(item.lines.last?.gap ?? []) lines \(theirs)")
        }
      }
    }
    let report =
      "Truncation vs Pango \(fixture.pango): \(agree)/\(total) cases agree "
      + "(Latin, Greek and Cyrillic paragraphs \(latinAgree)/\(latinTotal)); \(breaksDiffer) cases skipped "
      + "because the lines before the last break differently\n"
      + disagreements.map { "  " + $0 }.joined(separator: "\n")
    FileHandle.standardError.write(Data((report + "\n").utf8))
    #expect(total > 20000)
    #expect(Double(latinAgree) / Double(latinTotal) >= 0.99, "\(report)")
  }
}
