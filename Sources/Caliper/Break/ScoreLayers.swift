/// Break, wrap styles: `balance`'s lines found among the candidates that a line of the
/// greedy line count can end at, where that provably gives Blink's choice.
///
/// Problem: Blink's program (`ScoreLineBreaker.scores(_:_:_:into:)`) scores a line to
/// every candidate from every start it may begin at, though `balance` keeps its answer only
/// when it has the greedy line count k; most of those lines lie on no path of k lines.
/// Solution: with one available width and positions that never fall, the candidates a
/// path of k fitting lines can break at after its i-th line form a window: from the i-th
/// start counted back from the paragraph's end (each line as long as it can be) to the i-th
/// greedy end. A program over the windows alone (layer i: the ends in window i, the starts
/// in window i − 1) gives the least score S of a path of k fitting lines, in Blink's `Float`
/// arithmetic, and the least score of any other such path (each entry keeps its least two,
/// which rounding cannot reorder). Blink's own answer is that path when:
/// - no other path of k fitting lines scores S (the second least is above it);
/// - every path with a line that does not fit scores at least 10¹² (its overfull score),
///   above S; a path of fewer than k lines has one (k is the fewest that fit);
/// - every path of more than k lines scores at least the line penalty added k + 1 times
///   (every other term is not negative, and rounding is monotone), above S.
/// Then S is the least score of all paths, reached by this one alone; Blink's program finds
/// the least score (its pruning, `bestHope`, skips only starts that cannot score less, as
/// the positions never fall, and `active` only starts that no longer fit), and the path it
/// chooses scores what it found, so it is this one, ties and all.
/// The windows are narrowed against a known path first (`ScorePrune`: the lines chosen at the
/// last width with as many, kept with the candidates, else an even path); where that leaves
/// one path, it is the known one; a few, each is scored whole (`ScoreLayers+FewPaths.swift`);
/// more, the program runs over what is left.
/// Limitation: elsewhere (a candidate that alone overfills a line, positions that fall, an
/// indented first line, a tie, a path of more lines that may score less) it declines and
/// Blink's program runs.
struct ScoreLayers {
  let breaker: ScoreLineBreaker
  let posNoBreak: UnsafeBufferPointer<Float>
  let posIfBreak: UnsafeBufferPointer<Float>
  let penalties: UnsafeBufferPointer<Float>

  /// Writes the end of each chosen line, in order, into `ends` (`lineCount` of them, the
  /// last the last candidate); false (nothing proven, `ends` to be overwritten) where it
  /// declines. `facts` and
  /// `lengths` are the inputs' (found here where nil); `kept`, lines chosen at another
  /// width, is the known path where it is one (`ScorePrune`).
  func choose(
    lineCount: Int, facts: Facts?, lengths: UnsafeBufferPointer<SIMD2<Double>>? = nil,
    kept: ScorePrune.KeptPath = ScorePrune.KeptPath(), into ends: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    let count = posNoBreak.count
    guard breaker.isBalanced, breaker.firstAvailable == breaker.otherAvailable,
      breaker.linePenalty > 0, lineCount >= 2, count > lineCount, ends.count >= lineCount,
      posIfBreak.count == count, penalties.count == count
    else { return false }
    let facts =
      facts
      ?? Facts(
        posNoBreak: Array(posNoBreak), posIfBreak: Array(posIfBreak),
        penalties: Array(penalties))
    guard facts.rises else { return false }
    if let lengths, lengths.count == count {
      return choose(lineCount: lineCount, facts: facts, lengths: lengths, kept: kept, into: ends)
    }
    return Facts.lengths(posNoBreak: posNoBreak, posIfBreak: posIfBreak)
      .withUnsafeBufferPointer {
        choose(lineCount: lineCount, facts: facts, lengths: $0, kept: kept, into: ends)
      }
  }

  /// `choose` over checked inputs (out of line: inlined, the steps it inlines were not).
  @inline(never)
  private func choose(
    lineCount: Int, facts: Facts, lengths: UnsafeBufferPointer<SIMD2<Double>>,
    kept: ScorePrune.KeptPath, into ends: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    let count = posNoBreak.count
    let layers = lineCount + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * layers) { ints in
      // Each layer's window of ends (`low`…`high`, narrowed as ends prove to lie on no path
      // that may be the least), and where an end's entry is (`end + offset`); or, where
      // few paths are left, `fewPaths`' scratch.
      let low = UnsafeMutableBufferPointer(rebasing: ints[..<layers])
      let high = UnsafeMutableBufferPointer(rebasing: ints[layers..<(2 * layers)])
      let scratch = UnsafeMutableBufferPointer(rebasing: ints[(2 * layers)...])
      let offset = UnsafeMutableBufferPointer(rebasing: ints[(2 * layers)..<(3 * layers)])
      guard windows(lineCount: lineCount, low: low, high: high) else { return false }
      let prune = ScorePrune(
        self, lineCount: lineCount, overhang: facts.overhang, lengths: lengths, low: low,
        high: high, kept: kept)
      // Every layer's ends that lie on no path scoring at most the known one dropped before
      // any is scored; a layer and its mirror (as many lines after it as it has before) at
      // once, with the same two bounds.
      for layer in 1...(lineCount / 2) {
        let mirror = lineCount &- layer
        let near = prune.bound(lines: layer)
        let far = mirror == layer ? near : prune.bound(lines: mirror)
        guard
          prune.narrowBefore(layer: layer, low: low, high: high, before: near, after: far),
          mirror == layer
            || prune.narrowBefore(layer: mirror, low: low, high: high, before: far, after: near)
        else { return false }
      }
      // One end left in each layer: the known path's, which is never dropped, so it is
      // the only path left, and the least (every other scores more).
      if prune.knownScore < .infinity, (1..<lineCount).allSatisfy({ low[$0] == high[$0] }) {
        assert(
          !prune.knownIsKept || (1..<lineCount).allSatisfy { low[$0] == kept.end($0 &- 1) },
          "the one path left is not the kept (known) path")
        for layer in 1...lineCount { ends[layer &- 1] = low[layer] }
        return prune.knownScore < ScoreLineBreaker.scoreOverfull
          && beatsMoreLines(prune.knownScore, lineCount: lineCount, overhang: facts.overhang)
      }
      // Few paths left: each scored whole, as the program would sum it.
      if let found = fewPaths(
        lineCount: lineCount, low: low, high: high, path: scratch, into: ends)
      {
        return found < ScoreLineBreaker.scoreOverfull
          && beatsMoreLines(found, lineCount: lineCount, overhang: facts.overhang)
      }
      var entries = 0
      for layer in 0...lineCount {
        offset[layer] = entries &- low[layer]
        entries += high[layer] - low[layer] + 1
      }
      do {
        // Each entry's start and least two scores, in one allocation.
        let startBytes = entries * MemoryLayout<Int>.stride
        return withUnsafeTemporaryAllocation(
          byteCount: startBytes + 2 * entries * MemoryLayout<Float>.stride,
          alignment: MemoryLayout<Int>.alignment
        ) { scratch in
          do {
            let starts = UnsafeMutableRawBufferPointer(rebasing: scratch[..<startBytes])
              .bindMemory(to: Int.self)
            let floats = UnsafeMutableRawBufferPointer(rebasing: scratch[startBytes...])
              .bindMemory(to: Float.self)
            let least = UnsafeMutableBufferPointer(rebasing: floats[..<entries])
            let second = UnsafeMutableBufferPointer(rebasing: floats[entries...])
            least[0] = 0
            second[0] = .infinity
            starts[0] = 0
            var floor: Float = 0
            for layer in 1...lineCount {
              // What the lines after an end of this layer add at least. The ends scored are
              // not narrowed again by their scores before the next layer: that cost more
              // tests than the starts it spared.
              floor = score(
                layer: layer, low: low, high: high, offset: offset, least: least, second: second,
                starts: starts, prune: prune, rest: prune.bound(lines: lineCount &- layer),
                floor: floor)
            }
            let last = posNoBreak.count - 1 &+ offset[lineCount]
            let found = least[last]
            guard found < second[last], found < ScoreLineBreaker.scoreOverfull,
              beatsMoreLines(found, lineCount: lineCount, overhang: facts.overhang)
            else { return false }
            var end = count - 1
            for layer in stride(from: lineCount, through: 1, by: -1) {
              ends[layer &- 1] = end
              end = starts[end &+ offset[layer]]
            }
            return true
          }
        }
      }
    }
  }

  /// Whether a line from `start` to `end` fits: Blink's test, in `Float`, which a later
  /// start or an earlier end passes too (rounding is monotone, the positions never fall).
  @inline(__always)
  func fits(_ start: Int, _ end: Int) -> Bool {
    posNoBreak[start] - (posIfBreak[end] - breaker.firstAvailable) >= 0
  }

  /// The window of candidates that the i-th line of a path of `lineCount` fitting lines can
  /// end at, for each i (the 0th: the first candidate, the last: the last); false where no
  /// such path exists or a shorter one does.
  ///
  /// The i-th line ends at most at f(i), the greedy end (f(0) = 0, f(i) the last candidate
  /// whose line fits from f(i − 1)); the paragraph's end is reached in k − i lines from g(i)
  /// on at the earliest (g(k) the last candidate, g(i) the first start whose line to g(i + 1)
  /// fits), and from count − 1 − (k − i) at the latest: both as a line that fits from a start
  /// fits from any later one, and to any earlier end.
  func windows(
    lineCount: Int, low: UnsafeMutableBufferPointer<Int>, high: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    let last = posNoBreak.count - 1
    var reached = 0
    low[0] = 0
    high[0] = 0
    // As many candidates a line as a full line has, at the paragraph's mean width a
    // candidate: where each search starts.
    let total = posIfBreak[last] - posNoBreak[0]
    let perLine =
      total > 0 && breaker.firstAvailable < total
      ? max(1, Int(Float(last) * (breaker.firstAvailable / total))) : max(1, last / lineCount)
    for layer in 1..<lineCount {
      // The i-th line ends after f(i − 1) (below): where the search for g(i) starts.
      low[layer] = reached &+ 1
      reached = greedyEnd(from: reached, guess: reached &+ perLine, last: last)
      high[layer] = min(reached, last - (lineCount - layer))
    }
    // Fewer lines reach the end, or these cannot.
    guard reached < last, fits(reached, last) else { return false }
    low[lineCount] = last
    high[lineCount] = last
    var from = last
    for layer in stride(from: lineCount - 1, through: 1, by: -1) {
      // The first start whose line to `from` fits, searched from a full line back: after
      // f(i − 1), as were it at or before, the lines from f(i − 1) would reach the
      // paragraph's end in k − i lines (a line that fits from a start fits from any later
      // one), and the greedy lines in k − 1, which the guard above rules out.
      from = firstStart(to: from, lowest: min(low[layer], from), guess: from &- perLine)
      low[layer] = max(layer, from)
      guard low[layer] <= high[layer] else { return false }
    }
    return true
  }

  /// The first start in `lowest...end` whose line to `end` fits (`end` where none before it
  /// does): searched from `guess` in doubling steps, then in halves (the fit test fails
  /// before that start and holds from it).
  @inline(__always)
  func firstStart(to end: Int, lowest: Int, guess: Int) -> Int {
    // The start is in `lower...upper`.
    var lower = lowest
    var upper = end
    let probe = min(max(guess, lower), upper)
    var step = 1
    if probe == upper || fits(probe, end) {
      upper = probe
      while upper &- step >= lower {
        if !fits(upper &- step, end) {
          lower = upper &- step &+ 1
          break
        }
        upper &-= step
        step &<<= 1
      }
    } else {
      lower = probe &+ 1
      while lower &+ step &- 1 < upper {
        if fits(lower &+ step &- 1, end) {
          upper = lower &+ step &- 1
          break
        }
        lower &+= step
        step &<<= 1
      }
    }
    while lower < upper {
      let middle = (lower &+ upper) >> 1
      if fits(middle, end) { upper = middle } else { lower = middle &+ 1 }
    }
    return lower
  }

  /// The last candidate that a line from `start` fits to (`start` where none is): searched
  /// from `guess` in doubling steps, then in halves (the fit test holds up to that end and
  /// fails past it).
  @inline(__always)
  func greedyEnd(from start: Int, guess: Int, last: Int) -> Int {
    // A line fits to `lower` (or `lower` is `start`), not to `upper` (or it is past `last`).
    var lower = start
    var upper = last &+ 1
    let probe = min(guess, last)
    var step = 1
    if probe > start, fits(start, probe) {
      lower = probe
      while lower &+ step <= last {
        if !fits(start, lower &+ step) {
          upper = lower &+ step
          break
        }
        lower &+= step
        step &<<= 1
      }
    } else {
      upper = probe
      while upper &- step > start {
        if fits(start, upper &- step) {
          lower = upper &- step
          break
        }
        upper &-= step
        step &<<= 1
      }
    }
    while upper &- lower > 1 {
      let middle = (lower &+ upper) >> 1
      if fits(start, middle) { lower = middle } else { upper = middle }
    }
    return lower
  }

  /// The least two scores of the lines of paths in the windows that end at each candidate
  /// of `layer`'s window, and the start of the least; a start whose paths `prune` proves
  /// score more than a known path is not scored (`rest`: the bound of the lines after the
  /// layer's ends). `floor` is at most the least score of the layer before's window (a
  /// start's line adds its width score to at least that, and width scores grow with the
  /// start); returned: the least score of this layer's, the next layer's floor (its starts
  /// are this layer's ends).
  @inline(__always)
  func score(
    layer: Int, low: UnsafeMutableBufferPointer<Int>, high: UnsafeMutableBufferPointer<Int>,
    offset: UnsafeMutableBufferPointer<Int>, least: UnsafeMutableBufferPointer<Float>,
    second: UnsafeMutableBufferPointer<Float>, starts: UnsafeMutableBufferPointer<Int>,
    prune: ScorePrune, rest: ScorePrune.Bound, floor: Float
  ) -> Float {
    let available = breaker.firstAvailable
    let linePenalty = breaker.linePenalty
    let (startLow, startHigh) = (low[layer - 1], high[layer - 1])
    // A start's entry is at `start + startOffset`, an end's at `end + endOffset`.
    let startOffset = offset[layer - 1]
    let endOffset = offset[layer]
    var layerLeast = Float.infinity
    // The first start whose line fits, which never moves back as the end moves on.
    var first = startLow
    for end in low[layer]...high[layer] {
      let startEdge = posIfBreak[end] - available
      let through = min(startHigh, end &- 1)
      while first <= through, posNoBreak[first] - startEdge < 0 { first &+= 1 }
      var best = Float.infinity
      var next = Float.infinity
      var bestStart = -1
      var start = first
      // Past this, `floor` and the width score alone prove a path scores more than the
      // known one.
      let limit = prune.limit(end: end, penalty: penalties[end], rest: rest)
      while start <= through {
        let delta = posNoBreak[start] - startEdge
        let widthScore = delta * delta
        // This start and every later one score at least the second least found, or more
        // than the known path.
        let reach = floor + widthScore
        if reach >= next || reach >= limit { break }
        let entry = start &+ startOffset
        // Blink's sum, `score[start] + widthScore`; a path's other sums round to at least it.
        let score = least[entry] + widthScore
        if score < best {
          next = best
          best = score
          bestStart = start
        } else if score < next {
          next = score
        }
        next = min(next, second[entry] + widthScore)
        start &+= 1
      }
      let entry = end &+ endOffset
      let endLeast = best + penalties[end] + linePenalty
      least[entry] = endLeast
      second[entry] = next + penalties[end] + linePenalty
      starts[entry] = bestStart
      layerLeast = min(layerLeast, endLeast)
    }
    return layerLeast
  }

  /// Whether `found` is below `moreLinesLeast`: first tested against that bound's line
  /// penalties alone, which it is at least (its squares are not negative, and rounding is
  /// monotone), which settles most paragraphs without the rest.
  @inline(__always)
  func beatsMoreLines(_ found: Float, lineCount: Int, overhang: Float) -> Bool {
    let penalties = Double(lineCount + 1) * Double(breaker.linePenalty) * roundingRoom
    return Double(found) < penalties
      || Double(found) < moreLinesLeast(lineCount: lineCount, overhang: overhang)
  }

  /// The factor `moreLinesLeast` takes off its sum for Blink's rounding (its comment says
  /// why), which `beatsMoreLines` takes off the penalties alone.
  var roundingRoom: Double { 1 - Double(3 * posNoBreak.count + 8) * 0x1p-23 }

  /// A score that every path of more than `lineCount` fitting lines reaches, in real
  /// arithmetic with room for `Float`'s rounding.
  ///
  /// A path of m lines adds the line penalty m times, and the squares of its lines' slacks
  /// `δ`, whose sum is at least (Σ δ)² / m; Σ δ is m times the available width less the
  /// lines' widths, which sum to the paragraph's length plus at most `overhang` (a hyphen
  /// past the next line's start, at least 0) at each of the m − 1 breaks. Both terms grow
  /// with m (the first is 0 until the slack is positive, then grows), so m = k + 1 bounds
  /// them all. Blink's sums of numbers not negative round down by at most a factor of 1 − u
  /// each (u = 2⁻²⁴; three a line, one on the square), its slack by at most 2u of the
  /// positions' size twice; both are allowed for twice over.
  func moreLinesLeast(lineCount: Int, overhang: Float) -> Double {
    let count = posNoBreak.count
    let available = Double(breaker.firstAvailable)
    let first = Double(posNoBreak[0])
    let end = Double(posIfBreak[count - 1])
    let extent = max(abs(first), abs(end), abs(Double(posNoBreak[count - 1]))) + abs(available)
    let error = extent * 0x1p-22
    let lines = Double(lineCount + 1)
    let overhang = Double(max(0, overhang))
    let slack = max(0, lines * (available - overhang - error) - (end - first - overhang))
    let least = slack * slack / lines + lines * Double(breaker.linePenalty)
    return least * roundingRoom
  }
}
