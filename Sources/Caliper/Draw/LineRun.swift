internal import CICU

/// Visual order: the runs of one line as they are drawn, left to right, with x offsets.
///
/// Problem: text is stored in logical order, but a line that mixes left-to-right and
/// right-to-left text is drawn in another order (UAX #9), and a renderer must know where
/// each run starts. Solution: cut the line at every change of face, script or bidi level,
/// reset trailing whitespace to the paragraph level (rule L1), order the pieces by level with
/// ICU (`ubidi_reorderVisual`, rule L2), and give each its x offset by adding the widths of
/// the pieces to its left. Widths are the prepared advances, so the runs add up to the
/// line's width: reordering moves runs, it never changes how wide a line is. Computed on
/// demand, never while measuring. Limitation: mirrored glyphs (rule L4) are HarfBuzz's job
/// when the runs are shaped for drawing (`glyphRuns(in:)`).
public struct LineRun: Sendable {
  /// Offsets in Unicode scalars (logical), inside the line's range.
  public let range: Range<Int>
  /// The run's text, in logical order.
  public let text: String
  /// The face that draws it.
  public let font: Font
  /// The resolved bidi level after rule L1 (odd: right-to-left).
  public let bidiLevel: UInt8
  /// Whether the run's glyphs go from right to left (its text's own direction).
  public let isRightToLeft: Bool
  /// The left edge of the run, in points from the left edge of the line's content. The line's
  /// content (trailing whitespace excluded) spans 0..<line.width; whitespace hanging at the end
  /// of a right-to-left paragraph's line lies to the left of 0.
  public let x: Double
  /// The run's advance width in points.
  public let width: Double
  /// Whether the run is whitespace at the end of the line (it hangs and has no ink).
  public let isTrailingWhitespace: Bool
  /// Whether the run draws text that is not in the prepared text: a truncated line's
  /// ellipsis, or the hyphen a soft-hyphen break shows (`text` holds it; `range` is where
  /// it stands in the text).
  public internal(set) var isInserted = false
  /// The glyphs in visual order (left to right, also in a right-to-left run), positioned
  /// from the line's left edge: filled by `glyphRuns(in:)` (to draw), empty from `runs(in:)`
  /// (to place runs without shaping them again).
  public internal(set) var glyphs: [PositionedGlyph] = []
  /// The font size the run is shaped at, in points (a span's, or the text's).
  public internal(set) var size = 0.0
  /// Points the run's baseline is raised by (its span's `baselineOffset`; 0 without spans).
  public internal(set) var baselineOffset = 0.0
  /// Whether the run is inline placeholders' boxes (`TextSpan.placeholder`): it has no
  /// glyphs; `PreparedText.characterGeometry(of:)` says where each box is.
  public internal(set) var isPlaceholder = false
  /// Where the run ends as measuring placed it: `x + width`, or the pen the line's content
  /// ends at where adding the two rounds to a neighbouring value (`LinePen.step(from:to:)`).
  var end: Double { exactEnd ?? x + width }
  /// The exact end, when `x + width` is not it.
  var exactEnd: Double?
  /// How many of `glyphs` are `.notdef` (a character the face does not cover).
  public var notdefCount: Int { glyphs.count { $0.id == 0 } }
}

extension PreparedText {
  /// The paragraph direction of the paragraph holding `line`: true for right-to-left.
  public func isRightToLeftParagraph(_ line: Line) -> Bool {
    paragraphLevel(at: line.range.lowerBound) == 1
  }

  /// The runs of `line` in visual order (left to right), with x offsets.
  ///
  /// `line` must come from measuring this text. Line separators are left out (they have no
  /// width and no glyph).
  ///
  /// ```swift
  /// let text = try fonts.prepare("abc שלום def")
  /// let line = text.measure(.unspecified).lines[0]
  /// text.runs(in: line).map(\.text)   // ["abc ", "שלום", " def"], left to right
  /// ```
  public func runs(in line: Line) -> [LineRun] {
    layoutRuns(in: line, drawing: false)
  }

  /// `runs(in:)`, with each source run's glyphs placed when `drawing` (`glyphRuns(in:)`).
  func layoutRuns(in line: Line, drawing: Bool) -> [LineRun] {
    var result: [LineRun]
    if let cut = line.truncation {
      result = truncatedRuns(line, cut, drawing: drawing)
    } else {
      let measured = line.endsWithHyphen ? nil : line.width
      let (runs, pen) = sourceRuns(in: line, measuredWidth: measured, drawing: drawing)
      result = runs
      if let pen { appendShownHyphen(line, pen: pen, to: &result) }
    }
    // Each run's size and baseline offset: its itemized run's span's, or the text's.
    for index in result.indices where !runs.isEmpty {
      let face = itemizedRun(
        containing: min(result[index].range.lowerBound, analysis.scalars.count - 1)
      ).face
      result[index].size = style(ofFace: face).size
      result[index].baselineOffset = baselineOffset(ofFace: face)
      result[index].isPlaceholder = !result[index].isInserted && isPlaceholder(face: face)
    }
    return result
  }

  /// The hyphen a soft-hyphen break at the end of `line` shows, as a run after the content:
  /// from where the content's pen ends to the line's measured width (justified).
  private func appendShownHyphen(_ line: Line, pen: LinePen, to result: inout [LineRun]) {
    if line.endsWithHyphen, let hyphen = hyphen(forLineEnd: line.range.upperBound),
      let font = cascadeFonts[face(at: line.range.upperBound - 1)]
    {
      let spaces = justifiableSpaces(pen.start..<pen.contentEnd)
      let end = LinePen.justified(
        line.width, justification: line.justification, spaces: spaces)
      var run = LineRun(
        range: (line.range.upperBound - 1)..<line.range.upperBound, text: String(hyphen),
        font: font, bidiLevel: 0, isRightToLeft: false, x: pen.width,
        width: max(0, LinePen.step(from: pen.width, to: end)), isTrailingWhitespace: false)
      run.isInserted = true
      result.append(run)
    }
  }

  /// A truncated line's runs: the kept prefix, the ellipsis and the kept suffix, laid end
  /// to end (right to left in a right-to-left paragraph).
  private func truncatedRuns(_ line: Line, _ cut: LineTruncation, drawing: Bool) -> [LineRun] {
    // Each kept piece is drawn over the width truncation counted for it (`keptWidth`):
    // nothing hangs at its end, and the letter spacing after its last cluster is kept.
    func piece(_ range: Range<Int>, breakingAt breakAt: Int) -> [LineRun] {
      guard !range.isEmpty else { return [] }
      return sourceRuns(
        in: Line(
          range: range, text: "", width: 0, widthIncludingTrailingWhitespace: 0,
          metrics: line.metrics, y: line.y, endsInEmergencyBreak: false),
        measuredWidth: nil, drawing: drawing, keptBreak: breakAt
      ).runs
    }
    var ellipsis = LineRun(
      range: cut.hidden, text: cut.ellipsis, font: cut.ellipsisFont, bidiLevel: 0,
      isRightToLeft: false, x: 0, width: cut.ellipsisWidth, isTrailingWhitespace: false)
    ellipsis.isInserted = true
    var parts = [
      piece(cut.prefix, breakingAt: cut.prefix.upperBound), [ellipsis],
      piece(cut.suffix, breakingAt: analysis.scalars.count),
    ]
    if paragraphLevel(at: line.range.lowerBound) & 1 == 1 { parts.reverse() }
    var result: [LineRun] = []
    var x = 0.0
    for part in parts {
      let start = part.map(\.x).min() ?? 0
      for run in part {
        var moved = LineRun(
          range: run.range, text: run.text, font: run.font, bidiLevel: run.bidiLevel,
          isRightToLeft: run.isRightToLeft, x: x + run.x - start, width: run.width,
          isTrailingWhitespace: false)
        moved.isInserted = run.isInserted
        let shift = moved.x - run.x
        moved.glyphs = run.glyphs.map { $0.moved(by: shift) }
        result.append(moved)
      }
      x += part.reduce(0) { $0 + $1.width }
    }
    return result
  }

  /// The runs of the text `line` stands for, as measured, and the pen they were placed
  /// with (nil for a line without content or trailing whitespace). `measuredWidth` is the
  /// line's content width when the line is one the breaker measured as it is. `keptBreak`,
  /// for a piece a truncated line keeps, is where truncation broke it: then all of it is
  /// content, as wide as `keptWidth` counted.
  private func sourceRuns(
    in line: Line, measuredWidth: Double?, drawing: Bool, keptBreak: Int? = nil
  ) -> (runs: [LineRun], pen: LinePen?) {
    let scalars = analysis.scalars
    let lineStart = max(0, min(line.range.lowerBound, scalars.count))
    var lineEnd = max(lineStart, min(line.range.upperBound, scalars.count))
    while lineEnd > lineStart, analysis.isLineSeparator(lineEnd - 1) { lineEnd -= 1 }
    guard lineStart < lineEnd else { return ([], nil) }
    let contentEnd =
      keptBreak == nil ? Self.contentEnd(scalars, from: lineStart, to: lineEnd) : lineEnd
    let hasBidi =
      analysis.hasBidi && (lineStart..<lineEnd).contains { analysis.level(at: $0) != 0 }
    let paragraph: UInt8 = hasBidi ? paragraphLevel(at: lineStart) : 0

    // Pieces: maximal stretches of one text run, one side of contentEnd and one L1 level.
    let levels =
      hasBidi
      ? resolvedLevels(lineStart..<lineEnd, contentEnd: contentEnd, paragraph: paragraph) : []
    func resolved(_ index: Int) -> UInt8 { hasBidi ? levels[index - lineStart] : 0 }
    var pieces: [(range: Range<Int>, run: TextRun, level: UInt8)] = []
    for run in runs[itemizedRunIndex(containing: lineStart)...] {
      guard run.range.lowerBound < lineEnd else { break }
      var start = max(run.range.lowerBound, lineStart)
      let end = min(run.range.upperBound, lineEnd)
      while start < end {
        var stop = start + 1
        let level = resolved(start)
        while stop < end, (stop < contentEnd) == (start < contentEnd), resolved(stop) == level {
          stop += 1
        }
        pieces.append((start..<stop, run, level))
        start = stop
      }
    }
    let order = hasBidi ? visualOrder(pieces.map(\.level)) : Array(pieces.indices)

    // Every content position comes from the line's pen: the measured widths, tabs at their
    // stops, spacing, and justification on inter-word spaces, applied there once.
    let penEnd = keptBreak ?? min(line.range.upperBound, scalars.count)
    let pen = LinePen(
      self, start: lineStart, contentEnd: contentEnd, end: penEnd,
      measuredWidth: keptBreak.map { _ in
        keptWidth(lineStart..<contentEnd, breakingAt: penEnd, widths: widths)
      } ?? measuredWidth,
      justification: line.justification)
    let lastContent = order.last { pieces[$0].range.lowerBound < contentEnd }
    var result: [LineRun] = []
    result.reserveCapacity(pieces.count)
    // Content starts at 0; a right-to-left paragraph's hanging whitespace sits left of it.
    var x = paragraph & 1 == 1 ? -advanceSum(contentEnd..<lineEnd) : 0
    var inContent = false
    for index in order {
      let piece = pieces[index]
      let trailing = piece.range.lowerBound >= contentEnd
      let width: Double
      let end: Double
      if trailing {
        width = advanceSum(piece.range)
        end = x + width
      } else {
        if !inContent { (x, inContent) = (0, true) }
        // In logical order (no bidi) a piece spans its pens; reordered pieces lie end to
        // end, the last one ending where the content's pen does.
        if !hasBidi { x = pen(piece.range.lowerBound) }
        end =
          !hasBidi
          ? pen(piece.range.upperBound)
          : index == lastContent
            ? pen.width : x + (pen(piece.range.upperBound) - pen(piece.range.lowerBound))
        width = LinePen.step(from: x, to: end)
      }
      var run = LineRun(
        range: piece.range, text: substring(piece.range), font: cascadeFonts[piece.run.face]!,
        bidiLevel: piece.level, isRightToLeft: piece.run.isRightToLeft, x: x,
        width: width, isTrailingWhitespace: trailing)
      if !trailing, x + width != end { run.exactEnd = end }
      if drawing {
        if trailing {
          placeGlyphs(&run, of: piece.run, pen: pen, fromLineStart: false) {
            advanceSum(piece.range.lowerBound..<$0)
          }
        } else {
          placeGlyphs(&run, of: piece.run, pen: pen, fromLineStart: !hasBidi) { pen($0) }
        }
      }
      result.append(run)
      x = end
    }
    return (result, pen)
  }

  /// The levels of the scalars of `range` (a line) after UAX #9 rule L1: tabs, whitespace
  /// before a tab and whitespace at the end of the line (from `contentEnd`) take the
  /// paragraph level. One backward pass, so a long run of whitespace or isolate controls
  /// costs its length once, not once per scalar.
  private func resolvedLevels(_ range: Range<Int>, contentEnd: Int, paragraph: UInt8)
    -> [UInt8]
  {
    var levels = [UInt8](filled: paragraph, count: range.count)
    // Whether the whitespace being walked (backwards) ends at a tab.
    var beforeTab = false
    for index in range.reversed() where index < contentEnd {
      let scalar = analysis.scalars[index]
      if scalar.value == 0x09 || scalar.value == 0x1F {
        beforeTab = true
      } else if Self.isBidiWhitespace(scalar) {
        if !beforeTab { levels[index - range.lowerBound] = analysis.level(at: index) }
      } else {
        beforeTab = false
        levels[index - range.lowerBound] = analysis.level(at: index)
      }
    }
    return levels
  }

  /// Whitespace (bidi class WS) and isolate controls, which rule L1 resets before a tab.
  private static func isBidiWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if (0x2066...0x2069).contains(scalar.value) { return true }
    return scalar.value != 0x09 && scalar.properties.isWhitespace
  }

  /// The visual order of items with `levels` (UAX #9 rule L2), from ICU.
  private func visualOrder(_ levels: [UInt8]) -> [Int] {
    var map = [Int32](filled: 0, count: levels.count)
    let count = cicu_bidi_reorder_visual(levels, Int32(levels.count), &map)
    guard count == levels.count else { return Array(levels.indices) }
    return map.map(Int.init)
  }
}
