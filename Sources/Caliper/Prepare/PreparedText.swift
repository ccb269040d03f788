/// Prepare: the width-independent result of analysing, itemizing and shaping a text.
///
/// Problem: a layout asks for one text's size at many widths. Solution: do the expensive
/// work once — ICU analysis, face fallback, HarfBuzz shaping — and keep per break segment
/// its content width, trailing-whitespace width and hard-break flag, plus per-cluster
/// advances for emergency breaks and line metrics per face; then `measure` at any width is
/// arithmetic over segments; a line with a tab advances to the paragraph's tab stops
/// (`PreparedText+Tabs.swift`). Limitation: tab stops assume left-to-right lines.
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let text = try fonts.prepare("Blue tile with a longer local label")
/// text.idealSize          // one line: the width of the whole string
/// text.measure(ProposedViewSize(width: 120, height: nil)).lines.map(\.text)
/// ```
///
/// Sendable because it is a value of immutable arrays and `Font`s (immutable, see `Font`);
/// the one shared mutable part, `breakCache`, is a class whose entries live in a `Mutex`.
/// Measuring makes its own HarfBuzz buffer (`Shaper`) for the edges it reshapes.
public struct PreparedText: Sendable {
  /// The text as given.
  public let string: String
  /// The style it was prepared with.
  public let style: TextStyle
  /// The styled spans it was prepared with (empty: the whole text in `style`).
  public let spans: [TextSpan]
  /// The faces used, in cascade order, then the system faces that fallback found
  /// (`TextStyle.systemFallback`) in the order they were met.
  public let faces: [Font]
  /// Characters that no face covers (drawn as .notdef), in order of first appearance.
  public let missing: [Unicode.Scalar]
  /// How many clusters are drawn with a `.notdef` glyph (a box): a lossy step, so results
  /// report it (0 when every character has a glyph; line separators are not counted).
  public let missingGlyphCount: Int
  /// How many advances a font's positioning made negative and were set to 0 (a broken
  /// font's): a lossy step, so results report it.
  public let clampedAdvanceCount: Int

  let analysis: TextAnalysis
  let runs: [TextRun]
  /// Every face the runs refer to (by index); `nil` for faces never opened. Without spans
  /// the index is the cascade's; with spans it is a slot (a face at one span's size and
  /// baseline offset, `FaceSlots`).
  let cascadeFonts: [Font?]
  /// With spans, the style each face index (slot) is shaped in; empty without spans, where
  /// every face is in `style` (`style(ofFace:)`).
  let slotStyles: [TextStyle]
  /// With spans, each slot's baseline offset in points; empty without spans.
  let slotBaselineOffsets: [Double]
  /// The inline placeholders (`TextSpan.placeholder`), in text order, with their slots.
  let placeholders: [PlaceholderSpan]
  /// Whether any face index is shaped with letter spacing (the paragraph's or a span's).
  let hasLetterSpacing: Bool
  /// prefix[i] = sum of advances of scalars 0..<i, in points.
  let prefix: [Double]
  /// Whether a HarfBuzz cluster that is also a grapheme cluster starts at each offset
  /// (count + 1 entries): where a line may be cut inside a word.
  let clusterStart: BitArray
  let unsafeBefore: BitArray
  /// Whether a grapheme cluster starts at each offset (count + 1 entries), where an
  /// emergency break may fall; empty when every one is also a HarfBuzz cluster start
  /// (`clusterStart` says it then). Read through `isEmergencyBreak(_:)`.
  private let graphemeStart: BitArray
  /// The cascade face of each scalar; empty when one face draws the whole text
  /// (`singleFace`), which saves 2 bytes a scalar. Read through `face(at:)`.
  private let faceOf: [UInt16]
  private let singleFace: Int
  let segments: [Segment]
  let lineMetricsByFace: [LineMetrics]
  /// What every line's metrics include whatever its faces: in `.css` mode the strut of
  /// the paragraph's first font (`PreparedText+CSS.swift`), else zero.
  let strutMetrics: LineMetrics
  /// The offsets of the text's tab characters, ascending (usually none).
  let tabs: [Int]
  /// The paragraph's tab stops in points; `nil` when the text has no tab.
  let tabStops: ResolvedTabStops?
  /// For each segment ending in a soft hyphen, the index in `hyphenStretches` of the shaped
  /// end of a line broken there (−1: none), made once (`SoftHyphen.swift`); both empty for
  /// text without soft hyphens.
  var hyphenStretchOfSegment: [Int32] = []
  var hyphenStretches: [HyphenStretch] = []
  /// Breakings already made, by the range of widths they hold for.
  let breakCache = LineBreakCache()

  init(text: String, style: TextStyle, cascade: FontCascade) throws(CaliperError) {
    var analysis = try TextAnalysis(text: text, style: style)
    var resolver = FontCascade.Resolver(cascade)
    let items = try Itemization(analysis: analysis, resolver: &resolver, style: style)
    analysis.dropScripts()  // the runs hold them now: 4 bytes a scalar less
    try self.init(
      text: text, style: style, spans: [], analysis: analysis, items: items,
      slots: FaceSlots(cascadeFonts: resolver.fonts, style: style), placeholders: [],
      library: cascade.library
    ) { () throws(CaliperError) in try resolver.font(0) }
  }

  /// A styled text: each span with its own cascade, size and baseline offset.
  init(text: String, style: TextStyle, spans: [TextSpan], library: FontLibrary)
    throws(CaliperError)
  {
    // A placeholder's characters are analysed as U+FFFC, then joined into one cluster.
    let boxes = TextSpan.placeholderSpans(spans, count: text.unicodeScalars.count).map(\.range)
    var analysis: TextAnalysis
    if boxes.isEmpty {
      analysis = try TextAnalysis(text: text, style: style)
    } else {
      var scalars = Array(text.unicodeScalars)
      for range in boxes {
        scalars.replaceSubrange(range, with: repeatElement("\u{FFFC}", count: range.count))
      }
      var replaced = String.UnicodeScalarView()
      replaced.append(contentsOf: scalars)
      analysis = try TextAnalysis(text: String(replaced), style: style)
      analysis.joinPlaceholders(boxes)
    }
    let styled = try StyledItemization(
      analysis: analysis, style: style, spans: spans, library: library)
    analysis.dropScripts()
    try self.init(
      text: text, style: style, spans: spans, analysis: analysis, items: styled.items,
      slots: styled.slots, placeholders: styled.placeholders, library: library
    ) { () throws(CaliperError) in
      var paragraph = FontCascade.Resolver(try library.cascade(for: style))
      return try paragraph.font(0)
    }
  }

  private init(
    text: String, style: TextStyle, spans: [TextSpan], analysis: TextAnalysis,
    items: Itemization, slots: FaceSlots, placeholders: [PlaceholderSpan], library: FontLibrary,
    firstFace: () throws(CaliperError) -> Font
  ) throws(CaliperError) {
    var analysis = analysis
    if style.hyphenation.isEnabled { try analysis.addHyphenationPoints(locale: style.locale) }
    var items = items
    string = text
    self.style = style
    self.spans = spans
    runs = items.runs
    let oneFace = items.runs.allSatisfy { $0.face == items.runs.first?.face }
    singleFace = oneFace ? items.runs.first?.face ?? 0 : -1
    faceOf = oneFace ? [] : items.faceOf
    if oneFace { items.faceOf = [] }
    missing = items.missing
    cascadeFonts = slots.fonts
    slotStyles = spans.isEmpty ? [] : slots.styles
    slotBaselineOffsets = spans.isEmpty ? [] : slots.baselineOffsets
    self.placeholders = placeholders
    // A placeholder's face draws nothing: it is not among the faces used.
    let used = Set(items.runs.map(\.face)).subtracting(placeholders.map(\.face))
    var seen = Set<ObjectIdentifier>()
    faces = slots.fonts.indices.filter(used.contains).compactMap { slots.fonts[$0] }
      .filter { seen.insert(ObjectIdentifier($0)).inserted }
    let css = style.breakRules == .css
    lineMetricsByFace = css ? slots.lineMetrics.map(Self.blinkLineMetrics) : slots.lineMetrics
    strutMetrics =
      css ? Self.blinkLineMetrics(try firstFace().lineMetrics(size: style.size)) : .zero

    let count = analysis.scalars.count
    var shaped = ShapedText(count: count, size: style.size)
    var shaper = Shaper(style: style)
    var shaperFeatures = Shaper.features(style)
    for run in items.runs where slots.placeholders[run.face] == nil {
      // Every run's face was opened while itemizing; it is shaped at its span's size, with
      // its span's features (a new shaper only where those change).
      let runStyle = slots.styles[run.face]
      let features = Shaper.features(runStyle)
      if features != shaperFeatures {
        shaper = Shaper(style: runStyle)
        shaperFeatures = features
      }
      shaped.size = runStyle.size
      shaper.shapeRun(
        run, analysis: analysis, font: slots.fonts[run.face]!, style: runStyle,
        cache: library.shapes, into: &shaped)
    }
    for box in placeholders { shaped.storePlaceholder(box.range, width: box.placeholder.width) }
    missingGlyphCount = shaped.missingGlyphCount
    // Emergency breaks fall at any grapheme start, also inside a HarfBuzz cluster (the "fi"
    // ligature), whose sides are then reshaped; the grapheme starts are kept apart only
    // where some are not cluster starts.
    let graphemes = BitArray(analysis.graphemeStart)
    shaped.keepClusterStarts(where: analysis.graphemeStart)
    analysis.dropGraphemeStarts()
    graphemeStart =
      graphemes == shaped.clusterStart ? BitArray(repeating: false, count: 0) : graphemes
    clampedAdvanceCount = shaped.clampNegativeAdvances()
    try Self.addSpacing(
      to: &shaped.advances, clusterStart: shaped.clusterStart, analysis: analysis,
      runs: items.runs, styles: slots.styles)
    hasLetterSpacing = slots.styles.contains { $0.letterSpacing != 0 }
    var tabs: [Int] = []
    for index in 0..<count where analysis.scalars[index].value == 0x09 { tabs.append(index) }
    self.tabs = tabs
    if tabs.isEmpty {
      tabStops = nil
    } else {
      // Default stops are 8 spaces of the cascade's first face, opened here if unused.
      let first = try firstFace()
      let space = first.units.points(first.spaceAdvance, size: style.size)
      tabStops = ResolvedTabStops(style.paragraph.tabStops, spaceWidth: space)
    }
    clusterStart = shaped.clusterStart
    unsafeBefore = shaped.unsafeBefore
    let prefix = shaped.takePrefixSums()
    self.prefix = prefix

    let keepsSpaces = css && style.whiteSpace == .breakSpaces
    var segments: [Segment] = []
    segments.reserveCapacity(analysis.breaks.count)
    var start = 0
    let hyphenationPoints = analysis.hyphenationPoints
    var nextPoint = 0
    for (offset, stored) in analysis.breaks.enumerated() {
      let end = Int(stored)
      let isHyphenationPoint =
        nextPoint < hyphenationPoints.count && hyphenationPoints[nextPoint] == stored
      if isHyphenationPoint { nextPoint += 1 }
      let contentEnd =
        keepsSpaces
        ? Self.contentEnd(analysis.scalars, from: start, to: end, keepingSpaces: true)
        : Self.contentEnd(analysis.scalars, from: start, to: end)
      segments.append(
        Segment(
          start: start, contentEnd: contentEnd, end: end,
          width: prefix[contentEnd] - prefix[start],
          trailingWidth: prefix[end] - prefix[contentEnd],
          isHardBreak: analysis.mandatory[offset],
          faces: oneFace
            ? FaceMask(face: singleFace) : Self.faceMask(start..<end, faceOf: items.faceOf),
          unsafeEnd: end < count && shaped.unsafeBefore[end],
          softHyphen: end < count
            && (isHyphenationPoint || analysis.scalars[end - 1] == Self.softHyphen)))
      start = end
    }
    self.segments = segments
    analysis.dropBreaks()  // the segments hold them now
    self.analysis = analysis
    makeHyphenStretches()
  }

  /// The width of the widest unbreakable segment (min-content width), with its line's
  /// indent (in `.css` mode CSS's min-content width, `cssMinContent`): computed the first
  /// time it is asked for.
  public var minWidth: Double {
    breakCache.minWidth {
      let widths = self.widths
      var widest = 0.0  // a loop, not a map: no array of a width per segment
      for (index, segment) in segments.enumerated() {
        let width =
          segment.softHyphen
          ? widths.softHyphenWidths(from: segment.start, segment: index).broken
          : widths.width(from: segment.start, to: segment.contentEnd, breakingAt: segment.end)
        widest = max(widest, width + widths.indent(atLineStart: segment.start))
      }
      return style.breakRules == .css ? cssMinContent(wordsWidth: widest) : widest
    }
  }

  /// The lines at the ideal (unconstrained) width: broken only at hard breaks, the first
  /// time they are asked for.
  var idealLines: (spans: [LineBreaker.Span], fit: LineFit) {
    let entry = breakCache.ideal {
      var breaker = LineBreaker(limit: .infinity)
      let spans = breaker.breakLines(widths)
      return LineBreakCache.Entry(limits: 0..<Double.infinity, fit: LineFit(spans), spans: spans)
    }
    return (entry.spans ?? [], entry.fit)
  }

  /// The width of the widest line when nothing wraps but hard breaks.
  public var idealWidth: Double { idealLines.fit.widest }

  /// The fewest bytes a prepared text holds per scalar: its scalar (4) and its prefix sum
  /// of advances (8).
  static let leastBytesPerScalar = 12

  /// The style face index `face` is shaped in: a span's, or the text's.
  func style(ofFace face: Int) -> TextStyle {
    slotStyles.isEmpty ? style : slotStyles[face]
  }

  /// Whether face index `face` is a placeholder's slot (a box, never shaped or drawn).
  func isPlaceholder(face: Int) -> Bool {
    !placeholders.isEmpty && placeholders.contains { $0.face == face }
  }

  /// Points face index `face` is raised by: a span's baseline offset, or 0.
  func baselineOffset(ofFace face: Int) -> Double {
    slotBaselineOffsets.isEmpty ? 0 : slotBaselineOffsets[face]
  }

  /// The number of break segments (a word and the whitespace after it): for benchmarks'
  /// per-segment figures.
  @_spi(Benchmarks) public var segmentCount: Int { segments.count }

  /// The bytes this prepared text holds: its arrays' storage and its string, not the
  /// shared faces nor its cached breakings. The prepared-text cache weighs entries by it;
  /// benchmarks report it.
  @_spi(Benchmarks) public var memoryFootprint: Int {
    func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
    let analysisBytes = analysis.memoryFootprint
    return MemoryLayout<PreparedText>.size + string.utf8.count + analysisBytes + bytes(runs)
      + bytes(cascadeFonts) + bytes(prefix) + clusterStart.memoryFootprint
      + graphemeStart.memoryFootprint + unsafeBefore.memoryFootprint
      + bytes(faceOf) + bytes(segments) + bytes(lineMetricsByFace) + breakCache.idealBytes
      + bytes(slotStyles) + bytes(slotBaselineOffsets) + bytes(spans) + bytes(placeholders)
      + bytes(hyphenStretchOfSegment) + bytes(hyphenStretches)
      + bytes(faces) + bytes(missing) + bytes(tabs)
  }

  /// Where the content of start..<end ends: before its trailing whitespace and line
  /// separator.
  /// Where the content of start..<end ends: before its trailing whitespace, or only before
  /// its line separators when `keepingSpaces` (CSS `white-space: break-spaces`, whose spaces
  /// take room at a line's end).
  static func contentEnd(
    _ scalars: [Unicode.Scalar], from start: Int, to end: Int, keepingSpaces: Bool = false
  ) -> Int {
    var contentEnd = end
    while contentEnd > start, isTrailing(scalars[contentEnd - 1]) {
      if keepingSpaces && !TextAnalysis.isLineSeparator(scalars[contentEnd - 1]) { break }
      contentEnd -= 1
    }
    return contentEnd
  }

  /// Whitespace that hangs at a line end and does not count in its width.
  static func isTrailing(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
    }
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    case 0xA0, 0x202F, 0x2007: return false  // no-break spaces are content
    default: return scalar.properties.isWhitespace
    }
  }

  /// Sum of the paragraph-shaped advances over `range`.
  func advanceSum(_ range: Range<Int>) -> Double {
    prefix[range.upperBound] - prefix[range.lowerBound]
  }

  /// Whether an emergency break may fall at `offset`: a grapheme boundary, also one inside a
  /// HarfBuzz cluster (both sides of it are then shaped on their own, as Pango does), but
  /// not before a soft hyphen, whose own break comes right after it (else "f\u{AD}i" at
  /// width 0 would make a line of the shown hyphen alone).
  func isEmergencyBreak(_ offset: Int) -> Bool {
    guard isGraphemeStart(offset) else { return false }
    return offset >= analysis.scalars.count || analysis.scalars[offset] != Self.softHyphen
  }

  /// Whether a grapheme cluster starts at `offset` (0...count).
  func isGraphemeStart(_ offset: Int) -> Bool {
    graphemeStart.count == 0 ? clusterStart[offset] : graphemeStart[offset]
  }

  static func faceMask(_ range: Range<Int>, faceOf: [UInt16]) -> FaceMask {
    var mask = FaceMask.empty
    for index in range { mask |= FaceMask(face: Int(faceOf[index])) }
    return mask
  }

  /// The faces used in `range`.
  func faceMask(_ range: Range<Int>) -> FaceMask {
    singleFace >= 0 ? FaceMask(face: singleFace) : Self.faceMask(range, faceOf: faceOf)
  }

  /// The cascade index of the face drawing the scalar at `index`.
  func face(at index: Int) -> Int { singleFace >= 0 ? singleFace : Int(faceOf[index]) }

  /// The fonts' line metrics of `range` whose faces are `faces`: the union over the mask's bits,
  /// without allocating; a scan of the scalars when the mask is empty or overflows.
  func fontLineMetrics(_ range: Range<Int>, faces: FaceMask) -> LineMetrics {
    guard !faces.isEmpty, !faces.overflows else { return lineMetrics(range) }
    var bits = faces.bits
    var metrics = LineMetrics.zero
    while bits != 0 {
      let face = bits.trailingZeroBitCount
      metrics = metrics.union(lineMetricsByFace[face])
      bits &= bits - 1
    }
    return metrics.union(strutMetrics)
  }

  /// The line metrics of the faces used in `range`; an empty range takes the face of the
  /// character before it (the line separator that made the line), or the first face.
  func lineMetrics(_ range: Range<Int>) -> LineMetrics {
    let count = analysis.scalars.count
    guard count > 0 else { return .zero }
    if range.isEmpty {
      let metrics = lineMetricsByFace[face(at: max(0, min(range.lowerBound, count) - 1))]
      return style.breakRules == .css ? metrics.union(strutMetrics) : metrics
    }
    var seen = Set<Int>()
    var metrics = strutMetrics
    for index in range where seen.insert(face(at: index)).inserted {
      metrics = metrics.union(lineMetricsByFace[face(at: index)])
    }
    return metrics
  }
}
