import Synchronization

/// Fonts: for each scalar met, the first face of the bundled cascade whose cmap has it, kept
/// for the library's life and shared by its threads (`FontCascade.Resolver`).
///
/// Problem: the face rule walks the cascade for each new scalar until a face covers it, and a
/// preparation's own memo starts empty: a Japanese paragraph (Droid Sans Fallback is the bundled
/// cascade's sixth face) walked six faces for each of its ~90 distinct scalars in every
/// preparation, about 9 % of a cold vertical prepare. Solution: the answers of the cascade every
/// style without fonts of its own uses, kept as `ScalarTable` keeps a face's coverage (a table of
/// atomic entries, two ways as `ScalarTable`'s: a scalar is kept in its slot or the slot's
/// neighbour), each tagged with the library's count of font files read when it was found
/// (`FontLibrary.faceReads`, called the generation here): every file read (a face opened, or read
/// again after it was evicted, found changed or the caches emptied: its cmap may be another) bumps
/// it before the face is in the cache, and the older answers no longer match. Limitation: only for
/// the bundled cascade (a style's own fonts make a cascade of their own), and the count's low 27
/// bits are the tag (an answer could be taken again after 2^27 reads while it stayed in its slot).
///
/// Each entry also holds the scalar's `ScalarFacts` (the same for every generation), so that the
/// face rule's common question, a plain cluster's face (`FontCascade.Resolver.plainFace`), is at
/// most two loads a scalar (its slot, then the neighbour) rather than loads here and a call into
/// `ScalarFactsTable`. A face index of 254 or more (a cascade that long, or system faces appended
/// to it) is not kept.
final class FirstFaceTable: @unchecked Sendable {
  // Sendable: `entries` is set once in `init` and never reassigned; every read and write of
  // what it points to is an atomic load or store of one entry, and an entry holds its own
  // scalar and generation beside the answer, so a reader sees an entry it can check whole.
  /// `generation << 37 | (value + 1) << 16 | facts << 8 | face`, with `face` the face's
  /// index + 1 or `noFace`; 0 (no scalar's) when empty.
  private let entries: UnsafeMutablePointer<Atomic<UInt64>>
  private static let slotsLog2 = 12
  private static let mask = (1 << slotsLog2) - 1

  init() { entries = ScalarTable.makeEntries(Self.mask + 1) }

  deinit { ScalarTable.freeEntries(entries, Self.mask + 1) }

  @inline(__always)
  fileprivate static func tag(_ scalar: Unicode.Scalar, generation: UInt64) -> UInt64 {
    generationTag(generation) | UInt64(scalar.value + 1)
  }

  /// A tag's generation bits (`tag` without the scalar).
  @inline(__always)
  fileprivate static func generationTag(_ generation: UInt64) -> UInt64 {
    (generation & (1 << 27 - 1)) << 21
  }

  @inline(__always)
  fileprivate static func slot(_ scalar: Unicode.Scalar) -> Int {
    ScalarTable.slot(scalar.value, shift: UInt32(32 - slotsLog2)) & mask
  }

  @inline(__always)
  fileprivate static func slot(_ value: UInt32) -> Int {
    ScalarTable.slot(value, shift: UInt32(32 - slotsLog2)) & mask
  }

  /// A face field's value for no face.
  fileprivate static let noFace: UInt64 = 0xFF

  /// The face recorded for `scalar` under `generation` (`ScalarFactsMemo`'s coding: the
  /// face's index + 1, or `ScalarFactsMemo.noFace`) and its `ScalarFacts`, or nil when
  /// none is.
  @inline(__always)
  func face(_ scalar: Unicode.Scalar, generation: UInt64) -> (face: UInt64, facts: UInt8)? {
    reader.face(scalar, generation: generation)
  }

  /// The table's lookups without a reference to it, so that a lookup retains nothing: for
  /// a holder that keeps the table alive otherwise (a preparation's resolver, whose cascade
  /// holds the library that owns the table).
  var reader: Reader { Reader(entries: entries) }

  struct Reader {
    fileprivate let entries: UnsafeMutablePointer<Atomic<UInt64>>

    /// `FirstFaceTable.face(_:generation:)`.
    @inline(__always)
    func face(_ scalar: Unicode.Scalar, generation: UInt64) -> (face: UInt64, facts: UInt8)? {
      let slot = FirstFaceTable.slot(scalar)
      let tag = FirstFaceTable.tag(scalar, generation: generation)
      var entry = entries[slot].load(ordering: .relaxed)
      if entry >> 16 != tag {
        entry = entries[slot ^ 1].load(ordering: .relaxed)
        guard entry >> 16 == tag else { return nil }
      }
      let face = entry & 0xFF
      return (
        face == FirstFaceTable.noFace ? ScalarFactsMemo.noFace : face,
        UInt8(truncatingIfNeeded: entry >> 8)
      )
    }

    /// `Match` for the entries of `face` (an index + 1) under `generation` whose facts,
    /// masked by `factsMask`, are `facts`; one that holds for no scalar where `face` is no
    /// face the table records (0, or `noFace` and above).
    @inline(__always)
    func match(face: UInt64, facts: UInt8, factsMask: UInt8, generation: UInt64) -> Match {
      let field = face > 0 && face < FirstFaceTable.noFace ? face : 0
      return Match(
        entries: entries,
        expected: FirstFaceTable.generationTag(generation) << 16
          | UInt64(facts & factsMask) << 8 | field,
        mask: ~(UInt64(~factsMask) << 8 & 0xFF00))
    }
  }

  /// One question of `Reader.face(_:generation:)` asked with one compare: whether a scalar's
  /// own slot holds its entry with a given face and facts (the facts' bits outside a mask
  /// ignored).
  ///
  /// Problem: the itemizer's tight loop (`FaceChooser.scanStretch`) asks of each cluster beyond
  /// ASCII whether its face is the item's; `face(_:generation:)` and the checks on its answer
  /// (the tag, the neighbour slot, the facts, the face decoded and bounded) were about 25
  /// instructions and five registers a cluster, and the loop's other values were reloaded
  /// from the stack around them. Solution: the entry the answer needs, made once per stretch
  /// (`expected`, without the scalar), compared whole with the slot's entry: equal where
  /// masked, the reader would take that entry (its tag is the scalar's under the generation)
  /// and find that face and those facts. Where it does not hold (the scalar kept in the
  /// neighbour slot, not kept, or another answer) the caller asks the reader. A face field of
  /// 0 holds for no scalar: `setFace` never stores it, and an empty entry is 0 whole, its tag
  /// no scalar's.
  struct Match {
    fileprivate let entries: UnsafeMutablePointer<Atomic<UInt64>>
    /// The entry looked for, its scalar field 0 (the scalar + 1 is added by `holds`).
    fileprivate let expected: UInt64
    fileprivate let mask: UInt64

    /// Whether `value`'s slot holds the entry looked for.
    @inline(__always)
    func holds(_ value: UInt32) -> Bool {
      let entry = entries[FirstFaceTable.slot(value)].load(ordering: .relaxed)
      return (entry ^ (expected | UInt64(value &+ 1) << 16)) & mask == 0
    }

    /// Whether `value`'s slot holds its entry with the face looked for, whatever its facts.
    @inline(__always)
    func holdsFace(_ value: UInt32) -> Bool {
      let entry = entries[FirstFaceTable.slot(value)].load(ordering: .relaxed)
      return (entry ^ (expected | UInt64(value &+ 1) << 16)) & ~0xFF00 == 0
    }
  }

  /// Records `face` (an index + 1, or `ScalarFactsMemo.noFace`) and `facts` as `scalar`'s
  /// under `generation`, in its slot when that holds no answer of `generation`, else in the
  /// slot's neighbour when that holds none, else in its slot; a face index of 254 or more
  /// is not recorded.
  func setFace(_ scalar: Unicode.Scalar, _ face: UInt64, facts: UInt8, generation: UInt64) {
    let field: UInt64
    if face == ScalarFactsMemo.noFace {
      field = Self.noFace
    } else {
      // (0 is no face's coding: `Match` takes a face field of 0 to hold for no scalar.)
      guard face > 0, face < Self.noFace else { return }
      field = face
    }
    let entry = Self.tag(scalar, generation: generation) << 16 | UInt64(facts) << 8 | field
    let slot = Self.slot(scalar)
    let current = entry >> 37
    let first = entries[slot].load(ordering: .relaxed)
    let second = entries[slot ^ 1].load(ordering: .relaxed)
    let kept = ScalarTable.slotToKeep(
      slot, firstHeld: first != 0 && first >> 37 == current,
      secondHeld: second != 0 && second >> 37 == current)
    entries[kept].store(entry, ordering: .relaxed)
  }
}
