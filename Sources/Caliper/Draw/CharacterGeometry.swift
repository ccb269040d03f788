/// Character rects and hit testing: where each character of a measured proposal is drawn,
/// and which character is at a point (TextKit's `boundingRect(forGlyphRange:)` and
/// `characterIndex(for:)`, Pango's `index_to_pos` and `xy_to_index`).
///
/// Problem: an editor, a chat bubble or an annotated image asks where a range of text is,
/// where the caret goes, and what was clicked; measuring keeps only line widths. Solution:
/// from the glyph runs drawing uses (`glyphRuns(in:)`, in visual order), each grapheme
/// cluster of each line gets a box: the extent of its HarfBuzz cluster's glyphs, divided
/// among the graphemes of a cluster that holds several at the font's ligature carets (GDEF,
/// `hb_ot_layout_get_ligature_carets`, as Pango reads them) where the cluster is one glyph
/// that has them, else equally, right to left in a right-to-left run. Whitespace hanging
/// at a line's end and line separators have no width and sit, as in Pango, at their level
/// as resolved in the paragraph: at the
/// line's end where that is the paragraph's level, else at the end of the run before them. A
/// point left or right of a line hits its start or end in visual order, and the end of a
/// line that wraps is before its last grapheme (the position after it is the next line's
/// start), as in Pango. Limitation: hidden text of a truncated line and the ellipsis or
/// shown hyphen have no boxes.
///
/// Coordinates are those of `Line`: x from the left edge of the lines (a line's `x`
/// included), y from the top of the text.
///
/// ```swift
/// let measured = text.measure(ProposedViewSize(width: 120, height: nil))
/// let geometry = text.characterGeometry(of: measured)
/// let rects = geometry.rects(for: 5..<12)          // one per line fragment
/// let caret = geometry.caret(at: 5)                // x, line, y and height
/// let index = geometry.characterIndex(for: Point(x: 30, y: 25))
/// ```
public struct CharacterGeometry: Sendable, Hashable {
  /// One grapheme cluster on a line: its logical range and horizontal extent.
  struct Box: Sendable, Hashable {
    let start: Int
    let end: Int
    let minX: Double
    let maxX: Double
    let isRightToLeft: Bool
    /// The x where a caret before the grapheme stands.
    var leadingX: Double { isRightToLeft ? maxX : minX }
    /// The x where a caret after the grapheme stands.
    var trailingX: Double { isRightToLeft ? minX : maxX }
  }

  /// A line's boxes, in logical order.
  struct LineBoxes: Sendable, Hashable {
    let range: Range<Int>
    let y: Double
    let height: Double
    let x: Double
    let isRightToLeft: Bool
    let boxes: [Box]
  }

  let lines: [LineBoxes]
  /// Where each inline placeholder (`TextSpan.placeholder`) of a shown line is, in text
  /// order: its box across its cluster, its top `ascent` above the line's baseline.
  public let placeholders: [PlaceholderRect]

  /// Where a caret goes: its x, the line it is on, and that line's top and height.
  public struct Caret: Sendable, Hashable {
    public let x: Double
    public let line: Int
    public let y: Double
    public let height: Double
  }

  /// The rects covering the characters in `range` (Unicode scalars): on each line, one per
  /// visually contiguous piece (a range across a bidi boundary has several), left to right;
  /// lines top to bottom. A grapheme is covered where it starts inside `range`.
  public func rects(for range: Range<Int>) -> [Rect] {
    var rects: [Rect] = []
    for line in lines where line.range.overlaps(range) || line.range.lowerBound == range.lowerBound
    {
      let covered = line.boxes.filter { range.contains($0.start) }
        .sorted { ($0.minX, $0.maxX) < ($1.minX, $1.maxX) }
      guard !covered.isEmpty else { continue }
      var pieces: [(low: Double, high: Double)] = []
      for box in covered {
        if let last = pieces.last, box.minX <= last.high + 1e-6 {
          pieces[pieces.count - 1].high = max(last.high, box.maxX)
        } else {
          pieces.append((box.minX, box.maxX))
        }
      }
      // Zero-width pieces (hanging whitespace) only where nothing else is covered.
      let wide = pieces.filter { $0.high - $0.low > 1e-9 }
      for piece in wide.isEmpty ? [pieces[0]] : wide {
        rects.append(
          Rect(x: line.x + piece.low, y: line.y, width: piece.high - piece.low, height: line.height)
        )
      }
    }
    return rects
  }

  /// The caret at grapheme boundary `offset` (Unicode scalars): before the grapheme that
  /// starts there (its left edge in a left-to-right run, its right edge in a right-to-left
  /// one), or, at the end of the text, after the last one. Nil where `offset` is not a
  /// grapheme boundary of a shown line.
  public func caret(at offset: Int) -> Caret? {
    guard let lineIndex = lines.lastIndex(where: { $0.range.lowerBound <= offset }) else {
      return nil
    }
    let line = lines[lineIndex]
    let x: Double
    if let box = line.boxes.first(where: { $0.start == offset }) {
      x = box.leadingX
    } else if offset == line.range.upperBound, lineIndex == lines.count - 1 {
      x = line.boxes.last?.trailingX ?? 0
    } else {
      return nil
    }
    return Caret(x: line.x + x, line: lineIndex, y: line.y, height: line.height)
  }

  /// The grapheme boundary nearest `point` (Unicode scalars): on the line at its height (the
  /// first or last line above or below the text), the nearer edge of the grapheme under it.
  public func characterIndex(for point: Point) -> Int {
    guard !lines.isEmpty else { return 0 }
    let lineIndex = lines.firstIndex { point.y < $0.y + $0.height } ?? lines.count - 1
    let line = lines[lineIndex]
    guard let lastBox = line.boxes.last else { return line.range.lowerBound }
    // The end of a line that wraps is before its last grapheme.
    let end = lineIndex == lines.count - 1 ? line.range.upperBound : lastBox.start
    let x = point.x - line.x
    let visual = line.boxes.filter { $0.maxX - $0.minX > 1e-9 }
      .sorted { $0.minX < $1.minX }
    let left = line.boxes.map(\.minX).min() ?? 0
    let right = line.boxes.map(\.maxX).max() ?? 0
    if x < left || visual.isEmpty { return line.isRightToLeft ? end : line.range.lowerBound }
    if x >= right { return line.isRightToLeft ? line.range.lowerBound : end }
    let box = visual.first { x < $0.maxX } ?? visual[visual.count - 1]
    let leftHalf = x < (box.minX + box.maxX) / 2
    let index = leftHalf == box.isRightToLeft ? box.end : box.start
    return min(index, end)
  }
}

extension PreparedText {
  /// The character rects and hit testing of `measurement`, which must come from
  /// `measure(_:options:)` of this text (`sizeThatFits` leaves the lines out: no lines, no
  /// characters). Each line is reshaped as for drawing (`glyphRuns(in:)`).
  public func characterGeometry(of measurement: TextMeasurement) -> CharacterGeometry {
    var placeholderRects: [PlaceholderRect] = []
    let lines = measurement.lines.enumerated().map { index, line in
      lineBoxes(line, index: index, placeholders: &placeholderRects)
    }
    return CharacterGeometry(lines: lines, placeholders: placeholderRects)
  }

  /// The `count + 1` edges, left to right, of the `count` graphemes of a cluster spanning
  /// `extent`: at the font's ligature carets where the cluster is one glyph (`ligature`:
  /// its glyph count and id) whose GDEF table gives one caret between each two graphemes,
  /// as Pango reads them; else equal shares.
  private static func graphemeBounds(
    _ extent: (low: Double, high: Double), count: Int, ligature: (count: Int, id: UInt32)?,
    run: LineRun
  ) -> [Double] {
    let share = (extent.high - extent.low) / Double(count)
    var bounds = (0...count).map { extent.low + Double($0) * share }
    guard count > 1, let ligature, ligature.count == 1 else { return bounds }
    let carets = run.font.ligatureCarets(glyph: ligature.id, rightToLeft: run.isRightToLeft)
      .map { extent.low + run.font.units.points($0, size: run.size) }.sorted()
    guard carets.count == count - 1,
      carets.allSatisfy({ $0 >= extent.low && $0 <= extent.high })
    else { return bounds }
    bounds.replaceSubrange(1..<count, with: carets)
    return bounds
  }

  /// The grapheme boxes of one line (the `index`th), and its placeholders' rects.
  private func lineBoxes(
    _ line: Line, index lineIndex: Int, placeholders rects: inout [PlaceholderRect]
  ) -> CharacterGeometry.LineBoxes {
    let rightToLeftParagraph = isRightToLeftParagraph(line)
    var boxes: [CharacterGeometry.Box] = []
    var covered = Set<Int>()
    let count = analysis.scalars.count
    for run in glyphRuns(in: line) where !run.isInserted && !run.isTrailingWhitespace {
      if run.isPlaceholder {
        // Boxes: each as wide as its advance, in the run's direction.
        for box in placeholders where run.range.contains(box.range.lowerBound) {
          let before = advanceSum(run.range.lowerBound..<box.range.lowerBound)
          let width = advanceSum(box.range)
          let low = run.isRightToLeft ? run.x + run.width - before - width : run.x + before
          boxes.append(
            CharacterGeometry.Box(
              start: box.range.lowerBound, end: box.range.upperBound, minX: low,
              maxX: low + width, isRightToLeft: run.isRightToLeft))
          covered.insert(box.range.lowerBound)
          rects.append(
            PlaceholderRect(
              range: box.range, label: box.placeholder.label,
              rect: Rect(
                x: line.x + low, y: line.baseline - box.ascent, width: box.placeholder.width,
                height: box.placeholder.height), line: lineIndex))
        }
        continue
      }
      // Each cluster's extent, from the pen positions of its glyphs.
      var extents: [Int: (low: Double, high: Double)] = [:]
      var glyphCount: [Int: (count: Int, id: UInt32)] = [:]
      var pen = run.x
      for glyph in run.glyphs {
        let cluster = max(glyph.cluster, run.range.lowerBound)
        let known = extents[cluster] ?? (pen, pen)
        extents[cluster] = (min(known.low, pen), max(known.high, pen + glyph.advance))
        glyphCount[cluster] = ((glyphCount[cluster]?.count ?? 0) + 1, glyph.id)
        pen += glyph.advance
      }
      var starts = extents.keys.sorted()
      guard !starts.isEmpty else { continue }
      if starts[0] > run.range.lowerBound {
        extents[run.range.lowerBound] = extents[starts[0]]
        glyphCount[run.range.lowerBound] = glyphCount[starts[0]]
        extents[starts[0]] = nil
        starts[0] = run.range.lowerBound
      }
      for (index, start) in starts.enumerated() {
        let end = index + 1 < starts.count ? starts[index + 1] : run.range.upperBound
        let extent = extents[start]!
        var graphemes = [start]
        for offset in (start + 1)..<max(start + 1, end) where isGraphemeStart(offset) {
          graphemes.append(offset)
        }
        let bounds = Self.graphemeBounds(
          extent, count: graphemes.count, ligature: glyphCount[start], run: run)
        for (number, graphemeStart) in graphemes.enumerated() {
          let graphemeEnd = number + 1 < graphemes.count ? graphemes[number + 1] : end
          // Left to right across the cluster; a right-to-left run's first grapheme is last.
          let slot = run.isRightToLeft ? graphemes.count - 1 - number : number
          boxes.append(
            CharacterGeometry.Box(
              start: graphemeStart, end: graphemeEnd, minX: bounds[slot], maxX: bounds[slot + 1],
              isRightToLeft: run.isRightToLeft))
          covered.insert(graphemeStart)
        }
      }
    }
    // Hanging whitespace and separators: no width, where Pango puts them (their bidi level
    // as resolved in the paragraph, before rule L1 moved them to the line's end).
    boxes.sort { $0.start < $1.start }
    let contents = boxes
    var previous = -1  // the last content box before `offset`
    let edge =
      rightToLeftParagraph ? contents.map(\.minX).min() ?? 0 : contents.map(\.maxX).max() ?? 0
    let hidden = line.truncation?.hidden ?? 0..<0
    var offset = line.range.lowerBound
    while offset < min(line.range.upperBound, count) {
      while previous + 1 < contents.count, contents[previous + 1].start < offset { previous += 1 }
      if !covered.contains(offset), !hidden.contains(offset), isGraphemeStart(offset) {
        var end = offset + 1
        while end < line.range.upperBound, !isGraphemeStart(end) { end += 1 }
        // Its bidi level before rule L1: at the paragraph's level it ends the line (in the
        // paragraph's direction); at a deeper level it ends the run before it.
        let isRightToLeft = analysis.level(at: offset) % 2 == 1
        let x =
          previous >= 0 && isRightToLeft != rightToLeftParagraph
          ? contents[previous].trailingX : edge
        boxes.append(
          CharacterGeometry.Box(
            start: offset, end: end, minX: x, maxX: x, isRightToLeft: isRightToLeft))
      }
      offset += 1
    }
    boxes.sort { $0.start < $1.start }
    return CharacterGeometry.LineBoxes(
      range: line.range, y: line.y, height: line.height, x: line.x,
      isRightToLeft: rightToLeftParagraph, boxes: boxes)
  }
}
