/// Shape, vertical text: a combined run (`TextCombineUpright`) is one em down the column.
///
/// Problem: a combined run is shaped left to right like any sideways run, but Chromium sets
/// it inside one em of the column whatever its glyphs' width (compressing it across when it
/// is wider). Solution: its shaped glyphs are kept for drawing, and the prepared text holds
/// the run as one cluster whose advance is the em (its font size), safe to break around.
extension ShapedText {
  /// Writes the combined run `range` as one cluster `em` long.
  mutating func storeCombined(_ range: Range<Int>, em: Double) {
    advances[range.lowerBound + 1] = em
    for index in range.dropFirst() {
      advances[index + 1] = 0
      clusterStart[index] = false
    }
    unsafeBefore[range.lowerBound] = false
    unsafeBefore[range.upperBound] = false
  }
}

extension PreparedTextStorage {
  /// The combined runs among `runs`: each stretch of consecutive combined runs (combined
  /// runs are never adjacent: a digit run is bounded by other characters, a line's text by
  /// its hard break).
  static func combinedRanges(_ runs: [TextRun]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for run in runs where run.isCombined {
      if let last = ranges.last, last.upperBound == run.range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<run.range.upperBound
      } else {
        ranges.append(run.range)
      }
    }
    return ranges
  }
}
