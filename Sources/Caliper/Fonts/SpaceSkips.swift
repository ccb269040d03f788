internal import CHarfBuzz

/// The ways a face's shaping can reach across its space without a rule that names it: the
/// GSUB and GPOS lookups that skip the space, and the tables besides them that see it.
///
/// Problem: the inert-space argument (`LayoutGlyphs`, `SpaceWakers`) says a rule that
/// matches glyphs of two words at once holds the space between them, because a rule's
/// glyphs are consecutive. They are consecutive but for the glyphs its lookup skips, and
/// HarfBuzz skips a glyph by its properties, not by name: its GDEF glyph class (a face with
/// no GDEF glyph classes gets synthesized ones: the space is a base) where the lookup's
/// flag ignores that class (IgnoreBaseGlyphs, IgnoreLigatures, IgnoreMarks), or, a mark, a
/// mark attachment class other than the flag's (MarkAttachmentType), or outside the
/// lookup's mark filtering set (UseMarkFilteringSet); mark-to-base and mark-to-ligature
/// attachment (GPOS 4, 5) look for their base skipping marks whatever the flag, and so does
/// the legacy `kern` table. A lookup that skips the space is as if the space were not
/// there: a pair "a b" kerns a before b across it (`SkippedSpaceTests`). Neither
/// `collect_glyphs` nor the reader sees such a lookup, and the `kern`, AAT and Graphite
/// tables were not read at all. Solution: read the space's properties once when the face
/// opens (HarfBuzz's glyph class; the GDEF mark attachment class and mark sets only where
/// the space is a mark) and every lookup's flag and type: a lookup that skips the space
/// and matches more than one glyph (GSUB 4–6 and 8, GPOS 2–8, through extensions) makes
/// the space not inert, and its input glyphs are wakers (`SpaceWakers`: such a lookup
/// applies only at a glyph of its coverage, so with none of them in the buffer it does
/// nothing). A `kern` table whose pairs name the space or skip it (the space a mark), or of
/// a format other than 0, an AAT table (`morx`, `mort`, `kerx`) or a Graphite one (`Silf`)
/// makes the space not inert with no wakers: the face shapes its runs whole. Bundled faces:
/// Noto's spaces are in no GDEF class (never skipped), Droid Sans Fallback's is a base
/// that no lookup seeing two glyphs ignores, NanumGothic's `kern` pairs leave its space
/// (a synthesized base) alone: none changes (`SkippedSpaceTests`).
/// Limitation: the `kern` table is read whether or not HarfBuzz applies it (only where GPOS
/// has no `kern` feature), and every lookup whether or not a feature reaches it: a face can
/// lose word-by-word shaping it could keep, never shape differently.
struct SpaceSkips: Sendable, Equatable {
  /// A lookup that skips the space: its table (GSUB: `substitutes`) and its index there.
  struct Lookup: Sendable, Equatable {
    let substitutes: Bool
    let index: Int
  }

  typealias Unreadable = LookupTableReader.Unreadable

  /// The GSUB and GPOS lookups that skip the space and match more than one glyph.
  var lookups: [Lookup] = []
  /// Whether a table other than GSUB and GPOS sees the space (or a table could not be
  /// read): the face has no wakers.
  var unreadable = false

  /// Whether anything reaches across the space: it is not inert.
  var any: Bool { unreadable || !lookups.isEmpty }

  /// HarfBuzz's glyph property bits of a base, a ligature and a mark, which are the lookup
  /// flag bits that ignore them.
  private static let base = 0x02
  private static let ligature = 0x04
  private static let mark = 0x08

  /// What skips `space` (a glyph of `face`) in its layout tables.
  static func of(face: OpaquePointer, space: UInt32) -> SpaceSkips {
    var skips = SpaceSkips()
    guard let glyph = UInt16(exactly: space) else { return SpaceSkips(unreadable: true) }
    do {
      let props = try properties(face: face, space: glyph)
      let otherTables = ["morx", "mort", "kerx", "Silf"].contains {
        ClusterJoining.hasTable(face, $0)
      }
      if try otherTables || kernSees(glyph, isMark: props.bits == mark, face: face) {
        return SpaceSkips(unreadable: true)
      }
      guard props.bits != 0 else { return skips }  // unclassified: nothing skips it
      for (tag, substitutes) in [("GSUB", true), ("GPOS", false)] {
        try withTable(face, tag) { table throws(Unreadable) in
          for (index, lookup) in try table.lookups().enumerated() {
            guard let lookup, try table.skips(lookupAt: lookup, props, substitutes: substitutes)
            else { continue }
            skips.lookups.append(Lookup(substitutes: substitutes, index: index))
          }
        }
      }
    } catch {
      return SpaceSkips(unreadable: true)
    }
    return skips
  }

  /// The space's properties as HarfBuzz sets them when shaping: its class bit, and for a
  /// mark its attachment class and the GDEF mark glyph sets that hold it.
  struct Properties {
    let bits: Int
    var attachmentClass = 0
    var markSets: Set<Int> = []
  }

  /// The corresponding HarfBuzz functions are `hb_ot_layout_has_glyph_classes` and
  /// `hb_ot_layout_get_glyph_class`.
  private static func properties(face: OpaquePointer, space: UInt16) throws(Unreadable)
    -> Properties
  {
    // Without GDEF glyph classes HarfBuzz synthesizes them: a nonspacing mark is a mark,
    // anything else (the space) a base.
    guard hb_ot_layout_has_glyph_classes(face) != 0 else { return Properties(bits: base) }
    switch hb_ot_layout_get_glyph_class(face, hb_codepoint_t(space)) {
    case HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH: return Properties(bits: base)
    case HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE: return Properties(bits: ligature)
    case HB_OT_LAYOUT_GLYPH_CLASS_MARK: break
    default: return Properties(bits: 0)  // unclassified or a component: never skipped
    }
    var properties = Properties(bits: mark)
    _ = try withTable(face, "GDEF") { gdef throws(Unreadable) in
      var table = gdef.looking(for: space)
      // GDEF 1.0: the mark attachment class definition's offset at 10; 1.2 and later: the
      // mark glyph sets' at 12 (format 1, a count, 32-bit offsets of coverage tables).
      properties.attachmentClass = try table.classes(table.offset(from: 0, at: 10)).first ?? 0
      guard try table.u16(0) == 1, try table.u16(2) >= 2,
        let sets = try table.offset(from: 0, at: 12), try table.u16(sets) == 1
      else { return }
      let count = try table.u16(sets + 2)
      try table.spend(count)
      for index in 0..<count where try table.covers(sets + table.u32(sets + 4 + 4 * index)) {
        properties.markSets.insert(index)
      }
    }
    return properties
  }

  /// Whether the `kern` table (none: false) sees `space`: a pair names it, or it is a mark
  /// (HarfBuzz kerns skipping marks) and the table has a pair, or a subtable is of another
  /// format than 0 (state machines, classes) or the table is Apple's (version 1).
  private static func kernSees(_ space: UInt16, isMark: Bool, face: OpaquePointer)
    throws(Unreadable) -> Bool
  {
    try withTable(face, "kern") { table throws(Unreadable) in
      guard try table.u16(0) == 0 else { return true }
      let count = try table.u16(2)
      try table.spend(count)
      var at = 4
      for _ in 0..<count {
        // version, length, coverage (the format in its high byte); format 0: the number of
        // pairs, three search fields, then (left, right, value) records.
        let (length, coverage) = (try table.u16(at + 2), try table.u16(at + 4))
        guard coverage >> 8 == 0, length >= 14 else { return true }
        let pairs = try table.u16(at + 6)
        if isMark && pairs > 0 { return true }
        // The left glyphs, then the right ones.
        for side in [at + 14, at + 16]
        where try table.scan(for: space, count: pairs, at: side, stride: 6) {
          return true
        }
        at += length
      }
      return false
    } ?? false
  }

  /// `body` over a reader of `face`'s table `tag`, or nil where the face has none.
  private static func withTable<Result>(
    _ face: OpaquePointer, _ tag: String,
    _ body: (inout LookupTableReader) throws(Unreadable) -> Result
  ) throws(Unreadable) -> Result? {
    let blob = hb_face_reference_table(face, ClusterJoining.tag(tag))
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
    var table = LookupTableReader(
      bytes: UnsafeRawBufferPointer(start: data, count: Int(length)), glyph: 0)
    return try body(&table)
  }
}

extension LookupTableReader {
  /// Whether the lookup at `lookup` (of a GSUB table: `substitutes`) skips a glyph of
  /// `properties` (HarfBuzz's `check_glyph_property`, and mark attachment's search for a
  /// base) and matches more than one glyph, so that it can match across it.
  fileprivate mutating func skips(
    lookupAt lookup: Int, _ properties: SpaceSkips.Properties, substitutes: Bool
  ) throws(Unreadable) -> Bool {
    let flag = try u16(lookup + 2)
    let types = try subtableTypes(ofLookupAt: lookup, extensionType: substitutes ? 7 : 9)
    let single: Set<Int> = substitutes ? [1, 2, 3] : [1]
    guard !types.isSubset(of: single) else { return false }
    if properties.bits & flag & 0x0E != 0 { return true }
    guard properties.bits == 0x08 else { return false }
    if !substitutes, !types.isDisjoint(with: [4, 5]) { return true }  // bases found past marks
    if flag & 0x10 != 0 {  // UseMarkFilteringSet: the set's index after the subtables
      return try !properties.markSets.contains(u16(lookup + 6 + 2 * u16(lookup + 4)))
    }
    return flag & 0xFF00 != 0 && flag >> 8 != properties.attachmentClass
  }
}
