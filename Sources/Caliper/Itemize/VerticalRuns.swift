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
/// changes. Limitation: `text-combine-upright` (several digits set across one column) is
/// not done.
enum VerticalRuns {
  /// `runs` cut where a cluster's orientation changes; unchanged for horizontal text.
  static func oriented(_ runs: [TextRun], _ analysis: TextAnalysis, _ style: TextStyle) -> [TextRun]
  {
    guard style.writingMode.isVertical else { return runs }
    switch style.textOrientation {
    case .sideways: return runs
    case .upright: return runs.map { upright($0, true) }
    case .mixed: break
    }
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
