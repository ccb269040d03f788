import Foundation

/// Line-count agreement with Pango: for each paragraph at its ideal width and at each of
/// `Bench.widths`, whether Caliper and Pango give the same number of lines; and how far the
/// ideal widths (one line, no trailing whitespace question) and the widths of agreeing pairs
/// differ, in points.
struct AgreementRow {
  let corpus: String
  var pairs = 0
  var equal = 0
  var idealMaxDifference = 0.0
  var idealOver001 = 0
  var widthMaxDifference = 0.0
  var heightMaxDifference = 0.0
  /// The first few disagreeing pairs: paragraph index, width, Caliper and Pango line counts.
  var examples: [String] = []

  init(_ prepared: PreparedCorpus) {
    corpus = prepared.corpus.name
    for (index, text) in prepared.texts.enumerated() {
      let layout = prepared.layouts[index]
      for width in [nil] + Bench.widths.map(Optional.some) {
        let fit = text.sizeThatFits(proposal(width))
        layout.setWidth(width)
        let size = layout.size
        let lines = layout.lineCount
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
          let shown = width.map { String(format: "%.0f", $0) } ?? "ideal"
          examples.append("#\(index) at \(shown): \(fit.lineCount) vs \(lines)")
        }
      }
    }
  }

  static let header =
    "| class | pairs | equal line counts | max Δ ideal width (pt) | ideal widths off > 0.01 pt "
    + "| max Δ width, equal pairs | max Δ height, equal pairs | first disagreements "
    + "(Caliper vs Pango lines) |\n|---|---:|---:|---:|---:|---:|---:|---|"

  var markdown: String {
    String(
      format: "| %@ | %d | %.2f %% | %.4f | %d | %.3f | %.3f | %@ |", corpus, pairs,
      100 * Double(equal) / Double(max(pairs, 1)), idealMaxDifference, idealOver001,
      widthMaxDifference, heightMaxDifference, examples.joined(separator: "; "))
  }
}
