internal import CHarfBuzz

/// The pieces a run is shaped in: one list for measuring and drawing.
///
/// Problem: a line's width is a sum of the advances preparing shaped — each word alone
/// (through the shape cache), or the whole run with the paragraph as context — and drawing
/// must draw the glyphs of those very shapings, not of a reshaping of the line that
/// HarfBuzz's safe-to-break promise says is equal. Solution: one walk names the pieces
/// (`piece(from:in:scalars:boundaries:pieces:)`: the run, its words or its clusters); preparing shapes each into advances
/// (`shapeRun`), drawing shapes the pieces a line shows into glyphs
/// (`PreparedText.preparedGlyphs`), each through the one shaping loop
/// (`shape(_:boundaries:range:context:run:font:as:resume:stop:body:)`) with the same range,
/// context and boundaries; a long piece resumes at the cut preparing made
/// (`ShapedText.cutPieces`), so a line costs its own pieces, not the run's. Limitation: the
/// shape cache keeps advances only (glyph ids would add 4 bytes or more a glyph to every
/// entry), so drawing shapes a cached word again with the function that filled the entry.
struct RunPiece: Equatable {
  /// The scalars shaped in one call of the shaping loop.
  let range: Range<Int>
  /// Whether the paragraph is HarfBuzz's context (else the piece is shaped alone).
  let context: Bool
  /// Whether the shape cache keeps the piece (a word of at most `ShapeCache.longestWord`).
  let isCached: Bool
}

/// How a run is cut into pieces (`Shaper.pieces`).
enum RunPieces: Equatable {
  /// The whole run, with the paragraph as context.
  case run
  /// Word by word: a word and the spaces after it (`Shaper.shapesByWord`), alone where
  /// both its edges are spaces or the text's ends or no joining reaches across them
  /// (`edgesJoinNothing`), else (at a run's edge) with the paragraph as context. Never for
  /// a run HarfBuzz reverses (`reversesBuffer`), whose edges' rules would read the wrong
  /// ends.
  case words
  /// Word by word, every word alone: where the run's script is one whose HarfBuzz shaper
  /// reads no context (`readsNoContext`), a word at the run's edge shapes alone as in
  /// context, so it is cached too (a Latin word or an ellipsis between Japanese runs, a
  /// Devanagari word before an Arabic one). A run of one scalar that shapes alone as in
  /// context (`ShapingContext`) is one such word.
  case wordsAlone
  /// Cluster by cluster: each grapheme alone (`Shaper.shapesByCluster`).
  case clusters
  /// Where a run would go cluster by cluster (`shapesByCluster`) in a line: a word of at
  /// most `Shaper.longestClusterWord` scalars (with the spaces after it) alone, one cache
  /// lookup where its clusters were one each ("用于测量行宽 " between two Devanagari
  /// words: 7 lookups, now 1), a longer word cluster by cluster. The same advances: the
  /// face joins no clusters, so any cut between clusters shapes as the run does.
  case wordsOrClusters
}

extension Shaper {
  /// How preparing (and drawing) cuts `run` into pieces: by cluster where the face joins
  /// none (`shapesByCluster`; by word, each alone, in a script written with spaces), else by
  /// word where it may (`shapesByWord`), else whole.
  @inline(never)
  func pieces(_ run: TextRun, scalars: [Unicode.Scalar], font: Font, cacheEnabled: Bool)
    -> RunPieces
  {
    cut(run, scalars: scalars, font: font, cacheEnabled: cacheEnabled)
  }

  /// `pieces` of each of `runs` (in its face of `fonts`, read unretained), written to
  /// `kinds`: one call for a paragraph's runs, each run read where it is (a call a run
  /// packed its fields into registers, ~30 instructions; `Shaper.shapeRuns`).
  @inline(never)
  func pieces(
    of runs: UnsafeBufferPointer<TextRun>, fonts: UnsafeBufferPointer<Unmanaged<Font>?>,
    scalars: [Unicode.Scalar], cacheEnabled: Bool, into kinds: UnsafeMutableBufferPointer<RunPieces>
  ) {
    for index in runs.indices {
      let kind = fonts[runs[index].face]!._withUnsafeGuaranteedRef { font in
        cut(runs[index], scalars: scalars, font: font, cacheEnabled: cacheEnabled)
      }
      kinds.initializeElement(at: index, to: kind)
    }
  }

  /// `pieces`' answer.
  @inline(__always)
  private func cut(_ run: TextRun, scalars: [Unicode.Scalar], font: Font, cacheEnabled: Bool)
    -> RunPieces
  {
    guard cacheEnabled, mayShapeWords else { return .run }
    if shapesByCluster(run, font: font) {
      // A script written with spaces goes word by word, a lookup a word rather than a
      // letter (a face with no layout tables joins no clusters either): the same advances,
      // as any cut between clusters is. A run of one cluster (a bracket between two script
      // runs) is looked up too.
      guard run.range.count > 1, !run.isUpright else { return .clusters }
      return Self.spacedScripts(run.script) ? .wordsAlone : .wordsOrClusters
    }
    guard run.range.count > 1 else {
      // A run of one scalar (a space or a full stop between two script runs) has no cut
      // inside: it is looked up where it shapes alone as in context (`ShapingContext`).
      let alone =
        !run.isUpright && !run.isCombined
        && (Self.readsNoContext(run.script) || Self.edgesJoinNothing(run.range, scalars: scalars))
      return alone ? .wordsAlone : .run
    }
    guard shapesByWord(run, scalars: scalars, font: font) else { return .run }
    if Self.readsNoContext(run.script) { return .wordsAlone }
    // A joining script's run that HarfBuzz reverses (an Arabic word under U+202D) meets its
    // context at the piece's other ends: whole, in context.
    return Self.reversesBuffer(run) ? .run : .words
  }

  /// Whether preparing shapes `run` word by word, each word alone, rather than whole with
  /// the paragraph as context: where the face's space takes part in no lookup, or only in
  /// lookups none of the run's scalars can wake (`SpaceWakers`), so that shaping cannot
  /// reach across it, and the run is not upright (`pieces` asks the rest: no feature applies
  /// to a range, and the library has a shape cache).
  private func shapesByWord(_ run: TextRun, scalars: [Unicode.Scalar], font: Font) -> Bool {
    !run.isUpright
      && (font.spaceIsInert || Self.spaceSleeps(in: run.range, of: scalars, font: font))
  }

  /// Whether preparing shapes `run` cluster by cluster, each alone and through the shape
  /// cache: where the face can join no clusters (`Font.joinsNoClusters`), the run's script
  /// is one HarfBuzz shapes without choosing a glyph's features by its neighbours
  /// (`clusterScripts`), and — upright in vertical text — the face's own vertical advances
  /// are used, not ones synthesized at the style's size (`VerticalShaping`), so that the
  /// cached font units hold at every size. Upright runs are keyed apart (`ShapeWord`).
  private func shapesByCluster(_ run: TextRun, font: Font) -> Bool {
    font.joinsNoClusters && Self.clusterScripts(run.script)
      && (!run.isUpright || vertical.advancesInFontUnits(font))
  }

  /// Whether HarfBuzz 6 shapes `script` (`hb_script_t`) with its default shaper, or with
  /// its Hangul one (whose jamo composition and `ljmo`/`vjmo`/`tjmo` choice stay inside a
  /// syllable, one grapheme): no Arabic joining, Indic or Universal syllables, Thai or
  /// Hebrew fallbacks, which choose features or glyphs across graphemes. Common, Inherited
  /// and unknown text goes to the default shaper too. Neither shaper reads the buffer's
  /// context (the text around the shaped range): HarfBuzz reads it only for joining
  /// scripts and for a dotted circle at a text's start, a flag Caliper never sets; the
  /// GSUB and GPOS lookups see only the buffer's own glyphs.
  static func clusterScripts(_ script: UInt32) -> Bool {
    switch script {
    case HB_SCRIPT_HAN.rawValue, HB_SCRIPT_HIRAGANA.rawValue, HB_SCRIPT_KATAKANA.rawValue,
      HB_SCRIPT_BOPOMOFO.rawValue, HB_SCRIPT_HANGUL.rawValue, HB_SCRIPT_LATIN.rawValue,
      HB_SCRIPT_GREEK.rawValue, HB_SCRIPT_CYRILLIC.rawValue, HB_SCRIPT_COMMON.rawValue,
      HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue:
      return true
    default: return false
    }
  }

  /// The longest word (with the spaces after it) of a `.wordsOrClusters` run shaped as one
  /// piece: short enough that a run of ideographs with no space keeps its clusters as the
  /// cache's unit.
  static let longestClusterWord = 8

  /// Whether `script` (of `clusterScripts`) is written with spaces between words, so that a
  /// word is the cache's unit rather than a cluster.
  static func spacedScripts(_ script: UInt32) -> Bool {
    switch script {
    case HB_SCRIPT_LATIN.rawValue, HB_SCRIPT_GREEK.rawValue, HB_SCRIPT_CYRILLIC.rawValue,
      HB_SCRIPT_HANGUL.rawValue:
      return true
    default: return false
    }
  }

  /// Whether no scalar of `range` can wake the lookups `font`'s space takes part in
  /// (`SpaceWakers.sleep(_:in:)`, the wakers read in place).
  static func spaceSleeps(in range: Range<Int>, of scalars: [Unicode.Scalar], font: Font) -> Bool {
    font.withSpaceWakers { wakers in
      switch wakers {
      case .none: false
      case .some(let wakers):
        scalars.withUnsafeBufferPointer {
          wakers.sleep(UnsafeBufferPointer(rebasing: $0[range]), in: font)
        }
      }
    }
  }

  /// The piece of `run` that starts at `start` (a piece start): the whole run, a word up to
  /// and including the spaces after it (and any marks on the last of them: a word starts
  /// where a grapheme does), or a cluster (`clusterEnd`).
  @inline(__always)
  static func piece(
    from start: Int, in run: TextRun, scalars: [Unicode.Scalar],
    boundaries: some BooleanLookup, pieces: RunPieces
  ) -> RunPiece {
    switch pieces {
    case .run: return piece(run.range, scalars: scalars, pieces: .run)
    case .clusters:
      return alone(start..<clusterEnd(from: start, in: run, scalars: scalars, boundaries))
    case .words, .wordsAlone:
      let end = wordEnd(from: start, in: run, scalars: scalars, boundaries: boundaries)
      return pieces == .words ? word(start..<end, scalars: scalars) : alone(start..<end)
    case .wordsOrClusters:
      return wordOrCluster(from: start, in: run, scalars: scalars, boundaries: boundaries)
    }
  }

  /// The `.wordsOrClusters` piece from `start`: a short word from a word start, else a
  /// cluster (a long word's first and the rest). Out of line, so that `piece(from:)`
  /// stays small enough to be inlined into the shape cache's loop.
  @inline(never)
  static func wordOrCluster(
    from start: Int, in run: TextRun, scalars: [Unicode.Scalar], boundaries: some BooleanLookup
  ) -> RunPiece {
    if startsWord(start, in: run, scalars: scalars, boundaries: boundaries) {
      let end = wordEnd(from: start, in: run, scalars: scalars, boundaries: boundaries)
      if end - start <= longestClusterWord { return alone(start..<end) }
    }
    return alone(start..<clusterEnd(from: start, in: run, scalars: scalars, boundaries))
  }

  /// Whether a word of `run` starts at `offset`: the run's start, or a non-space after a
  /// space where a grapheme starts.
  @inline(__always)
  static func startsWord(
    _ offset: Int, in run: TextRun, scalars: [Unicode.Scalar], boundaries: some BooleanLookup
  ) -> Bool {
    offset == run.range.lowerBound
      || (scalars[offset - 1].value == 0x20 && scalars[offset].value != 0x20
        && boundaries[offset])
  }

  /// The piece whose range is `range`, known to be one: a word, a cluster, else a run.
  static func piece(_ range: Range<Int>, scalars: [Unicode.Scalar], pieces: RunPieces)
    -> RunPiece
  {
    switch pieces {
    case .run: RunPiece(range: range, context: true, isCached: false)
    case .words: word(range, scalars: scalars)
    case .clusters, .wordsAlone, .wordsOrClusters: alone(range)
    }
  }

  /// The word piece `range` of a run whose shaper may join: shaped alone where both its
  /// edges are spaces or the text's ends, or where no joining reaches across them
  /// (`edgesJoinNothing`: a word before a full stop of another run), and kept in the cache
  /// if short; else in context.
  @inline(__always)
  static func word(_ range: Range<Int>, scalars: [Unicode.Scalar]) -> RunPiece {
    let (start, end) = (range.lowerBound, range.upperBound)
    // Alone is the same as in context where both edges are spaces or text ends.
    let cleanStart = start == 0 || scalars[start - 1].value == 0x20
    let cleanEnd =
      end == scalars.count || scalars[end - 1].value == 0x20 || scalars[end].value == 0x20
    let clean = (cleanStart && cleanEnd) || edgesJoinNothing(range, scalars: scalars)
    return RunPiece(
      range: range, context: !clean, isCached: clean && range.count <= ShapeCache.longestWord)
  }

  /// A piece shaped alone whatever its edges (a cluster of a face that joins none, a word
  /// of a run whose shaper reads no context), kept if short.
  @inline(__always)
  static func alone(_ range: Range<Int>) -> RunPiece {
    RunPiece(range: range, context: false, isCached: range.count <= ShapeCache.longestWord)
  }

  /// Whether a cluster piece may start at `offset` (inside a run, after its start): where
  /// a grapheme starts (`boundaries`) after anything but a control character. After a
  /// control, ICU starts a grapheme before a mark (`Control ÷ Extend`) where HarfBuzz puts
  /// the mark in the control's cluster, so the two stay one piece.
  @inline(__always)
  static func startsCluster(
    _ offset: Int, scalars: UnsafeBufferPointer<Unicode.Scalar>, _ boundaries: some BooleanLookup
  ) -> Bool {
    boundaries[offset] && !isControl(scalars[offset - 1].value)
  }

  /// The end of the cluster piece of `run` from `start`: the next cluster piece start, or
  /// the run's end.
  @inline(__always)
  static func clusterEnd(
    from start: Int, in run: TextRun, scalars: [Unicode.Scalar], _ boundaries: some BooleanLookup
  ) -> Int {
    scalars.withUnsafeBufferPointer { scalars in
      let limit = min(run.range.upperBound, scalars.count)
      var end = start + 1
      while end < limit, !startsCluster(end, scalars: scalars, boundaries) { end += 1 }
      return min(end, limit)
    }
  }

  /// The start of the piece of `run` that holds `offset`: the run's start, the start of the
  /// word (`piece(from:in:scalars:boundaries:pieces:)`) holding it, found by looking back to
  /// the first non-space after a space where a grapheme starts, or the start of its cluster
  /// piece.
  static func pieceStart(
    containing offset: Int, in run: TextRun, scalars: [Unicode.Scalar],
    boundaries: some BooleanLookup, pieces: RunPieces
  ) -> Int {
    var start = offset
    switch pieces {
    case .run: return run.range.lowerBound
    case .clusters:
      scalars.withUnsafeBufferPointer { scalars in
        while start > run.range.lowerBound, !startsCluster(start, scalars: scalars, boundaries) {
          start -= 1
        }
      }
    case .words, .wordsAlone:
      while !startsWord(start, in: run, scalars: scalars, boundaries: boundaries) { start -= 1 }
    case .wordsOrClusters:
      // The word's start where the word is one piece, else the cluster's. A word of one
      // piece is at most `longestClusterWord` scalars, so it is looked for no further back
      // nor forward than that: a run of ideographs with no space is one long word, and
      // scanning it whole for each line drawn was quadratic in its length.
      let floor = max(run.range.lowerBound, offset - longestClusterWord)
      var word = start
      while word > floor, !startsWord(word, in: run, scalars: scalars, boundaries: boundaries) {
        word -= 1
      }
      if startsWord(word, in: run, scalars: scalars, boundaries: boundaries) {
        let end = wordEnd(
          from: word, in: run, scalars: scalars, boundaries: boundaries,
          before: word + longestClusterWord + 1)
        if end - word <= longestClusterWord { return word }
      }
      return pieceStart(
        containing: offset, in: run, scalars: scalars, boundaries: boundaries, pieces: .clusters)
    }
    return start
  }
}

/// A piece preparing shaped in several calls of the shaping loop (longer than
/// `Shaper.longestPiece`, or with an over-long grapheme), and where each call after the
/// first started: where drawing a line inside it resumes.
struct CutPiece: Sendable, Equatable {
  let range: Range<Int>
  private(set) var cuts: [Int]

  init(range: Range<Int>, cut: Int) {
    self.range = range
    cuts = [cut]
  }

  mutating func append(_ cut: Int) { cuts.append(cut) }

  /// The last cut at or before `offset`, if any.
  func cut(atOrBefore offset: Int) -> Int? {
    var (low, high) = (0, cuts.count)
    while low < high {
      let middle = (low + high) / 2
      if cuts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? cuts[low - 1] : nil
  }
}
