internal import CHarfBuzz

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
  // Safety: every stored property is immutable after init. `hbFont` and its face are made
  // immutable (hb_font_make_immutable) before init returns, and HarfBuzz documents immutable
  // objects as safe to share between threads; shaping uses HarfBuzz's own OpenType font
  // functions, never FreeType's. The FreeType face is reached only under its own Mutex.
  /// The font file's path.
  public let path: String
  /// The family name from the font's name table (e.g. "Noto Sans").
  public let familyName: String
  /// The style name from the font's name table (e.g. "Bold Italic").
  public let styleName: String
  /// Vertical metrics in font units.
  public let metrics: FontMetrics
  /// Design units per em.
  public var unitsPerEm: Int { metrics.unitsPerEm }

  let units: FontUnits
  let hbFont: OpaquePointer
  private let hbFace: OpaquePointer
  private let hbBlob: OpaquePointer
  private let file: FontFile
  let freeType: FreeTypeFace

  /// Opens the font at `path` (face 0). Prefer `FontLibrary.font(path:)`, which shares faces.
  init(path: String) throws(CaliperError) {
    let file = try FontFile(path: path)
    let freeType = try FreeTypeFace(file: file)
    self.path = path
    self.file = file
    self.freeType = freeType
    familyName = freeType.familyName
    styleName = freeType.styleName
    hbBlob = hb_blob_create(
      file.bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(file.bytes.count),
      HB_MEMORY_MODE_READONLY, nil, nil)
    hbFace = hb_face_create(hbBlob, 0)
    hb_face_make_immutable(hbFace)
    let upem = Int(max(1, hb_face_get_upem(hbFace)))
    hbFont = hb_font_create(hbFace)
    // Scale = units per em: HarfBuzz then returns exact, unrounded font units.
    hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
    hb_font_make_immutable(hbFont)
    units = FontUnits(unitsPerEm: upem)
    metrics = FontMetrics(
      unitsPerEm: upem,
      ascender: Self.metric(hbFont, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
      descender: -Self.metric(hbFont, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
      lineGap: Self.metric(hbFont, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP))
  }

  deinit {
    hb_font_destroy(hbFont)
    hb_face_destroy(hbFace)
    hb_blob_destroy(hbBlob)
  }

  /// The corresponding HarfBuzz function is `hb_ot_metrics_get_position`.
  private static func metric(_ font: OpaquePointer, _ tag: hb_ot_metrics_tag_t) -> Double {
    var position: hb_position_t = 0
    _ = hb_ot_metrics_get_position(font, tag, &position)
    return Double(position)
  }

  /// Whether the font's cmap maps `scalar` to a glyph.
  ///
  /// The corresponding HarfBuzz function is `hb_font_get_nominal_glyph`.
  public func covers(_ scalar: Unicode.Scalar) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0
  }

  /// The font's line metrics in points at `size`.
  public func lineMetrics(size: Double) -> LineMetrics { metrics.scaled(to: size) }

  public var description: String { "\(familyName) \(styleName) (\(path))" }
}
