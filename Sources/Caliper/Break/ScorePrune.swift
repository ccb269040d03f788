/// Break, wrap styles: the ends and starts of `ScoreLayers`' windows that lie on no path
/// that may score least, found against a known path's score.
///
/// Problem: `ScoreLayers` scores every pair of a start and an end in neighbouring windows
/// until the width score alone passes the second least found; a paragraph of 4 to 6 lines
/// has windows of 10 to 70 candidates, and most of its pairs lie on paths that score far
/// more than the least. Solution: the score U of one path of the greedy line count, made
/// first, bounds the least: the kept path's (the lines last chosen with as many,
/// `WrapCandidates.keptPath`) where it is a path of fitting lines in the windows, else the
/// even path's (each line ends nearest an even share of the text left, where that fits): a path scoring more than U is neither the least nor tied with it, so it may
/// be left out. A path through an end e of layer i scores at least its sum there (the
/// entry's least), plus a line penalty for each of the j = k − i lines left and their
/// slacks squared, at least (Σ slack)² / j, where Σ slack is at least j times the available
/// width less the text left (from where a line starting at e starts to the paragraph's end)
/// and a hyphen's overhang at each of the j − 1 breaks (as `ScoreLayers.moreLinesLeast`
/// bounds a whole path); the i lines before e likewise, over the text from the paragraph's
/// start to where a line ending at e ends. So:
/// - before any layer is scored, every layer's first and last ends whose bounds before and
///   after them alone pass U are dropped (`ScoreLayers.choose`: a layer and its mirror, as
///   many lines after it as it has before, at once, with the same two bounds);
/// - a start whose least score of the layer before (`floor`) plus its width score, its
///   end's penalty and line penalty and the lines left pass U is not scored, nor any later
///   one (width scores grow with the start).
/// Exactness: every path scoring at most U keeps all its sums, so the least score, the path
/// that reaches it and whether another ties with it are what they were without pruning.
/// Blink's `Float` sums of terms not negative round down by at most a factor 1 − u each (u =
/// 2⁻²⁴, at most 21 sums in 6 lines), its slacks by at most 2u of the positions' size; a
/// path is dropped only where it passes U by a factor 1 + 2⁻¹⁶ and each slack is taken
/// 8u of the positions' size short, far more than those. U is made with the program's own
/// arithmetic over lines that fit, so it is at least the least score.
struct ScorePrune {
  /// At least what `lines` fitting lines over a length of text add to a path's score: a
  /// line penalty each and their slacks squared, at least (Σ slack)² / `lines`, Σ slack at
  /// least `lines` times the available width less the length and a hyphen's overhang at
  /// each break between them.
  struct Bound {
    let penalties: Double
    /// The least Σ slack is `width` less the length.
    let width: Double
    /// 1 / `lines`, less the square's rounding.
    let scale: Double

    @inline(__always)
    func least(length: Double) -> Double {
      let slack = max(0, width - length)
      return penalties + slack * slack * scale
    }
  }

  /// The known path's score exactly as the program sums it (`pathScore`'s or `evenScore`'s,
  /// no rounding room: the score of the path itself, which `ScoreLayers` answers where it is
  /// the only one left); infinity where none is known.
  let knownScore: Float
  /// `knownScore` with room for rounding (a factor 1 + 2⁻¹⁶): the bound U that ends are
  /// dropped against.
  let known: Double
  /// Whether the known path is the kept one (else the even path, or none).
  let knownIsKept: Bool
  let lineCount: Int
  let linePenalty: Double
  /// The available width less the slack's rounding, and each hyphen's overhang.
  let available: Double
  let overhang: Double
  /// The text before and after each candidate (`ScoreLayers.Facts.lengths`).
  let lengths: UnsafeBufferPointer<SIMD2<Double>>

  /// `kept`: the lines chosen at another width, where known (`WrapCandidates.keptPath`),
  /// whose score is the known one where they are a path of these windows.
  init(
    _ layers: ScoreLayers, lineCount: Int, overhang: Float,
    lengths: UnsafeBufferPointer<SIMD2<Double>>, low: UnsafeMutableBufferPointer<Int>,
    high: UnsafeMutableBufferPointer<Int>, kept: KeptPath = KeptPath()
  ) {
    self.lengths = lengths
    let posNoBreak = layers.posNoBreak
    let posIfBreak = layers.posIfBreak
    let last = posNoBreak.count - 1
    self.lineCount = lineCount
    linePenalty = Double(layers.breaker.linePenalty)
    let width = Double(layers.breaker.firstAvailable)
    let extent =
      max(abs(Double(posNoBreak[0])), abs(Double(posIfBreak[last])), abs(Double(posNoBreak[last])))
      + abs(width)
    available = width - extent * 0x1p-21
    self.overhang = Double(max(0, overhang))
    // A kept path, where it is one of these windows, else the even one.
    let keptScore = Self.pathScore(layers, lineCount: lineCount, low: low, high: high, path: kept)
    let score = keptScore ?? Self.evenScore(layers, lineCount: lineCount, low: low, high: high)
    knownIsKept = keptScore != nil
    knownScore = score
    known = Double(score) * (1 + 0x1p-16)
  }

  /// The score of the path of `lineCount` lines that `path` names, in the program's
  /// arithmetic (`evenScore`'s sums); nil where it names none, or one with a line that
  /// does not fit or an end outside its window.
  @inline(__always)
  static func pathScore(
    _ layers: ScoreLayers, lineCount: Int, low: UnsafeMutableBufferPointer<Int>,
    high: UnsafeMutableBufferPointer<Int>, path: KeptPath
  ) -> Float? {
    guard path.bits != 0 else { return nil }
    let posNoBreak = layers.posNoBreak
    let last = posNoBreak.count - 1
    var total: Float = 0
    var start = 0
    for layer in 1...lineCount {
      let end = layer < lineCount ? path.end(layer &- 1) : last
      // The fit test is needed, not a guard: ends in their windows do not make lines that
      // fit (a line from an early end of one window to a late end of the next may not), and
      // lines chosen at a wider width can have one too long here, scored as its slack
      // squared like any other, so below the least of the fitting paths; pruning against
      // that drops the least (`ScoreLayersKeptPathTests+Narrower.swift`). The window test
      // is a guard (a path of fitting lines lies in the windows, not yet narrowed here) that
      // keeps `fits` to candidates that exist.
      guard end > start, end >= low[layer], end <= high[layer], layers.fits(start, end) else {
        return nil
      }
      total = layers.scoreThrough(total, start, end)
      start = end
    }
    return total
  }

  /// The score of a path of `lineCount` fitting lines in the windows, in the program's
  /// arithmetic: each line ends at the window's candidate nearest an even share of the text
  /// left where that fits, else before it; infinity where that gives no such path.
  @inline(__always)
  static func evenScore(
    _ layers: ScoreLayers, lineCount: Int, low: UnsafeMutableBufferPointer<Int>,
    high: UnsafeMutableBufferPointer<Int>
  ) -> Float {
    let posNoBreak = layers.posNoBreak
    let posIfBreak = layers.posIfBreak
    let last = posNoBreak.count - 1
    var total: Float = 0
    var start = 0
    for layer in 1...lineCount {
      var end = last
      if layer < lineCount {
        let share =
          posNoBreak[start] + (posIfBreak[last] - posNoBreak[start]) / Float(lineCount - layer + 1)
        // The last end in the window at or before the share (its first where none is).
        var lower = max(low[layer], start &+ 1)
        var upper = high[layer]
        while lower < upper {
          let middle = (lower &+ upper &+ 1) >> 1
          if posIfBreak[middle] <= share { lower = middle } else { upper = middle &- 1 }
        }
        end = lower
        if end < high[layer], layers.fits(start, end &+ 1),
          posIfBreak[end &+ 1] - share < share - posIfBreak[end]
        {
          end &+= 1
        }
      }
      guard end > start, end >= low[layer], end <= high[layer], layers.fits(start, end) else {
        return .infinity
      }
      total = layers.scoreThrough(total, start, end)
      start = end
    }
    return total
  }

  /// The bound for `lines` lines (none: 0).
  @inline(__always)
  func bound(lines: Int) -> Bound {
    guard lines > 0 else { return Bound(penalties: 0, width: -.infinity, scale: 0) }
    let count = Double(lines)
    return Bound(
      penalties: count * linePenalty, width: count * available - (count - 1) * overhang,
      scale: (1 - 0x1p-20) / count)
  }

  /// Where `floor` plus a start's width score proves every path through that start and
  /// `end` (with `penalty`; `rest` the bound of the lines after it) to score more than the
  /// known path.
  @inline(__always)
  func limit(end: Int, penalty: Float, rest: Bound) -> Float {
    guard known < .infinity else { return .infinity }
    let after = rest.least(length: lengths[end].y)
    return Float(known - (Double(penalty) + linePenalty + after))
  }

  /// Drops the first and last ends of `layer` whose bounds before and after them alone
  /// pass the known path's score (the first `layer` lines from the paragraph's start to
  /// the end, the others from the end to the paragraph's end); false where none is left.
  /// `before` and `after` are the bounds of the `layer` lines before and the lines after.
  func narrowBefore(
    layer: Int, low: UnsafeMutableBufferPointer<Int>, high: UnsafeMutableBufferPointer<Int>,
    before: Bound, after: Bound
  ) -> Bool {
    guard known < .infinity else { return true }
    func passes(_ end: Int) -> Bool {
      let length = lengths[end]
      return before.least(length: length.x) + after.least(length: length.y) > known
    }
    // In registers, written back once.
    var (first, last) = (low[layer], high[layer])
    while first <= last, passes(first) { first &+= 1 }
    while last > first, passes(last) { last &-= 1 }
    (low[layer], high[layer]) = (first, last)
    return first <= last
  }
}

extension ScorePrune {
  /// The ends of a path's lines but its last, in `bitsAnEnd` bits each (at most
  /// `maxLinesForBalance` − 1), the first in the lowest; 0: none. Kept with a paragraph's candidates
  /// (`WrapCandidates.keptPath`) as the lines chosen at one width, the known path at the
  /// next width with as many lines: lines of a paragraph chosen at nearby widths are often
  /// the same, and their score, the least, prunes the most. Any path of the windows will do
  /// (`ScorePrune`'s exactness), so a stale one changes no answer.
  struct KeptPath: Equatable {
    static let bitsAnEnd = 12
    /// The line counts a path is kept for: `balance`'s, 2 … `maxLinesForBalance`.
    static let lineCounts = 2...ScoreLineBreaker.maxLinesForBalance
    /// Whether a path's ends fit the 64 bits (checked in debug builds where paths are made).
    static let packingFits = (lineCounts.upperBound - 1) * bitsAnEnd <= UInt64.bitWidth
    var bits: UInt64 = 0

    init() {}

    init(bits: UInt64) {
      self.bits = bits
    }

    /// The path ending its lines at `ends` (the last, the paragraph's end, left out); none
    /// where their count is not one of `lineCounts` or an end takes more than `bitsAnEnd`.
    @inline(__always)
    init(ends: UnsafeBufferPointer<Int>) {
      assert(Self.packingFits, "a kept path's ends overflow 64 bits")
      guard Self.lineCounts.contains(ends.count) else { return }
      var bits: UInt64 = 0
      for index in 0..<(ends.count &- 1) {
        let end = ends[index]
        guard end > 0, end < 1 << Self.bitsAnEnd else { return }
        bits |= UInt64(truncatingIfNeeded: end) << (index &* Self.bitsAnEnd)
      }
      self.bits = bits
    }

    /// The end of the `index`th line (from 0).
    @inline(__always)
    func end(_ index: Int) -> Int {
      Int(truncatingIfNeeded: (bits >> (index &* Self.bitsAnEnd)) & (1 << Self.bitsAnEnd - 1))
    }
  }
}
