/// Times Caliper against its peers on the same items, interleaved item by item.
///
/// Each pass runs, for every item, Caliper's operation, then Pango's, then SkParagraph's (when
/// it takes part) on the same text, so that all see the same load, frequency and noise. One
/// warm-up pass is discarded; the reported figure for each side is the median of the passes'
/// totals.
struct Race {
  /// The median pass total of Caliper's nanoseconds.
  let caliper: Double
  /// The median pass total of Pango's nanoseconds.
  let pango: Double
  /// The median pass total of SkParagraph's nanoseconds, when it raced.
  let skparagraph: Double?

  /// Races `caliper`, `pango` and `skparagraph` (each returns the nanoseconds it measured for
  /// one item).
  init<Item>(
    _ items: [Item], passes: Int, caliper: (Item) -> Double, pango: (Item) -> Double,
    skparagraph: ((Item) -> Double)? = nil
  ) {
    var caliperTotals: [Double] = []
    var pangoTotals: [Double] = []
    var skparagraphTotals: [Double] = []
    for pass in 0...passes {
      var caliperTotal = 0.0
      var pangoTotal = 0.0
      var skparagraphTotal = 0.0
      for item in items {
        caliperTotal += caliper(item)
        pangoTotal += pango(item)
        if let skparagraph { skparagraphTotal += skparagraph(item) }
      }
      if pass > 0 {
        caliperTotals.append(caliperTotal)
        pangoTotals.append(pangoTotal)
        skparagraphTotals.append(skparagraphTotal)
      }
    }
    self.caliper = Self.median(caliperTotals)
    self.pango = Self.median(pangoTotals)
    self.skparagraph = skparagraph == nil ? nil : Self.median(skparagraphTotals)
  }

  /// A race run elsewhere (several Caliper sides against one peer, item by item), from its
  /// median pass totals.
  init(caliper: Double, pango: Double, skparagraph: Double?) {
    self.caliper = caliper
    self.pango = pango
    self.skparagraph = skparagraph
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
