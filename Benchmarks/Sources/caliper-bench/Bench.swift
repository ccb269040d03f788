@_spi(Benchmarks) import Caliper

/// What every workload shares: the font library, the style, the number of timed passes, and
/// SkParagraph when it races (on the classes it holds).
struct Bench {
  let fonts: FontLibrary
  let style: TextStyle
  let passes: Int
  var skparagraph: SkParagraph? = nil

  /// SkParagraph, when it takes part in workloads on `prepared`.
  func peer(_ prepared: PreparedCorpus) -> SkParagraph? {
    guard let skparagraph, skparagraph.holds(prepared.corpus) else { return nil }
    return skparagraph
  }

  /// The widths of the 10-width task and of the line-count agreement, in points.
  static let widths: [Double] = [120, 180, 240, 300, 360, 420, 480, 600, 720, 960]

  /// Prepares a paragraph (the bundled fonts cannot fail to open once the library exists).
  func prepare(_ paragraph: Paragraph) -> PreparedText {
    do {
      return try fonts.prepare(paragraph.text, style: style)
    } catch {
      fatalError("prepare failed: \(error)")
    }
  }
}

/// A corpus with each paragraph prepared by Caliper and laid out by Pango once, for the
/// workloads that start from existing text (relayout, prepared ideal width, agreement).
struct PreparedCorpus {
  let corpus: Corpus
  let texts: [PreparedText]
  let layouts: [PangoText]

  init(_ corpus: Corpus, bench: Bench) {
    self.corpus = corpus
    texts = corpus.paragraphs.map(bench.prepare)
    layouts = corpus.paragraphs.map(PangoText.init)
  }

  var segmentCount: Int { texts.reduce(0) { $0 + $1.segmentCount } }
}

/// A proposal of `width` points and no height.
func proposal(_ width: Double?) -> ProposedViewSize {
  ProposedViewSize(width: width, height: nil)
}
