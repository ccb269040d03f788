internal import CHarfBuzz
import Synchronization

/// The last `Font.serial` given out.
private let fontSerials = Atomic<UInt64>(0)

/// One opened font face: its file, names, metrics and a HarfBuzz font for shaping.
///
/// Fonts come from a `FontLibrary`, which opens each file once and shares the result.
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let mono = try fonts.font(family: "Noto Sans Mono")
/// print(mono.familyName, mono.unitsPerEm, mono.metrics.ascender)
/// ```
public final class Font: @unchecked Sendable, CustomStringConvertible {
  // Safety: covers `hbFont`, `hbFace` and `hbBlob` (HarfBuzz `OpaquePointer`s), the only
  // fields that are not Sendable; every stored property is a `let`. The face and the font
  // are made immutable (hb_face_make_immutable, hb_font_make_immutable) before init returns,
  // the blob is read-only over `file`'s bytes and only destroyed in deinit, and HarfBuzz
  // documents immutable objects as safe to share between threads; shaping uses HarfBuzz's
  // own OpenType font functions, never FreeType's (`freeType` is Sendable: its face is
  // reached only under its own Mutex).
  /// The font file's path.
  public let path: String
  /// The face's index in its file (0 unless the file is a collection).
  public let faceIndex: Int
  /// The family name from the font's name table (e.g. "Noto Sans").
  public let familyName: String
  /// The style name from the font's name table (e.g. "Bold Italic").
  public let styleName: String
  /// Vertical metrics in font units (at this font's variation, where the font has MVAR).
  public let metrics: FontMetrics
  /// The variable-font axis positions this font is set to, one per axis, sorted by tag;
  /// empty for the file's default instance.
  public let variations: [FontVariation]
  /// The styles this face is drawn with synthesized because it lacks them (`FontSynthesis`):
  /// its outlines emboldened or slanted, its advances its own. Empty for a face as it is.
  public let synthesis: FontSynthesis
  /// Design units per em.
  public var unitsPerEm: Int { metrics.unitsPerEm }

  let units: FontUnits
  /// Unique per opened face in this process (a reopened file gets a new one), so that
  /// caches keyed by it never mix two versions of a file.
  let serial: UInt64
  /// The file's identity when it was read.
  var fileIdentity: FileIdentity { file.identity }
  /// Whether the space glyph takes part in no GSUB or GPOS lookup (no kerning, ligature
  /// or contextual rule sees it), no lookup skips it and no other table sees it
  /// (`SpaceSkips`), so that text shapes the same cut at spaces: the condition for shaping
  /// word by word (`ShapeCache`).
  let spaceIsInert: Bool
  /// Whether no lookup or table of the face can make one cluster's glyphs depend on
  /// another's (`ClusterJoining`): the condition for shaping a run cluster by cluster.
  let joinsNoClusters: Bool
  /// Where the space is not inert, the scalars that can wake the lookups it takes part in
  /// (`SpaceWakers`), found on first use; shared by the face's instances.
  private let spaceWakersMemo: SpaceWakersMemo
  /// The HarfBuzz shape plans this font has shaped with.
  let shapePlans = ShapePlans()
  /// The file's size in bytes: what the face costs in memory.
  var fileSize: Int { file.bytes.count }
  /// Which ASCII characters the cmap maps, as bits: `covers` answers them with no lookup.
  private let asciiCoverage: (UInt64, UInt64)
  /// `covers`' answers beyond ASCII (1 or 0), kept: the face rules ask each face of the
  /// cascade about the same scalars in every preparation (8 KB a face).
  private let coverage = ScalarTable(slotsLog2: 10)
  let hbFont: OpaquePointer
  private let hbFace: OpaquePointer
  private let hbBlob: OpaquePointer
  let file: FontFile
  let freeType: FreeTypeFace

  /// Opens face `index` of the font at `path`. Prefer `FontLibrary.font(path:index:)`,
  /// which shares faces.
  init(path: String, index: Int = 0, maxFileBytes: Int = InputLimits().maxFontFileBytes)
    throws(CaliperError)
  {
    let file = try FontFile(path: path, maxBytes: maxFileBytes)
    // HarfBuzz takes any bytes as a face: only checked sfnt data reaches it (or FreeType).
    try FontFormat.check(UnsafeRawBufferPointer(file.bytes), path: path, index: index)
    let freeType = try FreeTypeFace(file: file, index: index)
    self.path = path
    faceIndex = index
    self.file = file
    serial = fontSerials.add(1, ordering: .relaxed).newValue
    self.freeType = freeType
    familyName = freeType.familyName
    styleName = freeType.styleName
    hbBlob = hb_blob_create(
      file.bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(file.bytes.count),
      HB_MEMORY_MODE_READONLY, nil, nil)
    hbFace = hb_face_create(hbBlob, UInt32(index))
    hb_face_make_immutable(hbFace)
    let upem = Int(max(1, hb_face_get_upem(hbFace)))
    hbFont = hb_font_create(hbFace)
    // Scale = units per em: HarfBuzz then returns exact, unrounded font units.
    hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
    hb_font_make_immutable(hbFont)
    units = FontUnits(unitsPerEm: upem)
    var ascii: (UInt64, UInt64) = (0, 0)
    for value in UInt32(0)..<128 {
      var glyph: hb_codepoint_t = 0
      guard hb_font_get_nominal_glyph(hbFont, value, &glyph) != 0 else { continue }
      if value < 64 { ascii.0 |= 1 << UInt64(value) } else { ascii.1 |= 1 << UInt64(value - 64) }
    }
    asciiCoverage = ascii
    var space: hb_codepoint_t = 0
    let hasSpace = hb_font_get_nominal_glyph(hbFont, 0x20, &space) != 0
    let spaceInGSUB =
      hasSpace && LayoutGlyphs.takePart(space, face: hbFace, tables: [("GSUB", true)])
    let skips = hasSpace ? SpaceSkips.of(face: hbFace, space: space) : SpaceSkips()
    spaceIsInert =
      !hasSpace
      || !(spaceInGSUB || skips.any
        || LayoutGlyphs.takePart(space, face: hbFace, tables: [("GPOS", false)]))
    joinsNoClusters = ClusterJoining.joinsNoClusters(face: hbFace, font: hbFont)
    spaceWakersMemo = SpaceWakersMemo(
      inSubstitutions: spaceInGSUB || skips.unreadable, skipping: skips.lookups)
    metrics = Self.metrics(hbFont, unitsPerEm: upem)
    variations = []
    synthesis = []
  }

  /// The same face set to `variations` (already normalized): a HarfBuzz font of its own
  /// over the base's face and bytes, so that its advances, metrics and cache entries are
  /// its own. Prefer `FontLibrary.font(path:variations:)`, which shares instances.
  ///
  /// The corresponding HarfBuzz function is `hb_font_set_variations`.
  convenience init(base: Font, variations: [FontVariation]) {
    let font = hb_font_create(base.hbFace)!
    hb_font_set_scale(font, Int32(base.unitsPerEm), Int32(base.unitsPerEm))
    let settings = variations.map { hb_variation_t(tag: $0.code, value: Float($0.value)) }
    hb_font_set_variations(font, settings, UInt32(settings.count))
    hb_font_make_immutable(font)
    self.init(
      sharing: base, hbFont: font, metrics: Self.metrics(font, unitsPerEm: base.unitsPerEm),
      variations: variations, synthesis: [])
  }

  /// The same face, at the same variation, drawn with `synthesis` (`FontSynthesis`): it
  /// shares the base's HarfBuzz font, so it measures exactly as the base does, and has a
  /// serial of its own, so that nothing drawn for one is taken for the other. Prefer
  /// `FontLibrary.font(key:variations:synthesis:)`, which shares instances.
  convenience init(base: Font, synthesis: FontSynthesis) {
    self.init(
      sharing: base, hbFont: hb_font_reference(base.hbFont), metrics: base.metrics,
      variations: base.variations, synthesis: synthesis)
  }

  /// An instance of `base`'s face (its file, FreeType face, HarfBuzz face and blob, names
  /// and coverage) with `hbFont` (owned: destroyed with the instance), a serial of its own,
  /// and the rest given.
  private init(
    sharing base: Font, hbFont: OpaquePointer, metrics: FontMetrics,
    variations: [FontVariation], synthesis: FontSynthesis
  ) {
    path = base.path
    faceIndex = base.faceIndex
    file = base.file
    freeType = base.freeType
    serial = fontSerials.add(1, ordering: .relaxed).newValue
    familyName = base.familyName
    styleName = base.styleName
    hbBlob = hb_blob_reference(base.hbBlob)
    hbFace = hb_face_reference(base.hbFace)
    units = base.units
    asciiCoverage = base.asciiCoverage
    // Inertness looks at every lookup of the face, whatever the variation or features.
    spaceIsInert = base.spaceIsInert
    joinsNoClusters = base.joinsNoClusters
    spaceWakersMemo = base.spaceWakersMemo
    self.hbFont = hbFont
    self.metrics = metrics
    self.variations = variations
    self.synthesis = synthesis
  }

  deinit {
    hb_font_destroy(hbFont)
    hb_face_destroy(hbFace)
    hb_blob_destroy(hbBlob)
  }

  /// The font's ascender, descender and line gap, as varied by MVAR where it has one.
  private static func metrics(_ font: OpaquePointer, unitsPerEm: Int) -> FontMetrics {
    var metrics = FontMetrics(
      unitsPerEm: unitsPerEm,
      ascender: metric(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
      descender: -metric(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
      lineGap: metric(font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP),
      capHeight: foundMetric(font, HB_OT_METRICS_TAG_CAP_HEIGHT) ?? glyphTop(font, "H"),
      xHeight: foundMetric(font, HB_OT_METRICS_TAG_X_HEIGHT) ?? glyphTop(font, "x"))
    metrics.underlinePosition = metric(font, HB_OT_METRICS_TAG_UNDERLINE_OFFSET)
    metrics.underlineThickness = metric(font, HB_OT_METRICS_TAG_UNDERLINE_SIZE)
    metrics.strikeoutPosition = metric(font, HB_OT_METRICS_TAG_STRIKEOUT_OFFSET)
    metrics.strikeoutThickness = metric(font, HB_OT_METRICS_TAG_STRIKEOUT_SIZE)
    return metrics
  }

  /// The corresponding HarfBuzz function is `hb_ot_metrics_get_position`.
  private static func metric(_ font: OpaquePointer, _ tag: hb_ot_metrics_tag_t) -> Double {
    var position: hb_position_t = 0
    _ = hb_ot_metrics_get_position(font, tag, &position)
    return Double(position)
  }

  /// `metric`, or nil where the font does not have it (an OS/2 table too old for cap and
  /// x-height).
  private static func foundMetric(_ font: OpaquePointer, _ tag: hb_ot_metrics_tag_t) -> Double? {
    var position: hb_position_t = 0
    guard hb_ot_metrics_get_position(font, tag, &position) != 0 else { return nil }
    return Double(position)
  }

  /// The top of `scalar`'s glyph above the baseline in font units (0 without one): the cap
  /// or x-height of a font whose OS/2 table has none.
  ///
  /// The corresponding HarfBuzz function is `hb_font_get_glyph_extents`.
  private static func glyphTop(_ font: OpaquePointer, _ scalar: Unicode.Scalar) -> Double {
    var glyph: hb_codepoint_t = 0
    var extents = hb_glyph_extents_t()
    guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0,
      hb_font_get_glyph_extents(font, glyph, &extents) != 0
    else { return 0 }
    return Double(extents.y_bearing)
  }

  /// The scalars that can wake the lookups the space takes part in only as context, or nil
  /// where it takes part otherwise (`SpaceWakers`); found the first time they are asked for.
  var spaceWakers: SpaceWakers? { withSpaceWakers { $0 } }

  /// `body` of `spaceWakers`, read in place where the memo keeps them, with no copy
  /// (`Shaper.spaceSleeps`: a run of such a face asks).
  @inline(__always)
  func withSpaceWakers<R>(_ body: (borrowing SpaceWakers?) -> R) -> R {
    spaceWakersMemo.withKept(of: self, body)
  }

  /// The wakers of the face's space, read from its tables (`SpaceWakersMemo`, once a face).
  func findSpaceWakers() -> SpaceWakers? {
    var space: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(hbFont, 0x20, &space) != 0 else { return nil }
    return SpaceWakers.of(
      face: hbFace, font: hbFont, space: space, skipping: spaceWakersMemo.skipping)
  }

  /// Whether the cmap maps every printable ASCII character (U+0021–U+007E).
  var coversPrintableASCII: Bool {
    asciiCoverage.0 | 0x0000_0001_FFFF_FFFF == ~0 && asciiCoverage.1 | 1 << 63 == ~0
  }

  /// Whether the font's cmap maps `scalar` to a glyph.
  ///
  /// The corresponding HarfBuzz function is `hb_font_get_nominal_glyph`.
  @inline(__always)
  public func covers(_ scalar: Unicode.Scalar) -> Bool {
    let value = UInt64(scalar.value)
    if value < 64 { return asciiCoverage.0 & (1 << value) != 0 }
    if value < 128 { return asciiCoverage.1 & (1 << (value - 64)) != 0 }
    let hbFont = hbFont
    return coverage.answer(scalar) { scalar in
      var glyph: hb_codepoint_t = 0
      return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? 1 : 0
    } != 0
  }

  /// The ligature carets the font's GDEF table gives glyph `glyph`: x positions in font
  /// units from the glyph's origin, one between each two of the characters it was made of
  /// (empty for a glyph that has none, or a font without GDEF carets).
  ///
  /// The corresponding HarfBuzz function is `hb_ot_layout_get_ligature_carets`.
  func ligatureCarets(glyph: UInt32, rightToLeft: Bool) -> [Double] {
    var count: UInt32 = 16
    var carets = [hb_position_t](filled: 0, count: Int(count))
    _ = hb_ot_layout_get_ligature_carets(
      hbFont, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, glyph, 0, &count, &carets)
    return carets.prefix(Int(count)).map(Double.init)
  }

  /// The font's line metrics in points at `size`.
  public func lineMetrics(size: Double) -> LineMetrics { metrics.scaled(to: size) }

  /// The font's variation axes (empty for a font that is not variable).
  ///
  /// The corresponding HarfBuzz function is `hb_ot_var_get_axis_infos`.
  public var variationAxes: [VariationAxis] {
    var count = hb_ot_var_get_axis_count(hbFace)
    guard count > 0 else { return [] }
    var infos = [hb_ot_var_axis_info_t](filled: hb_ot_var_axis_info_t(), count: Int(count))
    _ = hb_ot_var_get_axis_infos(hbFace, 0, &count, &infos)
    return infos.prefix(Int(count)).map {
      VariationAxis(
        tag: FontTag.string($0.tag), minimum: Double($0.min_value),
        defaultValue: Double($0.default_value), maximum: Double($0.max_value))
    }
  }

  public var description: String {
    let varied =
      variations.isEmpty ? "" : " " + variations.map(\.description).joined(separator: ",")
    return "\(familyName) \(styleName)\(varied)\(synthesisNote) (\(path))"
  }
}

/// One axis of a variable font, from its `fvar` table.
public struct VariationAxis: Sendable, Hashable {
  /// The axis tag ("wght", "wdth", "opsz").
  public let tag: String
  /// The smallest value the axis takes.
  public let minimum: Double
  /// The value of the font's default instance.
  public let defaultValue: Double
  /// The largest value the axis takes.
  public let maximum: Double
}
