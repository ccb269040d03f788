internal import CHarfBuzz

/// Shape: a paragraph's runs through the shape cache, one loop over them all.
///
/// Problem: nearly every word of a prepared text is a hit in the shape cache, and a
/// fallback-heavy paragraph has about 43 runs of one or two words each: a call a run, the
/// cache's lock taken a run, the stretch's setup a run and a `TextRun` passed to each were
/// ~250 instructions a run before its first lookup (`Benchmarks/Scripts/report-cold.md`,
/// i32rl). Solution: `shapeRuns` finds how every run is cut first (`pieces`, outside the
/// lock: it may read a face's tables), then walks the runs' pieces with one lock for every
/// hit up to the next piece to shape, across the runs' ends (`cachedStretch`). Limitation:
/// a styled text whose runs differ in style is shaped a run a call (its shaper changes).
extension Shaper {
  /// Shapes `runs` of a text's `scalars` (whose grapheme starts are `graphemeStart`, the
  /// analysis's), each in its face of `fonts` (read unretained), and writes each scalar's
  /// advance in points, cluster start and unsafe-to-break flag; word by word (or cluster by
  /// cluster) through `cache` where it may. The two arrays rather than the whole
  /// `TextAnalysis`: passed indirectly, the analysis was copied onto the stack for each run.
  ///
  /// Problem: the cache's lock taken once a word (twice more for a miss: the whole key's
  /// lookup and the insert) was 37 lock pairs a Gatsby paragraph. Solution: one lock for
  /// the words up to the next one to shape (`cachedStretch`), across the runs' ends, which
  /// stores the hits under it and counts the miss; the miss is shaped outside the lock and
  /// inserted under a lock of its own (`shapeAndInsertMiss`) before the next words'
  /// lookups: at most 1 + 2 × misses locks a text (and one more for each piece not
  /// cached), and each thread's lookups, misses, inserts and evictions come in the order a
  /// lock a word gave them. How each run is cut (`pieces`, which may read a face's tables
  /// the first time: `Font.spaceWakers`) is found for every run first, outside the lock
  /// (the file's note says why the runs share one loop). Nothing that needs destroying (a
  /// key, a shaped word) is held from one piece to the next: optionals of them were
  /// destroyed through the runtime's generic value witnesses at each run's end, about 190
  /// instructions a run.
  func shapeRuns(
    _ runs: UnsafeBufferPointer<TextRun>, fonts: UnsafeBufferPointer<Unmanaged<Font>?>,
    scalars: [Unicode.Scalar], graphemeStart: [Bool], cache: ShapeCache,
    into output: inout ShapedText
  ) {
    guard !runs.isEmpty else { return }
    withUnsafeTemporaryAllocation(of: RunPieces.self, capacity: runs.count) { kinds in
      pieces(
        of: runs, fonts: fonts, scalars: scalars, cacheEnabled: cache.isEnabled, into: kinds)
      let kinds = UnsafeBufferPointer(kinds)
      var index = 0
      var next: RunPiece? =
        runs[0].range.isEmpty
        ? Self.nextPiece(
          after: &index, runs: runs, kinds: kinds, scalars: scalars,
          graphemeStart: graphemeStart, clearingUnsafe: { output.clearUnsafeIfSet(at: $0) })
        : Self.piece(
          from: runs[0].range.lowerBound, in: runs[0], scalars: scalars,
          boundaries: graphemeStart, pieces: kinds[0])
      while var piece = next {
        if piece.isCached {
          // A plain variable set under the lock, not a result returned through it: a generic
          // result's type was looked up in the runtime a call.
          var stretch = Stretch.runEnds
          // The features as a buffer, for the lookups' trivial probes (`ShapeKey.Probe`);
          // the output's storage taken once for the stretch's stores (`ShapedStores`).
          styleFeatures.withUnsafeBufferPointer { features in
            output.withStores { stores in
              cache.cache.withLock { storage in
                stretch = cachedStretch(
                  from: &piece, at: &index, runs: runs, kinds: kinds, fonts: fonts,
                  scalars: scalars, graphemeStart: graphemeStart, features: features,
                  storage: &storage, into: &stores)
              }
            }
          }
          if stretch == .runEnds { return }
          let run = runs[index]
          if stretch == .missed {
            fonts[run.face]!._withUnsafeGuaranteedRef { font in
              shapeAndInsertMiss(
                piece, run: run, scalars: scalars, graphemeStart: graphemeStart, font: font,
                cache: cache, into: &output)
            }
          } else {
            shapeUncached(
              piece, run: run, font: fonts[run.face]!, scalars: scalars,
              graphemeStart: graphemeStart, into: &output)
          }
        } else {
          let run = runs[index]
          shapeUncached(
            piece, run: run, font: fonts[run.face]!, scalars: scalars,
            graphemeStart: graphemeStart, into: &output)
        }
        let run = runs[index]
        next =
          piece.range.upperBound < run.range.upperBound
          ? Self.piece(
            from: piece.range.upperBound, in: run, scalars: scalars, boundaries: graphemeStart,
            pieces: kinds[index])
          : Self.nextPiece(
            after: &index, runs: runs, kinds: kinds, scalars: scalars,
            graphemeStart: graphemeStart, clearingUnsafe: { output.clearUnsafeIfSet(at: $0) })
      }
    }
  }

  /// Shapes `piece` of `run`, which the cache does not keep, from its plan's pair table or
  /// through HarfBuzz (the run whole, or a word in context, or (clean and long) alone,
  /// without keeping it), and stores it.
  private func shapeUncached(
    _ piece: RunPiece, run: TextRun, font: Unmanaged<Font>, scalars: [Unicode.Scalar],
    graphemeStart: [Bool], into output: inout ShapedText
  ) {
    font._withUnsafeGuaranteedRef { font in
      guard !storePairs(scalars, range: piece.range, run: run, font: font, into: &output)
      else { return }
      // The closure takes the scalars alone: the analysis whole was a copy of it a piece.
      shape(
        scalars, boundaries: graphemeStart, range: piece.range, context: piece.context,
        run: run, font: font, as: PackedPiece.self
      ) { part in
        if part.start != piece.range.lowerBound { output.noteCut(part.start, in: piece.range) }
        output.store(part.values[...], at: part.start, font: font, scalars: scalars)
      }
    }
  }

  /// Finishes run `index`, every piece of it stored, and returns the first piece of the
  /// next run with scalars, `index` moved to it; nil after the last run. A run's own start
  /// is a safe place to cut where it is cut in pieces (each run is shaped on its own
  /// anyway): its flag is cleared (`clearingUnsafe`, which reads it first: the flag is
  /// nearly never set).
  @inline(__always)
  private static func nextPiece(
    after index: inout Int, runs: UnsafeBufferPointer<TextRun>,
    kinds: UnsafeBufferPointer<RunPieces>, scalars: [Unicode.Scalar], graphemeStart: [Bool],
    clearingUnsafe: (Int) -> Void
  ) -> RunPiece? {
    repeat {
      let start = runs[index].range.lowerBound
      if kinds[index] != .run { clearingUnsafe(start) }
      index += 1
      guard index < runs.count else { return nil }
    } while runs[index].range.isEmpty
    return piece(
      from: runs[index].range.lowerBound, in: runs[index], scalars: scalars,
      boundaries: graphemeStart, pieces: kinds[index])
  }

  /// How `cachedStretch` left the runs (or `cachedWords` a run): every word to the end a
  /// hit, or at a piece that missed (counted), or at one the cache does not keep.
  private enum Stretch {
    case runEnds, missed, notCached
  }

  /// Under the cache's lock: from `piece` of run `index`, stores each cached word that is
  /// a hit, run after run, and leaves in `piece` (and `index`) the first that is not
  /// (`.missed`, its miss counted) or is not cached at all (`.notCached`); returns
  /// `.runEnds` instead when every word to the last run's end was a hit.
  @inline(never)
  private func cachedStretch(
    from piece: inout RunPiece, at index: inout Int, runs: UnsafeBufferPointer<TextRun>,
    kinds: UnsafeBufferPointer<RunPieces>, fonts: UnsafeBufferPointer<Unmanaged<Font>?>,
    scalars: [Unicode.Scalar], graphemeStart: [Bool], features: UnsafeBufferPointer<FontFeature>,
    storage: inout LRUCache<ShapeKey, ShapedPiece>.Storage, into output: inout ShapedStores
  ) -> Stretch {
    while true {
      let run = runs[index]
      // What the words read of the run's face, read here: the face borrowed in a closure
      // around the run's words was a call a run.
      let (serial, units) = fonts[run.face]!._withUnsafeGuaranteedRef { ($0.serial, $0.units) }
      let stretch = cachedWords(
        from: &piece, run: run, pieces: kinds[index], scalars: scalars,
        graphemeStart: graphemeStart, serial: serial, units: units, features: features,
        storage: &storage, into: &output)
      guard stretch == .runEnds else { return stretch }
      guard
        let next = Self.nextPiece(
          after: &index, runs: runs, kinds: kinds, scalars: scalars,
          graphemeStart: graphemeStart,
          clearingUnsafe: { if output.isUnsafe(before: $0) { output.clearUnsafe(at: $0) } })
      else { return .runEnds }
      piece = next
    }
  }

  /// `cachedStretch` over one run: from `piece`, stores each cached word that is a hit,
  /// and leaves in `piece` the first that is not (`.missed`, its miss counted) or is not
  /// cached at all (`.notCached`); returns `.runEnds` instead when every word to the run's
  /// end was a hit.
  @inline(__always)
  private func cachedWords(
    from piece: inout RunPiece, run: TextRun, pieces: RunPieces, scalars: [Unicode.Scalar],
    graphemeStart: [Bool], serial: UInt64, units: FontUnits,
    features: UnsafeBufferPointer<FontFeature>,
    storage: inout LRUCache<ShapeKey, ShapedPiece>.Storage, into output: inout ShapedStores
  ) -> Stretch {
    while true {
      guard piece.isCached else { return .notCached }
      let word = shapeWord(piece.range, run: run, serial: serial, scalars: scalars)
      // A word seen before is stored from the cache without making its key; a longer one's
      // digest takes its scalars, which the probe compares where they are.
      let cached =
        word.fits
        ? storage.hit(for: ShapeKey.Probe(word: word, features: features), hash: word.cacheHash)
        : longWordHit(
          piece.range, run: run, serial: serial, scalars: scalars, features: features,
          storage: &storage)
      guard let cached else {
        storage.countMiss()
        return .missed
      }
      output.storeWord(in: cached, at: piece.range.lowerBound, units: units, scalars: scalars)
      guard piece.range.upperBound < run.range.upperBound else { return .runEnds }
      piece = Self.piece(
        from: piece.range.upperBound, in: run, scalars: scalars, boundaries: graphemeStart,
        pieces: pieces)
    }
  }

  /// The shape-cache key's parts of the word `range` of `run` (`ShapeWord`): what a lookup
  /// compares, and what a missed word's key is made from.
  @inline(__always)
  private func shapeWord(
    _ range: Range<Int>, run: TextRun, serial: UInt64, scalars: [Unicode.Scalar]
  ) -> ShapeWord {
    scalars.withUnsafeBufferPointer { scalars in
      ShapeWord(
        font: serial, script: run.script, rightToLeft: run.isRightToLeft,
        upright: run.isUpright, language: Int(bitPattern: UnsafeRawPointer(language)),
        featuresDigest: featuresDigest, word: UnsafeBufferPointer(rebasing: scalars[range]),
        seeds: wordSeeds, readable: scalars.count &- range.lowerBound)
    }
  }

  /// Shapes `piece`, a cached word `cachedStretch` missed, alone, stores it, and inserts it
  /// in `cache` under its key. Out of line: a miss is rare once a text's words were seen,
  /// and its key and shaped word are destroyed here, not in every run's loop.
  @inline(never)
  private func shapeAndInsertMiss(
    _ piece: RunPiece, run: TextRun, scalars: [Unicode.Scalar], graphemeStart: [Bool],
    font: Font, cache: ShapeCache, into output: inout ShapedText
  ) {
    let packed = shape(
      scalars, boundaries: graphemeStart, range: piece.range, context: false, run: run,
      font: font)
    let value = ShapedPiece(packed: packed, scalars: scalars[piece.range])
    withUnsafePointer(to: value) {
      output.storeWord(in: $0, at: piece.range.lowerBound, font: font, scalars: scalars)
    }
    let key = ShapeKey(
      word: shapeWord(piece.range, run: run, serial: font.serial, scalars: scalars),
      features: styleFeatures, scalars: scalars[piece.range])
    cache.cache.insert(value, for: key, cost: key.cost)
  }
}

extension Shaper {
  /// `cachedStretch`'s lookup of the word `range` of `run`, longer than the key's lanes. Not
  /// inlined (its code in the loop cost every word's lookup, 0.2 K a synthetic mixed paragraph);
  /// its `ShapeWord` made here (one passed, in memory, was written to the stack every word).
  @inline(never)
  fileprivate func longWordHit(
    _ range: Range<Int>, run: TextRun, serial: UInt64, scalars: [Unicode.Scalar],
    features: UnsafeBufferPointer<FontFeature>,
    storage: inout LRUCache<ShapeKey, ShapedPiece>.Storage
  ) -> UnsafePointer<ShapedPiece>? {
    var long = ShapeWord(
      beyondLanes: range.count, font: serial, script: run.script,
      rightToLeft: run.isRightToLeft, upright: run.isUpright,
      language: Int(bitPattern: UnsafeRawPointer(language)), featuresDigest: featuresDigest,
      seeds: wordSeeds)
    return scalars.withUnsafeBufferPointer {
      let scalars = UnsafeBufferPointer(rebasing: $0[range])
      long.addScalars(scalars)
      return storage.hit(
        for: ShapeKey.Probe(word: long, features: features, scalars: scalars),
        hash: long.cacheHash)
    }
  }
}
