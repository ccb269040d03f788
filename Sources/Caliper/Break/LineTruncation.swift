/// What a truncated line shows: the kept text before and after the ellipsis, and the
/// ellipsis itself (text, face and width), for drawing it (`PreparedText.runs(in:)`).
public struct LineTruncation: Sendable, Hashable {
  /// Kept before the ellipsis (Unicode scalars).
  public let prefix: Range<Int>
  /// Kept after the ellipsis (Unicode scalars).
  public let suffix: Range<Int>
  /// Not shown.
  public let hidden: Range<Int>
  /// "…", or "..." where no face has U+2026.
  public let ellipsis: String
  /// The face that draws the ellipsis.
  public let ellipsisFont: Font
  /// The ellipsis's width in points.
  public let ellipsisWidth: Double

  public static func == (lhs: LineTruncation, rhs: LineTruncation) -> Bool {
    lhs.prefix == rhs.prefix && lhs.suffix == rhs.suffix && lhs.hidden == rhs.hidden
      && lhs.ellipsis == rhs.ellipsis && lhs.ellipsisFont === rhs.ellipsisFont
      && lhs.ellipsisWidth == rhs.ellipsisWidth
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(prefix)
    hasher.combine(suffix)
    hasher.combine(ellipsis)
  }
}
