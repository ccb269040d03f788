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
/// opens (its GDEF class; its mark attachment class and mark sets where it is a mark) and
/// every lookup's flag and type: a lookup that skips the space and matches more than one
/// glyph (GSUB 4–6 and 8, GPOS 2–8, through extensions) makes the space not inert, and its
/// input glyphs are wakers (`SpaceWakers`: such a lookup applies only at a glyph of its
/// coverage, so with none of them in the buffer it does nothing). A `kern` table whose
/// pairs name the space or skip it (the space a mark), or of a format other than 0, an AAT
/// table (`morx`, `mort`, `kerx`) or a Graphite one (`Silf`) makes the space not inert
/// with no wakers: the face shapes its runs whole. Bundled faces: Noto's spaces are in no
/// GDEF class (never skipped), Droid Sans Fallback's is a base that no lookup seeing two
/// glyphs ignores, NanumGothic's `kern` pairs leave its space (a synthesized base) alone:
/// none changes (`SkippedSpaceTests`).
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
    guard let glyph = UInt16(exactly: space) else { return SpaceSkips(unreadable: true) }
    do {
      let read = try properties(face: face, space: glyph)
      let otherTables = ["morx", "mort", "kerx", "Silf"].contains {
        ClusterJoining.hasTable(face, $0)
      }
      if try otherTables || kernSees(glyph, isMark: read.bits == mark, face: face) {
        return SpaceSkips(unreadable: true)
      }
      // HarfBuzz drops a GDEF table it blocklists or cannot sanitize, and then synthesizes
      // glyph classes: the space a base. Both are read; HarfBuzz is asked only where they
      // differ (its answer loads the face's GSUB and GPOS: about 1 M instructions a face,
      // for faces a process opens only to ask about coverage). No bundled face asks.
      let base = Properties(bits: Self.base)
      var (asRead, asBase) = ([Lookup](), [Lookup]())
      for (tag, substitutes) in [("GSUB", true), ("GPOS", false)] {
        try LookupTableReader.withTable(of: face, tag) { table throws(Unreadable) in
          for (index, lookup) in try table.lookups().enumerated() {
            guard let lookup else { continue }
            let found = Lookup(substitutes: substitutes, index: index)
            if try table.skips(lookupAt: lookup, read, substitutes: substitutes) {
              asRead.append(found)
            }
            if read.bits != base.bits,
              try table.skips(lookupAt: lookup, base, substitutes: substitutes)
            {
              asBase.append(found)
            }
          }
        }
      }
      guard asRead != asBase, !asBase.isEmpty else { return SpaceSkips(lookups: asRead) }
      return SpaceSkips(lookups: hb_ot_layout_has_glyph_classes(face) != 0 ? asRead : asBase)
    } catch {
      return SpaceSkips(unreadable: true)
    }
  }

  /// The space's properties as HarfBuzz sets them when shaping: its class bit, and for a
  /// mark its attachment class and the GDEF mark glyph sets that hold it.
  struct Properties {
    let bits: Int
    var attachmentClass = 0
    var markSets: Set<Int> = []
  }

  /// The space's properties as the GDEF table's bytes give them: its glyph class (a base
  /// where the table gives none: HarfBuzz synthesizes classes, and only a nonspacing mark
  /// is a mark), and for a mark its attachment class (GDEF 1.0: the class definition's
  /// offset at 10) and mark glyph sets (1.2 and later: their offset at 12; format 1, a
  /// count, 32-bit offsets of coverage tables).
  private static func properties(face: OpaquePointer, space: UInt16) throws(Unreadable)
    -> Properties
  {
    let found = try LookupTableReader.withTable(of: face, "GDEF") {
      gdef throws(Unreadable) -> Properties? in
      var table = gdef.looking(for: space)
      guard try table.u16(0) == 1, let classes = try table.offset(from: 0, at: 4) else {
        return nil
      }
      var properties: Properties
      switch try table.classes(classes).first ?? 0 {
      case 1: return Properties(bits: base)
      case 2: return Properties(bits: ligature)
      case 3: properties = Properties(bits: mark)
      default: return Properties(bits: 0)  // unclassified or a component: never skipped
      }
      properties.attachmentClass = try table.classes(table.offset(from: 0, at: 10)).first ?? 0
      guard try table.u16(2) >= 2, let sets = try table.offset(from: 0, at: 12),
        try table.u16(sets) == 1
      else { return properties }
      let count = try table.u16(sets + 2)
      try table.spend(count)
      for index in 0..<count where try table.covers(sets + table.u32(sets + 4 + 4 * index)) {
        properties.markSets.insert(index)
      }
      return properties
    }
    return found.flatMap { $0 } ?? Properties(bits: base)
  }

  /// Whether the `kern` table (none: false) sees `space`: a pair names it, or it is a mark
  /// (HarfBuzz kerns skipping marks) and the table has a pair, or a subtable is of another
  /// format than 0 (state machines, classes) or the table is Apple's (version 1).
  private static func kernSees(_ space: UInt16, isMark: Bool, face: OpaquePointer)
    throws(Unreadable) -> Bool
  {
    try LookupTableReader.withTable(of: face, "kern") { table throws(Unreadable) in
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
}

extension LookupTableReader {
  /// Whether the lookup at `lookup` (of a GSUB table: `substitutes`) skips a glyph of
  /// `properties` while it matches more than one glyph, so that it can match across it:
  /// HarfBuzz's `check_glyph_property` with the lookup's flag, but for mark attachment's
  /// search for the glyph a mark attaches to, which skips marks (to a base or ligature,
  /// whatever the flag) or marks of other attachment classes or sets only (to a mark).
  fileprivate mutating func skips(
    lookupAt lookup: Int, _ properties: SpaceSkips.Properties, substitutes: Bool
  ) throws(Unreadable) -> Bool {
    let isMark = properties.bits == 0x08
    guard properties.bits != 0 else { return false }
    let flag = try u16(lookup + 2)
    guard isMark || properties.bits & flag != 0 else { return false }  // a flag bit only
    // A mark outside the lookup's mark filtering set (its index after the subtables), or
    // of another attachment class than the flag's.
    let filtered: Bool
    if !isMark {
      filtered = false
    } else if flag & 0x10 != 0 {
      filtered = try !properties.markSets.contains(u16(lookup + 6 + 2 * u16(lookup + 4)))
    } else {
      filtered = flag & 0xFF00 != 0 && flag >> 8 != properties.attachmentClass
    }
    let ignored = properties.bits & flag & 0x0E != 0 || filtered
    for type in try subtableTypes(ofLookupAt: lookup, extensionType: substitutes ? 7 : 9) {
      switch (substitutes, type) {
      case (true, 1), (true, 2), (true, 3), (false, 1): continue  // one glyph
      case (false, 4), (false, 5): if isMark { return true }
      case (false, 6): if filtered { return true }
      default: if ignored { return true }
      }
    }
    return false
  }
}
