@_spi(Benchmarks) import Caliper

/// Caliper's side of one workload alone, for a profiler (`--loop`): no peer, no timing, so
/// that `valgrind --tool=callgrind` counts only Caliper's instructions. `prepare` prepares
/// every paragraph of the class `times` times; `relayout` prepares each once, then asks each
/// for its size at 16 widths below its ideal width (all different breakings, so every call
/// misses the breaking cache), `times` times; `relayout-balance` and `relayout-pretty` are
/// `relayout` with that `TextStyle.wrapStyle`; `relayout-inside` is W3 "inside cached range"
/// (two widths inside one breaking's range, alternating: cache hits); `cold` is W2 (`prepare` is W5 cold);
/// `tenwidths` is W4 (`tenwidths-timed`, `tenwidths-evicted` timed as below); `memory` prints W7's bytes per segment. Timed variants: `prepare-timed` and `relayout-timed` time each paragraph's
/// work as the race does, and `prepare-evicted` and `relayout-evicted` first write 16 MB,
/// pushing Caliper's code and data out of the CPU caches as the peers' work does in the race;
/// `relayout-interleaved` has Pango lay each paragraph out at its widths between Caliper's
/// paragraphs, untimed, as in the race (`relayout-balance-timed` and
/// `relayout-balance-interleaved` likewise with `.balance`; `relayout-inside-timed` and
/// `relayout-inside-interleaved` with `relayout-inside`'s widths).
/// `vertical-cold` and `vertical-relayout` are the vertical rows' Caliper side (`Bench.verticalRows`).
/// `floor-icu` and `floor-noicu` run the floor of preparing (`FloorTable`) over the same
/// paragraphs, its word table filled first.
enum Loop {
  /// `work` on each paragraph, timed one at a time as the race times it, `times` times;
  /// where `name` ends in `-evicted`, after 16 MB written, which pushes Caliper's code and
  /// data out of the CPU caches as the peers' work does in the race. Prints the mean.
  static func timed(
    _ name: String, corpus: Corpus, times: Int, _ work: (Paragraph) -> Void
  ) {
    var other = [UInt8](repeating: 0, count: name.hasSuffix("-evicted") ? 16 << 20 : 0)
    var nanoseconds = 0.0
    for _ in 0..<times {
      for paragraph in corpus.paragraphs {
        other.withUnsafeMutableBufferPointer { bytes in
          for line in stride(from: 0, to: bytes.count, by: 64) { bytes[line] &+= 1 }
        }
        nanoseconds += Stopwatch.time { work(paragraph) }
      }
    }
    blackHole(other)
    progress(
      "\(name): \(Int(nanoseconds) / max(1, times * corpus.paragraphs.count)) ns a paragraph")
  }

  static func run(_ name: String, corpus: Corpus, bench: Bench, times: Int) -> Bool {
    switch name {
    case "prepare":
      for _ in 0..<times {
        for paragraph in corpus.paragraphs { blackHole(bench.prepare(paragraph).idealWidth) }
      }
    case "prepare-timed", "prepare-evicted":
      timed(name, corpus: corpus, times: times) { paragraph in
        blackHole(bench.prepare(paragraph).idealWidth)
      }
    case "relayout":
      let texts = corpus.paragraphs.map(bench.prepare)
      relayout(texts, widths: texts.map(Bench.distinctWidths), times: times)
    case "relayout-balance", "relayout-pretty":
      // `relayout` with `TextStyle.wrapStyle` `.balance` or `.pretty`: what a wrap style
      // costs over greedy lines (the same paragraphs and widths).
      var style = bench.style
      style.wrapStyle = name == "relayout-balance" ? .balance : .pretty
      let styled = Bench(fonts: bench.fonts, style: style, passes: bench.passes)
      // The widths `relayout` takes: those of the greedy lines' distinct breakings.
      let widths = corpus.paragraphs.map(bench.prepare).map(Bench.distinctWidths)
      relayout(corpus.paragraphs.map(styled.prepare), widths: widths, times: times)
    case "relayout-inside":
      // W3 "inside cached range"'s Caliper side: two widths inside one breaking's range,
      // alternating (`Bench.relayout`), so every call after the first is a hit.
      var calls = 0
      let texts = corpus.paragraphs.map(bench.prepare).filter { $0.idealWidth >= 100 }
      let pairs = texts.map { text -> [Double] in
        let range = text.sizeThatFits(proposal(0.6 * text.idealWidth)).lineBreakRange
        let span = range.upperBound - range.lowerBound
        guard span.isFinite, span > 0.01 else { return [] }
        return [range.lowerBound + 0.25 * span, range.lowerBound + 0.75 * span]
      }
      for pair in pairs where !pair.isEmpty { calls += 16 }
      progress("relayout-inside: \(calls) calls a pass")
      for _ in 0..<times {
        for (text, pair) in zip(texts, pairs) where !pair.isEmpty {
          for step in 0..<16 { blackHole(text.sizeThatFits(proposal(pair[step % 2])).size) }
        }
      }
    case "relayout-inside-timed", "relayout-inside-interleaved":
      // `relayout-inside`'s calls (cache hits) timed as `relayout-timed` and
      // `relayout-interleaved` time the new widths.
      let texts = corpus.paragraphs.map(bench.prepare)
      let widths = texts.map { text -> [Double] in
        guard text.idealWidth >= 100 else { return [] }
        let range = text.sizeThatFits(proposal(0.6 * text.idealWidth)).lineBreakRange
        let span = range.upperBound - range.lowerBound
        guard span.isFinite, span > 0.01 else { return [] }
        return (0..<16).map { range.lowerBound + ($0 % 2 == 0 ? 0.25 : 0.75) * span }
      }
      let layouts =
        name.hasSuffix("-interleaved")
        ? zip(corpus.paragraphs, widths).map { $1.isEmpty ? nil : PangoText($0) } : nil
      relayoutTimed(name, texts, widths: widths, times: times, evicting: false, layouts: layouts)
    case "relayout-timed", "relayout-evicted", "relayout-interleaved", "relayout-balance-timed",
      "relayout-balance-interleaved":
      // The greedy lines' distinct breakings' widths, as `relayout`; `-balance-`: the
      // paragraphs prepared with `.balance`, as `relayout-balance`.
      let widths = corpus.paragraphs.map(bench.prepare).map(Bench.distinctWidths)
      var style = bench.style
      if name.hasPrefix("relayout-balance-") { style.wrapStyle = .balance }
      let styled = Bench(fonts: bench.fonts, style: style, passes: bench.passes)
      // `-interleaved`: Pango lays each paragraph out at the same widths between Caliper's
      // paragraphs, untimed, as the race's Pango side does.
      let layouts =
        name.hasSuffix("-interleaved")
        ? zip(corpus.paragraphs, widths).map { $1.count > 8 ? PangoText($0) : nil } : nil
      relayoutTimed(
        name, corpus.paragraphs.map(styled.prepare), widths: widths, times: times,
        evicting: name == "relayout-evicted", layouts: layouts)
    case "cold":
      // W2's Caliper side (prepare, then a size at 240 pt), against `prepare`, which is
      // W5 cold's (`idealWidth` is kept while preparing): what W2 pays beyond W5.
      for _ in 0..<times {
        for paragraph in corpus.paragraphs {
          blackHole(bench.prepare(paragraph).sizeThatFits(proposal(240)).size)
        }
      }
    case "tenwidths":
      for _ in 0..<times {
        for paragraph in corpus.paragraphs {
          let text = bench.prepare(paragraph)
          for width in Bench.widths { blackHole(text.sizeThatFits(proposal(width)).size) }
        }
      }
    case "tenwidths-timed", "tenwidths-evicted":
      // W4's Caliper side timed a paragraph at a time, as the race times it.
      timed(name, corpus: corpus, times: times) { paragraph in
        let text = bench.prepare(paragraph)
        for width in Bench.widths { blackHole(text.sizeThatFits(proposal(width)).size) }
      }
    case "vertical-cold":
      // The vertical rows' Caliper side (`Bench.verticalRows`), on --loop-file
      // vertical-japanese.txt: prepare in columns and size at a 240-pt column.
      let vertical = bench.vertical
      for _ in 0..<times {
        for paragraph in corpus.paragraphs {
          blackHole(vertical.prepare(paragraph).sizeThatFitsColumns(Bench.column(240)).size)
        }
      }
    case "vertical-relayout":
      let texts = corpus.paragraphs.map(bench.vertical.prepare)
      let heights = texts.map(Bench.distinctWidths)
      let calls = heights.filter { $0.count > 8 }.reduce(0) { $0 + $1.count }
      progress("vertical-relayout: \(calls) calls a pass")
      for _ in 0..<times {
        for (text, list) in zip(texts, heights) where list.count > 8 {
          for height in list { blackHole(text.sizeThatFitsColumns(Bench.column(height)).size) }
        }
      }
    case "floor-icu", "floor-noicu":
      // The floor of preparing (`FloorTable`), for callgrind against `prepare`.
      let table = FloorTable(corpus, bench: bench)
      let icu = name == "floor-icu"
      let agreeing = corpus.paragraphs.filter { paragraph in
        let floor = table.run(paragraph, icu: icu)
        let text = bench.prepare(paragraph)
        return floor.segments == text.segmentCount && abs(floor.idealWidth - text.idealWidth) < 1e-9
      }
      progress(
        "\(name): \(agreeing.count) of \(corpus.paragraphs.count) paragraphs agree with Caliper")
      for _ in 0..<times {
        for paragraph in corpus.paragraphs { blackHole(table.run(paragraph, icu: icu)) }
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

  /// The relayouts timed per paragraph as the race times them (W3 "new width"), without a
  /// peer; `evicting`: each paragraph's after other work has pushed its data out of the CPU
  /// caches (16 MB written between paragraphs), as the peers' work does in the race;
  /// `layouts`: each paragraph's Pango layout, set to the same widths after Caliper's
  /// paragraph (untimed), which is what the race does between Caliper's paragraphs.
  @inline(never)
  static func relayoutTimed(
    _ name: String, _ texts: [PreparedText], widths: [[Double]], times: Int, evicting: Bool,
    layouts: [PangoText?]? = nil
  ) {
    var other = [UInt8](repeating: 0, count: evicting ? 16 << 20 : 0)
    var calls = 0
    var segments = 0
    var nanoseconds = 0.0
    // Pass 0 untimed, as the race's: the first relayouts make each text's buffers and table.
    for pass in 0...times {
      if pass == 1 {
        calls = 0
        segments = 0
        nanoseconds = 0
      }
      for (index, (text, list)) in zip(texts, widths).enumerated() where list.count > 8 {
        other.withUnsafeMutableBufferPointer { bytes in
          for line in stride(from: 0, to: bytes.count, by: 64) { bytes[line] &+= 1 }
        }
        nanoseconds += Stopwatch.time {
          for width in list { blackHole(text.sizeThatFits(proposal(width)).size) }
        }
        if let layout = layouts?[index] {
          for width in list {
            layout.setWidth(width)
            blackHole(layout.size)
          }
        }
        calls += list.count
        segments += text.segmentCount * list.count
      }
    }
    blackHole(other)
    let perSegment = (nanoseconds / Double(max(1, segments)) * 10).rounded() / 10
    progress(
      "\(name): \(calls) calls, "
        + "\(Int(nanoseconds) / max(1, calls)) ns a call, \(perSegment) ns a segment")
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
