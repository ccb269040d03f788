/// W4, the 10-width task: one text measured at 120, 180, … 960 pt from scratch.
///
/// Caliper prepares once and asks `sizeThatFits` at each width; Pango makes one layout and
/// sets each width in turn, asking its size each time.
extension Bench {
  func tenWidths(_ prepared: PreparedCorpus) -> Row {
    let paragraphs = prepared.corpus.paragraphs
    let race = Race(
      paragraphs, passes: passes,
      caliper: { paragraph in
        Stopwatch.time {
          let text = prepare(paragraph)
          for width in Self.widths { blackHole(text.sizeThatFits(proposal(width)).size) }
        }
      },
      pango: { paragraph in
        Stopwatch.time {
          let layout = PangoText(paragraph)
          for width in Self.widths {
            layout.setWidth(width)
            blackHole(layout.size)
          }
        }
      })
    return Row(
      workload: "W4 prepare + 10 widths", corpus: prepared.corpus.name,
      operations: paragraphs.count, segments: prepared.segmentCount,
      bytes: prepared.corpus.byteCount, race: race, target: "≥ 30×", targetRatio: 30)
  }
}
