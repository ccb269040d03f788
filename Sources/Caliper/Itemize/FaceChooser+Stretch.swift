/// Itemize, face of each cluster: the tight loop's common steps over raw buffers.

extension FaceChooser {
  /// The tight loop's common steps (`choose`) over the analysis's buffers, for clusters from `next`
  /// that go on the item's stretch of `face` in the run's `script` and `level`: a plain cluster
  /// beyond ASCII whose face the library's table gives as `face`
  /// (`FontCascade.Resolver.knownPlainFace`), a printable ASCII character whose first face is
  /// `face` (this preparation's answer, else the library's table's), or a space (noted in
  /// `firstSpace` as `choose` notes it). Stops at the first cluster that is none of these, with
  /// `next` there; returns whether a cluster that chose `face` was taken, and, where that cluster
  /// is beyond ASCII in the run's script and level and the table did not give it `face`, its end
  /// (`choose` then asks `plainFace`; nil where the cluster ends the stretch whatever its face);
  /// where that cluster is in another script or level and its face is known (beyond ASCII: the
  /// table's, `knownPlainFace`, as `choose`'s general steps ask it first; a printable ASCII
  /// character alone: `face(ascii:previous:)`'s answer as it would read it), its end, face,
  /// script and level (`newRun`: a new run and item start there; a space alone in a run of
  /// its own there too, in the face `finishRun` would give it, choosing none). Asks nothing that
  /// opens a face or changes the resolver (`inout` only so that `hasFace` takes it without a
  /// copy), so that `choose` sees the same faces and answers as its steps alone would.
  ///
  /// Problem: `choose`'s loop paid about 80 instructions a cluster of a fallback-heavy
  /// paragraph in array bounds checks and reloads of the analysis's arrays. Solution: the
  /// same checks in one loop over unsafe buffers. `TightLoopItemizationTests` compares the
  /// result with the general rules.
  @inline(__always)
  static func scanStretch(
    from next: inout Int, to upper: Int, face: Int, script: UInt32, level: UInt8,
    _ analysis: TextAnalysis, _ resolver: inout FontCascade.Resolver, firstSpace: inout Int?
  ) -> (
    chose: Bool, askPlainFace: Int?,
    newRun: (end: Int, face: Int, script: UInt32, level: UInt8, chose: Bool)?
  ) {
    var chose = false
    var askPlainFace: Int?
    var newRun: (end: Int, face: Int, script: UInt32, level: UInt8, chose: Bool)?
    var index = next
    let levels = analysis.bidiLevelsOrEmpty
    // A cluster's face in a compare a scalar where their slots know them (most clusters).
    let plain = resolver.plainMatch(face)
    analysis.scalars.withUnsafeBufferPointer { scalars in
      analysis.scripts.withUnsafeBufferPointer { scripts in
        analysis.graphemeStart.withUnsafeBufferPointer { starts in
          levels.withUnsafeBufferPointer { levels in
            while index < upper {
              let value = scalars[index].value
              let indexLevel = levels.isEmpty ? 0 : levels[index]
              // The cluster's end, found once for every case below (one copy of the loop: the
              // function stays small enough for `choose` to inline).
              var end = index + 1
              while end < upper && !starts[end] { end += 1 }
              let ascii = value < 0x80
              guard scripts[index] == script, indexLevel == level else {
                // A space alone in a run of its own (between right-to-left and left-to-right
                // words): the general steps leave it pending, then give it the first face with
                // a space when the next cluster starts another run (`finishRun`'s
                // `spaceFace`), where this preparation knows that face. It chooses none
                // (`chose` false: `previous` stays).
                let space = resolver.knownFace(ascii: 0x20)
                if value == 0x20, end == index + 1, space >= 0,
                  end == upper || scripts[end] != scripts[index]
                    || (levels.isEmpty ? 0 : levels[end]) != indexLevel
                {
                  newRun = (end, space, scripts[index], indexLevel, false)
                  return
                }
                // Beyond ASCII, a plain cluster's face from the table; a printable ASCII
                // character alone (an English word among other scripts), the face
                // `face(ascii:previous:)` gives it: this preparation's answer, or where it has
                // none yet, the table's (which its `firstFace` would read, opening nothing:
                // `knownPlainFace` asks the face open).
                guard !ascii || (end == index + 1 && value > 0x20 && value != 0x7F) else { return }
                let known = ascii ? resolver.knownFace(ascii: Int(value)) : -1
                if let other = known >= 0 ? known : resolver.knownPlainFace(scalars, index..<end) {
                  newRun = (end, other, scripts[index], indexLevel, true)
                }
                return
              }
              if !ascii {
                // One scalar whose slot holds it plain in `face` (most), else `hasFace`.
                guard
                  end == index + 1 && plain.holds(value)
                    || Self.hasFace(face, index..<end, scalars, plain, &resolver)
                else {
                  askPlainFace = end
                  return
                }
                firstSpace = nil
                chose = true
              } else {
                guard end == index + 1 else { return }
                if value == 0x20 {
                  if firstSpace == nil { firstSpace = index }
                } else {
                  // Its face from this preparation's answers, else from the library's table as
                  // `face(ascii:previous:)` would read it the first time (`plain`: the face's
                  // entry, the face open).
                  guard value > 0x20, value != 0x7F,
                    resolver.knownFace(ascii: Int(value)) == face || plain.holds(value)
                  else { return }
                  firstSpace = nil
                  chose = true
                }
              }
              index = end
            }
          }
        }
      }
    }
    next = index
    return (chose, askPlainFace, newRun)
  }

  /// Whether `knownPlainFace` finds `face` for `cluster` (`scanStretch`: a cluster of more
  /// than one scalar, or one whose slot `plain` does not hold): the first scalar's slot holds
  /// it plain in `face`, and every other's holds it in `face` (`plain`), else the full
  /// lookup's answer. Out of line: about one cluster beyond ASCII in six of a fallback-heavy
  /// paragraph, and the loop keeps fewer values without the full lookup's. (The resolver
  /// `inout`, only read: taken by value it was copied whole at each call.)
  @inline(never)
  static func hasFace(
    _ face: Int, _ cluster: Range<Int>, _ scalars: UnsafeBufferPointer<Unicode.Scalar>,
    _ plain: FirstFaceTable.Match, _ resolver: inout FontCascade.Resolver
  ) -> Bool {
    if plain.holds(scalars[cluster.lowerBound].value) {
      var index = cluster.lowerBound + 1
      while index < cluster.upperBound, plain.holdsFace(scalars[index].value) { index += 1 }
      if index == cluster.upperBound { return true }
    }
    return resolver.knownPlainFace(scalars, cluster) == face
  }
}
