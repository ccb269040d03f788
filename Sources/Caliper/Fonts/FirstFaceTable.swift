import Synchronization

/// Fonts: for each scalar met, the first face of the bundled cascade whose cmap has it, kept
/// for the library's life and shared by its threads (`FontCascade.Resolver`).
///
/// Problem: the face rule walks the cascade for each new scalar until a face covers it, and
/// a preparation's own memo starts empty: a Japanese paragraph (Droid Sans Fallback is the
/// bundled cascade's sixth face) walked six faces for each of its ~90 distinct scalars in
/// every preparation, about 9 % of a cold vertical prepare. Solution: the answers of the
/// cascade every style without fonts of its own uses, kept as `ScalarTable` keeps a face's
/// coverage (a direct-mapped table of atomic entries, a collision forgets the older
/// scalar), each tagged with the library's count of font files read when it was found
/// (`FontLibrary.faceReads`, called the generation here): every file read (a face opened,
/// or read again after it was evicted, found changed or the caches emptied: its cmap may
/// be another) bumps it before the face is in the cache, and the older answers no longer
/// match. Limitation: only for the bundled cascade (a style's own fonts make a cascade of
/// their own), and the count's low 27 bits are the tag (an answer could be taken again
/// after 2^27 reads while it stayed in its slot).
///
/// Each entry also holds the scalar's `ScalarFacts` (the same for every generation), so
/// that the face rule's common question, a plain cluster's face
/// (`FontCascade.Resolver.plainFace`), is one load a scalar rather than a load here and a
/// call into `ScalarFactsTable`. A face index of 254 or more (a cascade that long, or
/// system faces appended to it) is not kept.
final class FirstFaceTable: @unchecked Sendable {
  // Sendable: `entries` is set once in `init` and never reassigned; every read and write of
  // what it points to is an atomic load or store of one entry, and an entry holds its own
  // scalar and generation beside the answer, so a reader sees an entry it can check whole.
  /// `generation << 37 | (value + 1) << 16 | facts << 8 | face`, with `face` the face's
  /// index + 1 or `noFace`; 0 (no scalar's) when empty.
  private let entries: UnsafeMutablePointer<Atomic<UInt64>>
  private static let slotsLog2 = 12
  private static let mask = (1 << slotsLog2) - 1

  init() {
    entries = .allocate(capacity: Self.mask + 1)
    for index in 0...Self.mask { (entries + index).initialize(to: Atomic(0)) }
  }

  deinit {
    entries.deinitialize(count: Self.mask + 1)
    entries.deallocate()
  }

  @inline(__always)
  private static func tag(_ scalar: Unicode.Scalar, generation: UInt64) -> UInt64 {
    (generation & (1 << 27 - 1)) << 21 | UInt64(scalar.value + 1)
  }

  @inline(__always)
  private static func slot(_ scalar: Unicode.Scalar) -> Int {
    ScalarTable.slot(scalar.value, shift: UInt32(32 - slotsLog2)) & mask
  }

  /// A face field's value for no face.
  private static let noFace: UInt64 = 0xFF

  /// The face recorded for `scalar` under `generation` (`ScalarFactsMemo`'s coding: the
  /// face's index + 1, or `ScalarFactsMemo.noFace`) and its `ScalarFacts`, or nil when
  /// none is.
  @inline(__always)
  func face(_ scalar: Unicode.Scalar, generation: UInt64) -> (face: UInt64, facts: UInt8)? {
    let entry = entries[Self.slot(scalar)].load(ordering: .relaxed)
    guard entry >> 16 == Self.tag(scalar, generation: generation) else { return nil }
    let face = entry & 0xFF
    return (
      face == Self.noFace ? ScalarFactsMemo.noFace : face, UInt8(truncatingIfNeeded: entry >> 8)
    )
  }

  /// Records `face` (an index + 1, or `ScalarFactsMemo.noFace`) and `facts` as `scalar`'s
  /// under `generation`; a face index of 254 or more is not recorded.
  func setFace(_ scalar: Unicode.Scalar, _ face: UInt64, facts: UInt8, generation: UInt64) {
    let field: UInt64
    if face == ScalarFactsMemo.noFace {
      field = Self.noFace
    } else {
      guard face < Self.noFace else { return }
      field = face
    }
    let entry = Self.tag(scalar, generation: generation) << 16 | UInt64(facts) << 8 | field
    entries[Self.slot(scalar)].store(entry, ordering: .relaxed)
  }
}
