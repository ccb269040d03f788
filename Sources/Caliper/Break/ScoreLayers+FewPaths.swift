/// Break, wrap styles: `ScoreLayers`' answer where its narrowed windows leave few paths.
///
/// Problem: once `ScorePrune` has narrowed the windows against a known path, most
/// paragraphs have one or two ends left in each layer, and so a few paths in all; the
/// program over the layers (each end's least two scores, its start, its limit) costs far
/// more than scoring those paths. Solution: where the windows hold at most `mostFewPaths`
/// paths (their sizes' product), each path of fitting lines is scored whole, in the
/// program's `Float` sums and order (the sum of the lines before, the width score, the
/// end's penalty, the line penalty), keeping the least and the least of the others. The
/// program's least is the least of those sums (rounding is monotone, so the least sum to an
/// end extended by a line is the least of the sums extended), and its second the least of
/// the other paths', so this answers as it would.
extension ScoreLayers {
  /// The most paths that `fewPaths` scores one by one.
  static let mostFewPaths = 8

  /// The least score of the paths of `lineCount` fitting lines whose ends lie in the
  /// windows `low`…`high` (the last, the last candidate), with their ends written into
  /// `ends`; infinity where none is, or another path scores as little (`ends` then to be
  /// overwritten); nil where the windows hold more than `mostFewPaths` paths. `path` is
  /// scratch, two `Int`s a layer and two more.
  @inline(__always)
  func fewPaths(
    lineCount: Int, low: UnsafeMutableBufferPointer<Int>, high: UnsafeMutableBufferPointer<Int>,
    path: UnsafeMutableBufferPointer<Int>, into ends: UnsafeMutableBufferPointer<Int>
  ) -> Float? {
    var paths = 1
    for layer in 1..<lineCount {
      paths &*= high[layer] &- low[layer] &+ 1
      if paths > Self.mostFewPaths { return nil }
    }
    var least = Float.infinity
    var second = Float.infinity
    // The path scored: each layer's end, from the windows' first ends on, and the sum of its
    // lines through each (`sums[0]`, the first candidate's, 0), its bits in an `Int`.
    let sums = UnsafeMutableBufferPointer(rebasing: path[(lineCount &+ 1)...])
    @inline(__always) func sum(_ layer: Int) -> Float {
      Float(bitPattern: UInt32(truncatingIfNeeded: sums[layer]))
    }
    for layer in 0...lineCount { path[layer] = low[layer] }
    sums[0] = 0
    // The first layer whose sum is to be made.
    var from = 1
    while true {
      var layer = from
      while layer <= lineCount {
        let (start, end) = (path[layer &- 1], path[layer])
        guard end > start, fits(start, end) else { break }
        let through = scoreThrough(sum(layer &- 1), start, end)
        sums[layer] = Int(through.bitPattern)
        layer &+= 1
      }
      // Scored where every line fits.
      if layer > lineCount {
        let total = sum(lineCount)
        if total < least {
          // Not needed for the answer (any earlier least is above the new one, and `second`
          // only decides `least < second`), but the second least it names.
          second = least
          least = total
          for index in 1...lineCount { ends[index &- 1] = path[index] }
        } else if total < second {
          second = total
        }
      }
      // The next path: the last layer whose end is not its window's last moves on, the
      // later ones back to their first; the sums before it are kept (where made).
      var move = lineCount &- 1
      while move > 0, path[move] == high[move] {
        path[move] = low[move]
        move &-= 1
      }
      guard move > 0 else { break }
      path[move] &+= 1
      from = min(move, layer)
    }
    return least < second ? least : .infinity
  }

  /// A path's score through one more line, `start` to `end`, after `total`: the line's width
  /// score (its slack squared), its end's penalty and the line penalty added to `total` in
  /// that order, in `Float`, as the program adds them (`score`). The one sum of the scorers
  /// of whole paths (`ScorePrune.pathScore`, `ScorePrune.evenScore`, `fewPaths`), so that
  /// each gives the program's score to the bit.
  @inline(__always)
  func scoreThrough(_ total: Float, _ start: Int, _ end: Int) -> Float {
    let delta = posNoBreak[start] - (posIfBreak[end] - breaker.firstAvailable)
    return total + delta * delta + penalties[end] + breaker.linePenalty
  }
}
