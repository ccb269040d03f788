/// Whether a glyph takes part in a face's OpenType layout.
///
/// Problem: shaping word by word (`ShapeCache`) is exact only where the space glyph takes
/// part in no GSUB or GPOS lookup. HarfBuzz answers that with
/// `hb_ot_layout_lookup_collect_glyphs` on every lookup, which puts every glyph of every
/// coverage, class and pair set into sets: 0.5 M instructions for Noto Sans, each time a
/// process opens it. Solution: look for the one glyph in the same places, in the table's
/// bytes: each subtable's coverage, the class definitions where a rule uses the glyph's
/// class, pair sets' second glyphs, rules' backtrack, input and lookahead glyphs, and every
/// substitute (what `collect_glyphs` puts in its before, input, after and output sets;
/// nested lookups add nothing, as every lookup is read in its own right). Arrays are
/// scanned whole, sorted or not, so wherever HarfBuzz says "takes part" this does too.
/// A class-based (format 2) contextual rule that names class 0 matches every glyph its
/// class definition lists nowhere, which `collect_glyphs` does not collect: such a position
/// counts where it has another after it in the rule's span (backtrack, input, lookahead),
/// not where it is the span's last. Why that is enough for the space (the one glyph asked
/// about): a word is shaped alone with the spaces after it (`Shaper.piece`), and alone is
/// the same as in context unless some rule matches glyphs of two pieces at once; pieces
/// meet after a space and before a non-space, and a rule's glyphs are consecutive (but for
/// those its lookup skips: a lookup that can skip the space is `SpaceSkips`' business), so
/// such a match holds the space at the end of one piece and the next piece's first glyph
/// after it, at a later position of the span. A rule whose only
/// space position is its span's last matches glyphs of the space's own piece only, which
/// are there alone as in context. (`ClassZeroContextTests` shapes both cases.)
/// Limitation: what it does not read (an unknown lookup type or format, an offset out of
/// the table, more work than the table's size warrants) counts as taking part: such a face
/// shapes whole runs, more slowly, never differently. No bundled font has any of these
/// (`LayoutGlyphsTests` compares every bundled face with `collect_glyphs`, and the class-0
/// glyphs of Noto Sans Devanagari's GPOS lookup 12, the one bundled rule that counts).
enum LayoutGlyphs {
  /// Whether `glyph` is in any GSUB or GPOS lookup's backtrack, input, lookahead or output
  /// (of `tables`' lookups: each a tag and whether it substitutes).
  static func takePart(
    _ glyph: UInt32, face: OpaquePointer,
    tables: [(tag: String, substitutes: Bool)] = [("GSUB", true), ("GPOS", false)]
  ) -> Bool {
    guard let glyph = UInt16(exactly: glyph) else { return true }
    for (tag, substitutes) in tables {
      do {
        let holds = try LookupTableReader.withTable(of: face, tag, glyph: glyph) {
          reader throws(LookupTableReader.Unreadable) in
          try reader.anyLookup(substitutes: substitutes)
        }
        if holds == true { return true }
      } catch {
        return true
      }
    }
    return false
  }
}

extension LookupTableReader {
  /// Whether any lookup of this GSUB (`substitutes`) or GPOS table holds the glyph.
  mutating func anyLookup(substitutes: Bool) throws(Unreadable) -> Bool {
    for lookup in try lookups() {
      if let lookup, try holds(lookupAt: lookup, substitutes: substitutes) { return true }
    }
    return false
  }

  /// Where each lookup of this GSUB or GPOS table starts (nil for a null offset), in order.
  mutating func lookups() throws(Unreadable) -> [Int?] {
    // HarfBuzz gives a table of another major version, or without a lookup list, none.
    guard try u16(0) == 1, let list = try offset(from: 0, at: 8) else { return [] }
    let count = try u16(list)
    try spend(count)
    var lookups: [Int?] = []
    for index in 0..<count { lookups.append(try offset(from: list, at: list + 2 + 2 * index)) }
    return lookups
  }

  /// Whether the lookup at `lookup` (of a GSUB table: `substitutes`) holds the glyph.
  mutating func holds(lookupAt lookup: Int, substitutes: Bool) throws(Unreadable) -> Bool {
    try anySubtable(ofLookupAt: lookup) { table, type, subtable throws(Unreadable) in
      substitutes
        ? try table.substitution(type, at: subtable) : try table.positioning(type, at: subtable)
    }
  }

  /// Whether `body` says true of a subtable of the lookup at `lookup` (given the lookup's
  /// type and where the subtable starts).
  mutating func anySubtable(
    ofLookupAt lookup: Int,
    _ body: (inout LookupTableReader, _ type: Int, _ subtable: Int) throws(Unreadable) -> Bool
  ) throws(Unreadable) -> Bool {
    let type = try u16(lookup)
    let subtables = try u16(lookup + 4)
    try spend(subtables)
    for index in 0..<subtables {
      guard let subtable = try offset(from: lookup, at: lookup + 6 + 2 * index) else {
        continue
      }
      if try body(&self, type, subtable) { return true }
    }
    return false
  }

  /// The lookup types of the lookup at `lookup`'s subtables: its own, or for an extension
  /// lookup (of type `extensionType`) each subtable's (ExtensionFormat1: format, type, a
  /// 32-bit offset; another format is unreadable).
  mutating func subtableTypes(ofLookupAt lookup: Int, extensionType: Int) throws(Unreadable)
    -> Set<Int>
  {
    let type = try u16(lookup)
    guard type == extensionType else { return [type] }
    let subtables = try u16(lookup + 4)
    try spend(subtables)
    var types: Set<Int> = []
    for index in 0..<subtables {
      guard let subtable = try offset(from: lookup, at: lookup + 6 + 2 * index) else { continue }
      types.insert(try resolved(type, subtable, extensionType: extensionType).type)
    }
    return types
  }

  /// A GSUB subtable of lookup type `type`.
  private mutating func substitution(_ type: Int, at table: Int) throws(Unreadable) -> Bool {
    let format = try u16(table)
    switch (type, format) {
    case (5, _): return try context(format, at: table, chained: false)
    case (6, _): return try context(format, at: table, chained: true)
    case (7, 1): return try extensionSubtable(at: table, extensionType: 7, substitutes: true)
    default: break
    }
    let coverage = try offset(from: table, at: table + 2)
    if try covers(coverage) { return true }
    switch (type, format) {
    case (1, 1):  // single: the glyph it would become (delta modulo 2^16)
      return try covers(coverage, glyph &- UInt16(u16(table + 4)))
    case (1, 2): return try scan(for: glyph, count: u16(table + 4), at: table + 6)
    case (2, 1), (3, 1): return try anySequence(base: table, at: table + 4)  // multiple, alternate
    case (4, 1): return try anyLigature(at: table)
    case (8, 1):  // reverse chaining single
      let backtrack = try u16(table + 4)
      let lookahead = try u16(table + 6 + 2 * backtrack)
      let substitutes = table + 8 + 2 * backtrack + 2 * lookahead
      if try anyCovers(base: table, count: backtrack, at: table + 6) { return true }
      if try anyCovers(base: table, count: lookahead, at: table + 8 + 2 * backtrack) { return true }
      return try scan(for: glyph, count: u16(substitutes), at: substitutes + 2)
    default: throw Unreadable()
    }
  }

  /// A GPOS subtable of lookup type `type`.
  private mutating func positioning(_ type: Int, at table: Int) throws(Unreadable) -> Bool {
    let format = try u16(table)
    switch (type, format) {
    case (7, _): return try context(format, at: table, chained: false)
    case (8, _): return try context(format, at: table, chained: true)
    case (9, 1): return try extensionSubtable(at: table, extensionType: 9, substitutes: false)
    default: break
    }
    let coverage = try offset(from: table, at: table + 2)
    if try covers(coverage) { return true }
    switch (type, format) {
    case (1, 1), (1, 2), (3, 1): return false  // single, cursive: the coverage only
    case (2, 1):  // pairs: the second glyphs of every pair set
      let values = try u16(table + 4).nonzeroBitCount + u16(table + 6).nonzeroBitCount
      let sets = try u16(table + 8)
      try spend(sets)
      for index in 0..<sets {
        guard let set = try offset(from: table, at: table + 10 + 2 * index) else { continue }
        if try scan(for: glyph, count: u16(set), at: set + 2, stride: 2 + 2 * values) {
          return true
        }
      }
      return false
    case (2, 2):  // class pairs: the second glyphs' classes but class 0
      return try hasClass(offset(from: table, at: table + 10))
    case (4, 1), (5, 1), (6, 1):  // mark to base, ligature, mark: the bases too
      return try covers(offset(from: table, at: table + 4))
    default: throw Unreadable()
    }
  }

  /// An extension subtable: the subtable it points to, of its own type (never another
  /// extension).
  private mutating func extensionSubtable(at table: Int, extensionType: Int, substitutes: Bool)
    throws(Unreadable) -> Bool
  {
    let type = try u16(table + 2)
    guard type != extensionType else { throw Unreadable() }
    let distance = try u32(table + 4)
    guard distance != 0 else { return false }
    return substitutes
      ? try substitution(type, at: table + distance) : try positioning(type, at: table + distance)
  }

  /// Whether any of the `count` (at `start`) glyph sequences, each a count and glyphs at an
  /// offset from `base`, holds the glyph.
  private mutating func anySequence(base: Int, at start: Int) throws(Unreadable) -> Bool {
    let count = try u16(start)
    try spend(count)
    for index in 0..<count {
      guard let sequence = try offset(from: base, at: start + 2 + 2 * index) else { continue }
      if try scan(for: glyph, count: u16(sequence), at: sequence + 2) { return true }
    }
    return false
  }

  /// Whether a ligature of the ligature substitution at `table` is made of the glyph or
  /// makes it.
  private mutating func anyLigature(at table: Int) throws(Unreadable) -> Bool {
    let sets = try u16(table + 4)
    try spend(sets)
    for index in 0..<sets {
      guard let set = try offset(from: table, at: table + 6 + 2 * index) else { continue }
      let count = try u16(set)
      try spend(count)
      for index in 0..<count {
        guard let ligature = try offset(from: set, at: set + 2 + 2 * index) else { continue }
        if try u16(ligature) == Int(glyph) { return true }
        let components = try u16(ligature + 2)
        if try scan(for: glyph, count: max(components - 1, 0), at: ligature + 4) { return true }
      }
    }
    return false
  }
}
