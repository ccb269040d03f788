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
/// - no `kern`, `kerx`, `morx`, `mort`, `trak` or Graphite `Silf` table (HarfBuzz would
///   apply them instead of or after GSUB and GPOS: `ClusterJoining.otherShapingTables`):
///   else S is empty;
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
/// Scalars outside S that only start ligatures are handled apart (`Ligatures`).
/// Limitation: only printable ASCII (U+0020…U+007E); a table the reader cannot read (an
/// unknown lookup type, a bad offset) leaves S empty: the face keeps HarfBuzz.
struct SimpleGlyphs: Sendable, Equatable {
  /// The scalars U+0020 + i whose glyph is in S, as bit i of the two words.
  let scalars: (low: UInt64, high: UInt64)
  /// The scalars simple in a run that may also hold ligature starters (`Ligatures`): S
  /// found with their glyphs and ligatures present too. A subset of `scalars`.
  var mixed: (low: UInt64, high: UInt64) = (0, 0)
  /// The ligature starters (`Ligatures`): scalars a run of `mixed` ones may hold, each
  /// shaped by HarfBuzz in a window of its own.
  var starters: (low: UInt64, high: UInt64) = (0, 0)
  /// The most glyphs a starter's ligature is made of (0 without starters).
  var reach = 0
  /// Per scalar from `first` (empty without starters): for a starter, the scalars whose
  /// glyph is the second component of one of its live ligatures, as bits (`Ligatures`).
  var secondComponents: [(low: UInt64, high: UInt64)] = []

  init(scalars: (low: UInt64, high: UInt64)) {
    self.scalars = scalars
  }

  static func == (left: SimpleGlyphs, right: SimpleGlyphs) -> Bool {
    left.scalars == right.scalars && left.mixed == right.mixed
      && left.starters == right.starters && left.reach == right.reach
      && left.secondComponents.elementsEqual(right.secondComponents, by: ==)
  }

  /// None: every run keeps HarfBuzz.
  static let none = SimpleGlyphs(scalars: (0, 0))

  /// The first scalar the bits count from, and how many there are.
  static let first: UInt32 = 0x20
  static let count = 95

  /// Whether `value` is one of the simple scalars.
  @inline(__always)
  func holds(_ value: UInt32) -> Bool { Self.has(scalars, value) }

  /// Whether `value` is simple in a run with ligature starters.
  @inline(__always)
  func holdsMixed(_ value: UInt32) -> Bool { Self.has(mixed, value) }

  /// Whether `value` is a ligature starter.
  @inline(__always)
  func startsLigatures(_ value: UInt32) -> Bool { Self.has(starters, value) }

  /// Whether a ligature may start at the starter `value` followed by `next`: `next` is the
  /// second component of one of its ligatures. Elsewhere the starter shapes as a simple
  /// scalar (`Ligatures`).
  @inline(__always)
  func continuesLigature(_ value: UInt32, _ next: UInt32) -> Bool {
    Self.has(secondComponents[Int(value &- Self.first)], next)
  }

  /// Whether `bits` holds `value` (bit `value` − `first`).
  @inline(__always)
  static func has(_ bits: (low: UInt64, high: UInt64), _ value: UInt32) -> Bool {
    let index = value &- first
    if index < 64 { return bits.low & (1 << UInt64(index)) != 0 }
    if index < UInt32(count) { return bits.high & (1 << UInt64(index - 64)) != 0 }
    return false
  }

  /// `glyphs` (one a scalar from `first`, nil where none) held by the set `set`, as bits.
  static func bits(_ glyphs: [UInt32?], in set: OpaquePointer) -> (low: UInt64, high: UInt64) {
    var bits: (low: UInt64, high: UInt64) = (0, 0)
    for (index, glyph) in glyphs.enumerated() {
      guard let glyph, hb_set_has(set, glyph) != 0 else { continue }
      if index < 64 { bits.low |= 1 << UInt64(index) } else { bits.high |= 1 << UInt64(index - 64) }
    }
    return bits
  }

  /// The simple scalars of `face` (HarfBuzz font `font`) for `plan`, made with the user
  /// features whose tags are `features` (see the type).
  ///
  /// The corresponding HarfBuzz functions are `hb_ot_shape_plan_collect_lookups` and
  /// `hb_ot_layout_collect_lookups`.
  static func of(
    face: OpaquePointer, font: OpaquePointer, plan: OpaquePointer, features: [UInt32]
  ) -> SimpleGlyphs {
    let fractions = features.contains { ClusterJoining.fractionFeatures.contains($0) }
    if ClusterJoining.otherShapingTables.contains(where: { ClusterJoining.hasTable(face, $0) }) {
      return .none
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
    let candidates = hb_set_copy(simple)!
    defer { hb_set_destroy(candidates) }
    var found = SimpleGlyphs.none
    do {
      try remove(from: simple, present: simple, face: face, plan: plan, fractions: fractions)
      found = SimpleGlyphs(scalars: bits(glyphs, in: simple))
      try Ligatures.find(
        in: &found, glyphs: glyphs, candidates: candidates, face: face, plan: plan,
        fractions: fractions)
    } catch {
      return found
    }
    return found
  }

  /// The plan's lookups of table `tag`, in order, but those only the automatic fraction
  /// features (`frac`, `numr`, `dnom`) hold where `fractions` is false (see `of`).
  static func lookups(
    _ tag: String, face: OpaquePointer, plan: OpaquePointer, fractions: Bool
  ) -> [UInt32] {
    let table = FontFormat.fourCC(tag)
    let set = hb_set_create()!
    defer { hb_set_destroy(set) }
    hb_ot_shape_plan_collect_lookups(plan, table, set)
    if !fractions {
      var count: UInt32 = 0
      _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, nil)
      var tags = [hb_tag_t](repeating: 0, count: Int(count))
      _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
      let others = Set(tags).subtracting(ClusterJoining.fractionFeatures).sorted() + [0]
      let fractionOnly = hb_set_create()!
      let held = hb_set_create()!
      defer {
        hb_set_destroy(fractionOnly)
        hb_set_destroy(held)
      }
      hb_ot_layout_collect_lookups(
        face, table, nil, nil, ClusterJoining.fractionFeatures + [0], fractionOnly)
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
  /// GPOS lookup of `plan` that is not pairwise starts at, in a run whose buffer holds only
  /// glyphs of `present` (see the type; `present` may be `simple` itself).
  static func remove(
    from simple: OpaquePointer, present: OpaquePointer, face: OpaquePointer,
    plan: OpaquePointer, fractions: Bool
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
            hb_set_has(present, UInt32($0)) != 0
          }
          guard starts.contains(where: { hb_set_has(simple, UInt32($0)) != 0 }) else { continue }
          if !substitutes, try table.isPairwise(lookupAt: lookup) { continue }
          for glyph in starts { hb_set_del(simple, UInt32(glyph)) }
        }
      }
    }
  }
}
