/// Itemize, face of each cluster: the tight loop's common steps over raw buffers.

extension FaceChooser {
  /// The tight loop's common steps (`choose`) over the analysis's buffers, for clusters from `next`
  /// that go on the item's stretch of `face` in the run's `script` and `level`: a plain cluster
  /// beyond ASCII whose face the library's table gives as `face`
  /// (`FontCascade.Resolver.knownPlainFace`), a printable ASCII character whose first face is
  /// `face`, or a space (noted in `firstSpace` as `choose` notes it). Stops at the first cluster
  /// that is none of these, with `next` there; returns whether a cluster that chose `face` was
  /// taken, and, where that cluster is beyond ASCII in the run's script and level and the table did
  /// not give it `face`, its end (`choose` then asks `plainFace`; nil where the cluster ends the
  /// stretch whatever its face); where that cluster is beyond ASCII in another script or level and
  /// the table gives its face (`knownPlainFace`, as `choose`'s general steps ask it first), its
  /// end, face, script and level (`newRun`: a new run and item start there). Asks nothing that
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
    newRun: (end: Int, face: Int, script: UInt32, level: UInt8)?
  ) {
    var chose = false
    var askPlainFace: Int?
    var newRun: (end: Int, face: Int, script: UInt32, level: UInt8)?
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
              guard scripts[index] == script, indexLevel == level else {
                guard value >= 0x80 else { return }
                var end = index + 1
                while end < upper && !starts[end] { end += 1 }
                if let other = resolver.knownPlainFace(scalars, index..<end) {
                  newRun = (end, other, scripts[index], indexLevel)
                }
                return
              }
              if value >= 0x80 {
                var end = index + 1
                while end < upper && !starts[end] { end += 1 }
                guard
                  end == index + 1
                    ? plain.holds(value) || resolver.knownPlainFace(scalars, index..<end) == face
                    : Self.hasFace(face, index..<end, scalars, plain, &resolver)
                else {
                  askPlainFace = end
                  return
                }
                firstSpace = nil
                chose = true
                index = end
                continue
              }
              guard index + 1 == upper || starts[index + 1] else { return }
              if value == 0x20 {
                if firstSpace == nil { firstSpace = index }
              } else {
                guard value > 0x20, value != 0x7F, resolver.knownFace(ascii: Int(value)) == face
                else { return }
                firstSpace = nil
                chose = true
              }
              index += 1
            }
          }
        }
      }
    }
    next = index
    return (chose, askPlainFace, newRun)
  }

  /// Whether `knownPlainFace` finds `face` for `cluster`, a cluster of more than one scalar
  /// (`scanStretch`): the first scalar's slot holds it plain in `face`, and every other's
  /// holds it in `face` (`plain`), else the full lookup's answer. Out of line: about one
  /// cluster beyond ASCII in six of a fallback-heavy paragraph, and the loop keeps fewer
  /// values without the full lookup's. (The resolver `inout`, only read: taken by value it
  /// was copied whole at each call.)
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
