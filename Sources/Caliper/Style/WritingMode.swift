/// Which way lines run and blocks progress (CSS `writing-mode`).
///
/// `.horizontalTB` (the default) sets lines left to right (or right to left) stacked top to
/// bottom. `.verticalRL` sets each line as a column read top to bottom, columns from right
/// to left, as Chinese and Japanese books are set; `.verticalLR` stacks the columns left to
/// right. In a vertical mode a proposal's height is the column length the text breaks at,
/// and its width is the block (see `PreparedText.measureColumns(_:options:)`).
///
/// ```swift
/// var style = TextStyle(size: 16, locale: "ja")
/// style.writingMode = .verticalRL
/// ```
public enum WritingMode: String, Sendable, Hashable, CaseIterable {
  case horizontalTB = "horizontal-tb"
  case verticalRL = "vertical-rl"
  case verticalLR = "vertical-lr"

  /// Whether lines are columns.
  public var isVertical: Bool { self != .horizontalTB }
}

/// How characters stand in a vertical line (CSS `text-orientation`); ignored in
/// `.horizontalTB`.
public enum TextOrientation: String, Sendable, Hashable, CaseIterable {
  /// Each character as Unicode's `Vertical_Orientation` (UAX #50) says: Han, kana, Hangul
  /// and full-width punctuation upright, Latin words and digits turned sideways.
  case mixed
  /// Every character upright.
  case upright
  /// Every character turned sideways (the line is horizontal text rotated 90° clockwise).
  case sideways
}
