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
