extension TextStyle {
  /// CSS `text-wrap-style`: how the lines of a paragraph that wraps are chosen.
  ///
  /// `.auto` (the default) fills each line greedily. `.balance` evens the line lengths of
  /// a paragraph of at most six lines, and `.pretty` re-breaks the last four lines of each
  /// paragraph when the last one would be a short single word, both with Chromium's
  /// score-based line breaker (`ScoreLineBreaker.swift`) over the prepared segments: no
  /// text is reshaped. `.stable` measures as `.auto` (as in CSS, where it only keeps
  /// earlier lines from moving while text is edited). With `.css` break rules the lines are
  /// Chromium's; with `.unicode` the same algorithms run over Caliper's break
  /// opportunities. Not applied under a line limit or a truncating height.
  ///
  /// ```swift
  /// var style = TextStyle(size: 16)
  /// style.wrapStyle = .balance
  /// ```
  public enum WrapStyle: String, Sendable, Hashable, CaseIterable {
    /// Greedy: each line takes as much as fits.
    case auto
    /// Line lengths evened out (CSS `text-wrap-style: balance`).
    case balance
    /// The last lines re-broken to avoid a short last line (CSS `pretty`).
    case pretty
    /// Measured as `.auto` (CSS `stable` differs only while text is edited).
    case stable

    /// Whether the lines differ from greedy filling.
    var reworksLines: Bool { self == .balance || self == .pretty }
  }
}
