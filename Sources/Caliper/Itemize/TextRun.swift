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
  /// Whether the run stands upright in a vertical line: shaped top to bottom
  /// (`VerticalRuns`).
  var isUpright = false
  /// Whether the run is (part of) a combined run of a vertical line
  /// (`TextCombineUpright`): shaped left to right, one em down the column.
  var isCombined = false

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

  // Borrowed: an initializer's parameters are otherwise owned, and the caller, which keeps
  // both, copied the analysis (eight arrays) and the style to pass them, and this destroyed
  // them (~0.7 K instructions of a fallback-heavy paragraph).
  init(
    analysis: borrowing TextAnalysis, resolver: inout FontCascade.Resolver,
    style: borrowing TextStyle
  ) throws(CaliperError) {
    let scalars = analysis.scalars
    // Room for `fill`'s stores past the text's end (`fillRoom` entries), dropped after.
    var faceOf = [UInt16](filled: 0, count: scalars.count + Self.fillRoom)
    var chooser = FaceChooser(style)
    // The array's buffer taken once, for every stretch: a closure that captured the array
    // checked its uniqueness at each stretch (a call, ~36 stretches a fallback-heavy
    // paragraph).
    try faceOf.withUnsafeMutableBufferPointer { (faceArray) throws(CaliperError) in
      // (A copy: the closure's own `inout` buffer was reloaded before each store.)
      let faces = faceArray
      try chooser.choose(analysis, range: 0..<scalars.count, resolver: &resolver) {
        range, face, _ in
        Self.fill(faces, range, with: UInt16(face))
      }
    }
    // The runs while the room is there (`runs`' sentinel), then the room dropped.
    let found = Self.runs(analysis, faceOf: &faceOf)
    faceOf.removeLast(Self.fillRoom)
    self.faceOf = faceOf
    missing = chooser.missing
    runs = VerticalRuns.oriented(found, analysis, style)
  }

  /// The entries `fill` may write past a range's end.
  static let fillRoom = 15

  /// Writes `face` over `range` of `faces`, 16 entries at a time, past the range's end by
  /// up to `fillRoom` (room the buffer has after the text's end): `choose` hands over its
  /// stretches in order, each starting at or before the end of the one before and the last
  /// ending at the text's end, so what a stretch writes past its end the stretches after
  /// it write again.
  ///
  /// Problem: the compiler's loop for a stretch (a vector loop, a loop of 4 and one of 1,
  /// picked by the stretch's length) mispredicted about 50 branches a fallback-heavy
  /// paragraph, whose stretches are a word or a few long. Solution: one block of 16 for
  /// most stretches (with a test for the buffer's end, or a loop for it, the closure that
  /// calls this was no longer inlined into `choose`, which cost more than it saved).
  /// `TightLoopItemizationTests.fillMatchesEntryByEntry` compares the result with a fill of
  /// each entry.
  @inline(__always)
  static func fill(
    _ faces: UnsafeMutableBufferPointer<UInt16>, _ range: Range<Int>, with face: UInt16
  ) {
    // Four entries a word (a SIMD vector's generic code made the closure larger), stored
    // as raw bytes: the memory is bound to `UInt16` and a word's address is 2-aligned.
    let wide = UInt64(face) &* 0x0001_0001_0001_0001
    var bytes = UnsafeMutableRawPointer(faces.baseAddress.unsafelyUnwrapped + range.lowerBound)
    let end = UnsafeMutableRawPointer(faces.baseAddress.unsafelyUnwrapped + range.upperBound)
    repeat {
      bytes.storeBytes(of: wide, toByteOffset: 0, as: UInt64.self)
      bytes.storeBytes(of: wide, toByteOffset: 8, as: UInt64.self)
      bytes.storeBytes(of: wide, toByteOffset: 16, as: UInt64.self)
      bytes.storeBytes(of: wide, toByteOffset: 24, as: UInt64.self)
      bytes += 32
    } while bytes < end
  }

  /// The itemization of a text of `AnalysisShortcuts.isOneFaceLatin` characters
  /// (`TextAnalysis.oneScript`) whose first face draws every character, as `init` would
  /// make it without walking the face rules cluster by cluster: each cluster is one scalar,
  /// left-to-right, not emoji, in one script; each character that chooses a face chooses
  /// the first (the first face that covers it), and the spaces, which choose none, take it
  /// from the characters around them (or, in `.css` mode or a text of spaces only, choose
  /// the first face with a space: the first face too). So: one run, face 0, nothing
  /// missing. Nil (and the resolver's state as `init` leaves it) when any of that fails.
  static func oneFace(
    _ analysis: TextAnalysis, resolver: inout FontCascade.Resolver
  ) throws(CaliperError) -> Itemization? {
    guard let script = analysis.oneScript else { return nil }
    // Every text `init` itemizes opens the first face (its first lookup, or the space face).
    let first = try resolver.font(0)
    guard first.covers(" ") else { return nil }
    // The face the cascade's rules give a character that chooses one is the first face
    // that covers it: the first, wherever it covers (for ASCII a bit test).
    let printable = first.coversPrintableASCII
    let covered = analysis.scalars.withUnsafeBufferPointer { scalars in
      // Prose is nearly all printable ASCII: one compare a scalar before any lookup.
      let least: UInt32 = printable ? 0x7F : 0x21
      for scalar in scalars where scalar.value >= least {
        guard first.covers(scalar) else { return false }
      }
      return true
    }
    guard covered else { return nil }
    var items = Itemization()
    items.runs = [TextRun(range: 0..<analysis.scalars.count, face: 0, script: script, level: 0)]
    items.faceOf = []
    return items
  }

  /// Runs of one face, script and bidi level. `faceOf` holds each scalar's face and at
  /// least one entry after them, which this writes: a face other than the last scalar's, so
  /// that the search for the last run's end stops there without a test of the text's end.
  static func runs(_ analysis: TextAnalysis, faceOf: inout [UInt16]) -> [TextRun] {
    let count = analysis.scalars.count
    guard count > 0 else { return [] }
    // The sentinel's room: without it the raw buffer below would be written past its end.
    precondition(faceOf.count > count, "Itemization.runs needs an entry after the text")
    var runs: [TextRun] = []
    // A run a word or two in a mixed paragraph (about 50 in a fallback-heavy one of 260
    // scalars, which grew the array 8 → 64 in three copies, 1.6 K instructions a paragraph):
    // room for one every 5 scalars, but never more than 64 (the capacity the array's own
    // doubling reaches for 33 to 64 runs). The array is the prepared text's own (`runs` through
    // `VerticalRuns.oriented`), kept as long as the text: an unbounded estimate kept 2,008
    // unused runs' room (64 KB) for a 10,000-scalar paragraph of one run.
    runs.reserveCapacity(min(count / 5 + 8, 64))
    // Over raw buffers: each run's end found by a loop of its own (the face, script and
    // level compared in registers, one loop for text without levels; with the appends in
    // the same loop their values were reloaded from the stack at each scalar), the appends
    // per run; the face compared first (at the sentinel it differs: the script and level
    // after the text are never read). (Writing the runs into the array's room in place,
    // `Array(unsafeUninitializedCapacity:)`, took the array's metadata from the runtime at
    // each call, report-cold.md, i32fr.)
    analysis.bidiLevelsOrEmpty.withUnsafeBufferPointer { levels in
      analysis.scripts.withUnsafeBufferPointer { scripts in
        faceOf.withUnsafeMutableBufferPointer { faces in
          faces[count] = ~faces[count - 1]
          let leveled = !levels.isEmpty
          var runStart = 0
          repeat {
            let (face, script) = (faces[runStart], scripts[runStart])
            let level = leveled ? levels[runStart] : 0
            var next = runStart &+ 1
            if leveled {
              while faces[next] == face, scripts[next] == script, levels[next] == level {
                next &+= 1
              }
            } else {
              while faces[next] == face, scripts[next] == script { next &+= 1 }
            }
            runs.append(
              TextRun(range: runStart..<next, face: Int(face), script: script, level: level))
            runStart = next
          } while runStart < count
        }
      }
    }
    return runs
  }
}
