/// Soft hyphens: U+00AD is invisible (zero width) unless a line breaks after it; then the
/// line shows a hyphen, and the hyphen's width counts on that line.
///
/// Problem: ICU offers a break after every soft hyphen, and HarfBuzz gives the soft hyphen
/// no width, so breaking there as at a space would draw lines a hyphen wider than measured.
/// Solution (as Pango): the hyphen is U+2010 HYPHEN where the soft hyphen's face has it,
/// else U+002D HYPHEN-MINUS (else none, as in Droid Sans Fallback), shaped after the end of the syllable (kerning with the last
/// letter included: the stretch from the nearest safe offset is reshaped with the hyphen
/// appended). The line breaker takes such a break only where the line fits with its
/// hyphen; a syllable alone on its line that fits only without its hyphen is kept if the
/// word goes on on that line, else emergency-broken before its last clusters (as Pango).
/// Automatic hyphenation points (`TextStyle.hyphenation`) are breaks of the same kind with
/// no character of their own: the hyphen goes after the syllable (`hyphenPosition`).
/// Limitation: a one-cluster syllable whose hyphen does not fit keeps it and overflows.
extension PreparedText {
  static let softHyphen: Unicode.Scalar = "\u{AD}"

  /// Shapes, once, the end of a line broken at each soft hyphen (`hyphenStretches`): for
  /// each segment the index of its stretch (−1: none), and the stretches.
  func hyphenStretchTable() -> (stretchOf: [Int32], stretches: [HyphenStretch]) {
    var shapedEnds: [HyphenStretch.Key: Double] = [:]  // the same syllable end shapes once
    var stretchOf = [Int32](repeating: -1, count: segments.count)
    var stretches: [HyphenStretch] = []
    for (index, segment) in segments.enumerated() where segment.softHyphen {
      guard let stretch = hyphenStretch(lineEnd: segment.end, memo: &shapedEnds)
      else { continue }
      stretchOf[index] = Int32(stretches.count)
      stretches.append(stretch)
    }
    return (stretchOf, stretches)
  }

  /// The hyphen shown for a soft hyphen drawn in `font`: U+2010 if it has it, else "-",
  /// else none (as Pango).
  static func hyphen(in font: Font) -> Unicode.Scalar? {
    font.covers("\u{2010}") ? "\u{2010}" : (font.covers("-") ? "-" : nil)
  }

  /// The hyphen shown where a line that shows one ends at `end` (after a soft hyphen or at
  /// a hyphenation point), if its face has one: in the face of the character before `end`.
  func hyphen(forLineEnd end: Int) -> Unicode.Scalar? {
    cascadeFonts[face(at: end - 1)].flatMap(Self.hyphen(in:))
  }

  /// Whether a line ending at `end` with a hyphen ends at an automatic hyphenation point
  /// (not after a soft hyphen).
  func isHyphenationPoint(_ end: Int) -> Bool {
    end > 0 && end < analysis.scalars.count && analysis.scalars[end - 1] != Self.softHyphen
  }

  /// Where the hyphen of a line ending at `end` stands: in place of the soft hyphen before
  /// `end`, or at `end` itself, an automatic hyphenation point.
  func hyphenPosition(lineEnd end: Int) -> Int {
    analysis.scalars[end - 1] == Self.softHyphen ? end - 1 : end
  }

  /// The end of a line broken with a hyphen at `end` (after a soft hyphen or at a
  /// hyphenation point): from the last safe offset before the hyphen's position (not before
  /// `start`, by default the run's start, nor before the last tab), that stretch shaped with
  /// the hyphen appended. Nil where the face has no hyphen. `memo` keeps the widths of
  /// pieces already shaped (a repeated syllable end shapes once).
  func hyphenStretch(
    lineEnd end: Int, from start: Int? = nil, memo: inout [HyphenStretch.Key: Double]
  ) -> HyphenStretch? {
    let offset = hyphenPosition(lineEnd: end)
    let run = itemizedRun(containing: end - 1)
    // A tab reaches its stop from wherever it falls, which a stretch shaped on its own does
    // not know: the stretch starts after the last tab before the hyphen, and the line up to
    // there, its tabs at their stops, is the head (`LineWidths.softHyphenWidths`).
    let tab = widths.firstTab(atOrAfter: offset)
    let afterTab = tab > 0 ? tabs[tab - 1] + 1 : 0
    let floor = max(start ?? run.range.lowerBound, afterTab)
    guard floor <= offset, let font = cascadeFonts[run.face], let hyphen = Self.hyphen(in: font)
    else { return nil }
    let left = max(run.range.lowerBound, widths.safeOffset(before: offset, after: floor))
    // The stretch with a little of the text before it as HarfBuzz's pre-context.
    let scalars = analysis.scalars
    let contextStart = max(run.range.lowerBound, left - 8)
    var piece = Array(scalars[contextStart..<offset])
    piece.append(hyphen)
    let key = HyphenStretch.Key(
      face: run.face, script: run.script, level: run.level, from: left - contextStart,
      scalars: piece.map(\.value))
    if let known = memo[key] { return HyphenStretch(start: left, width: known) }
    let runStyle = style(ofFace: run.face)
    let shaper = Shaper(style: runStyle)
    let packed = shaper.shape(
      piece, boundaries: [Bool](repeating: true, count: piece.count + 1),
      range: (left - contextStart)..<piece.count, context: true, run: run, font: font)
    let size = runStyle.size
    var total = 0.0
    for value in packed {
      total += font.units.points(Double(ShapedPiece.advance(value)), size: size)
    }
    // Letter and word spacing on the stretch's clusters (none after the hyphen, the line's
    // last cluster).
    for index in left..<offset {
      total += Self.spacing(
        at: index, clusterStart: clusterStart, analysis: analysis, style: runStyle)
    }
    memo[key] = total
    return HyphenStretch(start: left, width: total)
  }
}

extension LineWidths {
  /// The widths of a line from `start` to the end of segment `index`, which ends in a soft
  /// hyphen or at a hyphenation point: `continuing`, the advances in context, for a line
  /// that goes on past it (the soft hyphen has no width and kerning across it stays);
  /// `broken`, for a line that breaks there and shows its hyphen — the line's advances up
  /// to the last safe offset before the soft hyphen, plus the stretch from there reshaped
  /// with the hyphen in its place (made once per soft hyphen while preparing, so a breaking
  /// pays arithmetic).
  ///
  /// Where the break falls inside a HarfBuzz cluster (HarfBuzz forms "fi" across the
  /// invisible soft hyphen in "f\u{AD}i", as Pango and SkParagraph draw it), the cluster's
  /// whole advance sits on its first scalar, before the break, and a prefix sum would
  /// count the part after the break on this line. There `continuing` is the line cut at
  /// the break as an emergency break cuts it (`width`: both sides shaped on their own), so
  /// that whether the syllable fits is decided with the width the line has when drawn.
  func softHyphenWidths(from start: Int, segment index: Int) -> (continuing: Double, broken: Double)
  {
    let segment = text.segments[index]
    let stretchIndex =
      text.hyphenStretchOfSegment.isEmpty ? -1 : Int(text.hyphenStretchOfSegment[index])
    // A head that goes on into the stretch keeps the spacing after its last cluster.
    if stretchIndex >= 0, start <= text.hyphenStretches[stretchIndex].start {
      let stretch = text.hyphenStretches[stretchIndex]
      let head =
        stretch.start > start
        ? penAdvance(from: start, to: stretch.start, breakingAt: stretch.start) : 0
      let continuing =
        isInsideCluster(segment.end)
        ? width(from: start, to: segment.contentEnd, breakingAt: segment.end)
        : head + text.advanceSum(stretch.start..<segment.contentEnd)
          - (segment.contentEnd > start ? lineEdgeSpacing(before: segment.contentEnd) : 0)
      return (continuing, head + stretch.width)
    }
    let plain = width(from: start, to: segment.contentEnd, breakingAt: segment.end)
    guard stretchIndex >= 0 else { return (plain, plain) }  // the face has no hyphen
    // A line starting inside the stretch: reshape from its start.
    var memo: [HyphenStretch.Key: Double] = [:]
    guard let stretch = text.hyphenStretch(lineEnd: segment.end, from: start, memo: &memo)
    else { return (plain, plain) }
    let head =
      stretch.start > start
      ? penAdvance(from: start, to: stretch.start, breakingAt: stretch.start) : 0
    return (plain, head + stretch.width)
  }
}

/// The shaped end of a line broken at a soft hyphen: where the reshaped stretch starts and
/// its width, hyphen included.
struct HyphenStretch: Sendable, Hashable {
  let start: Int
  let width: Double

  /// What the shaped width depends on: face, script, direction, the scalars shaped (with
  /// their pre-context) and where the measured part starts among them.
  struct Key: Hashable {
    let face: Int
    let script: UInt32
    let level: UInt8
    let from: Int
    let scalars: [UInt32]
  }
}
