import Caliper

/// What a measurement reports, shared by `caliper measure` and `caliper serve`.
package struct MeasureFormat {
  /// Whether each result lists its lines (`--no-lines`, `"lines": false` turn them off).
  package init() {}

  package var lines = true
  /// Round sizes up to the grid of this many pixels per point (`--scale`, `"scale"`).
  package var scale: Double?
  /// The bundled fonts' folder: the table names faces outside it by file.
  package var fontsDirectory = ""
  /// The character range whose rects and end carets each result reports (`--rects`,
  /// `"rects"`), in Unicode scalars; clamped to each text.
  package var rects: Range<Int>?
  /// Points whose nearest character index each result reports (`--points`, `"points"`).
  package var points: [Point] = []

  /// Whether each result and each line reports its ink box, `inkRect` (`--ink`, `"ink"`).
  package var ink = false

  /// Whether a result needs its lines built (to list them, or to place characters).
  package var needsLines: Bool { lines || rects != nil || !points.isEmpty || ink }

  /// The most points one request or command line may ask about.
  package static let maxPoints = 100_000

  /// Reads "X,Y;X,Y;…" (points, finite numbers), for `--points`.
  package static func points(_ text: String) -> [Point]? {
    var points: [Point] = []
    for pair in text.split(separator: ";", omittingEmptySubsequences: false) {
      let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Double(String(parts[0]).trimmingSpaces),
        let y = Double(String(parts[1]).trimmingSpaces), x.isFinite, y.isFinite
      else { return nil }
      points.append(Point(x: x, y: y))
    }
    return points.count <= maxPoints ? points : nil
  }

  /// Reads "START:END" (scalar offsets, START ≤ END), for `--rects`.
  package static func range(_ text: String) -> Range<Int>? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = Int(String(parts[0]).trimmingSpaces),
      let end = Int(String(parts[1]).trimmingSpaces), 0 <= start, start <= end,
      end <= Int(Int32.max)
    else { return nil }
    return start..<end
  }
}
