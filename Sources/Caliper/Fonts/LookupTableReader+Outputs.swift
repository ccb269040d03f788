/// What a GSUB table's substitutions make and what class-based rules start at
/// (`SpaceWakers`).
extension LookupTableReader {
  /// The glyph at `index` of the coverage table at `table` (nil: none, or past its end).
  mutating func coveredGlyph(_ table: Int?, at index: Int) throws(Unreadable) -> UInt16? {
    guard let table else { return nil }
    let count = try u16(table + 2)
    switch try u16(table) {
    case 1: return index < count ? UInt16(try u16(table + 4 + 2 * index)) : nil
    case 2:
      try spend(count)
      for record in 0..<count {
        let at = table + 4 + 6 * record
        let (first, last, start) = (try u16(at), try u16(at + 2), try u16(at + 4))
        if index >= start, index - start <= last - first { return UInt16(first + index - start) }
      }
      return nil
    default: throw Unreadable()
    }
  }

  /// The indices of the lookups of this GSUB table with a substitution subtable (single,
  /// multiple, alternate, ligature, reverse chaining) that makes a glyph `isWanted` holds
  /// from glyphs none of which it holds (a ligature: no component; any other: the glyph it
  /// replaces). Contextual subtables make nothing themselves: the lookups they call are
  /// lookups in their own right, read here too.
  mutating func lookupsMakingFromOthers(_ wanted: [UInt16], _ isWanted: (UInt16) -> Bool)
    throws(Unreadable) -> [Int]
  {
    var found: [Int] = []
    for (index, lookup) in try lookups().enumerated() {
      guard let lookup else { continue }
      let makes = try anySubtable(ofLookupAt: lookup) { table, type, subtable throws(Unreadable) in
        try table.makesFromOthers(type, at: subtable, wanted, isWanted)
      }
      if makes { found.append(index) }
    }
    return found
  }

  /// Whether the GSUB subtable of `type` at `table` makes a glyph `isWanted` holds from
  /// glyphs none of which it holds. The glyph a subtable replaces is its coverage's at the
  /// index of the substitute, sequence or ligature set, read only where that makes a wanted
  /// glyph (`wanted` lists them, for the single substitution by a delta).
  private mutating func makesFromOthers(
    _ type: Int, at table: Int, _ wanted: [UInt16], _ isWanted: (UInt16) -> Bool
  ) throws(Unreadable) -> Bool {
    let format = try u16(table)
    switch (type, format) {
    case (5, _), (6, _): return false
    case (7, 1):
      let type = try u16(table + 2)
      guard type != 7 else { throw Unreadable() }
      let distance = try u32(table + 4)
      guard distance != 0 else { return false }
      return try makesFromOthers(type, at: table + distance, wanted, isWanted)
    default: break
    }
    let coverage = try offset(from: table, at: table + 2)
    switch (type, format) {
    case (1, 1):  // each covered glyph plus the delta, modulo 2^16
      let delta = UInt16(try u16(table + 4))
      for glyph in wanted where !isWanted(glyph &- delta) {
        if try covers(coverage, glyph &- delta) { return true }
      }
      return false
    case (1, 2):
      let count = try u16(table + 4)
      try spend(count)
      for index in 0..<count where isWanted(UInt16(try u16(table + 6 + 2 * index))) {
        if try other(coverage, index, isWanted) { return true }
      }
      return false
    case (2, 1), (3, 1):  // multiple, alternate: sequences of glyphs
      let count = try u16(table + 4)
      try spend(count)
      for index in 0..<count {
        guard let sequence = try offset(from: table, at: table + 6 + 2 * index) else { continue }
        if try anyGlyph(count: u16(sequence), at: sequence + 2, isWanted),
          try other(coverage, index, isWanted)
        {
          return true
        }
      }
      return false
    case (4, 1):  // ligatures: each one's glyph, from its first glyph and components
      let sets = try u16(table + 4)
      try spend(sets)
      for setIndex in 0..<sets {
        guard let set = try offset(from: table, at: table + 6 + 2 * setIndex) else { continue }
        let count = try u16(set)
        try spend(count)
        for index in 0..<count {
          guard let ligature = try offset(from: set, at: set + 2 + 2 * index) else { continue }
          guard isWanted(UInt16(try u16(ligature))) else { continue }
          let components = try max(u16(ligature + 2) - 1, 0)
          if try !anyGlyph(count: components, at: ligature + 4, isWanted),
            try other(coverage, setIndex, isWanted)
          {
            return true
          }
        }
      }
      return false
    case (8, 1):  // reverse chaining single: its substitutes
      let backtrack = try u16(table + 4)
      let lookahead = try u16(table + 6 + 2 * backtrack)
      let substitutes = table + 8 + 2 * backtrack + 2 * lookahead
      let count = try u16(substitutes)
      try spend(count)
      for index in 0..<count where isWanted(UInt16(try u16(substitutes + 2 + 2 * index))) {
        if try other(coverage, index, isWanted) { return true }
      }
      return false
    default: throw Unreadable()
    }
  }

  /// Whether the glyph at `index` of the coverage table at `coverage` is one `isWanted`
  /// does not hold.
  private mutating func other(_ coverage: Int?, _ index: Int, _ isWanted: (UInt16) -> Bool)
    throws(Unreadable) -> Bool
  {
    guard let glyph = try coveredGlyph(coverage, at: index) else { return false }
    return !isWanted(glyph)
  }

  /// Whether any of the `count` glyphs from `start` is one `isWanted` holds.
  private mutating func anyGlyph(count: Int, at start: Int, _ isWanted: (UInt16) -> Bool)
    throws(Unreadable) -> Bool
  {
    try spend(count)
    for index in 0..<count where isWanted(UInt16(try u16(start + 2 * index))) { return true }
    return false
  }

  /// The glyphs `rule` starts at: those of its subtable's coverage in its rule set's input
  /// class (class 0: those the input class definition lists nowhere).
  mutating func startGlyphs(of rule: ZeroClassRule) throws(Unreadable) -> [UInt16] {
    var starts: [UInt16] = []
    for glyph in try coveredGlyphs(rule.coverage) {
      var reader = looking(for: glyph)
      let classes = try reader.classes(rule.inputClasses)
      let inClass = classes.isEmpty ? rule.startClass == 0 : classes.contains(rule.startClass)
      if inClass { starts.append(glyph) }
    }
    return starts
  }
}
