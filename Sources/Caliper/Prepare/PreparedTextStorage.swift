/// Prepare: the data of a `PreparedText`, behind one reference.
///
/// Problem: a prepared text is about thirty arrays, fonts and styles; as a struct of them,
/// every copy (a `LineWidths` made per breaking, a closure capturing the text, a cached
/// breaking) retained and released each one, some 1,450 instructions of a relayout at a new
/// width that itself costs a few thousand. Solution: the data lives in this one immutable
/// object, made once by preparing; `PreparedText` is a value holding it, so a copy is one
/// retain. What the line breaker makes of the text (the ideal lines, hyphen stretches,
/// cached breakings) is not written here but kept beside it (`LineBreakState`). Limitation:
/// none beyond `PreparedText`'s.
final class PreparedTextStorage: Sendable {
  // What a relayout reads comes first, side by side in this object (Swift lays a class's
  // stored properties out in the order declared): a text asked for a new width after
  // other work finds its data out of the CPU caches, and each line of this object it
  // touches is a miss (RESULTS.md, relayout).
  /// What the line breaker may assume of this text (`BreakFacts`), found while preparing.
  let breakFacts: BreakFacts
  let segments: [Segment]
  /// prefix[i] = sum of advances of scalars 0..<i, in points.
  let prefix: [Double]
  /// The line metrics of each face in `cascadeFonts` (zero for a face never opened).
  let lineMetricsByFace: [LineMetrics]
  /// What every line's metrics include whatever its faces: in `.css` mode the strut of
  /// the paragraph's first font (`PreparedText+CSS.swift`), else zero.
  let strutMetrics: LineMetrics
  /// The paragraph's first font's text-box edges (`PreparedText+TextBox.swift`), zero
  /// without a trim.
  let textBoxEdges: (over: Double, under: Double)
  /// The text as given.
  let string: String
  /// The style it was prepared with.
  let style: TextStyle
  /// The styled spans it was prepared with (empty: the whole text in `style`).
  let spans: [TextSpan]
  /// The faces used, in cascade order, then the system faces that fallback found
  /// (`TextStyle.systemFallback`) in the order they were met.
  let faces: [Font]
  /// Characters that no face covers (drawn as .notdef), in order of first appearance.
  let missing: [Unicode.Scalar]
  /// How many clusters are drawn with a `.notdef` glyph (a box): a lossy step, so results
  /// report it (0 when every character has a glyph; line separators are not counted).
  let missingGlyphCount: Int
  /// How many advances a font's positioning made negative and were set to 0 (a broken
  /// font's): a lossy step, so results report it.
  let clampedAdvanceCount: Int

  let analysis: TextAnalysis
  let runs: [TextRun]
  /// Every face the runs refer to (by index); `nil` for faces never opened, and none past
  /// the last face opened (a face index can only be one of those). Without spans
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
  /// Whether runs were shaped word by word where they may (`Shaper.shapesByWord`: the
  /// library had a shape cache).
  let shapedByWord: Bool
  /// Whether `prefix` never falls (no advance below 0: negative word spacing can make one),
  /// so that the width from a line's start rises with the segments it takes and the line
  /// breaker may search for where a line ends rather than scan (`LineBreaker`).
  var prefixRises: Bool { breakFacts.contains(.prefixRises) }
  /// Whether a HarfBuzz cluster that is also a grapheme cluster starts at each offset
  /// (count + 1 entries): where a line may be cut inside a word.
  let clusterStart: BitArray
  let unsafeBefore: BitArray
  /// Whether a grapheme cluster starts at each offset (count + 1 entries), where an
  /// emergency break may fall; empty when every one is also a HarfBuzz cluster start
  /// (`clusterStart` says it then). Read through `isEmergencyBreak(_:)`.
  let graphemeStart: BitArray
  /// The cascade face of each scalar; empty when one face draws the whole text
  /// (`singleFace`), which saves 2 bytes a scalar. Read through `face(at:)`.
  let faceOf: [UInt16]
  let singleFace: Int
  /// The pieces shaped in several calls (`ShapedText.cutPieces`): with `shapedByWord`, the
  /// pieces drawing shapes again (`RunPiece`).
  let cutPieces: [CutPiece]
  /// The offsets of the text's tab characters, ascending (usually none).
  let tabs: [Int]
  /// The paragraph's tab stops in points; `nil` when the text has no tab.
  let tabStops: ResolvedTabStops?

  // `analysis` and `items` are consumed, `style` and `slots` borrowed: taken and read as
  // the caller's own. Passed owned (an initializer's default), each was copied and
  // destroyed, every reference in it retained and released: the analysis alone is eight
  // arrays (report-cold.md, i32rc).
  init(
    text: String, style: borrowing TextStyle, spans: [TextSpan],
    analysis: consuming TextAnalysis,
    items: consuming Itemization, slots: borrowing FaceSlots, placeholders: [PlaceholderSpan],
    library: FontLibrary, firstFace: () throws(CaliperError) -> Font
  ) throws(CaliperError) {
    if style.hyphenation.isEnabled { try analysis.addHyphenationPoints(locale: style.locale) }
    string = text
    self.style = copy style
    self.spans = spans
    runs = items.runs
    let oneFace = items.runs.allSatisfy { $0.face == items.runs.first?.face }
    singleFace = oneFace ? items.runs.first?.face ?? 0 : -1
    faceOf = oneFace ? [] : items.faceOf
    if oneFace { items.faceOf = [] }
    missing = items.missing
    // Faces are indexed only by the runs and where a font was opened, so nothing is kept
    // past the last of those: a Latin paragraph keeps one face of the cascade's eight, not
    // eight fonts and line metrics (~7 bytes a Gatsby segment).
    let lastOpened = slots.fonts.lastIndex { $0 != nil } ?? 0
    let keptFaces = max(1, lastOpened + 1, (items.runs.lazy.map(\.face).max() ?? 0) + 1)
    // The slots' own array where it is all kept (the unstyled path makes the slots only up
    // to the faces kept): `Array` of a slice copied it into an allocation of its own.
    cascadeFonts =
      keptFaces == slots.fonts.count ? slots.fonts : Array(slots.fonts.prefix(keptFaces))
    slotStyles = spans.isEmpty ? [] : slots.styles
    slotBaselineOffsets = spans.isEmpty ? [] : slots.baselineOffsets
    self.placeholders = placeholders
    if oneFace, placeholders.isEmpty, !items.runs.isEmpty {
      // One face draws it all: the faces used are that one (two sets made and hashed for
      // it were about 1.5 K instructions of a Latin paragraph).
      faces = slots.fonts[singleFace].map { [$0] } ?? []
    } else {
      // A placeholder's face draws nothing: it is not among the faces used. Marked in an
      // array by index and each font kept once by identity (the faces a paragraph uses are
      // few): two hashed sets were about 7 K instructions of a fallback-heavy paragraph. The
      // marks on the stack and the array made at its size (at most the faces marked): an
      // array of marks and the faces' array grown by appending were ~1.5 K of one.
      faces = Self.usedFaces(slots.fonts, runs: items.runs, placeholders: placeholders)
    }
    let css = style.breakRules == .css
    let slotMetrics = slots.lineMetrics
    let faceMetrics = slotMetrics.prefix(keptFaces)
    lineMetricsByFace =
      css
      ? faceMetrics.map(PreparedText.blinkLineMetrics)
      : keptFaces == slotMetrics.count ? slotMetrics : Array(faceMetrics)
    strutMetrics =
      css ? PreparedText.blinkLineMetrics(try firstFace().lineMetrics(size: style.size)) : .zero
    textBoxEdges =
      style.paragraph.textBoxTrim == .none
      ? (0, 0) : PreparedText.textBoxEdges(try firstFace(), style: style)

    let count = analysis.scalars.count
    var shaped = ShapedText(count: count, size: style.size)
    // The two arrays shaping reads, not the whole analysis (`Shaper.shapeRun`).
    let (textScalars, graphemeStarts) = (analysis.scalars, analysis.graphemeStart)
    let cache = library.shapes
    let runs = items.runs
    if slots.isUniform {
      // Without spans every run is in `style`: one shaper, and `style` passed as it is
      // (`slots.style(of:)` returns a copy, and copying and destroying a `TextStyle` a run
      // was ~320 instructions, 4 % of a cold vertical Japanese paragraph, ~100 runs). A
      // constant shaper: a variable one was copied onto the stack for each run's call.
      // One call for all the runs: the lock and the output kept from one run to the next
      // (`Shaper.shapeRuns`).
      let shaper = Shaper(style: style, pairs: cache.usesPairs)
      Self.withUnretained(slots.fonts) { fonts in
        runs.withUnsafeBufferPointer { runs in
          shaper.shapeRuns(
            runs, fonts: fonts, scalars: textScalars, graphemeStart: graphemeStarts,
            cache: cache, into: &shaped)
        }
      }
    } else {
      var shaper = Shaper(style: style, pairs: cache.usesPairs)
      var shaperFeatures = Shaper.features(style)
      Self.withUnretained(slots.fonts) { fonts in
        for (index, run) in runs.enumerated() where slots.placeholder(of: run.face) == nil {
          // Every run's face was opened while itemizing; it is shaped at its span's size,
          // with its span's features (a new shaper only where those change).
          let runStyle = slots.style(of: run.face)
          let features = Shaper.features(runStyle)
          if features != shaperFeatures {
            shaper = Shaper(style: runStyle, pairs: cache.usesPairs)
            shaperFeatures = features
          }
          shaped.size = runStyle.size
          runs.withUnsafeBufferPointer { runs in
            shaper.shapeRuns(
              UnsafeBufferPointer(rebasing: runs[index...index]), fonts: fonts,
              scalars: textScalars, graphemeStart: graphemeStarts, cache: cache, into: &shaped)
          }
        }
      }
    }
    for box in placeholders { shaped.storePlaceholder(box.range, width: box.placeholder.width) }
    for range in VerticalRuns.combinedRanges(items.runs) {
      let run = items.runs.first { $0.range.lowerBound == range.lowerBound }!
      shaped.storeCombined(range, em: slots.size(of: run.face))
    }
    missingGlyphCount = shaped.missingGlyphCount
    shapedByWord = library.shapes.isEnabled
    cutPieces = shaped.cutPieces
    // Emergency breaks fall at any grapheme start, also inside a HarfBuzz cluster (the "fi"
    // ligature), whose sides are then reshaped; the grapheme starts are kept apart only
    // where some are not cluster starts.
    // Nearly always every offset starts a grapheme: then no flag is copied or cleared.
    let everyGrapheme = !analysis.graphemeStart.contains(false)
    let graphemes =
      everyGrapheme
      ? BitArray(repeating: true, count: analysis.graphemeStart.count)
      : BitArray(analysis.graphemeStart)
    shaped.keepClusterStarts(where: everyGrapheme ? nil : graphemes)
    analysis.dropGraphemeStarts()
    graphemeStart =
      graphemes == shaped.clusterStart ? BitArray(repeating: false, count: 0) : graphemes
    clampedAdvanceCount = shaped.clampNegativeAdvances()
    try PreparedText.addSpacing(
      to: &shaped.advances, clusterStart: shaped.clusterStart, analysis: analysis,
      runs: items.runs, slots: slots)
    let spaced = slots.anyStyle { $0.letterSpacing != 0 }
    hasLetterSpacing = spaced
    let tabs = Self.tabOffsets(analysis.scalars)
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
    let (prefix, rises) = shaped.takePrefixSums()
    self.prefix = prefix

    let (segments, allPlain, packedFaces) = Self.segments(
      breaks: analysis.breaks, mandatory: analysis.mandatory,
      hyphenationPoints: analysis.hyphenationPoints, scalars: analysis.scalars,
      faceOf: items.faceOf, oneMask: oneFace ? FaceMask(face: singleFace) : .empty,
      unsafeBefore: shaped.unsafeBefore, keepingSpaces: css && style.whiteSpace == .breakSpaces)
    self.segments = segments
    var facts: BreakFacts = rises ? .prefixRises : []
    if PreparedText.wraps(style) { facts.insert(.wraps) }
    if style.paragraph.firstLineHeadIndent != 0 || style.paragraph.headIndent != 0 {
      facts.insert(.indents)
    }
    if style.wrapStyle.reworksLines { facts.insert(.reworksLines) }
    if style.paragraph.textBoxTrim != .none { facts.insert(.trimsLineBoxes) }
    // Preserved spaces at a paragraph's end count in `pre` and `pre-wrap` lines: the general
    // scan's `emit` adds them (`LineBreaker.preservedSpaces`).
    let preserves = css && (style.whiteSpace == .pre || style.whiteSpace == .preWrap)
    if rises, allPlain, tabs.isEmpty, !spaced, !style.hyphenation.isEnabled, !preserves {
      if oneFace {
        facts.insert(.plainLines)
        if !style.paragraph.changesLineHeights { facts.insert(.sameLineMetrics) }
      } else if !style.paragraph.changesLineHeights, packedFaces & Segment.packedOverflow == 0 {
        facts.insert(.plainFaces)
      }
    }
    breakFacts = facts
    analysis.dropBreaks()  // the segments hold them now
    // Moved: assigned as it is, the analysis was copied (its arrays retained) and the
    // parameter destroyed (released), ~430 instructions a text.
    self.analysis = consume analysis
  }

  /// The faces of `fonts` the runs use but for placeholders' faces (each font once, by
  /// identity), in index order.
  private static func usedFaces(
    _ fonts: [Font?], runs: [TextRun], placeholders: [PlaceholderSpan]
  ) -> [Font] {
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: fonts.count) { used in
      used.initialize(repeating: false)
      for run in runs { used[run.face] = true }
      for box in placeholders where used.indices.contains(box.face) { used[box.face] = false }
      var distinct: [Font] = []
      distinct.reserveCapacity(used.reduce(0) { $0 + ($1 ? 1 : 0) })
      for (index, font) in fonts.enumerated() where used[index] {
        if let font, !distinct.contains(where: { $0 === font }) { distinct.append(font) }
      }
      return distinct
    }
  }

  /// Calls `body` with `fonts` read as unretained references (the same words: an optional
  /// class reference and an optional `Unmanaged` of it are one pointer, nil as zero), valid
  /// only inside `body`, while `fonts` holds them. Shaping a run passes its face: taken
  /// from `fonts` it was retained and released a run, about 45 instructions, 2 K of a
  /// fallback-heavy paragraph's fifty runs.
  private static func withUnretained<E: Error>(
    _ fonts: [Font?], _ body: (UnsafeBufferPointer<Unmanaged<Font>?>) throws(E) -> Void
  ) throws(E) {
    try fonts.withUnsafeBufferPointer { (fonts) throws(E) in
      try fonts.withMemoryRebound(to: Unmanaged<Font>?.self) { (fonts) throws(E) in
        try body(fonts)
      }
    }
  }

  /// The bytes of this object itself: its header (16) and its properties' inline sizes
  /// (what the properties refer to is counted by `PreparedText.memoryFootprint`).
  var instanceBytes: Int {
    func size<T>(_: T) -> Int { MemoryLayout<T>.size }
    return 16 + size(string) + size(style) + size(spans) + size(faces) + size(missing)
      + size(missingGlyphCount) + size(clampedAdvanceCount) + size(analysis) + size(runs)
      + size(cascadeFonts) + size(slotStyles) + size(slotBaselineOffsets) + size(placeholders)
      + size(hasLetterSpacing) + size(prefix) + size(breakFacts) + size(clusterStart)
      + size(unsafeBefore)
      + size(graphemeStart) + size(faceOf) + size(singleFace) + size(segments)
      + size(lineMetricsByFace) + size(strutMetrics) + size(tabs) + size(tabStops)
      + size(shapedByWord) + size(cutPieces)
  }

  /// What the line breaker may assume of a text, found once while preparing so that a
  /// breaking reads one byte rather than the style and the segments.
  struct BreakFacts: OptionSet, Sendable {
    let rawValue: UInt8

    /// `prefix` never falls (`prefixRises`).
    static let prefixRises = BreakFacts(rawValue: 1)
    /// Every line is whole segments whose widths are prefix arithmetic: one face, `prefix`
    /// rising, no tab, letter spacing or hyphenation, and no segment with a soft hyphen, an
    /// unsafe end or a hard break (`LineBreaker+Plain.swift`).
    static let plainLines = BreakFacts(rawValue: 2)
    /// With `plainLines`: the paragraph's line heights are the fonts' own, so every line has
    /// the same metrics (those of the one face; a last line is not set apart).
    static let sameLineMetrics = BreakFacts(rawValue: 4)
    /// Lines wrap (`PreparedText.wraps(_:)`: not CSS `white-space: nowrap` or `pre`).
    static let wraps = BreakFacts(rawValue: 8)
    /// The paragraph has a first-line or head indent (`LineWidths.indent(atLineStart:)`).
    static let indents = BreakFacts(rawValue: 16)
    /// A wrap style sets the lines (`WrapStyle.reworksLines`: balance or pretty).
    static let reworksLines = BreakFacts(rawValue: 32)
    /// The first or last line box is trimmed (`ParagraphStyle.textBoxTrim` is not `.none`).
    static let trimsLineBoxes = BreakFacts(rawValue: 64)
    /// Every line is whole segments whose widths are prefix arithmetic, as with
    /// `plainLines`, but over several faces (none past the packed mask's), and the
    /// paragraph's line heights are the fonts' own: a line's metrics are those of the union
    /// of its segments' faces, so a size alone is the table's loop with each line's faces
    /// gathered (`LineBreaker+Indexed.swift`; vertical Japanese, fallback faces).
    static let plainFaces = BreakFacts(rawValue: 128)
  }
}
