/// Draw, vertical text: which of a column's runs stand upright.
extension PreparedText {
  /// Whether the run drawn as `run` (from `glyphRuns(in:)` of a column's line) stands upright:
  /// its glyphs were shaped top to bottom, each `x` down the column from the vertical
  /// origin's pen plus HarfBuzz's offset across it; else it lies sideways.
  public func standsUpright(_ run: LineRun) -> Bool {
    guard !run.isInserted, !runs.isEmpty else { return false }
    return itemizedRun(containing: min(run.range.lowerBound, analysis.scalars.count - 1))
      .isUpright
  }

  /// Whether the run drawn as `run` is (part of) a combined run (`TextCombineUpright`): its
  /// glyphs were shaped left to right and are set upright across the column, all of the
  /// combined run inside one em of it.
  public func isCombinedUpright(_ run: LineRun) -> Bool {
    guard !run.isInserted, !runs.isEmpty else { return false }
    return itemizedRun(containing: min(run.range.lowerBound, analysis.scalars.count - 1))
      .isCombined
  }
}
