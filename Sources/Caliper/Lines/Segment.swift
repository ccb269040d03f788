/// One stretch of text between two line-break opportunities: a word and the whitespace
/// that follows it. Offsets are Unicode scalars.
struct Segment: Sendable, Hashable {
  // Stored widest first and offsets as Int32 (texts are under 2^31 scalars:
  // `InputLimits.maxTextBytes`): 40 bytes a segment rather than 64.
  /// Width of the content in points, as shaped in the paragraph.
  let width: Double
  /// Width of the trailing whitespace in points.
  let trailingWidth: Double
  /// The faces used in start..<end as a bit set (`FaceMask`).
  let faces: FaceMask
  private let storedStart: Int32
  private let storedContentEnd: Int32
  private let storedEnd: Int32
  /// Whether the break at `end` is mandatory.
  let isHardBreak: Bool
  /// Whether HarfBuzz marks breaking at `end` unsafe (a line ending here is reshaped).
  let unsafeEnd: Bool

  init(
    start: Int, contentEnd: Int, end: Int, width: Double, trailingWidth: Double,
    isHardBreak: Bool, faces: FaceMask, unsafeEnd: Bool
  ) {
    storedStart = Int32(start)
    storedContentEnd = Int32(contentEnd)
    storedEnd = Int32(end)
    self.width = width
    self.trailingWidth = trailingWidth
    self.isHardBreak = isHardBreak
    self.faces = faces
    self.unsafeEnd = unsafeEnd
  }

  /// First scalar of the segment.
  var start: Int { Int(storedStart) }
  /// End of the content: trailing whitespace and line separators start here.
  var contentEnd: Int { Int(storedContentEnd) }
  /// End of the segment: the break opportunity.
  var end: Int { Int(storedEnd) }
}

/// A set of cascade face indices as bits, so that a line's faces are the union of its
/// segments' without allocating. Indices from 63 up share the last bit, which means "look
/// at the scalars" (`PreparedText.lineMetrics(_:faces:)` does).
struct FaceMask: Sendable, Hashable {
  var bits: UInt64

  static let empty = FaceMask(bits: 0)
  static let overflowBit: UInt64 = 1 << 63

  init(bits: UInt64) { self.bits = bits }

  init(face: Int) {
    bits = face < 63 ? 1 << UInt64(face) : Self.overflowBit
  }

  var isEmpty: Bool { bits == 0 }
  /// Whether a face index ≥ 63 is in the set, so the bits alone do not say which.
  var overflows: Bool { bits & Self.overflowBit != 0 }

  static func | (lhs: FaceMask, rhs: FaceMask) -> FaceMask { FaceMask(bits: lhs.bits | rhs.bits) }
  static func |= (lhs: inout FaceMask, rhs: FaceMask) { lhs.bits |= rhs.bits }
}
