internal import CFreeType
internal import CHarfBuzz

/// Synthesized styles (`FontSynthesis`) in the Fonts stage: which styles a face lacks, and
/// the one change to its outlines that drawing and ink bounds both make.
extension Font {
  /// The styles of a request for `weight` and `slant` that this face lacks, of those
  /// `allowed`: none for a face without outlines (a colour bitmap face such as Noto Color
  /// Emoji), whose glyphs cannot be emboldened or slanted. The face's weight is its `wght`
  /// axis position where it has one, else its OS/2 `usWeightClass`; it is italic when its
  /// OS/2 or `head` says so or its slant angle is not 0 (HarfBuzz's style values).
  ///
  /// The corresponding HarfBuzz function is `hb_style_get_value`.
  func missingStyles(weight: Int, slant: FontDescriptor.Slant, allowed: FontSynthesis)
    -> FontSynthesis
  {
    guard !allowed.isEmpty, weight >= FontSynthesis.boldThreshold || slant != .roman,
      hasOutlines
    else { return [] }
    let own = Double(hb_style_get_value(hbFont, HB_STYLE_TAG_WEIGHT))
    let italic =
      hb_style_get_value(hbFont, HB_STYLE_TAG_ITALIC) >= 0.5
      || hb_style_get_value(hbFont, HB_STYLE_TAG_SLANT_ANGLE) != 0
    return allowed.missing(wantedWeight: weight, wantedSlant: slant, weight: own, italic: italic)
  }

  /// Whether the face's glyphs are outlines (FreeType's `FT_FACE_FLAG_SCALABLE`).
  private var hasOutlines: Bool {
    freeType.withFace { $0.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 }
  }

  /// " (synthesized bold)", " (synthesized oblique)", " (synthesized bold oblique)", or ""
  /// for a face drawn as it is: how results name a synthesized face.
  package var synthesisNote: String {
    switch synthesis {
    case []: return ""
    case .weight: return " (synthesized bold)"
    case .style: return " (synthesized oblique)"
    default: return " (synthesized bold oblique)"
    }
  }

  /// Changes a loaded outline as `synthesis` draws it, for text of `size` points whose
  /// outline is at `pixels` per em in 26.6 (y up, origin on the baseline): grown by
  /// `FontSynthesis.emboldening(size:)` scaled to the pixels (`FT_Outline_EmboldenXY` grows
  /// it to the right and up only; a shift back by half centres it, as Skia's stroke is),
  /// then slanted by `FontSynthesis.obliqueSkew` about the baseline.
  ///
  /// The corresponding FreeType functions are `FT_Outline_EmboldenXY`,
  /// `FT_Outline_Translate` and `FT_Outline_Transform`.
  static func synthesize(
    _ outline: UnsafeMutablePointer<FT_Outline>, _ synthesis: FontSynthesis, size: Double,
    pixels: Double
  ) {
    if synthesis.contains(.weight), size > 0 {
      let grown = FontSynthesis.emboldening(size: size) * pixels / size
      let strength = FT_Pos((grown * 64).rounded())
      _ = FT_Outline_EmboldenXY(outline, strength, strength)
      FT_Outline_Translate(outline, -strength / 2, -strength / 2)
    }
    if synthesis.contains(.style) {
      var skew = FT_Matrix(
        xx: 0x10000, xy: FT_Fixed((FontSynthesis.obliqueSkew * 65536).rounded()), yx: 0,
        yy: 0x10000)
      FT_Outline_Transform(outline, &skew)
    }
  }
}
