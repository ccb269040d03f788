/// One stretch of text between two line-break opportunities: a word and the whitespace
/// that follows it. Offsets are Unicode scalars.
struct Segment: Sendable, Hashable {
  /// First scalar of the segment.
  let start: Int
  /// End of the content: trailing whitespace and line separators start here.
  let contentEnd: Int
  /// End of the segment: the break opportunity.
  let end: Int
  /// Width of the content in points, as shaped in the paragraph.
  let width: Double
  /// Width of the trailing whitespace in points.
  let trailingWidth: Double
  /// Whether the break at `end` is mandatory.
  let isHardBreak: Bool
}
