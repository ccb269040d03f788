/// A wavy decoration's stroke as Chromium 156 draws it: a smooth wave of cubic Bézier
/// curves, antialiased.
///
/// Problem: a zigzag of whole pixels reads as a different decoration from the browser's
/// wave. Solution: Blink's curve (`TextDecorationInfo`'s wavy path), with its proportions
/// measured from Chromium's own drawings (`text-decoration: underline wavy` at thicknesses
/// of 1, 2, 3, 4, 6 and 8 px, the stroke's centre found per pixel column): one cubic per
/// wavelength of `4t + 3` px for a thickness `t` (7, 11, 15, 19, 27, 35 px, exactly), from
/// the centre line back to it, both control points at the wave's middle, `3t + 1.5` below
/// and above the centre line, so the curve swings 0.289 × (3t + 1.5) each way (crest to
/// trough, by the same per-column measure, 2.42, 4.17 and 7.64 px at 1, 2 and 4 px against
/// Chromium's 2.41, 4.17 and 7.69); the stroke is `t` wide. The curve is
/// sampled into a polyline and each pixel covered by how far its centre lies from it
/// (a pixel-wide ramp at the stroke's edge). Limitation: the wave starts at the decoration's
/// left edge; Chromium's phase may differ.
struct WavyStroke {
  /// The polyline of the curve's centre, in image pixels (y down).
  private let points: [(x: Double, y: Double)]
  /// Half the stroke's width in pixels.
  private let halfWidth: Double
  /// The rows the stroke may touch.
  let rows: Range<Int>

  /// The samples of one wavelength.
  private static let samplesPerWave = 24

  /// A wave from `start` to `end` (pixels) about the centre line `centre`, for a thickness of
  /// `thickness` points drawn at `scale` pixels a point.
  init(from start: Double, to end: Double, centre: Double, thickness: Double, scale: Double) {
    let wavelength = (4 * thickness + 3) * scale
    let control = (3 * thickness + 1.5) * scale
    halfWidth = max(1, thickness * scale) / 2
    var points: [(x: Double, y: Double)] = []
    var x = start
    while x < end {
      for sample in 0..<Self.samplesPerWave {
        let t = Double(sample) / Double(Self.samplesPerWave)
        let u = 1 - t
        // P0 = (x, c), P1 = (x + λ/2, c + d), P2 = (x + λ/2, c − d), P3 = (x + λ, c).
        let bx =
          3 * u * u * t * wavelength / 2 + 3 * u * t * t * wavelength / 2 + t * t * t * wavelength
        let by = 3 * u * u * t * control - 3 * u * t * t * control
        points.append((x + bx, centre + by))
      }
      x += wavelength
    }
    points.append((x, centre))
    self.points = points
    let reach = 0.2887 * control + halfWidth + 1
    rows = Int((centre - reach).rounded(.down))..<Int((centre + reach).rounded(.up))
  }

  /// The stroke's coverage (0–255) of the pixel at (`column`, `row`).
  func coverage(column: Int, row: Int) -> Int {
    let (px, py) = (Double(column) + 0.5, Double(row) + 0.5)
    var nearest = Double.infinity
    // The samples are in x order: only those within reach of the column matter.
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].x < px - halfWidth - 2 { low = middle + 1 } else { high = middle }
    }
    var index = max(0, low - 1)
    while index + 1 < points.count, points[index].x <= px + halfWidth + 2 {
      nearest = min(nearest, Self.distance(px, py, points[index], points[index + 1]))
      index += 1
    }
    let covered = min(1, max(0, halfWidth + 0.5 - nearest))
    return Int((covered * 255).rounded())
  }

  /// The distance from (`x`, `y`) to the segment from `a` to `b`.
  private static func distance(
    _ x: Double, _ y: Double, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)
  ) -> Double {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let length = dx * dx + dy * dy
    let t = length > 0 ? min(1, max(0, ((x - a.x) * dx + (y - a.y) * dy) / length)) : 0
    let (nx, ny) = (a.x + t * dx - x, a.y + t * dy - y)
    return (nx * nx + ny * ny).squareRoot()
  }
}
