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
  let language: hb_language_t?
  /// The style's OpenType features, as HarfBuzz takes them.
  let features: [hb_feature_t]
  /// The style's features, for shape-cache keys.
  let styleFeatures: [FontFeature]
  /// Their digest, for shape-cache lookups (`ShapeWord`).
  let featuresDigest: UInt64
  /// `ShapeWord.seeds`, read once per shaper rather than through the global's check a word.
  let wordSeeds = ShapeWord.seeds
  /// Whether words may be shaped alone: not when a feature applies to a range, which is
  /// given in the paragraph's offsets.
  let mayShapeWords: Bool
  /// How upright runs of vertical text advance.
  let vertical: VerticalShaping
  /// Whether runs of simple scalars are shaped from their plan's pair table (`PairTable`):
  /// only where the library keeps a shape cache (the table is a cache of shaping results).
  let usesPairs: Bool

  // `style` borrowed: taken owned (an initializer's default), preparing copied its style
  // to pass it and this destroyed it, ~400 instructions a text (report-cold.md, i32sp).
  init(style: borrowing TextStyle, pairs: Bool = false) {
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
}
