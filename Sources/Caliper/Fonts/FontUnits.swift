/// The one place where font units become points.
///
/// HarfBuzz fonts are scaled to their units per em, so every advance, kern and metric it
/// returns is in exact font units. Points = units × size / unitsPerEm, in `Double`, with no
/// per-glyph rounding (rounding each glyph to 1/64 pt, as hb-ft does, moves about one line
/// break in seventy on the reference corpus). Nobody else divides by units per em.
struct FontUnits: Sendable, Hashable {
  /// The font's design units per em (1000 for Noto Sans, 2048 for DejaVu Sans).
  let unitsPerEm: Int

  /// A metric in font units (which may be fractional) in points at `size`.
  func points(_ units: Double, size: Double) -> Double {
    units * size / Double(unitsPerEm)
  }
}
