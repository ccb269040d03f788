/// Itemize, face of each cluster: the cascade's choice, and Pango's rule for clusters that
/// choose none.
///
/// Problem: a space drawn in the face before it is wrong where that face is a fallback
/// ("😀 Label" would measure its space in the emoji face, 19.92 pt instead of Noto Sans's
/// 4.16 pt), and a face picked for the space alone is wrong too (it would split runs at
/// every space). Solution: Pango 1.50's itemizer (`itemize_state_process_run` and
/// `itemize_state_add_character`), cluster by cluster. Spaces, controls, format characters
/// and variation selectors choose no face (`FontCascade.Resolver.choosesNoFace`). Within a
/// run of one script, bidi level and emoji presentation (an emoji-presentation cluster is
/// a run of its own), such clusters go with the face before them; where the next face is
/// earlier in the cascade (less of a fallback) those trailing them move to it ("है 1":
/// the space goes with "1" in Noto Sans; "1 है": it stays with "1"). At the start of a run
/// they take the next face chosen; at its end they keep the face before them ("है abc":
/// the space stays Devanagari, the script changes at "a"); a run with no face at all takes
/// the first face with a space. A tab or U+2028 ends its item and starts one of its own, so
/// nothing moves across it. Limitation: decided per grapheme cluster, where Pango decides
/// per character (a cluster of a space and a combining mark chooses a face).
struct FaceChooser {
  /// Characters no face covered, in order of first appearance.
  var missing: [Unicode.Scalar] = []
  private var seenMissing = Set<UInt32>()

  // The Pango item being filled: its first cluster, face and cascade rank (lower is less of
  // a fallback; `Int.max` for a face that covers nothing of it).
  private var hasItem = false
  private var itemStart = 0
  private var itemFace: Int?
  private var itemRank = Int.max
  /// Where the clusters that chose no face at the end of the item begin.
  private var firstSpace: Int?
  /// Where the run's leading clusters that chose no face begin, while no face is known.
  private var pending: Int?
  private var lastWasForcedBreak = false
  /// The stretch given a face and not yet handed to `assign` (`give`).
  private var held: (range: Range<Int>, face: Int)?
  /// Whether every cluster, spaces included, takes the first face of the cascade that has
  /// it, or the first face when none has: in `.css` mode, as Blink's font fallback does
  /// (a space between Hebrew or Korean words is Noto Sans's 4.16 pt, not the Hebrew or
  /// Korean face's; "―" after kana is Noto Sans's; an uncovered "〻" is Noto Sans's
  /// .notdef).
  private let browserFallback: Bool

  /// Whether runs of clusters that go on the item's stretch are taken in the tight loop
  /// (the ASCII characters, spaces and plain clusters beyond ASCII), which also starts a
  /// new run and item itself at a plain cluster beyond ASCII or a printable ASCII character
  /// in another script or level whose face is known (`scanStretch`'s `newRun`), and plain
  /// clusters beyond ASCII elsewhere without the general rules' questions; false sends
  /// every cluster through the general rules, the reference `TightLoopItemizationTests`
  /// compares both with.
  var tightLoop = true

  init(_ style: borrowing TextStyle) {
    browserFallback = style.breakRules == .css
  }

  /// Receives a stretch of one face: its scalar range and cascade index, with the resolver
  /// (whose `font(_:)` gives the face's font, open already).
  typealias Assign = (Range<Int>, Int, inout FontCascade.Resolver) throws(CaliperError) -> Void

  /// Chooses the cascade face of every cluster of `range` (one style's piece of the text)
  /// and hands each stretch of one face to `assign`.
  mutating func choose(
    _ analysis: TextAnalysis, range: Range<Int>, resolver: inout FontCascade.Resolver,
    assign: Assign
  ) throws(CaliperError) {
    let scalars = analysis.scalars
    var previous: Int?
    var runScript: UInt32 = 0
    var runLevel: UInt8 = 0
    var runIsEmoji = false
    var cluster = range.lowerBound
    // The runs each call of `scanStretch` starts itself (room made once a `choose`).
    var newRuns = NewRuns(repeating: NewRun())
    startRun()
    while cluster < range.upperBound {
      if tightLoop, var face = itemFace, hasItem, !lastWasForcedBreak, !runIsEmoji,
        !browserFallback, let stretch = held, stretch.face == face,
        stretch.range.upperBound == cluster
      {
        // The common case in a tight loop: clusters in the run's script and level that go
        // on the item's stretch, taken exactly as the general code below takes them: a
        // printable ASCII character or a plain cluster beyond ASCII whose face is the
        // item's (it chooses it), or a space (it chooses none and takes the item's). Any
        // other cluster goes on below.
        var next = cluster
        var start = stretch.range.lowerBound
        while next < range.upperBound {
          // The steps below, over the buffers and the library's table alone, as far as they
          // go (`scanStretch`, the one copy of the stretch's rules), into the runs it starts
          // itself; where it stopped at a cluster beyond ASCII the table could not give
          // `face` for, `plainFace` decides it: the general code below would find a cluster
          // whose face `plainFace` gives no emoji, choosing that face, and give it to the
          // item's stretch.
          var (runFace, count) = (face, 0)
          let scan = Self.scanStretch(
            from: &next, to: range.upperBound, face: &face, script: &runScript,
            level: &runLevel, analysis, &resolver, firstSpace: &firstSpace, runs: &newRuns,
            count: &count)
          if scan.chosen >= 0 { previous = scan.chosen }
          if count > 0 {
            // Each new run (a plain cluster beyond ASCII or a printable ASCII character in
            // another script or level, its face known; or a space alone in a run of its own)
            // as the general code's steps for it below: the stretch before it ends, its
            // first cluster goes to its face (`finishRun` has nothing pending here, an item
            // holds a face), in order. The last one's run and item go on.
            for index in 0..<count {
              let run = newRuns[index]
              held = (start..<run.start, runFace)
              try give(run.start..<run.end, run.face, &resolver, assign)
              (runFace, start) = (run.face, held!.range.lowerBound)
            }
            // (`startRun`'s state is the tight loop's already: no forced break, nothing
            // pending, no emoji; `scanStretch` set `firstSpace` after the last new run.)
            let last = newRuns[count - 1]
            (hasItem, itemStart, itemFace, itemRank) = (true, last.start, last.face, last.face)
          }
          guard let end = scan.askPlainFace, try resolver.plainFace(scalars[next..<end]) == face
          else { break }
          firstSpace = nil
          previous = face
          next = end
        }
        if next > cluster {
          held = (start..<next, face)
          cluster = next
          continue
        }
      }
      var end = cluster + 1
      while end < range.upperBound && !analysis.graphemeStart[end] { end += 1 }
      let first = scalars[cluster].value
      var plain =
        tightLoop && first >= 0x80
        ? scalars.withUnsafeBufferPointer { resolver.knownPlainFace($0, cluster..<end) } : nil
      if tightLoop, first >= 0x80, plain == nil {
        plain = try resolver.plainFace(scalars[cluster..<end])
      }
      if let face = plain {
        // A plain cluster beyond ASCII that the tight loop could not take (the first of a
        // run, a word in another script or face): the general code below would find it
        // no emoji, choosing a face, that face (`plainFace`'s), covered, and no forced
        // break. The same steps without asking the cluster's facts again.
        let script = analysis.scripts[cluster]
        let level = analysis.level(at: cluster)
        if cluster > range.lowerBound && (script != runScript || level != runLevel || runIsEmoji) {
          if pending != nil { try finishRun(at: cluster, resolver: &resolver, assign: assign) }
          startRun()
        }
        (runScript, runLevel, runIsEmoji) = (script, level, false)
        previous = face
        try add(
          cluster..<end, face: face, rank: face, forceBreak: lastWasForcedBreak,
          resolver: &resolver, assign: assign)
        lastWasForcedBreak = false
        cluster = end
        continue
      }
      // A cluster of one ASCII character (most of most texts) takes the short way: no
      // slice, no property lookups.
      let isASCII = end == cluster + 1 && first < 0x80
      let isEmoji =
        !isASCII && resolver.emojiPresentation(scalars[cluster..<end])
      let script = analysis.scripts[cluster]
      let level = analysis.level(at: cluster)
      if cluster > range.lowerBound
        && (script != runScript || level != runLevel || isEmoji != runIsEmoji)
      {
        if pending != nil { try finishRun(at: cluster, resolver: &resolver, assign: assign) }
        startRun()
      }
      (runScript, runLevel, runIsEmoji) = (script, level, isEmoji)

      let choosesNone =
        isASCII
        // Of ASCII, only U+0020 is a space separator.
        ? FontCascade.Resolver.choosesNoFace(scalars[cluster])
          && !(browserFallback && first == 0x20)
        : scalars[cluster..<end].allSatisfy {
          resolver.facts($0) & ScalarFacts.choosesNoFace != 0
        }
          && !(browserFallback
            && scalars[cluster..<end].allSatisfy {
              resolver.facts($0) & ScalarFacts.spaceSeparator != 0
            })
      var face: Int?
      var rank = Int.max
      if !choosesNone {
        let choice =
          isASCII
          ? try resolver.face(ascii: scalars[cluster], previous: previous)
          : try resolver.face(
            for: scalars[cluster..<end], previous: browserFallback ? nil : previous)
        if !choice.covered {
          for scalar in scalars[cluster..<end]
          where FontCascade.Resolver.needsGlyph(scalar) && seenMissing.insert(scalar.value).inserted
          {
            missing.append(scalar)
          }
        }
        face = choice.index
        rank = choice.covered ? choice.index : Int.max
        previous = choice.index
      }
      let isForcedBreak = end == cluster + 1 && (first == 0x09 || first == 0x2028)
      try add(
        cluster..<end, face: face, rank: rank, forceBreak: isForcedBreak || lastWasForcedBreak,
        resolver: &resolver, assign: assign)
      lastWasForcedBreak = isForcedBreak
      cluster = end
    }
    try finishRun(at: range.upperBound, resolver: &resolver, assign: assign)
    try handOver(&resolver, assign)
  }

  private mutating func startRun() {
    hasItem = false
    itemFace = nil
    itemRank = Int.max
    firstSpace = nil
    pending = nil
    lastWasForcedBreak = false
  }

  /// `itemize_state_add_character` for one cluster; `face` is nil where it chose none.
  private mutating func add(
    _ cluster: Range<Int>, face chosen: Int?, rank chosenRank: Int, forceBreak: Bool,
    resolver: inout FontCascade.Resolver, assign: Assign
  ) throws(CaliperError) {
    let spacesStart = firstSpace
    if chosen == nil {
      if firstSpace == nil { firstSpace = cluster.lowerBound }
    } else {
      firstSpace = nil
    }
    var face = chosen
    var rank = chosenRank
    var newItemStart = cluster.lowerBound
    if hasItem {
      if itemFace == nil, let face {
        // The run's first face: the clusters before it that chose none take it.
        if let from = pending { try give(from..<cluster.lowerBound, face, &resolver, assign) }
        pending = nil
        itemFace = face
        itemRank = rank
      } else if let current = itemFace, face == nil {
        face = current
        rank = itemRank
      }
      if !forceBreak, face == itemFace {
        if let face { try give(cluster, face, &resolver, assign) }
        return
      }
      // The face changes: the clusters that chose none at the end of an item that was not
      // only them go to the new face when it is less of a fallback.
      if let spaces = spacesStart, let face, itemStart < spaces, rank < itemRank {
        try give(spaces..<cluster.lowerBound, face, &resolver, assign)
        newItemStart = spaces
      }
    }
    hasItem = true
    itemStart = newItemStart
    itemFace = face
    itemRank = rank
    if let face {
      try give(cluster, face, &resolver, assign)
    } else if pending == nil {
      pending = cluster.lowerBound
    }
  }

  /// Gives `range` to `face`: joined to the stretch held when it goes on from it in the
  /// same face, else after that stretch is handed to `assign` (so `assign` sees the same
  /// faces in the same order, once per stretch rather than once per cluster).
  ///
  /// Inlined always: `choose`'s tight loop calls it for each new run, and with
  /// `scanStretch`'s cluster ends (`clusterEnd`) inlined the compiler stopped inlining it
  /// (a call and ~2.2 K instructions a fallback-heavy paragraph more, report-cold.md, i32fb).
  @inline(__always)
  private mutating func give(
    _ range: Range<Int>, _ face: Int, _ resolver: inout FontCascade.Resolver, _ assign: Assign
  ) throws(CaliperError) {
    if let stretch = held, stretch.face == face, stretch.range.upperBound == range.lowerBound {
      held = (stretch.range.lowerBound..<range.upperBound, face)
      return
    }
    try handOver(&resolver, assign)
    held = (range, face)
  }

  /// Hands the stretch held to `assign`, its face opened (as `font(_:)` opens it; the
  /// font itself only for an `assign` that asks: itemizing one style does not).
  private mutating func handOver(_ resolver: inout FontCascade.Resolver, _ assign: Assign)
    throws(CaliperError)
  {
    guard let stretch = held else { return }
    held = nil
    try resolver.open(stretch.face)
    try assign(stretch.range, stretch.face, &resolver)
  }

  /// Ends a run at `end`: clusters that chose no face in a run with no face at all take the
  /// first face with a space. (Nothing to do without them: `choose` asks only then.)
  private mutating func finishRun(
    at end: Int, resolver: inout FontCascade.Resolver,
    assign: Assign
  ) throws(CaliperError) {
    if let from = pending {
      try give(from..<end, try resolver.spaceFace(), &resolver, assign)
      pending = nil
    }
  }
}
