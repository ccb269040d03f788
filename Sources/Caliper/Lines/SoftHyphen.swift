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
/// Limitation: a one-cluster syllable whose hyphen does not fit keeps it and overflows.
extension PreparedText {
  static let softHyphen: Unicode.Scalar = "\u{AD}"

  /// The run holding `offset`.
  func run(containing offset: Int) -> TextRun {
    var low = 0
    var high = runs.count - 1
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return runs[low]
  }

  /// The hyphen shown for a soft hyphen drawn in `font`: U+2010 if it has it, else "-",
  /// else none (as Pango).
  static func hyphen(in font: Font) -> Unicode.Scalar? {
    font.covers("\u{2010}") ? "\u{2010}" : (font.covers("-") ? "-" : nil)
  }

  /// The hyphen shown where a line breaks after the soft hyphen at `offset`, if any.
  func hyphen(forSoftHyphenAt offset: Int) -> Unicode.Scalar? {
    cascadeFonts[face(at: offset)].flatMap(Self.hyphen(in:))
  }

  /// The width of a line from `start` that breaks after the soft hyphen at `softHyphen`,
  /// its hyphen shown: the line's advances up to the last safe offset before the soft
  /// hyphen, plus the stretch from there reshaped with the hyphen in the soft hyphen's
  /// place.
  func hyphenatedWidth(from start: Int, softHyphen offset: Int) -> Double {
    let run = run(containing: offset)
    guard start <= offset, let font = cascadeFonts[run.face], let hyphen = Self.hyphen(in: font)
    else {
      return start <= offset ? width(from: start, to: offset + 1, breakingAt: offset + 1) : 0
    }
    let left = max(run.range.lowerBound, safeOffset(before: offset, after: start))
    let head = left > start ? width(from: start, to: left, breakingAt: left) : 0
    // The stretch with a little of the text before it as HarfBuzz's pre-context.
    let scalars = analysis.scalars
    let contextStart = max(run.range.lowerBound, left - 8)
    var piece = Array(scalars[contextStart..<offset])
    piece.append(hyphen)
    let shaper = Shaper(locale: style.locale)
    let packed = shaper.shapePiece(
      piece, range: (left - contextStart)..<piece.count, context: 0..<piece.count, run: run,
      font: font)
    var total = head
    for value in packed {
      total += font.units.points(
        Double(ShapedPiece.advance(value)), size: style(ofFace: run.face).size)
    }
    return total
  }
}
