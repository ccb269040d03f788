/// Spacing: letter and word spacing in the advances, and the paragraph's line heights.
///
/// Problem: tracking, word spacing and line-height models change every width and height,
/// and must do so the same way in the prefix sums, in reshaped line edges and in every
/// line's metrics. Solution: the extra advance of each scalar is one function
/// (`spacing(at:)`), added once to the shaped advances and again to any reshaped stretch;
/// a line's metrics are its fonts' metrics through `ParagraphStyle.lineMetrics`.
/// Letter spacing goes between clusters, as in Pango: each cluster's advance carries it,
/// and a line's width drops the one after its last content cluster
/// (`LineWidths.lineEdgeSpacing`).
extension PreparedText {
  /// The points added to the advance of the scalar at `index`: letter spacing on the first
  /// scalar of each cluster (`clusterStart`: where a HarfBuzz cluster and a grapheme both
  /// start), word spacing on word separators; none on line separators.
  static func spacing(
    at index: Int, clusterStart: BitArray, analysis: TextAnalysis, style: TextStyle
  ) -> Double {
    var extra = 0.0
    if style.letterSpacing != 0, clusterStart[index] { extra += style.letterSpacing }
    if style.wordSpacing != 0, isWordSeparator(analysis.scalars[index]) {
      extra += style.wordSpacing
    }
    return extra
  }

  /// Adds `spacing(at:)` to every scalar's advance, kept one place on as in `ShapedText`
  /// (`advances[i + 1]` is scalar i's), in the style of its run's face (`styles`, by face
  /// index); nothing to do without spacing.
  ///
  /// - Throws: `CaliperError.invalidStyle` when negative spacing makes an advance negative:
  ///   a width below 0 is no size, and clamping it would break the rule that a line's width
  ///   leaves out the spacing after its last cluster.
  static func addSpacing(
    to advances: inout [Double], clusterStart: BitArray, analysis: TextAnalysis,
    runs: [TextRun], slots: FaceSlots
  ) throws(CaliperError) {
    guard slots.anyStyle({ $0.letterSpacing != 0 || $0.wordSpacing != 0 }) else { return }
    for run in runs {
      let style = slots.style(of: run.face)
      guard style.letterSpacing != 0 || style.wordSpacing != 0 else { continue }
      for index in run.range where !analysis.isLineSeparator(index) {
        let spaced =
          advances[index + 1]
          + spacing(at: index, clusterStart: clusterStart, analysis: analysis, style: style)
        guard spaced >= 0 else {
          let scalar = analysis.scalars[index]
          throw .invalidStyle(
            "letter spacing \(style.letterSpacing) and word spacing \(style.wordSpacing) make"
              + " the advance of U+\(String(scalar.value, radix: 16, uppercase: true)) negative"
              + " (\(spaced) pt)")
        }
        advances[index + 1] = spaced
      }
    }
  }

  /// CSS Text 3's word-separator characters: space, no-break space, Ethiopic word space,
  /// Aegean, Ugaritic and Phoenician word separators.
  static func isWordSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0xA0, 0x1361, 0x10100, 0x10101, 0x1039F, 0x1091F: return true
    default: return false
    }
  }

  /// The metrics of the line `range` whose faces are `faces`: the fonts' metrics, then the
  /// paragraph's line height, line spacing and paragraph spacing.
  func lineMetrics(_ range: Range<Int>, faces: FaceMask) -> LineMetrics {
    let natural = fontLineMetrics(range, faces: faces)
    // `storage.style`, not `style`: the stored value read in place, not copied (and its
    // arrays and strings retained) once a line.
    guard storage.style.paragraph.changesLineHeights else { return natural }
    let count = analysis.scalars.count
    let endsParagraph = !range.isEmpty && analysis.isLineSeparator(range.upperBound - 1)
    // The text's last line: the one reaching its end, unless a hard break ends it (then an
    // empty line follows, and is the last).
    let isLast = range.upperBound == count && !endsParagraph
    return storage.style.paragraph.lineMetrics(
      natural, endsParagraph: endsParagraph, isLast: isLast)
  }
}
