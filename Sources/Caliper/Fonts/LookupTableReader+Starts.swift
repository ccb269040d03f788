/// Where a lookup can apply, and whether it is pairwise (`SimpleGlyphs`).
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

extension LookupTableReader {
  /// One ligature of a ligature substitution: the glyph it starts at, the glyph it makes,
  /// and its other components.
  struct Ligature {
    let first: UInt16
    let glyph: UInt16
    let components: [UInt16]
  }

  /// The ligatures of the ligature substitutions (type 4, through extensions) of the GSUB
  /// lookup at `lookup` that start at a glyph `starts` holds.
  mutating func ligatures(ofLookupAt lookup: Int, startingAt starts: (UInt16) -> Bool)
    throws(Unreadable) -> [Ligature]
  {
    var found: [Ligature] = []
    _ = try anySubtable(ofLookupAt: lookup) { table, type, subtable throws(Unreadable) in
      let (type, at) = try table.resolved(type, subtable, extensionType: 7)
      guard type == 4, try table.u16(at) == 1 else { return false }
      let covered = try table.coveredGlyphs(table.offset(from: at, at: at + 2))
      let sets = try table.u16(at + 4)
      try table.spend(sets)
      for (index, first) in covered.enumerated() where index < sets && starts(first) {
        guard let set = try table.offset(from: at, at: at + 6 + 2 * index) else { continue }
        let count = try table.u16(set)
        try table.spend(count)
        for ligature in 0..<count {
          guard let entry = try table.offset(from: set, at: set + 2 + 2 * ligature) else {
            continue
          }
          let components = try max(table.u16(entry + 2) - 1, 0)
          try table.spend(components)
          var glyphs: [UInt16] = []
          for component in 0..<components {
            glyphs.append(UInt16(try table.u16(entry + 4 + 2 * component)))
          }
          found.append(
            Ligature(first: first, glyph: UInt16(try table.u16(entry)), components: glyphs))
        }
      }
      return false
    }
    return found
  }
}
