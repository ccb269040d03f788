/// Where a text that does not fit its line limit or its proposed height hides the rest,
/// with an ellipsis in its place (SwiftUI's `Text.TruncationMode`).
///
/// Only the last shown line is truncated, as in SwiftUI and Pango: the lines before it
/// break as usual, and the last one stands for all the text after them.
public enum TruncationMode: String, Sendable, Hashable, CaseIterable {
  /// "…" and the end of the text: the start of the last line's text is hidden.
  case head
  /// The start and the end of the rest of the text, "…" between them.
  case middle
  /// The rest of the text from its start, then "…".
  case tail
}

/// The lines a measurement may show: a count and a height, both optional.
///
/// Active when `TextContainerOptions.lineLimit` is set, or when a truncation mode is set
/// and the proposal has a finite height (SwiftUI `Text` in a fixed-height frame).
struct LineLimit: Sendable, Hashable {
  /// The most lines shown (≥ 1).
  let lines: Int
  /// The most height the lines may take (at least one line is always shown).
  let height: Double
  let mode: TruncationMode

  /// The limit `options` and `proposal` ask for, or nil when every line is shown. Inlined:
  /// every relayout asks, and most have no limit (a call was 40 instructions of ~1,500).
  @inline(__always)
  init?(_ options: TextContainerOptions, proposal: ProposedViewSize) {
    guard options.lineLimit != nil || options.truncationMode != nil else { return nil }
    lines = max(1, options.lineLimit ?? Int.max)
    var height = Double.infinity
    if let proposed = proposal.height, proposed != .infinity {
      height = proposed.isNaN ? 0 : max(0, proposed - 2 * options.textContainerInset.height)
    }
    self.height = height
    mode = options.truncationMode ?? .tail
    guard lines != Int.max || height != .infinity else { return nil }
  }
}
