internal import CHarfBuzz

extension SimpleGlyphs {
  /// The ligature starters of a face and plan: ASCII scalars outside S that only start
  /// ligatures, so that a run of them and simple scalars shapes as HarfBuzz's shaping of a
  /// short window around each, stitched to the pair-shaped rest (`Shaper.pairPiece`).
  ///
  /// Problem: Noto Sans's `f` starts the `liga` ligatures (ff, fi, fl, ffi, ffl), so it is
  /// not simple, and most words of the URL class hold one: the whole word went to HarfBuzz.
  /// Solution: for a run of scalars of `mixed` and `starters`, cut it into windows, each
  /// from the scalar before a starter to `reach` scalars past the last starter of a group
  /// whose windows meet (`Shaper.addWindow`); HarfBuzz shapes each window alone and the pair
  /// table the rest; at a cut between the scalars at a − 1 and a, glyph a − 1's advance is
  /// the entry of the pair (a − 1, a) and glyph a's flag the second's of that pair. Why,
  /// given what `find` checks, in the buffer of such a run (its glyphs: cmap glyphs of
  /// `mixed` and `starters`, and the ligatures `made` from starters: `present`):
  /// - `mixed` is S found with `present` as the buffer's glyphs (`SimpleGlyphs.remove`): no
  ///   GSUB lookup starts at its glyphs, and the GPOS lookups that do are pairwise;
  /// - every GSUB lookup that starts at a starter makes ligatures only (type 4), skips
  ///   neither base glyphs nor ligatures (its components are the glyphs after the starter,
  ///   adjacent), and each of its live ligatures (components all present) there has
  ///   components that are cmap glyphs (so a ligature never holds one made before) and
  ///   makes a glyph no GSUB lookup starts at, that GDEF does not call a mark, and at which
  ///   (as at the starter) every GPOS lookup is pairwise;
  /// - so a ligature from a starter at q covers scalars q ..< q + `reach` at most, nothing
  ///   else changes glyphs, and positioning is pairwise everywhere: each glyph's values
  ///   come from itself and the next glyph. A cut at a, with a − 1 and a simple and neither
  ///   inside a ligature (the window starts one before its first starter and ends `reach`
  ///   past its last), separates the run into two parts whose glyphs are their own, and
  ///   only the pair (a − 1, a) reaches across: its first glyph's advance and its second's
  ///   flag are the pair's, as in an S-run; inside the window HarfBuzz's own answer holds,
  ///   since nothing outside it reaches in.
  ///
  /// Only where a ligature can form (`secondComponents`, `continuesLigature`): a window is
  /// needed only around a starter at q whose next scalar q + 1 in the range is the second
  /// component of one of its live ligatures (any of the plan's lookups that start there).
  /// Elsewhere the starter is simple: each GSUB lookup that starts at it makes ligatures
  /// only, and a ligature (two glyphs at least: a one-glyph ligature replaces the starter
  /// whatever follows, so such a starter is refused) matches only where the glyph after
  /// the starter that the lookup does not skip is its second component; no glyph of the
  /// buffer is skipped (no marks: cmap glyphs of base or unclassified scalars and ligatures
  /// GDEF does not call marks; `IgnoreBaseGlyphs` and `IgnoreLigatures` refuse the
  /// starter; mark filtering only skips marks), so that glyph is q + 1's. It is q + 1's
  /// cmap glyph (a simple scalar's never changes, and a starter's only into a ligature,
  /// which no component is; were q + 1 a starter forming one, its own window starts at q);
  /// so no substitution fires at q, its glyph stays the cmap's, and its GPOS lookups are
  /// pairwise: (q − 1, q) and (q, q + 1) come from the table as simple pairs do, and the
  /// cuts' argument above holds with such starters counted simple (at a cut, a − 1 may be
  /// one: a is then not its second; a window still starts one before its first starter
  /// that needs one and ends `reach` past the last). A starter last in the range has no
  /// next glyph: HarfBuzz's buffer for the range holds the range's glyphs only (the
  /// context `shapePiece` passes is read by no lookup, and the default shaper reads none),
  /// so no ligature crosses its end and the starter starts nothing there, as before. A
  /// pair (starter, second component) is never asked of the table (`pairValue` would see
  /// one glyph and refuse it) and never learnt (`Shaper.learn`).
  /// The checks run after S's; a face without GSUB has no starters.
  enum Ligatures {
    /// Sets `found`'s `mixed`, `starters` and `reach`; `glyphs` are the scalars' cmap
    /// glyphs (nil: not a candidate), `candidates` their set.
    static func find(
      in found: inout SimpleGlyphs, glyphs: [UInt32?], candidates: OpaquePointer,
      face: OpaquePointer, plan: OpaquePointer, fractions: Bool
    ) throws(LookupTableReader.Unreadable) {
      let substitutions = SimpleGlyphs.lookups("GSUB", face: face, plan: plan, fractions: fractions)
      let positionings = SimpleGlyphs.lookups("GPOS", face: face, plan: plan, fractions: fractions)
      guard !substitutions.isEmpty else { return }
      let present = hb_set_copy(candidates)!
      let mixed = hb_set_copy(candidates)!
      defer {
        hb_set_destroy(present)
        hb_set_destroy(mixed)
      }
      // The ligatures each lookup makes from a candidate, and what each lookup starts at.
      var made: [UInt32: [LookupTableReader.Ligature]] = [:]
      var substitutionStarts: [UInt32: Set<UInt16>] = [:]
      var onlyLigatures: [UInt32: Bool] = [:]
      var positioningStarts: [UInt32: Set<UInt16>] = [:]
      var pairwise: [UInt32: Bool] = [:]
      let isCandidate = { (glyph: UInt16) in hb_set_has(candidates, UInt32(glyph)) != 0 }
      let isPresent = { (glyph: UInt16) in hb_set_has(present, UInt32(glyph)) != 0 }
      _ = try LookupTableReader.withTable(of: face, "GSUB") {
        table throws(LookupTableReader.Unreadable) in
        let offsets = try table.lookups()
        for index in substitutions {
          guard Int(index) < offsets.count, let lookup = offsets[Int(index)] else { continue }
          let ligatures = try table.ligatures(ofLookupAt: lookup, startingAt: isCandidate)
          made[index] = ligatures
          for ligature in ligatures { hb_set_add(present, UInt32(ligature.glyph)) }
        }
        for index in substitutions {
          guard Int(index) < offsets.count, let lookup = offsets[Int(index)] else { continue }
          substitutionStarts[index] = Set(
            try table.startGlyphs(ofLookupAt: lookup, substitutes: true, simple: isPresent))
          let skips = try table.u16(lookup + 2) & 0x6  // IgnoreBaseGlyphs, IgnoreLigatures
          let types = try table.subtableTypes(ofLookupAt: lookup, extensionType: 7)
          onlyLigatures[index] = skips == 0 && types == [4]
        }
      }
      _ = try LookupTableReader.withTable(of: face, "GPOS") {
        table throws(LookupTableReader.Unreadable) in
        let offsets = try table.lookups()
        for index in positionings {
          guard Int(index) < offsets.count, let lookup = offsets[Int(index)] else { continue }
          positioningStarts[index] = Set(
            try table.startGlyphs(ofLookupAt: lookup, substitutes: false, simple: isPresent))
          pairwise[index] = try table.isPairwise(lookupAt: lookup)
        }
      }
      try SimpleGlyphs.remove(
        from: mixed, present: present, face: face, plan: plan, fractions: fractions)
      let positionedPairwise = { (glyph: UInt16) in
        positionings.allSatisfy {
          !(positioningStarts[$0]?.contains(glyph) ?? false) || pairwise[$0] == true
        }
      }
      let starters = hb_set_create()!
      defer { hb_set_destroy(starters) }
      var reach = 0
      var secondsByStarter: [UInt32: (low: UInt64, high: UInt64)] = [:]
      for case let glyph? in glyphs where hb_set_has(mixed, glyph) == 0 {
        let start = UInt16(glyph)
        var ligatures: [LookupTableReader.Ligature] = []
        var accepted = positionedPairwise(start)
        for index in substitutions where substitutionStarts[index]?.contains(start) ?? false {
          guard onlyLigatures[index] == true else {
            accepted = false
            break
          }
          ligatures += (made[index] ?? []).filter {
            $0.first == start && $0.components.allSatisfy(isPresent)
          }
        }
        for ligature in ligatures where accepted {
          let made = ligature.glyph
          accepted =
            accepted && ligature.components.allSatisfy(isCandidate)
            && !substitutions.contains { substitutionStarts[$0]?.contains(made) ?? false }
            && positionedPairwise(made)
            && hb_ot_layout_get_glyph_class(face, UInt32(made)) != HB_OT_LAYOUT_GLYPH_CLASS_MARK
        }
        // A ligature of one glyph replaces the starter whatever follows (HarfBuzz's
        // `Ligature::apply` for one component): not a starter.
        guard accepted, !ligatures.contains(where: \.components.isEmpty) else { continue }
        hb_set_add(starters, glyph)
        reach = max(reach, ligatures.map { $0.components.count + 1 }.max() ?? 1)
        let second = hb_set_create()!
        defer { hb_set_destroy(second) }
        for ligature in ligatures { hb_set_add(second, UInt32(ligature.components[0])) }
        secondsByStarter[glyph] = SimpleGlyphs.bits(glyphs, in: second)
      }
      guard hb_set_get_population(starters) > 0 else { return }
      found.mixed = SimpleGlyphs.bits(glyphs, in: mixed)
      found.starters = SimpleGlyphs.bits(glyphs, in: starters)
      found.reach = reach
      found.secondComponents = glyphs.map { glyph in
        glyph.flatMap { secondsByStarter[$0] } ?? (0, 0)
      }
    }
  }
}
