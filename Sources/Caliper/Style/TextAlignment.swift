/// How lines sit across the width of their text (SwiftUI's `multilineTextAlignment`, with
/// justification added).
///
/// Lines align inside the text's own width — its widest line, the width it reports — so
/// alignment never changes a size. `leading` and `trailing` follow the paragraph's
/// direction, taken from its first strong character: a right-to-left paragraph's leading
/// edge is on the right.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
  case leading
  case center
  case trailing
  /// Stretches the inter-word spaces (U+0020, U+00A0) of every line to the text's width,
  /// but the last line, a line ending in a hard break, a truncated line and a line without
  /// spaces, which align leading.
  case justified
}
