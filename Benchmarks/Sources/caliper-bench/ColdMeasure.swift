/// W2, W6 and linearity: measuring text never seen before, at one width (240 pt).
///
/// Caliper prepares (ICU analysis, fallback, shaping) and asks `sizeThatFits` (size and line
/// count: what Pango's `get_size` and `get_line_count` give), or with `withLines` calls
/// `measure` (which also builds every line's text); Pango makes a new layout, sets the text
/// and width and asks its size. Caliper has no prepared-text cache, so every
/// prepare really prepares; both sides keep their opened faces (Caliper's `FontLibrary`,
/// Pango's font map), as an application would.
extension Bench {
  func coldMeasure(
    _ prepared: PreparedCorpus, workload: String, target: String, ratio: Double?,
    withLines: Bool = false
  ) -> Row {
    let paragraphs = prepared.corpus.paragraphs
    let race = Race(
      paragraphs, passes: passes,
      caliper: { paragraph in
        Stopwatch.time {
          let text = prepare(paragraph)
          if withLines {
            blackHole(text.measure(proposal(240)).size)
          } else {
            blackHole(text.sizeThatFits(proposal(240)).size)
          }
        }
      },
      pango: { paragraph in
        Stopwatch.time {
          let layout = PangoText(paragraph)
          layout.setWidth(240)
          blackHole(layout.size)
        }
      })
    return Row(
      workload: workload, corpus: prepared.corpus.name, operations: paragraphs.count,
      segments: prepared.segmentCount, bytes: prepared.corpus.byteCount, race: race,
      target: target, targetRatio: ratio)
  }
}
