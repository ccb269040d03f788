internal import CHarfBuzz

/// Shape: glyph advances per cluster from HarfBuzz.
///
/// Problem: a measurement needs each cluster's exact advance, and to know where cutting
/// the text would change the glyphs. Solution: shape each run with HarfBuzz (face, script,
/// direction, language, OpenType features), passing the whole paragraph as context as
/// Pango does, and fold glyph advances into their cluster's first scalar;
/// `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` marks offsets where a line edge must be reshaped. Where the face's space is inert
/// (`Font.spaceIsInert`), or the run wakes none of the lookups it is only context in
/// (`SpaceWakers`), a run is shaped word by word instead, each word alone and through
/// the library's `ShapeCache`: the same advances, and a word seen before costs a lookup.
/// Where the face can join no clusters at all (`Font.joinsNoClusters`: the CJK fallback
/// face), a run is shaped cluster by cluster the same way, horizontal or upright (in a
/// line, a short word whole: `RunPieces.wordsOrClusters`). A run of one scalar, or a word
/// at a run's edge, shapes alone where the context cannot change it (`ShapingContext`).
/// Upright runs of vertical text are shaped top to bottom (`VerticalShaping`). A piece of
/// a plan's simple scalars (`SimpleGlyphs`) is shaped from the plan's table of HarfBuzz's
/// answers for their pairs (`PairTable`, `Shaper+Pairs.swift`), with no HarfBuzz call.
///
/// Not Sendable, and not copyable: it owns a mutable HarfBuzz buffer (`ShapingBuffer`), so
/// each preparation (and each reshaping measurement) makes its own and it never crosses
/// threads.
struct Shaper: ~Copyable {
  /// The HarfBuzz buffer (made at the first call) and the last call's plan.
  let harfBuzz = ShapingBuffer()
  /// HarfBuzz's interned language for the text's locale, looked up once per shaper.
  private let language: hb_language_t?
  /// The style's OpenType features, as HarfBuzz takes them.
  let features: [hb_feature_t]
  /// The style's features, for shape-cache keys.
  private let styleFeatures: [FontFeature]
  /// Their digest, for shape-cache lookups (`ShapeWord`).
  private let featuresDigest: UInt64
  /// `ShapeWord.seeds`, read once per shaper rather than through the global's check a word.
  private let wordSeeds = ShapeWord.seeds
  /// Whether words may be shaped alone: not when a feature applies to a range, which is
  /// given in the paragraph's offsets.
  let mayShapeWords: Bool
  /// How upright runs of vertical text advance.
  let vertical: VerticalShaping
  /// Whether runs of simple scalars are shaped from their plan's pair table (`PairTable`):
  /// only where the library keeps a shape cache (the table is a cache of shaping results).
  let usesPairs: Bool

  init(style: TextStyle, pairs: Bool = false) {
    vertical = VerticalShaping(style: style)
    language = HarfBuzzLanguage.of(style.locale)
    styleFeatures = Self.features(style)
    featuresDigest = ShapeWord.digest(of: styleFeatures)
    features = styleFeatures.map { $0.harfBuzzFeature() }
    mayShapeWords = style.features.allSatisfy { $0.range == nil }
    usesPairs = pairs && mayShapeWords
  }

  /// The features to shape with: with letter spacing, optional ligatures off first (as
  /// Pango does), so that the style's own features, after them, may turn them back on.
  static func features(_ style: TextStyle) -> [FontFeature] {
    guard style.letterSpacing != 0 else { return style.features }
    return FontFeature.noOptionalLigatures + style.features
  }

  /// One HarfBuzz call: shapes `range` (inside `run`) of `scalars` with `context` (which
  /// holds `range`) as pre- and post-context, in the style's language and features, and
  /// hands `body` the glyphs (valid only inside it). Drawing shapes through here, and so
  /// does measuring but for runs of simple scalars shaped from their plan's pair table
  /// (`Shaper.shapePiece`, `PairTable`: HarfBuzz's own answers for their pairs, so the
  /// glyphs drawn are still the glyphs measured).
  ///
  /// The corresponding HarfBuzz function is `hb_shape` (through `ShapePlans`).
  func withGlyphs<R>(
    _ scalars: [Unicode.Scalar], range: Range<Int>, context: Range<Int>, run: TextRun,
    font: Font,
    _ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> R
  ) -> R {
    guard !range.isEmpty, let buffer = harfBuzz.buffer else {
      return body(.init(start: nil, count: 0), .init(start: nil, count: 0))
    }
    #if DEBUG
      ShapingLog.current?.record(range, context: context)
    #endif
    hb_buffer_clear_contents(buffer)
    scalars.withUnsafeBufferPointer { text in
      text.withMemoryRebound(to: UInt32.self) { units in
        // Counts fit Int32: texts are at most `InputLimits.maxTextBytes` long.
        hb_buffer_add_utf32(
          buffer, units.baseAddress! + context.lowerBound, Int32(context.count),
          UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
      }
    }
    let plan = setUp(buffer, run: run, font: font)
    ShapePlans.execute(plan, buffer, font: font.hbFont, features: features)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    let glyphs = infos == nil || positions == nil ? 0 : Int(count)
    if let infos, let positions {
      if run.isUpright { vertical.useVerticalAdvances(positions, count: glyphs, font: font) }
      if Self.holdsControl(scalars, range) {
        Self.hideControls(
          infos, positions, count: glyphs, scalars: scalars, offset: context.lowerBound,
          font: font)
      }
    }
    return body(.init(start: infos, count: glyphs), .init(start: positions, count: glyphs))
  }

  /// Sets `buffer`'s direction, script and language for `run` and returns the plan to
  /// shape it with in `font`: the last call's, or `font`'s for the buffer's properties.
  func setUp(_ buffer: OpaquePointer, run: TextRun, font: Font) -> ShapePlans.Plan {
    let direction = VerticalShaping.direction(run)
    let script = hb_script_t(rawValue: run.script)
    hb_buffer_set_direction(buffer, direction)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_language(buffer, language)
    return harfBuzz.plan(font.shapePlans, direction: direction, script: script) {
      var properties = hb_segment_properties_t()
      hb_buffer_get_segment_properties(buffer, &properties)
      return font.shapePlans.plan(
        properties, font: font.hbFont, features: features, styleFeatures: styleFeatures)
    }
  }

  /// Whether `value` is a control character or a line or paragraph separator: never drawn,
  /// yet HarfBuzz gives it the font's glyph for it or `.notdef` (it hides only default
  /// ignorables, such as a soft hyphen or ZWJ, itself).
  static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x2028 || value == 0x2029
  }

  /// Whether `range` of `scalars` holds a control character or a line or paragraph
  /// separator (`isControl`): only then has `hideControls` anything to hide. One pass over
  /// the scalars, most of them printable ASCII, rather than a bounds-checked look at the
  /// scalar under each glyph.
  @inline(__always)
  private static func holdsControl(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
    scalars.withUnsafeBufferPointer { scalars in
      for index in range {
        let value = scalars[index].value
        if value &- 0x20 < 0x5F { continue }  // printable ASCII
        if isControl(value) { return true }
      }
      return false
    }
  }

  /// Draws control characters (a tab, U+2028…) as nothing, as Pango does: each glyph of
  /// theirs that is `.notdef` or their own glyph becomes the invisible space glyph with no
  /// advance, as HarfBuzz does for default ignorables. Tabs get their width from the tab
  /// stops, line separators none. HarfBuzz's clusters count from the start of the context,
  /// which is `offset` scalars into `scalars`.
  private static func hideControls(
    _ infos: UnsafeMutablePointer<hb_glyph_info_t>,
    _ positions: UnsafeMutablePointer<hb_glyph_position_t>, count: Int,
    scalars: [Unicode.Scalar], offset: Int, font: Font
  ) {
    var space: hb_codepoint_t?
    for index in 0..<count {
      let cluster = offset + Int(infos[index].cluster)
      guard cluster < scalars.count, isControl(scalars[cluster].value) else { continue }
      var own: hb_codepoint_t = 0
      let glyph = infos[index].codepoint
      guard
        glyph == 0
          || (hb_font_get_nominal_glyph(font.hbFont, scalars[cluster].value, &own) != 0
            && own == glyph)
      else { continue }
      if space == nil {
        var id: hb_codepoint_t = 0
        space = hb_font_get_nominal_glyph(font.hbFont, 0x20, &id) != 0 ? id : 0
      }
      infos[index].codepoint = space ?? 0
      positions[index].x_advance = 0
      positions[index].x_offset = 0
      positions[index].y_offset = 0
    }
  }

  /// Whether HarfBuzz marks `info`'s glyph unsafe to break before. Its flags are the low
  /// bits of its mask, as hb-buffer.h's own `hb_glyph_info_get_glyph_flags` macro reads
  /// them (Swift sees only the exported function: a call a glyph).
  @inline(__always)
  static func unsafeToBreak(_ info: hb_glyph_info_t) -> Bool {
    info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
  }

  /// `shapePiece` through HarfBuzz.
  func harfBuzzPiece(
    _ scalars: [Unicode.Scalar], range: Range<Int>, context: Range<Int>, run: TextRun,
    font: Font
  ) -> [Int64] {
    let count = range.count
    var packed = [Int64](filled: 0, count: count)
    let base = range.lowerBound - context.lowerBound
    withGlyphs(scalars, range: range, context: context, run: run, font: font) {
      infos, positions in
      // One uniqueness check for the piece, not one a glyph.
      packed.withUnsafeMutableBufferPointer { packed in
        for glyph in infos.indices {
          let info = infos[glyph]
          let local = Int(info.cluster) - base
          guard local >= 0, local < count else { continue }
          let unsafe = Self.unsafeToBreak(info)
          let missing = info.codepoint == 0
          let old = packed[local]
          packed[local] = ShapedPiece.pack(
            advance: ShapedPiece.advance(old) + Int64(positions[glyph].x_advance),
            clusterStart: true, unsafeBefore: unsafe || ShapedPiece.unsafeBefore(old),
            missingGlyph: missing || ShapedPiece.missingGlyph(old))
        }
      }
    }
    return packed
  }

  /// `withGlyphs` as glyphs in visual order, in font units. Callers go through
  /// `glyphs(_:boundaries:range:context:run:font:)`, which bounds the piece.
  func shapeGlyphs(
    _ scalars: [Unicode.Scalar], range: Range<Int>, context: Range<Int>, run: TextRun,
    font: Font
  ) -> [ShapedGlyph] {
    withGlyphs(scalars, range: range, context: context, run: run, font: font) {
      infos, positions in
      infos.indices.map { index in
        let info = infos[index]
        return ShapedGlyph(
          id: info.codepoint, cluster: context.lowerBound + Int(info.cluster),
          xOffset: positions[index].x_offset,
          yOffset: positions[index].y_offset, advance: positions[index].x_advance,
          unsafeToBreak: Self.unsafeToBreak(info))
      }
    }
  }

  /// Shapes `run` of a text's `scalars` (whose grapheme starts are `graphemeStart`, the
  /// analysis's) in `font` and writes each scalar's advance in points, cluster start and
  /// unsafe-to-break flag; word by word (or cluster by cluster) through `cache` where it
  /// may. The two arrays rather than the whole `TextAnalysis`: passed indirectly, the
  /// analysis was copied onto the stack for each run of the caller's loop.
  ///
  /// Problem: the cache's lock taken once a word (twice more for a miss: the whole key's
  /// lookup and the insert) was 37 lock pairs a Gatsby paragraph. Solution: one lock for
  /// the words up to the next one to shape (`cachedStretch`), which stores the hits under
  /// it and counts the miss; the miss is shaped outside the lock and inserted under a lock
  /// of its own (`shapeAndInsertMiss`) before the next words' lookups: at most
  /// 1 + 2 × misses locks a run, and each thread's lookups, misses, inserts and evictions
  /// come in the order a lock a word gave them. Nothing that needs destroying (a key, a shaped word) is held from
  /// one piece to the next: optionals of them were destroyed through the runtime's generic
  /// value witnesses at each run's end, about 190 instructions a run.
  func shapeRun(
    _ run: TextRun, scalars: [Unicode.Scalar], graphemeStart: [Bool], font: Font,
    cache: ShapeCache, into output: inout ShapedText
  ) {
    let pieces = pieces(run, scalars: scalars, font: font, cacheEnabled: cache.isEnabled)
    var start = run.range.lowerBound
    while start < run.range.upperBound {
      var piece = Self.piece(
        from: start, in: run, scalars: scalars, boundaries: graphemeStart, pieces: pieces)
      if piece.isCached {
        // A plain variable set under the lock, not a result returned through it: a generic
        // result's type was looked up in the runtime a call.
        var stretch = Stretch.runEnds
        // The features as a buffer, for the lookups' trivial probes (`ShapeKey.Probe`).
        styleFeatures.withUnsafeBufferPointer { features in
          cache.cache.withLock { storage in
            stretch = cachedStretch(
              from: &piece, run: run, pieces: pieces, scalars: scalars,
              graphemeStart: graphemeStart, font: font, features: features, storage: &storage,
              into: &output)
          }
        }
        if stretch == .runEnds { break }
        if stretch == .missed {
          shapeAndInsertMiss(
            piece, run: run, scalars: scalars, graphemeStart: graphemeStart, font: font,
            cache: cache, into: &output)
          start = piece.range.upperBound
          continue
        }
      }
      if !storePairs(scalars, range: piece.range, run: run, font: font, into: &output) {
        // The run whole, or a word in context, or (clean and long) alone, without keeping it
        // (the closure takes the scalars alone: the analysis whole was a copy of it a piece).
        shape(
          scalars, boundaries: graphemeStart, range: piece.range, context: piece.context,
          run: run, font: font, as: PackedPiece.self
        ) { part in
          if part.start != piece.range.lowerBound { output.noteCut(part.start, in: piece.range) }
          output.store(part.values[...], at: part.start, font: font, scalars: scalars)
        }
      }
      start = piece.range.upperBound
    }
    guard pieces != .run else { return }
    // The run's own start is a safe place to cut: the run is shaped on its own anyway (read
    // first: a write checks the flags' uniqueness, and the flag is nearly never set).
    if output.unsafeBefore[run.range.lowerBound] {
      output.unsafeBefore[run.range.lowerBound] = false
    }
  }

  /// How `cachedStretch` left a run: every word to its end a hit, or at a piece that missed
  /// (counted), or at one the cache does not keep.
  private enum Stretch {
    case runEnds, missed, notCached
  }

  /// Under the cache's lock: from `piece`, stores each cached word that is a hit, and
  /// leaves in `piece` the first that is not (`.missed`, its miss counted) or is not cached
  /// at all (`.notCached`); returns `.runEnds` instead when every word to the run's end was
  /// a hit.
  private func cachedStretch(
    from piece: inout RunPiece, run: TextRun, pieces: RunPieces, scalars: [Unicode.Scalar],
    graphemeStart: [Bool], font: Font, features: UnsafeBufferPointer<FontFeature>,
    storage: inout LRUCache<ShapeKey, ShapedPiece>.Storage, into output: inout ShapedText
  ) -> Stretch {
    while true {
      guard piece.isCached else { return .notCached }
      let word = shapeWord(piece.range, run: run, font: font, scalars: scalars)
      // A word seen before is stored from the cache without making its key; a longer one's
      // digest takes its scalars, which the probe compares where they are.
      let cached =
        word.fits
        ? storage.hit(for: ShapeKey.Probe(word: word, features: features), hash: word.cacheHash)
        : longWordHit(
          piece.range, run: run, font: font, scalars: scalars, features: features,
          storage: &storage)
      guard let cached else {
        storage.countMiss()
        return .missed
      }
      output.storeWord(in: cached, at: piece.range.lowerBound, font: font, scalars: scalars)
      guard piece.range.upperBound < run.range.upperBound else { return .runEnds }
      piece = Self.piece(
        from: piece.range.upperBound, in: run, scalars: scalars, boundaries: graphemeStart,
        pieces: pieces)
    }
  }

  /// The shape-cache key's parts of the word `range` of `run` (`ShapeWord`): what a lookup
  /// compares, and what a missed word's key is made from.
  @inline(__always)
  private func shapeWord(
    _ range: Range<Int>, run: TextRun, font: Font, scalars: [Unicode.Scalar]
  ) -> ShapeWord {
    scalars.withUnsafeBufferPointer { scalars in
      ShapeWord(
        font: font.serial, script: run.script, rightToLeft: run.isRightToLeft,
        upright: run.isUpright, language: Int(bitPattern: UnsafeRawPointer(language)),
        featuresDigest: featuresDigest, word: UnsafeBufferPointer(rebasing: scalars[range]),
        seeds: wordSeeds)
    }
  }

  /// Shapes `piece`, a cached word `cachedStretch` missed, alone, stores it, and inserts it
  /// in `cache` under its key. Out of line: a miss is rare once a text's words were seen,
  /// and its key and shaped word are destroyed here, not in every run's loop.
  @inline(never)
  private func shapeAndInsertMiss(
    _ piece: RunPiece, run: TextRun, scalars: [Unicode.Scalar], graphemeStart: [Bool],
    font: Font, cache: ShapeCache, into output: inout ShapedText
  ) {
    let packed = shape(
      scalars, boundaries: graphemeStart, range: piece.range, context: false, run: run,
      font: font)
    let value = ShapedPiece(packed: packed, scalars: scalars[piece.range])
    withUnsafePointer(to: value) {
      output.storeWord(in: $0, at: piece.range.lowerBound, font: font, scalars: scalars)
    }
    let key = ShapeKey(
      word: shapeWord(piece.range, run: run, font: font, scalars: scalars),
      features: styleFeatures, scalars: scalars[piece.range])
    cache.cache.insert(value, for: key, cost: key.cost)
  }
}

extension Shaper {
  /// `cachedStretch`'s lookup of the word `range` of `run`, longer than the key's lanes. Not
  /// inlined (its code in the loop cost every word's lookup, 0.2 K a synthetic mixed paragraph);
  /// its `ShapeWord` made here (one passed, in memory, was written to the stack every word).
  @inline(never)
  fileprivate func longWordHit(
    _ range: Range<Int>, run: TextRun, font: Font, scalars: [Unicode.Scalar],
    features: UnsafeBufferPointer<FontFeature>,
    storage: inout LRUCache<ShapeKey, ShapedPiece>.Storage
  ) -> UnsafePointer<ShapedPiece>? {
    var long = ShapeWord(
      beyondLanes: range.count, font: font.serial, script: run.script,
      rightToLeft: run.isRightToLeft, upright: run.isUpright,
      language: Int(bitPattern: UnsafeRawPointer(language)), featuresDigest: featuresDigest,
      seeds: wordSeeds)
    return scalars.withUnsafeBufferPointer {
      let scalars = UnsafeBufferPointer(rebasing: $0[range])
      long.addScalars(scalars)
      return storage.hit(
        for: ShapeKey.Probe(word: long, features: features, scalars: scalars),
        hash: long.cacheHash)
    }
  }
}
