import Foundation

/// Linearity: cold measure (prepare + 240 pt) of one ~100 KB paragraph and of the same text
/// doubled (~200 KB). A linear pipeline takes about twice as long on the second.
struct Linearity {
  let single: Row
  let doubled: Row

  /// Runs at least 5 passes in a full run: one item per pass makes the median noisy.
  init(bench: Bench, source: Corpus, bytes: Int) {
    let passes = bench.passes >= 3 ? max(bench.passes, 5) : bench.passes
    let bench = Bench(fonts: bench.fonts, style: bench.style, passes: passes)
    let paragraph = source.joined(atLeast: bytes)
    let twice = Paragraph(paragraph.text + " " + paragraph.text)
    func row(_ paragraph: Paragraph, _ name: String) -> Row {
      let corpus = PreparedCorpus(Corpus(name: name, paragraphs: [paragraph]), bench: bench)
      return bench.coldMeasure(corpus, workload: "linearity cold measure", target: .none)
    }
    single = row(paragraph, "\(paragraph.byteCount / 1000) KB paragraph")
    doubled = row(twice, "\(twice.byteCount / 1000) KB paragraph")
  }

  var markdown: String {
    String(
      format: "Time ratio doubled/single: Caliper %.2f, Pango %.2f (linear: about 2).",
      doubled.race.caliper / single.race.caliper, doubled.race.pango / single.race.pango)
  }
}
