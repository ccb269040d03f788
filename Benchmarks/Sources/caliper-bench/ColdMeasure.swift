/// W2, W6 and linearity: measuring text never seen before, at one width (240 pt).
///
/// Caliper prepares (ICU analysis, fallback, shaping) and asks `sizeThatFits` (size and line
/// count: what Pango's `get_size` and `get_line_count` give), or with `withLines` calls
/// `measure` (which also builds every line's text); Pango makes a new layout, sets the text
/// and width and asks its size; SkParagraph builds a paragraph, lays it out at the width and
/// reads its height and longest line. Caliper has no prepared-text cache and SkParagraph's
/// paragraph cache is flushed before each pass, so every prepare really prepares; all keep
/// their opened faces (Caliper's `FontLibrary`, Pango's font map, SkParagraph's font
/// collection), as an application would.
extension Bench {
  func coldMeasure(
    _ prepared: PreparedCorpus, workload: String, target: Target, withLines: Bool = false
  ) -> Row {
    let paragraphs = prepared.corpus.paragraphs
    let name = prepared.corpus.name
    let skparagraph = withLines ? nil : peer(prepared)
    let race = Race(
      Array(paragraphs.indices), passes: passes,
      caliper: { index in
        Stopwatch.time {
          let text = prepare(paragraphs[index])
          if withLines {
            blackHole(text.measure(proposal(240)).size)
          } else {
            blackHole(text.sizeThatFits(proposal(240)).size)
          }
        }
      },
      pango: { index in
        Stopwatch.time {
          let layout = PangoText(paragraphs[index])
          layout.setWidth(240)
          blackHole(layout.size)
        }
      },
      skparagraph: skparagraph.map { peer in { peer.time("cold", name, String($0), "240") } })
    return Row(
      workload: workload, corpus: name, operations: paragraphs.count,
      segments: prepared.segmentCount, bytes: prepared.corpus.byteCount, race: race,
      target: target)
  }
}
