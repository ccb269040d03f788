/// Itemize, face of each cluster: the tight loop's common steps over raw buffers.

extension FaceChooser {
  /// A run and item that `scanStretch` started itself: its first cluster's range and face
  /// (`choose` hands that cluster to the face; the stretch before it ends at `start`).
  struct NewRun {
    var start = 0
    var end = 0
    var face = 0
  }

  /// The new runs one call of `scanStretch` takes before it returns.
  typealias NewRuns = InlineArray<16, NewRun>

  /// The tight loop's common steps (`choose`) over the analysis's buffers, for clusters from `next`
  /// that go on the item's stretch of `face` in the run's `script` and `level`: a plain cluster
  /// beyond ASCII whose face the library's table gives as `face`
  /// (`FontCascade.Resolver.knownPlainFace`), a printable ASCII character whose first face is
  /// `face` (this preparation's answer, else the library's table's), or a space (noted in
  /// `firstSpace` as `choose` notes it). Where a cluster is in another script or level and
  /// its face is known (beyond ASCII: the table's, `knownPlainFace`, as `choose`'s general
  /// steps ask it first; a printable ASCII character alone: `face(ascii:previous:)`'s answer
  /// as it would read it), a new run and item start there (a space alone in a run of its
  /// own too, in the face `finishRun` would give it, choosing none): it is added to `runs`
  /// (`count` of them; `choose` hands the stretches to their faces in order), `face`,
  /// `script` and `level` become the new run's, `firstSpace` nil, and the scan goes on from
  /// the cluster after it, up to `runs`' capacity. Stops at the first cluster that is none of
  /// these, with `next` there; returns the face that the last cluster that chose one chose
  /// (-1 if none did: `previous` stays), and, where the cluster it stopped at is beyond ASCII
  /// in the run's script and level and the table did not give it `face`, its end (`choose`
  /// then asks `plainFace`; nil where the cluster ends the stretch whatever its face). Asks
  /// nothing that opens a face or changes the resolver (`inout` only so that `hasFace` takes
  /// it without a copy), so that `choose` sees the same faces and answers as its steps alone
  /// would (the stretches handed over after the scan, not between its runs: handing one over
  /// opens its face, open already, and changes nothing the scan reads).
  ///
  /// Problem: `choose`'s loop paid about 80 instructions a cluster of a fallback-heavy
  /// paragraph in array bounds checks and reloads of the analysis's arrays; then, with the
  /// loop over unsafe buffers, about 170 a new run (39 a fallback-heavy paragraph): the loop
  /// left, the run's state set, the stretch handed over, and the buffers and the table's
  /// match taken again. Solution: the same checks in one loop over unsafe buffers, which goes
  /// on into the runs it starts, only the match taken again. `TightLoopItemizationTests`
  /// compares the result with the general rules.
  @inline(__always)
  static func scanStretch(
    from next: inout Int, to upper: Int, face: inout Int, script: inout UInt32,
    level: inout UInt8, _ analysis: TextAnalysis, _ resolver: inout FontCascade.Resolver,
    firstSpace: inout Int?, runs: inout NewRuns, count: inout Int
  ) -> (chosen: Int, askPlainFace: Int?) {
    var chosen = -1
    var askPlainFace: Int?
    var index = next
    // `firstSpace` in a local, -1 for none (written back once: as the field, it was two
    // stores a cluster).
    var space = firstSpace ?? -1
    let levels = analysis.bidiLevelsOrEmpty
    // A cluster's face in a compare a scalar where their slots know them (most clusters).
    var plain = resolver.plainMatch(face)
    analysis.scalars.withUnsafeBufferPointer { scalars in
      analysis.scripts.withUnsafeBufferPointer { scripts in
        analysis.graphemeStart.withUnsafeBufferPointer { starts in
          levels.withUnsafeBufferPointer { levels in
            while index < upper {
              let value = scalars[index].value
              let indexLevel = levels.isEmpty ? 0 : levels[index]
              let ascii = value < 0x80
              guard scripts[index] == script, indexLevel == level else {
                let end = Self.clusterEnd(index, upper, starts)
                // A space alone in a run of its own (between right-to-left and left-to-right
                // words): the general steps leave it pending, then give it the first face with
                // a space when the next cluster starts another run (`finishRun`'s
                // `spaceFace`), where this preparation knows that face. It chooses none
                // (`chosen` stays: so does `previous`).
                guard count < runs.count else { return }
                var other = resolver.knownFace(ascii: 0x20)
                let lone =
                  value == 0x20 && end == index + 1 && other >= 0
                  && (end == upper || scripts[end] != scripts[index]
                    || (levels.isEmpty ? 0 : levels[end]) != indexLevel)
                // Beyond ASCII, a plain cluster's face from the table; a printable ASCII
                // character alone (an English word among other scripts), the face
                // `face(ascii:previous:)` gives it: this preparation's answer, or where it has
                // none yet, the table's (which its `firstFace` would read, opening nothing:
                // `knownPlainFace` asks the face open).
                if !lone {
                  guard !ascii || (end == index + 1 && value > 0x20 && value != 0x7F) else {
                    return
                  }
                  let known = ascii ? resolver.knownFace(ascii: Int(value)) : -1
                  guard
                    let found = known >= 0 ? known : resolver.knownPlainFace(scalars, index..<end)
                  else { return }
                  other = found
                  chosen = found
                }
                // The new run (`choose`'s steps for it: the stretch before ends, a run and
                // item start in `other`), and the scan goes on in it.
                runs[count] = NewRun(start: index, end: end, face: other)
                count += 1
                (face, script, level) = (other, scripts[index], indexLevel)
                plain = resolver.plainMatch(face)
                space = -1
                index = end
                continue
              }
              var end: Int
              if !ascii {
                end = Self.clusterEnd(index, upper, starts)
                // One scalar whose slot holds it plain in `face` (most), else `hasFace`.
                guard
                  end == index + 1 && plain.holds(value)
                    || Self.hasFace(face, index..<end, scalars, plain, &resolver)
                else {
                  askPlainFace = end
                  return
                }
                space = -1
                chosen = face
                // The plain clusters after it in the run, in a loop of their own.
                end = Self.heldClustersEnd(
                  from: end, to: upper, scalars, scripts, levels, starts, script: script,
                  level: level, plain)
              } else {
                // An ASCII character is its cluster's one scalar unless a mark follows (rare):
                // the next flag tested, no search for the cluster's end.
                end = index &+ 1
                guard end == upper || starts[end] else { return }
                if value == 0x20 {
                  if space < 0 { space = index }
                } else {
                  // Its face from this preparation's answers, else from the library's table as
                  // `face(ascii:previous:)` would read it the first time (`plain`: the face's
                  // entry, the face open).
                  guard value > 0x20, value != 0x7F,
                    resolver.knownFace(ascii: Int(value)) == face || plain.holds(value)
                  else { return }
                  space = -1
                  chosen = face
                }
              }
              index = end
            }
          }
        }
      }
    }
    next = index
    firstSpace = space < 0 ? nil : space
    return (chosen, askPlainFace)
  }

  /// The end of the plain clusters from `start` that `scanStretch` would take one by one in
  /// the stretch of `plain`'s face: each beyond ASCII, in `script` and `level` (at its first
  /// scalar, as the scan reads them), its first scalar's slot holding it plain in the face
  /// (`plain.holds`) and every other scalar's holding it in the face (`plain.holdsFace`, as
  /// `hasFace` asks first). Stops at the first cluster that is not, which the scan then
  /// takes up (`start` if the first is not).
  ///
  /// Problem: inlined into `choose`, whose loop keeps too many values live, the scan's
  /// loop spent about 48 instructions on such a cluster, most of them reloads from the
  /// stack. Solution: after the scan's first plain cluster of a word, the rest in this
  /// loop out of line over raw pointers, its few values in registers.
  /// `TightLoopItemizationTests` compares the result with the general rules.
  @inline(never)
  static func heldClustersEnd(
    from start: Int, to upper: Int, _ scalars: UnsafeBufferPointer<Unicode.Scalar>,
    _ scripts: UnsafeBufferPointer<UInt32>, _ levels: UnsafeBufferPointer<UInt8>,
    _ starts: UnsafeBufferPointer<Bool>, script: UInt32, level: UInt8,
    _ plain: FirstFaceTable.Match
  ) -> Int {
    // (The buffers as the scan has them: unwrapping base addresses there made blocks that
    // tipped `give` out of `choose`'s inlining.)
    let leveled = !levels.isEmpty
    var index = start
    while index < upper {
      let value = scalars[index].value
      guard value >= 0x80, scripts[index] == script, plain.holds(value) else { break }
      if leveled && levels[index] != level { break }
      var end = index &+ 1
      while end < upper && !starts[end] {
        guard plain.holdsFace(scalars[end].value) else { return index }
        end &+= 1
      }
      index = end
    }
    return index
  }

  /// The end of the cluster that starts at `index` (the next grapheme start, or `upper`):
  /// where nine flags may be read from `index`, the eight after it read as one word and the
  /// first set one found by its trailing zeros (a loop over the flags mispredicted at the
  /// clusters' lengths, one to four scalars in Devanagari); a cluster of more than eight
  /// scalars, or one of the text's last, by the loop.
  @inline(__always)
  static func clusterEnd(_ index: Int, _ upper: Int, _ starts: UnsafeBufferPointer<Bool>) -> Int {
    if index &+ 9 <= starts.count {
      // A `Bool` is stored as the byte 0 or 1: the first set byte's bit is 8 × its place,
      // once the bytes are read in little-endian order (no work on this machine's order).
      let word = UInt64(
        littleEndian: UnsafeRawPointer(starts.baseAddress.unsafelyUnwrapped + index + 1)
          .loadUnaligned(as: UInt64.self))
      if word != 0 { return min(index &+ 1 &+ word.trailingZeroBitCount &>> 3, upper) }
    }
    return scannedClusterEnd(index, upper, starts)
  }

  /// `clusterEnd` flag by flag. Out of line: rare (a cluster of more than eight scalars, or
  /// one of the text's last nine), and `scanStretch`, inlined into `choose`, stays smaller.
  @inline(never)
  static func scannedClusterEnd(_ index: Int, _ upper: Int, _ starts: UnsafeBufferPointer<Bool>)
    -> Int
  {
    var end = index + 1
    while end < upper && !starts[end] { end += 1 }
    return end
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
