@_spi(Benchmarks) import Caliper

/// W5, the ideal (unwrapped) width: from scratch, and of text already prepared.
///
/// Cold: Caliper prepares and reads `idealWidth`; Pango makes a layout with no width and asks
/// its size; SkParagraph builds a paragraph, lays it out at infinity and reads its max
/// intrinsic width. Prepared: Caliper reads the stored `idealWidth` of every prepared paragraph;
/// Pango asks the size of every existing layout, already laid out with no width. The
/// prepared case is a load per text, too small to time one at a time, so one operation is a
/// sweep over the whole class (repeated), and the figure per op is per paragraph.
extension Bench {
  func coldIdealWidth(_ prepared: PreparedCorpus) -> Row {
    let paragraphs = prepared.corpus.paragraphs
    let name = prepared.corpus.name
    let race = Race(
      Array(paragraphs.indices), passes: passes,
      caliper: { index in Stopwatch.time { blackHole(prepare(paragraphs[index]).idealWidth) } },
      pango: { index in
        Stopwatch.time {
          let layout = PangoText(paragraphs[index])
          layout.setWidth(nil)
          blackHole(layout.size)
        }
      },
      skparagraph: peer(prepared).map { peer in { peer.time("ideal", name, String($0)) } })
    return Row(
      workload: "W5 ideal width, cold", corpus: name, operations: paragraphs.count,
      segments: prepared.segmentCount, bytes: prepared.corpus.byteCount, race: race,
      target: Target(pango: 4))
  }

  func preparedIdealWidth(_ prepared: PreparedCorpus) -> Row {
    for layout in prepared.layouts {
      layout.setWidth(nil)
      blackHole(layout.size)
    }
    let sweeps = 20
    let texts = prepared.texts
    let layouts = prepared.layouts
    let race = Race(
      Array(0..<sweeps), passes: passes,
      caliper: { _ in
        Stopwatch.time {
          texts.withUnsafeBufferPointer { buffer in
            var sum = 0.0
            for index in buffer.indices { sum += buffer[index].idealWidth }
            blackHole(sum)
          }
        }
      },
      pango: { _ in
        Stopwatch.time {
          var sum = 0.0
          for layout in layouts { sum += layout.size.width }
          blackHole(sum)
        }
      })
    return Row(
      workload: "W5 ideal width, prepared", corpus: prepared.corpus.name,
      operations: sweeps * texts.count, segments: sweeps * prepared.segmentCount,
      bytes: sweeps * prepared.corpus.byteCount, race: race,
      target: Target(nanosecondsPerOperation: 50))
  }
}
