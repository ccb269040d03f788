/// One stretch of text between two line-break opportunities: a word and the whitespace
/// that follows it. Offsets are Unicode scalars.
struct Segment: Sendable, Hashable {
  // 16 bytes a segment: offsets as Int32 (texts are under 2^31 scalars,
  // `InputLimits.maxTextBytes`) with the three flags in the start's, end's and content
  // end's sign bits, and the faces as 32 bits (faces from 31 up share the top bit, as in
  // `FaceMask`). Widths are not stored: the prefix sums give them
  // (`PreparedText.advanceSum`), and a line's width is more than their sum anyway
  // (`LineWidths`).
  private let storedStart: Int32
  private let storedContentEnd: Int32
  private let storedEnd: Int32
  private let storedFaces: UInt32

  @inline(__always)
  init(
    start: Int, contentEnd: Int, end: Int, isHardBreak: Bool, faces: FaceMask, unsafeEnd: Bool,
    softHyphen: Bool
  ) {
    storedStart = Int32(start) | (softHyphen ? Int32.min : 0)
    storedContentEnd = Int32(contentEnd) | (unsafeEnd ? Int32.min : 0)
    storedEnd = Int32(end) | (isHardBreak ? Int32.min : 0)
    storedFaces =
      UInt32(truncatingIfNeeded: faces.bits & 0x7FFF_FFFF)
      | (faces.bits > 0x7FFF_FFFF ? Self.packedOverflow : 0)
  }

  /// The bit of `packedFaces` that stands for faces past its 31 bits (the mask's
  /// `overflows`).
  static let packedOverflow: UInt32 = 0x8000_0000

  /// First scalar of the segment.
  var start: Int { Int(storedStart & Int32.max) }
  /// End of the content: trailing whitespace and line separators start here.
  var contentEnd: Int { Int(storedContentEnd & Int32.max) }
  /// End of the segment: the break opportunity.
  var end: Int { Int(storedEnd & Int32.max) }
  /// Whether the break at `end` is mandatory.
  var isHardBreak: Bool { storedEnd < 0 }
  /// Whether the segment is spaces alone, with no hard break: what may hang at a line's
  /// end after the line's last word (`WrapChooser.hangingSpaces`, `hasSpaceSegments`).
  var isSpacesAlone: Bool { contentEnd == start && !isHardBreak }
  /// Whether HarfBuzz marks breaking at `end` unsafe (a line ending here is reshaped).
  var unsafeEnd: Bool { storedContentEnd < 0 }
  /// Whether the segment ends with a soft hyphen (U+00AD) or at an automatic hyphenation
  /// point (`TextStyle.hyphenation`) before more text: a line that ends here shows a hyphen.
  var softHyphen: Bool { storedStart < 0 }
  /// Whether the segment has none of the three flags (soft hyphen, unsafe end, hard break):
  /// the line breaker's fast path takes such a segment with prefix arithmetic alone.
  var isPlain: Bool { storedStart | storedContentEnd | storedEnd >= 0 }
  /// The faces used in start..<end as a bit set (`FaceMask`).
  var faces: FaceMask { Self.faces(storedFaces) }
  /// The faces as stored: 32 bits whose union over segments `faces(_:)` turns into the
  /// union of their `faces` (the line breaker's fast path decodes once per line).
  var packedFaces: UInt32 { storedFaces }

  /// The face set of packed face bits (`packedFaces`, or a union of them).
  static func faces(_ packed: UInt32) -> FaceMask {
    let bits = UInt64(packed & 0x7FFF_FFFF)
    return FaceMask(bits: packed & packedOverflow != 0 ? bits | FaceMask.overflowBit : bits)
  }
}

/// A set of cascade face indices as bits, so that a line's faces are the union of its
/// segments' without allocating. Indices from 63 up share the last bit, which means "look
/// at the scalars" (`PreparedText.lineMetrics(_:faces:)` does).
struct FaceMask: Sendable, Hashable {
  var bits: UInt64

  static let empty = FaceMask(bits: 0)
  static let overflowBit: UInt64 = 1 << 63

  init(bits: UInt64) { self.bits = bits }

  /// Face `face`'s bit; from 63 up, the overflow bit (no branch: the segments pass sets one
  /// a scalar, `PreparedTextStorage.segments`).
  @inline(__always)
  init(face: Int) {
    bits = 1 &<< UInt64(min(face, 63))
  }

  var isEmpty: Bool { bits == 0 }
  /// Whether a face index ≥ 63 is in the set, so the bits alone do not say which.
  var overflows: Bool { bits & Self.overflowBit != 0 }

  static func |= (lhs: inout FaceMask, rhs: FaceMask) { lhs.bits |= rhs.bits }
}
