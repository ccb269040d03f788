@_spi(Benchmarks) import Caliper

/// W3, relayout: text already prepared (Caliper) or laid out (Pango), asked at a new width.
///
/// Problem: Caliper keeps its last 8 breakings with the range of widths each holds for, so a
/// benchmark that alternates two widths would time cache hits. Solution: "new width" visits,
/// per paragraph, up to 16 widths below its ideal width (so every one wraps), each in the
/// range of a different breaking; only paragraphs with at least 9 such breakings take part,
/// so each width's breaking was made more than 8 calls ago and has left the cache (the miss
/// share is replayed and reported). "Inside cached range" alternates two widths inside one
/// breaking's range: Caliper answers from its cache, Pango lays out again (any new width
/// does). Paragraphs narrower than 100 pt are left out. SkParagraph races on "new width" with
/// the same paragraphs and widths (it keeps shaped text and re-breaks at every width whose
/// floor differs from the last); it has no cache of breakings, and since it floors widths,
/// two widths inside one breaking's range often floor alike and it would skip the work, so
/// it sits out "inside cached range".
extension Bench {
  /// Up to 16 widths below `text`'s ideal width, each giving a different breaking.
  static func distinctWidths(_ text: PreparedText) -> [Double] {
    var widths: [Double] = []
    var ranges: [Range<Double>] = []
    for step in 0..<64 where widths.count < 16 {
      let width = (0.2 + 0.78 * Double(step) / 63) * text.idealWidth
      let range = text.sizeThatFits(proposal(width)).lineBreakRange
      if !ranges.contains(range) {
        ranges.append(range)
        widths.append(width)
      }
    }
    return widths
  }

  struct RelayoutItem {
    /// The paragraph's index in its class.
    let index: Int
    let text: PreparedText
    let layout: PangoText
    let widths: [Double]
    let bytes: Int

    /// The same paragraph prepared otherwise (another wrap style), at the same widths.
    func with(_ text: PreparedText) -> RelayoutItem {
      RelayoutItem(index: index, text: text, layout: layout, widths: widths, bytes: bytes)
    }

    /// Caliper's visit: the text asked at each width, timed (ns).
    func caliperVisit() -> Double {
      Stopwatch.time {
        for width in widths { blackHole(text.sizeThatFits(proposal(width)).size) }
      }
    }

    /// Pango's visit: the layout set to each width and asked its size, timed (ns).
    func pangoVisit() -> Double {
      Stopwatch.time {
        for width in widths {
          layout.setWidth(width)
          blackHole(layout.size)
        }
      }
    }
  }

  /// Both W3 rows, the share of "new width" calls that really missed Caliper's cache, and
  /// on Gatsby the "new width" row again with Pango alone, as `.auto` (the reference) and
  /// with each wrap style (`wrapStyles`).
  func relayout(_ prepared: PreparedCorpus) -> (
    newWidth: Row, insideRange: Row?, misses: Double, wrapStyles: [Row]
  ) {
    var fresh: [RelayoutItem] = []
    var inside: [RelayoutItem] = []
    for (index, text) in prepared.texts.enumerated() where text.idealWidth >= 100 {
      let layout = prepared.layouts[index]
      let bytes = prepared.corpus.paragraphs[index].byteCount
      let widths = Self.distinctWidths(text)
      if widths.count > 8 {
        fresh.append(
          RelayoutItem(index: index, text: text, layout: layout, widths: widths, bytes: bytes))
      }
      let range = text.sizeThatFits(proposal(0.6 * text.idealWidth)).lineBreakRange
      let span = range.upperBound - range.lowerBound
      if span.isFinite, span > 0.01 {
        let pair = [range.lowerBound + 0.25 * span, range.lowerBound + 0.75 * span]
        let alternating = (0..<16).map { pair[$0 % 2] }
        inside.append(
          RelayoutItem(
            index: index, text: text, layout: layout, widths: alternating, bytes: bytes))
      }
    }
    let name = prepared.corpus.name
    var skparagraph = peer(prepared)
    if let peer = skparagraph {
      let items = fresh.map { [IndexOrWidths.index($0.index), .widths($0.widths)] }
      peer.ask("items \(name)\t\(name)\t" + SkParagraph.json(items))
    }
    if fresh.isEmpty { skparagraph = nil }
    let newWidth = row(
      fresh, workload: "W3 relayout, new width", corpus: name, skparagraph: skparagraph,
      target: Target(
        pango: 800, skparagraph: 10, nanosecondsPerSegment: name == "gatsby" ? 6 : nil))
    let insideRange =
      inside.isEmpty
      ? nil
      : row(
        inside, workload: "W3 relayout, inside cached range", corpus: name, skparagraph: nil,
        target: Target(pango: 800))
    let calls = fresh.reduce(0) { $0 + $1.widths.count }
    let misses = fresh.reduce(0) { $0 + Self.replayMisses($1) }
    let wrapStyles = name == "gatsby" ? wrapStyleRows(fresh, corpus: prepared.corpus) : []
    return (newWidth, insideRange, calls == 0 ? 0 : Double(misses) / Double(calls), wrapStyles)
  }

  /// W3 "new width" with `TextStyle.wrapStyle` `.auto`, `.balance` and `.pretty`: the same
  /// paragraphs at the same widths (the greedy lines' distinct breakings), each paragraph
  /// prepared with each wrap style, raced together: for each paragraph, each style's visit
  /// right after a Pango visit of the paragraph at the same widths (which leaves the caches
  /// as the race's Pango side does), the styles' order turned by one each paragraph. Pango
  /// has no wrap style, so its side is the same work for each. The cost of a wrap style over
  /// greedy lines (the report's summary; issue 36's target ≤ 5×) is its row's Caliper time
  /// over the `.auto` row's: measured paragraph by paragraph in the same pass, the machine's
  /// speed cancels. (Raced apart, as before, Pango's side of one race read 131 µs a visit
  /// against 113 µs in another for the same work, and the ratio of the rows' Pango/Caliper
  /// moved by 15–35 % from run to run.)
  private func wrapStyleRows(_ fresh: [RelayoutItem], corpus: Corpus) -> [Row] {
    let styles: [TextStyle.WrapStyle] = [.auto, .balance, .pretty]
    let items = styles.map { wrapStyle in
      var style = self.style
      style.wrapStyle = wrapStyle
      let styled = Bench(fonts: fonts, style: style, passes: passes)
      return fresh.map { $0.with(styled.prepare(corpus.paragraphs[$0.index])) }
    }
    var caliperTotals = [[Double]](repeating: [], count: styles.count)
    var pangoTotals = [[Double]](repeating: [], count: styles.count)
    // Pass 0 untimed, as the race's: the first relayouts make each text's buffers and table.
    for pass in 0...passes {
      var caliper = [Double](repeating: 0, count: styles.count)
      var pango = [Double](repeating: 0, count: styles.count)
      for number in fresh.indices {
        for turn in styles.indices {
          let style = (turn + number) % styles.count
          pango[style] += items[style][number].pangoVisit()
          caliper[style] += items[style][number].caliperVisit()
        }
      }
      if pass > 0 {
        for style in styles.indices {
          caliperTotals[style].append(caliper[style])
          pangoTotals[style].append(pango[style])
        }
      }
    }
    return styles.indices.map { style in
      Self.row(
        items[style], workload: "W3 relayout, new width, \(styles[style].rawValue)",
        corpus: corpus.name,
        race: Race(
          caliper: Race.median(caliperTotals[style]), pango: Race.median(pangoTotals[style]),
          skparagraph: nil),
        target: .none)
    }
  }

  private func row(
    _ items: [RelayoutItem], workload: String, corpus: String, skparagraph: SkParagraph?,
    target: Target
  ) -> Row {
    let race = Race(
      Array(items.indices), passes: passes,
      caliper: { items[$0].caliperVisit() }, pango: { items[$0].pangoVisit() },
      skparagraph: skparagraph.map { peer in { peer.time("relayout", corpus, String($0)) } })
    return Self.row(items, workload: workload, corpus: corpus, race: race, target: target)
  }

  /// A relayout row of `items`' visits: an operation is one width of one item.
  private static func row(
    _ items: [RelayoutItem], workload: String, corpus: String, race: Race, target: Target
  ) -> Row {
    Row(
      workload: workload, corpus: corpus, operations: items.reduce(0) { $0 + $1.widths.count },
      segments: items.reduce(0) { $0 + $1.text.segmentCount * $1.widths.count },
      bytes: items.reduce(0) { $0 + $1.bytes * $1.widths.count }, race: race, target: target)
  }

  /// How many of one cycle of `item.widths` miss an 8-entry LRU of breaking ranges that has
  /// already seen the cycle once (what Caliper's `LineBreakCache` holds in a timed pass).
  static func replayMisses(_ item: RelayoutItem) -> Int {
    var recent: [Range<Double>] = []
    var misses = 0
    for cycle in 0..<2 {
      for width in item.widths {
        if let index = recent.lastIndex(where: { $0.contains(width) }) {
          recent.append(recent.remove(at: index))
          continue
        }
        if cycle == 1 { misses += 1 }
        let range = item.text.sizeThatFits(proposal(width)).lineBreakRange
        recent.removeAll { $0 == range }
        recent.append(range)
        if recent.count > 8 { recent.removeFirst() }
      }
    }
    return misses
  }
}

/// One element of a relayout item as the peer reads it: `[paragraph index, [widths]]`.
enum IndexOrWidths: Encodable {
  case index(Int)
  case widths([Double])

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .index(let index): try container.encode(index)
    case .widths(let widths): try container.encode(widths)
    }
  }
}
