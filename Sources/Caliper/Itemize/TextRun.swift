/// Itemize: split text into runs of one face, script and bidi level.
///
/// Problem: HarfBuzz shapes one face, script and direction at a time. Solution: walk the
/// grapheme clusters, pick each cluster's face from the cascade, and cut a run wherever the
/// face, the script or the bidi level changes. Limitation: runs never span a cluster
/// boundary in the middle (a cluster is never split between faces).
struct TextRun: Sendable, Hashable {
  /// Scalar offsets of the run.
  let range: Range<Int>
  /// Index of the run's face in the prepared text's face list.
  let face: Int
  /// HarfBuzz script (`hb_script_t` raw value).
  let script: UInt32
  /// Bidi level; odd is right-to-left.
  let level: UInt8

  var isRightToLeft: Bool { level & 1 == 1 }
}

/// The result of itemizing: runs, the face of each scalar, and uncovered characters.
struct Itemization {
  var runs: [TextRun] = []
  /// Cascade index of the face of each scalar (a cascade has at most
  /// `FontCascade.mostFaces`).
  var faceOf: [UInt16] = []
  /// Characters no face covered, in order of first appearance.
  var missing: [Unicode.Scalar] = []

  init(analysis: TextAnalysis, resolver: inout FontCascade.Resolver) throws(CaliperError) {
    let scalars = analysis.scalars
    faceOf = [UInt16](repeating: 0, count: scalars.count)
    var seenMissing = Set<UInt32>()
    var previous: Int?
    var start = 0
    while start < scalars.count {
      var end = start + 1
      while end < scalars.count && !analysis.graphemeStart[end] { end += 1 }
      let choice =
        end == start + 1 && scalars[start].value < 0x80
        ? try resolver.face(ascii: scalars[start], previous: previous)
        : try resolver.face(for: scalars[start..<end], previous: previous)
      if !choice.covered {
        for scalar in scalars[start..<end]
        where FontCascade.Resolver.needsGlyph(scalar) && seenMissing.insert(scalar.value).inserted {
          missing.append(scalar)
        }
      }
      for index in start..<end { faceOf[index] = UInt16(choice.index) }
      previous = choice.index
      start = end
    }
    var runStart = 0
    for index in 0..<scalars.count {
      let next = index + 1
      if next == scalars.count || faceOf[next] != faceOf[runStart]
        || analysis.scripts[next] != analysis.scripts[runStart]
        || analysis.level(at: next) != analysis.level(at: runStart)
      {
        runs.append(
          TextRun(
            range: runStart..<next, face: Int(faceOf[runStart]), script: analysis.scripts[runStart],
            level: analysis.level(at: runStart)))
        runStart = next
      }
    }
  }
}
