@_spi(Benchmarks) import Caliper

/// Caliper's side of one workload alone, for a profiler (`--loop`): no peer, no timing, so
/// that `valgrind --tool=callgrind` counts only Caliper's instructions. `prepare` prepares
/// every paragraph of the class `times` times; `relayout` prepares each once, then asks
/// each for its size at 16 widths below its ideal width (all different breakings, so every
/// call misses the breaking cache), `times` times; `tenwidths` is W4; `memory` prints W7's bytes per segment.
enum Loop {
  static func run(_ name: String, corpus: Corpus, bench: Bench, times: Int) -> Bool {
    switch name {
    case "prepare":
      for _ in 0..<times {
        for paragraph in corpus.paragraphs { blackHole(bench.prepare(paragraph).idealWidth) }
      }
    case "relayout":
      let texts = corpus.paragraphs.map(bench.prepare)
      relayout(texts, widths: texts.map(Bench.distinctWidths), times: times)
    case "tenwidths":
      for _ in 0..<times {
        for paragraph in corpus.paragraphs {
          let text = bench.prepare(paragraph)
          for width in Bench.widths { blackHole(text.sizeThatFits(proposal(width)).size) }
        }
      }
    case "memory":
      // Not a loop: W7's bytes per segment alone, for checking a layout change quickly.
      let texts = corpus.paragraphs.map(bench.prepare)
      let bytes = texts.reduce(0) { $0 + $1.memoryFootprint }
      let segments = texts.reduce(0) { $0 + $1.segmentCount }
      progress(
        "memory: \(bytes) bytes, \(segments) segments, \(bytes / max(1, segments)) per segment")
    default:
      return false
    }
    return true
  }

  /// The relayouts alone (a function of its own, so a profile shows their inclusive cost).
  @inline(never)
  static func relayout(_ texts: [PreparedText], widths: [[Double]], times: Int) {
    var calls = 0
    var segments = 0
    for (text, list) in zip(texts, widths) where list.count > 8 {
      calls += list.count * times
      segments += text.segmentCount * list.count * times
    }
    progress("relayout: \(calls) calls over \(segments) segments")
    for _ in 0..<times {
      for (text, list) in zip(texts, widths) where list.count > 8 {
        for width in list { blackHole(text.sizeThatFits(proposal(width)).size) }
      }
    }
  }
}
