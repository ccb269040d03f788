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
/// A value holding its data behind two references: what preparing made (`PreparedTextStorage`,
/// complete and immutable when `prepare` returns) and, beside it, what the line breaker made
/// of it (`LineBreakState`), so that a copy is two retains, and the address of the latter's
/// breaking cache (`breakCacheAddress`, a plain word). Sendable because both are
/// immutable but for the breakings cached since, a `LineBreakCache` whose entries live in a
/// `Mutex`.
/// Measuring makes its own HarfBuzz buffer (`Shaper`) for the edges it reshapes.
public struct PreparedText: Sendable {
  /// Everything prepared, in one immutable object.
  let storage: PreparedTextStorage
  /// What the line breaker made of it (the ideal lines' size, hyphen stretches) and the
  /// breakings cached since, beside it (`LineBreakState`).
  let lineBreaks: LineBreakState
  /// The address of `lineBreaks.cache`, the breakings' object, for asking for its lines
  /// (`prefetchForRelayout`) at once: reached through `lineBreaks` they were asked for
  /// only once that object had arrived from memory, a second dependent latency for a
  /// paragraph whose data other work had pushed out of the CPU caches. Never read
  /// through (the object is still reached through `lineBreaks`, so no retain and no
  /// unsafe reference): `init(storage:lineBreaks:)` sets it from the `let` it names.
  /// One word a text (W7: 8 bytes a paragraph). The value has room for one more at most:
  /// at six words (an experiment, report-analysis.md's sixteenth round) `LineWidths`'
  /// copies of it were retained and released, some 220 instructions a relayout.
  let breakCacheAddress: UInt

  /// The text as given.
  public var string: String { storage.string }
  /// The style it was prepared with.
  public var style: TextStyle { storage.style }
  /// The styled spans it was prepared with (empty: the whole text in `style`).
  public var spans: [TextSpan] { storage.spans }
  /// The faces used, in cascade order, then the system faces that fallback found
  /// (`TextStyle.systemFallback`) in the order they were met.
  public var faces: [Font] { storage.faces }
  /// Characters that no face covers (drawn as .notdef), in order of first appearance.
  public var missing: [Unicode.Scalar] { storage.missing }
  /// How many clusters are drawn with a `.notdef` glyph (a box): a lossy step, so results
  /// report it (0 when every character has a glyph; line separators are not counted).
  public var missingGlyphCount: Int { storage.missingGlyphCount }
  /// How many advances a font's positioning made negative and were set to 0 (a broken
  /// font's): a lossy step, so results report it.
  public var clampedAdvanceCount: Int { storage.clampedAdvanceCount }

  // The prepared data, read in place (documented in `PreparedTextStorage`).
  var analysis: TextAnalysis { storage.analysis }
  var runs: [TextRun] { storage.runs }
  var cascadeFonts: [Font?] { storage.cascadeFonts }
  var slotStyles: [TextStyle] { storage.slotStyles }
  var slotBaselineOffsets: [Double] { storage.slotBaselineOffsets }
  var placeholders: [PlaceholderSpan] { storage.placeholders }
  var hasLetterSpacing: Bool { storage.hasLetterSpacing }
  var prefix: [Double] { storage.prefix }
  var clusterStart: BitArray { storage.clusterStart }
  var unsafeBefore: BitArray { storage.unsafeBefore }
  var segments: [Segment] { storage.segments }
  var lineMetricsByFace: [LineMetrics] { storage.lineMetricsByFace }
  var strutMetrics: LineMetrics { storage.strutMetrics }
  var tabs: [Int] { storage.tabs }
  var tabStops: ResolvedTabStops? { storage.tabStops }

  // `style` borrowed: taken owned (an initializer's default), `FontLibrary.prepare` copied
  // it to pass it and this destroyed it, its arrays retained and released (report-cold.md,
  // i32st).
  init(text: String, style: borrowing TextStyle, cascade: FontCascade) throws(CaliperError) {
    var analysis = try TextAnalysis(text: text, style: style)
    let combined = TextCombineUpright.ranges(analysis.scalars, style: style)
    // The cascade moved into the resolver, not copied (its arrays retained and released).
    let library = cascade.library
    var resolver = FontCascade.Resolver(consume cascade)
    let items: Itemization
    if combined.isEmpty, let one = try Itemization.oneFace(analysis, resolver: &resolver) {
      items = one
    } else {
      analysis.resolveScripts()
      items = try Itemization(analysis: analysis, resolver: &resolver, style: style)
    }
    // After itemizing, so that each character of a combined run still finds its own face.
    analysis.combineUpright(combined, style: style)
    analysis.dropScripts()  // the runs hold them now: 4 bytes a scalar less
    // Slots only up to the last face opened or used, as the storage keeps them (a copy of
    // the style per cascade face was most of making the slots of a Latin paragraph).
    let lastOpened = resolver.fonts.lastIndex { $0 != nil } ?? 0
    let kept = max(1, lastOpened + 1, (items.runs.lazy.map(\.face).max() ?? 0) + 1)
    // A local, then borrowed: made in the call's argument list, the slots were copied and
    // both copies destroyed.
    let slots = FaceSlots(cascadeFonts: Array(resolver.fonts.prefix(kept)), style: copy style)
    let storage = try PreparedTextStorage(
      text: text, style: style, spans: [], analysis: consume analysis, items: consume items,
      slots: slots, placeholders: [], library: library
    ) { () throws(CaliperError) in try resolver.font(0) }
    self.init(completing: storage)
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
    analysis.resolveScripts()
    let styled = try StyledItemization(
      analysis: analysis, style: style, spans: spans, library: library)
    analysis.combineUpright(
      TextCombineUpright.ranges(analysis.scalars, style: style, spans: spans), style: style)
    analysis.dropScripts()
    let storage = try PreparedTextStorage(
      text: text, style: style, spans: spans, analysis: consume analysis, items: styled.items,
      slots: styled.slots, placeholders: styled.placeholders, library: library
    ) { () throws(CaliperError) in
      var paragraph = FontCascade.Resolver(try library.cascade(for: style))
      return try paragraph.font(0)
    }
    self.init(completing: storage)
  }

  /// The text over `storage` with `lineBreaks` beside it (`LineBreakState`, which makes
  /// them: `init(completing:)`).
  init(storage: PreparedTextStorage, lineBreaks: LineBreakState) {
    self.storage = storage
    self.lineBreaks = lineBreaks
    breakCacheAddress = UInt(bitPattern: Unmanaged.passUnretained(lineBreaks.cache).toOpaque())
  }

  /// The fewest bytes a prepared text holds per scalar: its scalar (4) and its prefix sum
  /// of advances (8).
  static let leastBytesPerScalar = 12

  /// The style face index `face` is shaped in: a span's, or the text's.
  func style(ofFace face: Int) -> TextStyle {
    slotStyles.isEmpty ? style : slotStyles[face]
  }

  /// Whether face index `face`'s runs were shaped in their span's style rather than the
  /// text's: only where the span's features differ (preparing makes a new shaper only
  /// there; `LineWidths.shapeStretch` and drawing choose theirs by this).
  func shapesInSpanStyle(face: Int) -> Bool {
    !slotStyles.isEmpty && Shaper.features(slotStyles[face]) != Shaper.features(style)
  }

  /// The style face index `face`'s runs were shaped in (`shapesInSpanStyle`).
  func shapingStyle(ofFace face: Int) -> TextStyle {
    shapesInSpanStyle(face: face) ? slotStyles[face] : style
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

  /// Each scalar's advance in points (the differences of the prefix sums): for the
  /// benchmarks' floor, whose word table holds the advances a warm shape cache would.
  @_spi(Benchmarks) public var scalarAdvances: [Double] {
    prefix.indices.dropFirst().map { prefix[$0] - prefix[$0 - 1] }
  }

  /// The bytes this prepared text holds: its arrays' storage and its string, not the
  /// shared faces nor its cached breakings (`heldBytes` adds those: the prepared-text
  /// cache weighs entries by it); benchmarks report it.
  @_spi(Benchmarks) public var memoryFootprint: Int {
    func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
    let analysisBytes = analysis.memoryFootprint
    return MemoryLayout<PreparedText>.size + storage.instanceBytes + string.utf8.count
      + analysisBytes + bytes(runs) + bytes(cascadeFonts) + bytes(prefix)
      + clusterStart.memoryFootprint + storage.graphemeStart.memoryFootprint
      + unsafeBefore.memoryFootprint + bytes(storage.faceOf) + bytes(segments)
      + bytes(lineMetricsByFace) + lineBreaks.memoryFootprint
      + bytes(slotStyles) + bytes(slotBaselineOffsets) + bytes(spans) + bytes(placeholders)
      + bytes(faces) + bytes(missing) + bytes(tabs) + bytes(storage.cutPieces)
      + storage.cutPieces.reduce(0) { $0 + bytes($1.cuts) }
  }

  /// Where the content of start..<end ends: before its trailing whitespace, or only before
  /// its line separators when `keepingSpaces` (CSS `white-space: break-spaces`, whose spaces
  /// take room at a line's end).
  static func contentEnd(
    _ scalars: [Unicode.Scalar], from start: Int, to end: Int, keepingSpaces: Bool = false
  ) -> Int {
    scalars.withUnsafeBufferPointer {
      contentEnd($0, from: start, to: end, keepingSpaces: keepingSpaces)
    }
  }

  /// `contentEnd(_:from:to:keepingSpaces:)` over a buffer (preparing's segments loop).
  @inline(__always)
  static func contentEnd(
    _ scalars: UnsafeBufferPointer<Unicode.Scalar>, from start: Int, to end: Int,
    keepingSpaces: Bool
  ) -> Int {
    precondition(start >= 0 && end <= scalars.count, "content end out of range")
    var contentEnd = end
    while contentEnd > start, isTrailing(scalars[contentEnd - 1]) {
      if keepingSpaces && !TextAnalysis.isLineSeparator(scalars[contentEnd - 1]) { break }
      contentEnd -= 1
    }
    return contentEnd
  }

  /// Whitespace that hangs at a line end and does not count in its width.
  @inline(__always)
  static func isTrailing(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
    }
    // Past the last whitespace (CJK, most segment ends of a fallback-heavy paragraph): one
    // compare rather than the switch's.
    if scalar.value > 0x3000 { return false }
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    case 0xA0, 0x202F, 0x2007: return false  // no-break spaces are content
    // The rest of Unicode's White_Space, without a property lookup per segment end (a CJK
    // paragraph ends a segment at nearly every character): `TrailingWhitespaceTests`
    // checks every scalar against `isWhitespace`.
    case 0x1680, 0x2000...0x200A, 0x205F, 0x3000: return true
    default: return false
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
    Self.isEmergencyBreak(
      startsGrapheme: isGraphemeStart(offset), atEnd: offset >= analysis.scalars.count,
      scalar: analysis.scalars[offset])
  }

  /// `isEmergencyBreak(_:)`'s rule, for a caller that reads the grapheme bit and the scalar
  /// its own way (`WordCuts`): `scalar`, the one at the offset, is read only before the end.
  @inline(__always)
  static func isEmergencyBreak(
    startsGrapheme: Bool, atEnd: Bool, scalar: @autoclosure () -> Unicode.Scalar
  ) -> Bool {
    startsGrapheme && (atEnd || scalar() != softHyphen)
  }

  /// Whether a grapheme cluster starts at `offset` (0...count).
  func isGraphemeStart(_ offset: Int) -> Bool {
    storage.graphemeStart.count == 0 ? clusterStart[offset] : storage.graphemeStart[offset]
  }

  static func faceMask(_ range: Range<Int>, faceOf: [UInt16]) -> FaceMask {
    var mask = FaceMask.empty
    for index in range { mask |= FaceMask(face: Int(faceOf[index])) }
    return mask
  }

  /// The faces used in `range`. Inlined: one face (most texts) is then a load and a test
  /// where the line is made, not a call a line (`WrapChooser.emit`).
  @inline(__always)
  func faceMask(_ range: Range<Int>) -> FaceMask {
    storage.singleFace >= 0
      ? FaceMask(face: storage.singleFace) : Self.faceMask(range, faceOf: storage.faceOf)
  }

  /// The cascade index of the face drawing the scalar at `index`.
  func face(at index: Int) -> Int {
    storage.singleFace >= 0 ? storage.singleFace : Int(storage.faceOf[index])
  }

  /// The fonts' line metrics of `range` whose faces are `faces`: the union over the mask's bits,
  /// without allocating; a scan of the scalars when the mask is empty or overflows. Inlined:
  /// the indexed loop works a line's metrics out with it when the line's faces change
  /// (issue 32's tenth round: a call there cost fallback-heavy relayouts 10 instructions).
  @inline(__always)
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
