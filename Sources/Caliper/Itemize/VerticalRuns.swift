internal import CICU

/// Itemize, vertical text: which runs stand upright in a column.
///
/// Problem: in a vertical line Han, kana and Hangul stand upright while a Latin word or a
/// number lies on its side, and the two are shaped differently (top to bottom with the
/// font's vertical metrics and `vert` forms, or left to right and turned). Solution: each
/// grapheme cluster takes the orientation of its first scalar: with
/// `TextOrientation.mixed`, upright unless Unicode's `Vertical_Orientation` (UAX #50,
/// ICU's `UCHAR_VERTICAL_ORIENTATION`) is R, as Blink decides (`Tr` characters such as
/// brackets are shaped top to bottom, where `vert` gives their turned forms); every cluster
/// upright with `.upright`, none with `.sideways`. Runs are cut where the orientation
/// changes, and around each combined run (`TextCombineUpright`), which is shaped left to
/// right whatever its characters' orientation.
enum VerticalRuns {
  /// `runs` cut where a cluster's orientation changes and around combined runs; unchanged
  /// for horizontal text.
  static func oriented(
    _ runs: [TextRun], _ analysis: TextAnalysis, _ style: TextStyle, spans: [TextSpan] = []
  ) -> [TextRun] {
    guard style.writingMode.isVertical else { return runs }
    let combined = TextCombineUpright.ranges(analysis.scalars, style: style, spans: spans)
    switch style.textOrientation {
    case .sideways: return combining(runs, combined)
    case .upright: return combining(runs.map { upright($0, true) }, combined)
    case .mixed: return combining(mixed(runs, analysis), combined)
    }
  }

  /// `runs` cut at the edges of `combined` (ascending, apart), the pieces inside marked
  /// combined (and not upright).
  static func combining(_ runs: [TextRun], _ combined: [Range<Int>]) -> [TextRun] {
    guard !combined.isEmpty else { return runs }
    var result: [TextRun] = []
    for run in runs {
      var cuts = [run.range.lowerBound, run.range.upperBound]
      for range in combined where range.overlaps(run.range) {
        cuts += [range.lowerBound, range.upperBound].filter { run.range.contains($0) }
      }
      cuts = Array(Set(cuts)).sorted()
      for (start, end) in zip(cuts, cuts.dropFirst()) {
        var piece = TextRun(
          range: start..<end, face: run.face, script: run.script, level: run.level)
        piece.isCombined = combined.contains { $0.contains(start) }
        piece.isUpright = run.isUpright && !piece.isCombined
        result.append(piece)
      }
    }
    return result
  }

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

  /// `runs` cut where a cluster's `Vertical_Orientation` changes (`TextOrientation.mixed`).
  private static func mixed(_ runs: [TextRun], _ analysis: TextAnalysis) -> [TextRun] {
    let scalars = analysis.scalars
    var result: [TextRun] = []
    result.reserveCapacity(runs.count)
    for run in runs {
      var start = run.range.lowerBound
      var current = isUpright(scalars[start])
      var index = start + 1
      while index <= run.range.upperBound {
        let ends = index == run.range.upperBound
        var next = current
        if !ends, analysis.graphemeStart[index] { next = isUpright(scalars[index]) }
        if ends || next != current {
          var piece = TextRun(
            range: start..<index, face: run.face, script: run.script, level: run.level)
          piece.isUpright = current
          result.append(piece)
          start = index
          current = next
        }
        index += 1
      }
    }
    return result
  }

  /// Whether `scalar` stands upright in `TextOrientation.mixed`: its Vertical_Orientation
  /// is U, Tu or Tr.
  static func isUpright(_ scalar: Unicode.Scalar) -> Bool {
    cicu_vertical_orientation(scalar.value) != 0
  }

  private static func upright(_ run: TextRun, _ upright: Bool) -> TextRun {
    var run = run
    run.isUpright = upright
    return run
  }
}
