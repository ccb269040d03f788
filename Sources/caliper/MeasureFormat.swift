import Caliper

/// What a measurement reports, shared by `caliper measure` and `caliper serve`.
struct MeasureFormat {
  /// Whether each result lists its lines (`--no-lines`, `"lines": false` turn them off).
  var lines = true
  /// Round sizes up to the grid of this many pixels per point (`--scale`, `"scale"`).
  var scale: Double?
  /// The bundled fonts' folder: the table names faces outside it by file.
  var fontsDirectory = ""
  /// The character range whose rects and end carets each result reports (`--rects`,
  /// `"rects"`), in Unicode scalars; clamped to each text.
  var rects: Range<Int>?
  /// Points whose nearest character index each result reports (`"points"` in serve).
  var points: [Point] = []

  /// Whether a result needs its lines built (to list them, or to place characters).
  var needsLines: Bool { lines || rects != nil || !points.isEmpty }

  /// Reads "START:END" (scalar offsets, START ≤ END), for `--rects`.
  static func range(_ text: String) -> Range<Int>? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = Int(String(parts[0]).trimmingSpaces),
      let end = Int(String(parts[1]).trimmingSpaces), 0 <= start, start <= end,
      end <= Int(Int32.max)
    else { return nil }
    return start..<end
  }
}
