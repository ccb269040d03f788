internal import CHarfBuzz

/// The scalars that can wake the lookups a face's space takes part in only as context: a
/// run that holds none of them shapes the same cut at spaces, as if the space were inert.
///
/// Problem: a face whose space glyph is in any lookup (`Font.spaceIsInert` false) is shaped
/// a run at a time with the paragraph as context, never word by word through the shape
/// cache. Noto Sans Devanagari's space is in GPOS lookup 33 only by name, and only in its
/// backtrack: a chained positioning of the Vedic marks (U+A8E0–U+A8F1, U+1CD0…) after a
/// space; so every Devanagari word cost a HarfBuzz call (about 22 K instructions) in every
/// preparation. Solution: where the space is in GPOS lookups only, and there only as
/// context, the glyphs the rules that see it can start at, call them G, are: the input set
/// of each lookup that holds it in its backtrack or lookahead
/// (`hb_ot_layout_lookup_collect_glyphs`' before and after sets, never its input or
/// output), and the start glyphs (coverage ∩ the rule set's input class) of each
/// class-based rule that names class 0, where the space is by omission, at a position
/// with another after it in the rule's span (`LayoutGlyphs` says why the span's last is
/// harmless; Noto Sans Devanagari's GPOS lookup 12 names class 0 right before U+0951,
/// U+1CDA, U+1CF8 and U+1CF9), and the input set of each lookup that skips the space
/// (`SpaceSkips`: it matches across the space as if it were not there, and applies only at
/// a glyph of its coverage). Then text shapes the same cut at spaces if no glyph of G is
/// ever in the buffer:
/// - a contextual rule applies only at a glyph it starts at, which is in G, so with no
///   glyph of G present the rules that see the space do nothing, alone or in context, and
///   every other rule does not see the space (the inert-space argument);
/// - GPOS changes no glyph; a GSUB lookup makes a glyph of G only from glyphs of G if
///   HarfBuzz's substitution closure of all the face's glyphs but G holds no glyph of G
///   (checked here, over the few lookups that can decide it: `substitutionReaches`; else
///   no wakers: the face stays shaped in context), so the first glyph of G in the buffer
///   would be one HarfBuzz put there from the text;
/// - HarfBuzz puts in the buffer the cmap glyphs of the text's scalars, of their canonical
///   decompositions and compositions, of their mirrored forms, U+25CC (a dotted circle for
///   a broken cluster), the space (for other spaces and hidden default ignorables), glyph 0
///   (for a scalar the face lacks), and the glyphs of its fallback shapers (presentation
///   forms, Thai's private-use forms, Khmer's split vowel U+17C1, U+2010 for U+2011).
///   The wakers are the cmap's scalars whose glyph is in G, closed under the cmap
///   scalars that decompose to one or mirror to one, and the last part of each one's
///   decomposition (what composes into it); a face where G holds the space or glyph 0, or
///   the wakers hold a scalar of the last list, has none. A run shapes word by word only
///   if every scalar but U+0020 is in the cmap and is no waker (`wakes`).
/// Limitation: the analysis (GPOS read for the space, collect_glyphs on the lookups that
/// name it, GSUB read for what makes a glyph of G: 0.62 M instructions for Noto Sans
/// Devanagari, `Benchmarks/Scripts/report-cold.md`) is made once per face, the first time a run of it could be shaped word by word
/// (`Font.spaceWakers`), never for a face that only answers coverage. A face whose space
/// is in GSUB, or in a lookup's input, keeps shaping in context. A variation sequence
/// (cmap format 14) is not looked at: a face whose G holds a glyph reached only through
/// one would be missed.
struct SpaceWakers: Sendable {
  /// The wakers, sorted.
  let scalars: [UInt32]
  /// Ranges of the cmap's scalars (each mapped to a glyph by `hb_font_get_nominal_glyph`)
  /// with no waker among them, sorted and apart: a scalar inside one wakes nothing, with no
  /// coverage lookup (`sleep(_:in:)`). Empty where not found (the general check answers).
  let sleepers: [ClosedRange<UInt32>]

  init(scalars: [UInt32], sleepers: [ClosedRange<UInt32>] = []) {
    self.scalars = scalars
    self.sleepers = sleepers
  }

  /// Whether `scalar` of a run in this face can wake the space's lookups (see the type).
  @inline(__always)
  func wakes(_ scalar: Unicode.Scalar, in font: Font) -> Bool {
    let value = scalar.value
    if value == 0x20 { return false }
    if let first = scalars.first, let last = scalars.last, value >= first, value <= last,
      Self.holds(scalars, value)
    {
      return true
    }
    return !font.covers(scalar)
  }

  /// Whether no scalar of `scalars` (a run in this face) wakes the space's lookups: `wakes`
  /// of each, answered for a scalar inside the sleeper range the last one was found in
  /// (a run's scalars are of one script, mostly of one range) or in another one
  /// (`sleepers`, a binary search) without asking the face's coverage, else by `wakes`.
  ///
  /// Problem: `wakes` asked `Font.covers` (a hashed memo) for every scalar beyond ASCII of
  /// every run of a face whose space is not inert, ~38 instructions a scalar, 3.2 K of a
  /// fallback-heavy paragraph (8.6 Devanagari runs). Solution: the ranges, found with the
  /// wakers from the same cmap; a scalar is looked up only where it leaves the last range.
  func sleep(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, in font: Font) -> Bool {
    // The last range a scalar was found in, as its first value and its width: empty at
    // first (no scalar is `UInt32.max`).
    var (low, width): (UInt32, UInt32) = (.max, 0)
    for scalar in scalars {
      let value = scalar.value
      // The spaces between a run's words (never a waker) would leave the words' range: a
      // space is taken as the range's first scalar, a select rather than a second branch
      // (which flipped at every word's end, ~13 mispredictions of a fallback-heavy
      // paragraph, report-cold.md, i32fs).
      let probe = value == 0x20 ? low : value
      if probe &- low <= width { continue }
      if let range = Self.range(holding: value, in: sleepers) {
        (low, width) = (range.lowerBound, range.upperBound &- range.lowerBound)
        continue
      }
      if wakes(scalar, in: font) { return false }
    }
    return true
  }

  /// The range of sorted, apart `ranges` that holds `value`, if any (a binary search).
  private static func range(holding value: UInt32, in ranges: [ClosedRange<UInt32>])
    -> ClosedRange<UInt32>?
  {
    ranges.withUnsafeBufferPointer { ranges in
      var (low, high) = (0, ranges.count)
      while low < high {
        let middle = (low &+ high) >> 1
        if ranges[middle].upperBound < value { low = middle &+ 1 } else { high = middle }
      }
      return low < ranges.count && ranges[low].lowerBound <= value ? ranges[low] : nil
    }
  }

  /// The ranges of `cmap` (sorted scalars, each mapped to a glyph) that hold no scalar of
  /// `wakers`: each a stretch of consecutive scalars of it.
  static func sleepers(cmap: [UInt32], wakers: Set<UInt32>) -> [ClosedRange<UInt32>] {
    var ranges: [ClosedRange<UInt32>] = []
    var start: UInt32?
    var last: UInt32 = 0
    for value in cmap {
      if wakers.contains(value) {
        if let first = start { ranges.append(first...last) }
        start = nil
        continue
      }
      if let first = start, value != last &+ 1 {
        ranges.append(first...last)
        start = nil
      }
      if start == nil { start = value }
      last = value
    }
    if let first = start { ranges.append(first...last) }
    return ranges
  }

  /// Whether sorted `values` holds `value` (a binary search).
  private static func holds(_ values: [UInt32], _ value: UInt32) -> Bool {
    var (low, high) = (0, values.count)
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < values.count && values[low] == value
  }

  /// Scalars whose glyphs HarfBuzz's fallback shapers and substitutes put in the buffer
  /// for other scalars: a face whose wakers hold one has none.
  private static func isSubstituted(_ value: UInt32) -> Bool {
    value == 0x25CC || value == 0x17C1 || value == 0x2010 || (0xE000...0xF8FF).contains(value)
      || (0xFB00...0xFEFF).contains(value)
  }

  /// The wakers of `face` (whose HarfBuzz font is `font`, its space glyph `space`, which
  /// no GSUB lookup holds: `SpaceWakersMemo`; `skipping` the lookups that skip it), or nil
  /// where the space takes part otherwise than as GPOS context (see the type).
  static func of(
    face: OpaquePointer, font: OpaquePointer, space: UInt32, skipping: [SpaceSkips.Lookup]
  ) -> SpaceWakers? {
    guard let starts = contextInputs(face: face, space: space) else { return nil }
    defer { hb_set_destroy(starts) }
    addInputs(of: skipping, face: face, to: starts)
    if hb_set_has(starts, space) != 0 || hb_set_has(starts, 0) != 0 { return nil }
    guard !substitutionReaches(starts, face: face) else { return nil }
    return wakers(of: starts, font: font).map {
      SpaceWakers(scalars: $0.wakers, sleepers: $0.sleepers)
    }
  }

  /// The glyphs the GPOS lookups that see `space` can start at, or nil where one holds it
  /// in its input or output: the input set of each lookup that holds it by name
  /// (`LayoutGlyphs`' reader finds those lookups; `hb_ot_layout_lookup_collect_glyphs` on
  /// each of them says where, and gives its input set), and the glyphs each class-based
  /// rule that names class 0 for it before the end of its span starts at.
  ///
  /// The corresponding HarfBuzz function is `hb_ot_layout_lookup_collect_glyphs`.
  private static func contextInputs(face: OpaquePointer, space: UInt32) -> OpaquePointer? {
    guard let glyph = UInt16(exactly: space) else { return nil }
    let gpos = FontTag.code("GPOS")!
    let blob = hb_face_reference_table(face, gpos)
    defer { hb_blob_destroy(blob) }
    let starts = hb_set_create()!
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return starts }
    var table = LookupTableReader(
      bytes: UnsafeRawBufferPointer(start: data, count: Int(length)), glyph: glyph)
    table.zeroClassRules = []
    let sets = (0..<4).map { _ in hb_set_create()! }
    defer { for set in sets { hb_set_destroy(set) } }
    do {
      for (index, lookup) in try table.lookups().enumerated() {
        guard let lookup else { continue }
        table.zeroClassRules = []
        if try table.holds(lookupAt: lookup, substitutes: false) {
          for set in sets { hb_set_clear(set) }
          hb_ot_layout_lookup_collect_glyphs(
            face, gpos, UInt32(index), sets[0], sets[1], sets[2], sets[3])
          guard hb_set_has(sets[1], space) == 0, hb_set_has(sets[3], space) == 0,
            hb_set_has(sets[0], space) != 0 || hb_set_has(sets[2], space) != 0
          else { throw LookupTableReader.Unreadable() }
          hb_set_union(starts, sets[1])
        }
        for rule in table.zeroClassRules ?? [] {
          for start in try table.startGlyphs(of: rule) { hb_set_add(starts, UInt32(start)) }
        }
      }
    } catch {
      hb_set_destroy(starts)
      return nil
    }
    return starts
  }

  /// Adds to `starts` the input glyphs of the lookups that skip the space (`SpaceSkips`):
  /// such a lookup applies only at a glyph of its coverage, which its input holds.
  ///
  /// The corresponding HarfBuzz function is `hb_ot_layout_lookup_collect_glyphs`.
  private static func addInputs(
    of lookups: [SpaceSkips.Lookup], face: OpaquePointer, to starts: OpaquePointer
  ) {
    guard !lookups.isEmpty else { return }
    let input = hb_set_create()!
    defer { hb_set_destroy(input) }
    for lookup in lookups {
      hb_set_clear(input)
      hb_ot_layout_lookup_collect_glyphs(
        face, FontTag.code(lookup.substitutes ? "GSUB" : "GPOS")!, UInt32(lookup.index), nil,
        input, nil, nil)
      hb_set_union(starts, input)
    }
  }

  /// Whether GSUB can make a glyph of `glyphs` from the face's other glyphs: HarfBuzz's
  /// substitution closure of all of them, over the GSUB lookups with a substitution that
  /// makes a glyph of `glyphs` from glyphs none of which is one (read in the table's
  /// bytes; every lookup where the table is unreadable), where there is any. The first
  /// glyph of `glyphs` a closure over every lookup adds is made by a substitution from
  /// glyphs it already holds, all others, so by such a substitution, whose lookup adds it
  /// in the closure over those lookups alone; where there is none, no closure can add one.
  /// (Noto Sans Devanagari has none: its ligatures of Vedic marks are made of Vedic marks.
  /// The closure over every GSUB lookup cost 4.0 M instructions.)
  ///
  /// The corresponding HarfBuzz function is `hb_ot_layout_lookups_substitute_closure`.
  private static func substitutionReaches(_ glyphs: OpaquePointer, face: OpaquePointer) -> Bool {
    let gsub = FontTag.code("GSUB")!
    let blob = hb_face_reference_table(face, gsub)
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return false }
    var table = LookupTableReader(
      bytes: UnsafeRawBufferPointer(start: data, count: Int(length)), glyph: 0)
    let lookups = hb_set_create()!
    let others = hb_set_create()!
    defer {
      hb_set_destroy(others)
      hb_set_destroy(lookups)
    }
    var wanted: [UInt16] = []
    var value = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
    while hb_set_next(glyphs, &value) != 0, let glyph = UInt16(exactly: value) {
      wanted.append(glyph)
    }
    var isWanted = [Bool](repeating: false, count: Int(wanted.last ?? 0) + 1)
    for glyph in wanted { isWanted[Int(glyph)] = true }
    do {
      let making = try table.lookupsMakingFromOthers(wanted) {
        Int($0) < isWanted.count && isWanted[Int($0)]
      }
      guard !making.isEmpty else { return false }
      for lookup in making { hb_set_add(lookups, UInt32(lookup)) }
    } catch {
      hb_set_add_range(lookups, 0, max(hb_ot_layout_table_get_lookup_count(face, gsub), 1) - 1)
    }
    hb_set_add_range(others, 0, max(hb_face_get_glyph_count(face), 1) - 1)
    hb_set_subtract(others, glyphs)
    hb_ot_layout_lookups_substitute_closure(face, lookups, others)
    hb_set_intersect(others, glyphs)
    return hb_set_get_population(others) != 0
  }

  /// The cmap's scalars whose glyph is in `glyphs`, closed as the type says, sorted, and
  /// the cmap's ranges without them (`sleepers(cmap:wakers:)`); nil where they hold a
  /// scalar HarfBuzz substitutes for another (`isSubstituted`).
  private static func wakers(of glyphs: OpaquePointer, font: OpaquePointer) -> (
    wakers: [UInt32], sleepers: [ClosedRange<UInt32>]
  )? {
    let face = hb_font_get_face(font)
    let unicodes = hb_set_create()!
    defer { hb_set_destroy(unicodes) }
    hb_face_collect_unicodes(face, unicodes)
    var cmap: [UInt32] = []
    var wakers = Set<UInt32>()
    var value = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
    while hb_set_next(unicodes, &value) != 0 {
      var glyph: hb_codepoint_t = 0
      guard hb_font_get_nominal_glyph(font, value, &glyph) != 0 else { continue }
      cmap.append(value)
      if hb_set_has(glyphs, glyph) != 0 { wakers.insert(value) }
    }
    guard !wakers.isEmpty else { return ([], sleepers(cmap: cmap, wakers: [])) }
    let unicode = hb_unicode_funcs_get_default()
    // The cmap scalars that mirror to another or decompose, with those scalars: the only
    // ones the closure can add.
    var related: [(value: UInt32, parts: [UInt32])] = []
    for value in cmap {
      var parts = decomposition(of: value, unicode)
      let mirrored = hb_unicode_mirroring(unicode, value)
      if mirrored != value { parts.append(mirrored) }
      if !parts.isEmpty { related.append((value, parts)) }
    }
    var grew = true
    while grew {
      grew = false
      for value in Array(wakers) {
        var (first, last): (hb_codepoint_t, hb_codepoint_t) = (0, 0)
        if hb_unicode_decompose(unicode, value, &first, &last) != 0, last != 0 {
          grew = wakers.insert(last).inserted || grew
        }
      }
      for (value, parts) in related
      where !wakers.contains(value) && parts.contains(where: wakers.contains) {
        wakers.insert(value)
        grew = true
      }
    }
    guard !wakers.contains(where: isSubstituted) else { return nil }
    return (wakers.sorted(), sleepers(cmap: cmap, wakers: wakers))
  }

  /// Every scalar of `value`'s full canonical decomposition (empty for one that has none).
  ///
  /// The corresponding HarfBuzz function is `hb_unicode_decompose`.
  private static func decomposition(of value: UInt32, _ unicode: OpaquePointer?) -> [UInt32] {
    var (first, last): (hb_codepoint_t, hb_codepoint_t) = (0, 0)
    guard hb_unicode_decompose(unicode, value, &first, &last) != 0 else { return [] }
    let parts = last == 0 ? [first] : [first, last]
    return parts + parts.flatMap { decomposition(of: $0, unicode) }
  }
}
