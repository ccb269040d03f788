/// Glyph spacing: the pen moves of measuring (letter and word spacing, tab stops,
/// justification) applied to shaped glyphs.
///
/// Problem: glyphs for drawing come from a fresh HarfBuzz shaping, whose advances know
/// nothing of the spacing and tab stops that measuring added. Solution: walk a run's
/// glyphs in visual order and, after each HarfBuzz cluster's last glyph, add that
/// cluster's extra advance exactly as measuring does (`spacing(at:)` over its scalars, none
/// after the line's last content cluster), and give a tab the advance that reaches its
/// stop from the pen (stops measured from the text's leading edge, the line's indent
/// included, as `tabbedWidth` does). Every later glyph moves by the sum so far, so the
/// glyphs land where measurement put their clusters. Limitation: in a right-to-left run
/// the spacing goes to each cluster's right; tab stops assume left-to-right lines.
extension PreparedText {
  /// `glyphs` of the visual run `lineRun` (in `line`, shaped in `style`) moved by the
  /// spacing and tab stops measuring added; unchanged when there are none. `contentEnd` is
  /// where the line's content ends (`contentEnd(_:from:to:)`), found once per line.
  func spaced(
    _ glyphs: [PositionedGlyph], lineRun: LineRun, line: Line, contentEnd: Int, style: TextStyle
  ) -> [PositionedGlyph] {
    let hasSpacing =
      style.letterSpacing != 0 || style.wordSpacing != 0 || line.justification != 0
    let hasTab = tabStops != nil && glyphs.contains { analysis.scalars[$0.cluster].value == 0x09 }
    guard hasSpacing || hasTab, !glyphs.isEmpty else { return glyphs }
    let scalars = analysis.scalars
    // Each HarfBuzz cluster's scalars: from its first to the next cluster's (logical order).
    let starts = Set(glyphs.map(\.cluster)).sorted()
    var clusterEnd: [Int: Int] = [:]
    for (index, start) in starts.enumerated() {
      clusterEnd[start] = index + 1 < starts.count ? starts[index + 1] : lineRun.range.upperBound
    }
    let widths = self.widths
    let indent = widths.indent(atLineStart: line.range.lowerBound)
    var result: [PositionedGlyph] = []
    result.reserveCapacity(glyphs.count)
    var shift = 0.0
    var pen = lineRun.x  // before the glyph, as moved
    for (index, glyph) in glyphs.enumerated() {
      var advance = glyph.advance
      let x = glyph.x + shift
      let lastOfCluster = index + 1 == glyphs.count || glyphs[index + 1].cluster != glyph.cluster
      if lastOfCluster {
        let cluster = glyph.cluster
        let end = clusterEnd[cluster] ?? cluster + 1
        if let stops = tabStops, scalars[cluster].value == 0x09, !lineRun.isRightToLeft {
          // The tab reaches its stop from the pen before it.
          advance = stops.next(after: indent + pen) - (indent + pen)
        } else {
          var extra = 0.0
          for offset in cluster..<end where !analysis.isLineSeparator(offset) {
            extra += Self.spacing(
              at: offset, clusterStart: clusterStart, analysis: analysis, style: style)
          }
          // Justification's extra space on each inter-word space of the content (`align`).
          if line.justification != 0 {
            extra +=
              line.justification
              * Double(justifiableSpaces(cluster..<max(cluster, min(end, contentEnd))))
          }
          // No letter spacing after the line's last content cluster (`lineEdgeSpacing`).
          if cluster < contentEnd, end >= contentEnd {
            extra -= widths.lineEdgeSpacing(before: contentEnd)
          }
          advance += extra
        }
        shift += advance - glyph.advance
      }
      pen += advance
      result.append(
        PositionedGlyph(id: glyph.id, cluster: glyph.cluster, x: x, y: glyph.y, advance: advance))
    }
    return result
  }
}
