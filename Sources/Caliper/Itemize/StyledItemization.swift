/// Itemize styled text: per span its own cascade and size, one face slot per (face, size,
/// baseline offset).
///
/// Problem: spans give parts of a paragraph their own fonts, sizes and baseline offsets,
/// yet line breaking needs one text with one index space of faces (for line metrics and
/// face masks). Solution: split the text into pieces of one style at span boundaries
/// (moved to grapheme boundaries), pick each cluster's face with the piece's own cascade
/// exactly as `Itemization` does (`FaceChooser`, each piece a run of its own as Pango's
/// attribute changes make one), and number the faces by slot: a slot is a face at a size
/// and a baseline offset, so that everything indexed by face (shaping size, line metrics,
/// `FaceMask`) follows the spans. Runs are cut where the slot, script or bidi level
/// changes. A slot's style carries the span's OpenType features and letter spacing, so
/// shaping and spacing follow the spans through it. A placeholder span (`Placeholder`)
/// wins over every other span on its characters and gets a slot of its own whose line
/// metrics are its box's; its face (the first of its cascade) is never shaped.
struct StyledItemization {
  var items: Itemization
  var slots: FaceSlots
  /// The placeholders, in text order, each with its slot.
  var placeholders: [PlaceholderSpan] = []

  init(
    analysis: TextAnalysis, style: TextStyle, spans: [TextSpan], library: FontLibrary
  ) throws(CaliperError) {
    let scalars = analysis.scalars
    let count = scalars.count
    // The distinct styles (a span's style and baseline offset); 0 is the paragraph's.
    var pieceStyles: [TextStyle] = [style]
    var offsets: [Double] = [0]
    var known: [StyleKey: Int] = [StyleKey(style: style, baselineOffset: 0, placeholder: nil): 0]
    var piecePlaceholders: [Placeholder?] = [nil]
    var spanStyle: [Int] = []
    for span in spans {
      let key = StyleKey(
        style: span.style(over: style), baselineOffset: span.baselineOffset,
        placeholder: span.placeholder)
      if let index = known[key] {
        spanStyle.append(index)
      } else {
        known[key] = pieceStyles.count
        spanStyle.append(pieceStyles.count)
        pieceStyles.append(key.style)
        offsets.append(key.baselineOffset)
        piecePlaceholders.append(key.placeholder)
      }
    }
    // The style of each scalar: the last span covering it, else the paragraph's. Spans are
    // applied last first, each scalar set once (`next` jumps over the ones already set), so
    // that many overlapping spans cost the text's length, not their summed lengths.
    var styleOf = [Int](filled: -1, count: count)
    var next = Array(0...count)
    func unset(_ offset: Int) -> Int {
      var root = offset
      while next[root] != root { root = next[root] }
      var walk = offset
      while next[walk] != root {
        let step = next[walk]
        next[walk] = root
        walk = step
      }
      return root
    }
    for (index, span) in spans.enumerated().reversed() {
      let lower = max(0, min(count, span.range.lowerBound))
      let upper = max(lower, min(count, span.range.upperBound))
      var offset = unset(lower)
      while offset < upper {
        styleOf[offset] = spanStyle[index]
        next[offset] = offset + 1
        offset = unset(offset + 1)
      }
    }
    for offset in 0..<count where styleOf[offset] < 0 { styleOf[offset] = 0 }
    // A cluster takes the style of its first scalar.
    for offset in 0..<count where !analysis.graphemeStart[offset] {
      styleOf[offset] = styleOf[offset - 1]
    }
    // A placeholder's characters are its box, whatever other spans say.
    let boxes = TextSpan.placeholderSpans(spans, count: count)
    for (index, range) in boxes {
      for offset in range { styleOf[offset] = spanStyle[index] }
    }
    var resolvers: [FontCascade.Resolver?] = Array(filled: nil, count: pieceStyles.count)
    var slots = FaceSlots()
    var items = Itemization()
    // (One entry more, for `Itemization.runs`' sentinel, dropped after.)
    items.faceOf = [UInt16](filled: 0, count: count + 1)
    var chooser = FaceChooser(style)
    var start = 0
    while start < count {
      var pieceEnd = start + 1
      while pieceEnd < count, styleOf[pieceEnd] == styleOf[start] { pieceEnd += 1 }
      let piece = styleOf[start]
      let pieceStyle = pieceStyles[piece]
      // One resolver per style, kept across its pieces (its faces are opened once).
      var resolver: FontCascade.Resolver
      if let kept = resolvers[piece] {
        resolver = kept
      } else {
        resolver = FontCascade.Resolver(try library.cascade(for: pieceStyle))
      }
      if let placeholder = piecePlaceholders[piece] {
        // A box: the first face of its cascade gives `top`, `bottom` and `middle` their
        // metrics; nothing is chosen or shaped.
        let slot = slots.slot(
          try resolver.font(0), style: pieceStyle, baselineOffset: offsets[piece],
          placeholder: placeholder)
        guard slot <= Int(UInt16.max) else {
          throw .tooManyFonts(count: slot + 1, limit: Int(UInt16.max) + 1)
        }
        for index in start..<pieceEnd { items.faceOf[index] = UInt16(slot) }
        resolvers[piece] = resolver
        start = pieceEnd
        continue
      }
      try chooser.choose(analysis, range: start..<pieceEnd, resolver: &resolver) {
        (range, face, resolver) throws(CaliperError) in
        let font = try resolver.font(face)
        let slot = slots.slot(font, style: pieceStyle, baselineOffset: offsets[piece])
        guard slot <= Int(UInt16.max) else {
          throw .tooManyFonts(count: slot + 1, limit: Int(UInt16.max) + 1)
        }
        for index in range { items.faceOf[index] = UInt16(slot) }
      }
      resolvers[piece] = resolver
      start = pieceEnd
    }
    items.missing = chooser.missing
    let found = Itemization.runs(analysis, faceOf: &items.faceOf)
    items.faceOf.removeLast()
    items.runs = VerticalRuns.oriented(found, analysis, style, spans: spans)
    self.items = items
    self.slots = slots
    let metrics = boxes.isEmpty ? [] : slots.lineMetrics
    placeholders = boxes.map { index, range in
      let face = Int(items.faceOf[range.lowerBound])
      return PlaceholderSpan(
        range: range, placeholder: spans[index].placeholder!, face: face,
        ascent: metrics[face].ascent)
    }
  }
}

/// A span's style and baseline offset: what makes two spans set alike.
private struct StyleKey: Hashable {
  let style: TextStyle
  let baselineOffset: Double
  let placeholder: Placeholder?
}

/// The faces of a preparation by slot: a face at a size, with a baseline offset and the
/// style it is shaped with. An unstyled text has one slot per cascade face, at the
/// paragraph's size. Read a slot's style, offset and box through `style(of:)`,
/// `baselineOffset(of:)` and `placeholder(of:)`.
struct FaceSlots {
  var fonts: [Font?] = []
  /// Each slot's style; empty for an unstyled text, whose slots are all in `uniformStyle`.
  private(set) var styles: [TextStyle] = []
  /// Each slot's baseline offset; empty for an unstyled text (all 0).
  private(set) var baselineOffsets: [Double] = []
  /// The box of each placeholder slot; nil for a face's slot; empty for an unstyled text.
  private var placeholders: [Placeholder?] = []
  /// Whether every slot is in `uniformStyle` (an unstyled text): three arrays copied per
  /// slot were four allocations of every prepare (`PreparedTextStorage`).
  let isUniform: Bool
  private let uniformStyle: TextStyle
  /// Made empty by `init()` rather than a `[:]` literal, whose specialized initializer was
  /// code of its own for every prepare to run.
  private var index = [Key: Int]()

  private struct Key: Hashable {
    let font: UInt64
    let style: TextStyle
    let baselineOffset: Double
    let placeholder: Placeholder?
  }

  /// No slots yet, for `slot(_:style:baselineOffset:placeholder:)` to add.
  init() {
    isUniform = false
    uniformStyle = TextStyle()
  }

  /// One slot per cascade face, all in `style` (the unstyled case).
  init(cascadeFonts: [Font?], style: TextStyle) {
    fonts = cascadeFonts
    isUniform = true
    uniformStyle = style
  }

  /// The style slot `slot` is shaped in.
  func style(of slot: Int) -> TextStyle { isUniform ? uniformStyle : styles[slot] }

  /// The size slot `slot` is shaped at: `style(of:)`'s (the same choice of style, read in
  /// place), without copying the whole style (its arrays retained and released: about 360
  /// instructions a copy, one for each of a fallback-heavy paragraph's eight slots).
  func size(of slot: Int) -> Double { isUniform ? uniformStyle.size : styles[slot].size }

  /// Points slot `slot` is raised by.
  func baselineOffset(of slot: Int) -> Double { isUniform ? 0 : baselineOffsets[slot] }

  /// The box of slot `slot` when it is a placeholder's.
  func placeholder(of slot: Int) -> Placeholder? { isUniform ? nil : placeholders[slot] }

  /// Whether some slot's style satisfies `predicate`.
  func anyStyle(_ predicate: (TextStyle) -> Bool) -> Bool {
    isUniform ? predicate(uniformStyle) : styles.contains(where: predicate)
  }

  /// The slot of `font` in `style` raised by `baselineOffset`, added if new.
  mutating func slot(
    _ font: Font, style: TextStyle, baselineOffset: Double, placeholder: Placeholder? = nil
  ) -> Int {
    precondition(!isUniform, "an unstyled text's slots are its cascade's")
    let key = Key(
      font: font.serial, style: style, baselineOffset: baselineOffset, placeholder: placeholder)
    if let known = index[key] { return known }
    fonts.append(font)
    styles.append(style)
    baselineOffsets.append(baselineOffset)
    placeholders.append(placeholder)
    index[key] = fonts.count - 1
    return fonts.count - 1
  }

  /// The line metrics of each slot: its face's at its size, moved by its baseline offset; a
  /// placeholder's are its box's (no line gap).
  var lineMetrics: [LineMetrics] {
    // One slot (an unstyled Latin paragraph): an array literal rather than `map`'s growth
    // path, code of its own for a paragraph prepared with cold caches.
    if fonts.count == 1 { return [lineMetrics(ofSlot: 0)] }
    // A loop, not `map(lineMetrics(ofSlot:))`: the method's closure held a copy of the
    // slots (their arrays and style retained and released, ~560 instructions a paragraph).
    var metrics: [LineMetrics] = []
    metrics.reserveCapacity(fonts.count)
    for slot in fonts.indices { metrics.append(lineMetrics(ofSlot: slot)) }
    return metrics
  }

  private func lineMetrics(ofSlot slot: Int) -> LineMetrics {
    guard let font = fonts[slot] else { return .zero }
    var metrics = font.lineMetrics(size: size(of: slot))
    let offset = baselineOffset(of: slot)
    if let box = placeholder(of: slot) {
      let ascent = box.ascent(font: metrics) + offset
      return LineMetrics(ascent: ascent, descent: box.height - ascent, lineGap: 0)
    }
    metrics.ascent += offset
    metrics.descent -= offset
    return metrics
  }
}

extension Itemization {
  /// No runs yet, for `StyledItemization` to fill.
  init() {}
}
