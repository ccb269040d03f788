import Foundation

/// Line-count agreement with Pango and SkParagraph: for each paragraph at its ideal width and
/// at each of `Bench.widths`, whether Caliper and each peer give the same number of lines; and
/// how far the ideal widths (one line, no trailing whitespace question) and the widths of
/// agreeing pairs differ from Pango's, in points. SkParagraph's line counts come from the
/// peer's forced-strut paragraphs (`skparagraph-measure`), its ideal width is its longest
/// line laid out at infinity.
struct AgreementRow {
  /// One paragraph's line counts, ideal first then one per width, for the per-script table.
  struct Record: Encodable {
    let corpus: String
    let index: Int
    let text: String
    let caliper: [Int]
    let pango: [Int]
    let skparagraph: [Int]?
  }

  /// What the peer answers to `lines`: per paragraph, counts and the unwrapped width.
  struct PeerLines: Decodable {
    let lines: [Int]
    let ideal: Double
  }

  let corpus: String
  var pairs = 0
  var equal = 0
  var idealMaxDifference = 0.0
  var idealOver001 = 0
  var widthMaxDifference = 0.0
  var heightMaxDifference = 0.0
  var skparagraphEqual: Int? = nil
  var skparagraphIdealMaxDifference = 0.0
  /// The first few disagreeing pairs: paragraph index, width, Caliper and Pango line counts.
  var examples: [String] = []
  var skparagraphExamples: [String] = []
  var records: [Record] = []

  init(_ prepared: PreparedCorpus, skparagraph: SkParagraph?) {
    corpus = prepared.corpus.name
    var peerLines: [PeerLines]? = nil
    if let skparagraph, skparagraph.holds(prepared.corpus) {
      let answer = skparagraph.ask("lines \(corpus)\t" + SkParagraph.json(Bench.widths))
      peerLines = try? JSONDecoder().decode([PeerLines].self, from: Data(answer.utf8))
      if peerLines?.count != prepared.texts.count {
        progress("SkParagraph: unexpected answer to lines: \(answer.prefix(80))")
        peerLines = nil
      }
      skparagraphEqual = peerLines == nil ? nil : 0
    }
    let widths = [nil] + Bench.widths.map(Optional.some)
    for (index, text) in prepared.texts.enumerated() {
      let layout = prepared.layouts[index]
      var caliperCounts: [Int] = []
      var pangoCounts: [Int] = []
      for width in widths {
        let fit = text.sizeThatFits(proposal(width))
        layout.setWidth(width)
        let size = layout.size
        let lines = layout.lineCount
        caliperCounts.append(fit.lineCount)
        pangoCounts.append(lines)
        pairs += 1
        let widthDifference = abs(fit.size.width - size.width)
        if width == nil {
          idealMaxDifference = max(idealMaxDifference, widthDifference)
          if widthDifference > 0.01 { idealOver001 += 1 }
        }
        if fit.lineCount == lines {
          equal += 1
          widthMaxDifference = max(widthMaxDifference, widthDifference)
          heightMaxDifference = max(heightMaxDifference, abs(fit.size.height - size.height))
        } else if examples.count < 3 {
          examples.append(Self.example(index, width, fit.lineCount, lines))
        }
      }
      let peer = peerLines?[index]
      if let peer, let agreed = skparagraphEqual {
        skparagraphIdealMaxDifference = max(
          skparagraphIdealMaxDifference, abs(text.idealWidth - peer.ideal))
        var same = 0
        for (position, count) in peer.lines.enumerated() where position < caliperCounts.count {
          if count == caliperCounts[position] {
            same += 1
          } else if skparagraphExamples.count < 3 {
            skparagraphExamples.append(
              Self.example(index, widths[position], caliperCounts[position], count))
          }
        }
        skparagraphEqual = agreed + same
      }
      records.append(
        Record(
          corpus: corpus, index: index, text: prepared.corpus.paragraphs[index].text,
          caliper: caliperCounts, pango: pangoCounts, skparagraph: peer?.lines))
    }
  }

  private static func example(_ index: Int, _ width: Double?, _ caliper: Int, _ peer: Int)
    -> String
  {
    let shown = width.map { String(format: "%.0f", $0) } ?? "ideal"
    return "#\(index) at \(shown): \(caliper) vs \(peer)"
  }

  static let header =
    "| class | pairs | equal line counts, Pango | equal line counts, SkParagraph "
    + "| max Δ ideal width (pt), Pango | ideal widths off > 0.01 pt, Pango "
    + "| max Δ ideal width (pt), SkParagraph | max Δ width, equal pairs, Pango "
    + "| max Δ height, equal pairs, Pango | first disagreements, Pango "
    + "| first disagreements, SkParagraph |\n"
    + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"

  var markdown: String {
    let total = Double(max(pairs, 1))
    let skparagraph = skparagraphEqual.map { String(format: "%.2f %%", 100 * Double($0) / total) }
    return String(
      format: "| %@ | %d | %.2f %% | %@ | %.4f | %d | %@ | %.3f | %.3f | %@ | %@ |", corpus, pairs,
      100 * Double(equal) / total, skparagraph ?? "–", idealMaxDifference, idealOver001,
      skparagraphEqual == nil ? "–" : String(format: "%.4f", skparagraphIdealMaxDifference),
      widthMaxDifference, heightMaxDifference, examples.joined(separator: "; "),
      skparagraphExamples.joined(separator: "; "))
  }
}
