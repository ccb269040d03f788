/// What `.css` break rules change in a prepared text beyond its break opportunities
/// (`CSSText`): line heights as Blink computes `line-height: normal`, wrapping, emergency
/// breaks and the min-content width.
///
/// Problem: a browser's line is not as tall as its fonts' exact ascent + descent + line
/// gap, and its min-content width depends on `overflow-wrap` and `white-space`. Solution:
/// Blink's rules, read from its source and checked against Chromium
/// (`Scripts/chromium-breaks`): each font's ascent, descent and line gap rounded to whole
/// pixels (Skia's `SkScalarRoundToScalar`) and the gap split evenly above and below, the
/// line the union of its fonts and of the paragraph's first font (the strut, there even on
/// a line it draws nothing of); `nowrap` and `pre` never wrap, so their min-content width
/// is the max-content one; `overflow-wrap: anywhere` lowers the min-content width to the
/// widest grapheme cluster (`break-word` does not). Limitation: Blink's Linux adjustment
/// that moves a pixel from ascent to descent when subpixel positioning is on is not
/// applied: Chromium headless does not apply it either (a Thai line is 24 px, not 25).
extension PreparedText {
  /// A font's line metrics as Blink uses them for `line-height: normal`.
  static func blinkLineMetrics(_ metrics: LineMetrics) -> LineMetrics { metrics.blinkRounded }

  /// Whether lines wrap at the proposed width (not with CSS `white-space: nowrap` or `pre`).
  var wraps: Bool { storage.breakFacts.contains(.wraps) }

  /// Whether text in `style` wraps (read through `wraps`, found once while preparing).
  static func wraps(_ style: TextStyle) -> Bool {
    style.breakRules != .css || style.whiteSpace.wraps
  }

  /// Whether a word wider than the line is broken at grapheme boundaries (not with CSS
  /// `overflow-wrap: normal`, unless `line-break: anywhere` breaks it anyway).
  var breaksLongWords: Bool { style.breakRules != .css || style.overflowWrap != .normal }
}
