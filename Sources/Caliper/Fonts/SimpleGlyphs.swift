internal import CHarfBuzz

/// The printable ASCII scalars whose glyphs a face's shape plan touches only pairwise: a run
/// of them shapes as a function of its adjacent pairs (`PairTable`).
///
/// Problem: a word longer than the shape cache keeps (`ShapeCache.longestWord`: URLs, hashes,
/// paths) and every cache miss cost a HarfBuzz call, ~1,900 instructions a scalar in Noto
/// Sans, 43 % of it kerning. Solution (as WebKit's "simple text" path): for a face and a
/// plan (direction, script, language, features), find S, the glyphs no lookup of the plan
/// touches but pairwise, once. For a run whose scalars all map to glyphs of S, HarfBuzz
/// 6.0's output is: one glyph a scalar (its cmap glyph), its own cluster; glyph i's advance
/// and offsets those of the first glyph when (s_i, s_i+1) is shaped alone, the last one's
/// those it has shaped alone; glyph i's flags those of the second glyph of (s_i-1, s_i)
/// shaped alone, the first one's none. Why, given what `of` checks:
/// - the default shaper (Latin, Greek, Cyrillic, Common, CJK scripts; `Shaper` asks),
///   left to right, and ASCII that HarfBuzz neither normalizes (no decomposition or
///   composition: no marks), mirrors (left to right), hides (no default ignorable), nor
///   replaces (a covered scalar, never `.notdef`; the space fallback is for spaces the face
///   lacks): the buffer starts as the cmap glyphs, one cluster a scalar, and the shaper
///   reads no context and inserts nothing;
/// - no `kern`, `kerx`, `morx`, `mort` or `trak` table (HarfBuzz would apply them instead of
///   or after GSUB and GPOS): else S is empty;
/// - a subtable applies only at a glyph it starts at: its coverage, or a format-3 contextual
///   one's first input coverage (HarfBuzz returns at once for a glyph it does not cover; a
///   nested lookup applies only inside its caller's match). Its start glyphs
///   (`startGlyphs`) are those of the plan's lookups (`hb_ot_shape_plan_collect_lookups`),
///   but the lookups only `frac`, `numr` and `dnom` hold, unless the style turns one on:
///   HarfBuzz adds them to every plan without a global mask and sets their mask only around
///   U+2044, which an ASCII run never holds. Every glyph of an S-run's buffer is in S, so a
///   ligature whose other components are not all in S, or a format-3 rule with a coverage
///   (backtrack, input, lookahead) that holds none of S, never matches there: their start
///   glyphs do not count (`ligatureStarts`, `otherCoveragesMeet`);
/// - GSUB: no lookup of the plan starts at a glyph of S: no substitution ever applies to an
///   S-run, so the glyphs and their classes stay the cmap's;
/// - GDEF: every glyph of S is a base glyph or unclassified (without glyph classes HarfBuzz
///   makes ASCII base glyphs), so no lookup flag skips one (`IgnoreMarks`, `IgnoreLigatures`,
///   mark filtering) and a lookup's next glyph is the adjacent one;
/// - GPOS: every lookup of the plan that starts at a glyph of S is, in every subtable
///   (through extensions), a single adjustment (type 1: a glyph's own value, the same alone,
///   in a pair and in a run) or a pair adjustment (type 2) with `ValueFormat2` 0, whose
///   `LookupFlag` does not skip base glyphs (`isPairwise`): it applies at glyph i from
///   glyphs i and i + 1 alone, changes glyph i's position alone, sets the unsafe-to-break
///   flag on glyph i + 1 alone (`unsafe_to_break(idx, pos + 1)`: the glyphs but the first
///   cluster), and moves on to glyph i + 1, which it reads afresh (with `ValueFormat2` set
///   it would skip it: pairs would overlap). Positioning never changes glyphs, so the
///   lookups add up: each glyph's values are the sum of what each lookup gives it from its
///   pair;
/// - any other lookup (substitution, cursive, mark attachment, contextual, or a pair
///   adjustment with `ValueFormat2` or skipping base glyphs) has its start glyphs taken out
///   of S, so it never applies in an S-run. Taking glyphs out never spoils another
///   lookup's reason, so one pass is enough.
/// `PairTable` checks each pair it is filled with against the first two points (one glyph
/// a scalar, its cmap glyph, its own cluster) and refuses the plan's runs if one fails.
/// Limitation: only printable ASCII (U+0020…U+007E); a table the reader cannot read (an
/// unknown lookup type, a bad offset) leaves S empty: the face keeps HarfBuzz.
struct SimpleGlyphs: Sendable, Equatable {
  /// The scalars U+0020 + i whose glyph is in S, as bit i of the two words.
  let scalars: (low: UInt64, high: UInt64)

  static func == (left: SimpleGlyphs, right: SimpleGlyphs) -> Bool {
    left.scalars == right.scalars
  }

  /// None: every run keeps HarfBuzz.
  static let none = SimpleGlyphs(scalars: (0, 0))

  /// The first scalar the bits count from, and how many there are.
  static let first: UInt32 = 0x20
  static let count = 95

  /// Whether `value` is one of the simple scalars.
  @inline(__always)
  func holds(_ value: UInt32) -> Bool {
    let index = value &- Self.first
    if index < 64 { return scalars.low & (1 << UInt64(index)) != 0 }
    if index < UInt32(Self.count) { return scalars.high & (1 << UInt64(index - 64)) != 0 }
    return false
  }

  /// The simple scalars of `face` (HarfBuzz font `font`) for `plan`, made with the user
  /// features whose tags are `features` (see the type).
  ///
  /// The corresponding HarfBuzz functions are `hb_ot_shape_plan_collect_lookups` and
  /// `hb_ot_layout_collect_lookups`.
  static func of(
    face: OpaquePointer, font: OpaquePointer, plan: OpaquePointer, features: [UInt32]
  ) -> SimpleGlyphs {
    let fractions = features.contains {
      ["frac", "numr", "dnom"].map(FontFormat.fourCC).contains($0)
    }
    for tag in ["kern", "kerx", "morx", "mort", "trak"] {
      let blob = hb_face_reference_table(face, FontFormat.fourCC(tag))
      defer { hb_blob_destroy(blob) }
      if hb_blob_get_length(blob) > 0 { return .none }
    }
    // The candidates: glyph per scalar, base or unclassified.
    var glyphs: [UInt32?] = []
    let simple = hb_set_create()!
    defer { hb_set_destroy(simple) }
    for value in first..<(first + UInt32(count)) {
      var glyph: hb_codepoint_t = 0
      let found = hb_font_get_nominal_glyph(font, value, &glyph) != 0 && glyph != 0
      let glyphClass =
        found ? hb_ot_layout_get_glyph_class(face, glyph) : HB_OT_LAYOUT_GLYPH_CLASS_MARK
      let base =
        glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
        || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
      glyphs.append(base ? glyph : nil)
      if base { hb_set_add(simple, glyph) }
    }
    do {
      try remove(from: simple, face: face, plan: plan, fractions: fractions)
    } catch {
      return .none
    }
    var bits: (low: UInt64, high: UInt64) = (0, 0)
    for (index, glyph) in glyphs.enumerated() {
      guard let glyph, hb_set_has(simple, glyph) != 0 else { continue }
      if index < 64 { bits.low |= 1 << UInt64(index) } else { bits.high |= 1 << UInt64(index - 64) }
    }
    return SimpleGlyphs(scalars: bits)
  }

  /// The plan's lookups of table `tag`, in order, but those only the automatic fraction
  /// features (`frac`, `numr`, `dnom`) hold where `fractions` is false (see `of`).
  private static func lookups(
    _ tag: String, face: OpaquePointer, plan: OpaquePointer, fractions: Bool
  ) -> [UInt32] {
    let table = FontFormat.fourCC(tag)
    let set = hb_set_create()!
    defer { hb_set_destroy(set) }
    hb_ot_shape_plan_collect_lookups(plan, table, set)
    if !fractions {
      let fractionTags = ["frac", "numr", "dnom"].map { FontFormat.fourCC($0) }
      var count: UInt32 = 0
      _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, nil)
      var tags = [hb_tag_t](repeating: 0, count: Int(count))
      _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
      let others = Set(tags).subtracting(fractionTags).sorted() + [0]
      let fractionOnly = hb_set_create()!
      let held = hb_set_create()!
      defer {
        hb_set_destroy(fractionOnly)
        hb_set_destroy(held)
      }
      hb_ot_layout_collect_lookups(face, table, nil, nil, fractionTags + [0], fractionOnly)
      hb_ot_layout_collect_lookups(face, table, nil, nil, others, held)
      hb_set_subtract(fractionOnly, held)
      hb_set_subtract(set, fractionOnly)
    }
    var indices: [UInt32] = []
    var value = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
    while hb_set_next(set, &value) != 0 { indices.append(value) }
    return indices
  }

  /// Takes out of `simple` every glyph a GSUB lookup of `plan` starts at, and every glyph a
  /// GPOS lookup of `plan` that is not pairwise starts at (see the type).
  private static func remove(
    from simple: OpaquePointer, face: OpaquePointer, plan: OpaquePointer, fractions: Bool
  ) throws(LookupTableReader.Unreadable) {
    for tag in ["GSUB", "GPOS"] {
      let indices = lookups(tag, face: face, plan: plan, fractions: fractions)
      guard !indices.isEmpty else { continue }
      let substitutes = tag == "GSUB"
      _ = try LookupTableReader.withTable(of: face, tag) {
        table throws(LookupTableReader.Unreadable) in
        let offsets = try table.lookups()
        for index in indices {
          guard Int(index) < offsets.count, let lookup = offsets[Int(index)] else { continue }
          let starts = try table.startGlyphs(ofLookupAt: lookup, substitutes: substitutes) {
            hb_set_has(simple, UInt32($0)) != 0
          }
          guard starts.contains(where: { hb_set_has(simple, UInt32($0)) != 0 }) else { continue }
          if !substitutes, try table.isPairwise(lookupAt: lookup) { continue }
          for glyph in starts { hb_set_del(simple, UInt32(glyph)) }
        }
      }
    }
  }
}

extension LookupTableReader {
  /// The glyphs a subtable of the GSUB (`substitutes`) or GPOS lookup at `lookup` can apply
  /// at: each subtable's coverage (through extensions), or for a contextual one of format 3
  /// its first input coverage. HarfBuzz applies a subtable only at a glyph it covers so.
  mutating func startGlyphs(
    ofLookupAt lookup: Int, substitutes: Bool, simple: (UInt16) -> Bool
  ) throws(Unreadable) -> [UInt16] {
    var glyphs: [UInt16] = []
    _ = try anySubtable(ofLookupAt: lookup) { table, type, subtable throws(Unreadable) in
      let (type, at) = try table.resolved(type, subtable, extensionType: substitutes ? 7 : 9)
      let context = substitutes ? (type == 5 || type == 6) : (type == 7 || type == 8)
      var coverage = try table.offset(from: at, at: at + 2)
      if context, try table.u16(at) == 3 {
        let chained = type == (substitutes ? 6 : 8)
        let first = chained ? at + 6 + 2 * (try table.u16(at + 2)) : at + 6
        if chained, try table.u16(first - 2) == 0 { throw Unreadable() }
        if !chained, try table.u16(at + 2) == 0 { throw Unreadable() }
        // Its one rule matches in a run of simple glyphs only where each of its other
        // coverages (backtrack, input past the first, lookahead) holds a simple glyph.
        guard try table.otherCoveragesMeet(at: at, chained: chained, first: first, simple)
        else { return false }
        coverage = try table.offset(from: at, at: first)
      }
      if substitutes, type == 4, try table.u16(at) == 1 {
        glyphs += try table.ligatureStarts(at: at, simple: simple)
      } else {
        glyphs += try table.coveredGlyphs(coverage)
      }
      return false
    }
    return glyphs
  }

  /// The glyphs the ligature substitution at `table` covers that start a ligature whose
  /// other components are all `simple`: in a run of simple glyphs (no marks to skip) a
  /// ligature matches only the glyphs that follow its first, so the others never apply.
  mutating func ligatureStarts(at table: Int, simple: (UInt16) -> Bool) throws(Unreadable)
    -> [UInt16]
  {
    let covered = try coveredGlyphs(offset(from: table, at: table + 2))
    let sets = try u16(table + 4)
    try spend(sets)
    var starts: [UInt16] = []
    for (index, glyph) in covered.enumerated() where index < sets && simple(glyph) {
      guard let set = try offset(from: table, at: table + 6 + 2 * index) else { continue }
      let count = try u16(set)
      try spend(count)
      for ligature in 0..<count {
        guard let at = try offset(from: set, at: set + 2 + 2 * ligature) else { continue }
        let components = try max(u16(at + 2) - 1, 0)
        try spend(components)
        var all = true
        for component in 0..<components where !simple(UInt16(try u16(at + 4 + 2 * component))) {
          all = false
          break
        }
        if all {
          starts.append(glyph)
          break
        }
      }
    }
    return starts
  }

  /// Whether every coverage of the contextual subtable of format 3 at `table` but its first
  /// input one (at `first`) covers a `simple` glyph: backtrack, input, lookahead (`chained`)
  /// or input (plain: format, glyph count, lookup count, coverages).
  mutating func otherCoveragesMeet(
    at table: Int, chained: Bool, first: Int, _ simple: (UInt16) -> Bool
  ) throws(Unreadable) -> Bool {
    var fields: [Int] = []
    if chained {
      let backtrack = try u16(table + 2)
      let input = try u16(first - 2)
      let lookahead = first + 2 * input
      fields += (0..<backtrack).map { table + 4 + 2 * $0 }
      fields += (1..<max(input, 1)).map { first + 2 * $0 }
      fields += (0..<(try u16(lookahead))).map { lookahead + 2 + 2 * $0 }
    } else {
      fields += (1..<max(try u16(table + 2), 1)).map { first + 2 * $0 }
    }
    try spend(fields.count)
    for field in fields
    where try !coveredGlyphs(offset(from: table, at: field)).contains(where: simple) {
      return false
    }
    return true
  }

  /// A subtable's own type and start: an extension's target (format 1: format, type, a
  /// 32-bit offset), else itself.
  mutating func resolved(_ type: Int, _ subtable: Int, extensionType: Int) throws(Unreadable)
    -> (type: Int, at: Int)
  {
    guard type == extensionType else { return (type, subtable) }
    guard try u16(subtable) == 1 else { throw Unreadable() }
    let inner = try u16(subtable + 2)
    guard inner != extensionType else { throw Unreadable() }
    return (inner, subtable + (try u32(subtable + 4)))
  }

  /// Whether every subtable of the GPOS lookup at `lookup` is a single adjustment or a pair
  /// adjustment without second values, and the lookup does not skip base glyphs
  /// (`SimpleGlyphs`).
  mutating func isPairwise(lookupAt lookup: Int) throws(Unreadable) -> Bool {
    let ignoreBaseGlyphs = 0x2
    guard try u16(lookup + 2) & ignoreBaseGlyphs == 0 else { return false }
    let other = try anySubtable(ofLookupAt: lookup) { table, type, subtable throws(Unreadable) in
      let (type, at) = try table.resolved(type, subtable, extensionType: 9)
      switch type {
      case 1: return false
      // PairPosFormat1 and 2 both: format, coverage, ValueFormat1, ValueFormat2.
      case 2: return try table.u16(at + 6) != 0
      default: return true
      }
    }
    return !other
  }
}
