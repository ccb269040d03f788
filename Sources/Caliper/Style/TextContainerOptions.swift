/// TextKit's text-container options that add room around the lines.
public struct TextContainerOptions: Sendable, Hashable {
  /// Space added at each end of every line (TextKit default 5; Caliper's default 0).
  public var lineFragmentPadding: Double
  /// Space around the text container: `width` on the left and right, `height` on top and
  /// bottom (as `NSTextView.textContainerInset`).
  public var textContainerInset: Size
  /// The most lines shown (SwiftUI's `lineLimit`; ≥ 1, nil for no limit). Text past the
  /// limit is hidden and the last line truncated (`truncationMode`, default tail).
  public var lineLimit: Int?
  /// How the last shown line is truncated. When set (or when `lineLimit` is), a finite
  /// proposed height also limits the lines: only the lines that fit are shown (at least
  /// one), as SwiftUI `Text` does in a fixed-height frame. When neither is set the
  /// proposed height is ignored.
  public var truncationMode: TruncationMode?
  /// Where each line sits across the text's width (`Line.x`); never changes the size.
  public var alignment: TextAlignment

  public init(
    lineFragmentPadding: Double = 0, textContainerInset: Size = .zero, lineLimit: Int? = nil,
    truncationMode: TruncationMode? = nil, alignment: TextAlignment = .leading
  ) {
    self.lineFragmentPadding = lineFragmentPadding
    self.textContainerInset = textContainerInset
    self.lineLimit = lineLimit
    self.truncationMode = truncationMode
    self.alignment = alignment
  }
}
