/// What a measurement reports, shared by `caliper measure` and `caliper serve`.
struct MeasureFormat {
  /// Whether each result lists its lines (`--no-lines`, `"lines": false` turn them off).
  var lines = true
  /// Round sizes up to the grid of this many pixels per point (`--scale`, `"scale"`).
  var scale: Double?
  /// The bundled fonts' folder: the table names faces outside it by file.
  var fontsDirectory = ""
}
