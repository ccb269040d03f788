/// W4, the 10-width task: one text measured at 120, 180, … 960 pt from scratch.
///
/// Caliper prepares once and asks `sizeThatFits` at each width; Pango makes one layout and
/// sets each width in turn, asking its size each time; SkParagraph builds one paragraph and
/// lays it out at each width, reading its size each time.
extension Bench {
  func tenWidths(_ prepared: PreparedCorpus) -> Row {
    let paragraphs = prepared.corpus.paragraphs
    let name = prepared.corpus.name
    let widths = SkParagraph.json(Self.widths)
    let race = Race(
      Array(paragraphs.indices), passes: passes,
      caliper: { index in
        Stopwatch.time {
          let text = prepare(paragraphs[index])
          for width in Self.widths { blackHole(text.sizeThatFits(proposal(width)).size) }
        }
      },
      pango: { index in
        Stopwatch.time {
          let layout = PangoText(paragraphs[index])
          for width in Self.widths {
            layout.setWidth(width)
            blackHole(layout.size)
          }
        }
      },
      skparagraph: peer(prepared).map { peer in { peer.time("ten", name, String($0), widths) } })
    return Row(
      workload: "W4 prepare + 10 widths", corpus: name, operations: paragraphs.count,
      segments: prepared.segmentCount, bytes: prepared.corpus.byteCount, race: race,
      target: Target(pango: 30, skparagraph: 5))
  }
}
