/// Contextual and chained contextual subtables (GSUB 5 and 6, GPOS 7 and 8) searched for
/// the glyph (`LayoutGlyphs`): their coverage, and each rule's backtrack, input and
/// lookahead, by glyph (format 1), by class (format 2) or by coverage (format 3).
extension LookupTableReader {
  /// A contextual subtable (`chained`: with backtrack and lookahead) of `format` at `table`.
  mutating func context(_ format: Int, at table: Int, chained: Bool) throws(Unreadable) -> Bool {
    switch format {
    case 1:
      let glyph = [Int(glyph)]
      if try covers(offset(from: table, at: table + 2)) { return true }
      return try anyRule(
        base: table, at: table + 4, chained: chained, values: (glyph, glyph, glyph))
    case 2:
      // The rules name classes: the glyph's, where a class definition lists it.
      if try covers(offset(from: table, at: table + 2)) { return true }
      if !chained {
        let input = try classes(offset(from: table, at: table + 4))
        return try anyRule(base: table, at: table + 6, chained: false, values: ([], input, []))
      }
      let backtrack = try classes(offset(from: table, at: table + 4))
      let input = try classes(offset(from: table, at: table + 6))
      let lookahead = try classes(offset(from: table, at: table + 8))
      return try anyRule(
        base: table, at: table + 10, chained: true, values: (backtrack, input, lookahead))
    case 3:
      if !chained { return try anyCovers(base: table, count: u16(table + 2), at: table + 6) }
      let backtrack = try u16(table + 2)
      let input = try u16(table + 4 + 2 * backtrack)
      let lookahead = try u16(table + 6 + 2 * backtrack + 2 * input)
      if try anyCovers(base: table, count: backtrack, at: table + 4) { return true }
      if try anyCovers(base: table, count: input, at: table + 6 + 2 * backtrack) { return true }
      return try anyCovers(
        base: table, count: lookahead, at: table + 8 + 2 * backtrack + 2 * input)
    default: throw Unreadable()
    }
  }

  /// Whether a rule of the rule sets listed at `start` (a count, then offsets from `base`)
  /// holds one of `values` in its backtrack, input (past the first, which the coverage or
  /// the rule set's index gives) or lookahead.
  private mutating func anyRule(
    base: Int, at start: Int, chained: Bool, values: (before: [Int], input: [Int], after: [Int])
  ) throws(Unreadable) -> Bool {
    guard !(values.before.isEmpty && values.input.isEmpty && values.after.isEmpty) else {
      return false
    }
    let sets = try u16(start)
    try spend(sets)
    for index in 0..<sets {
      guard let set = try offset(from: base, at: start + 2 + 2 * index) else { continue }
      let rules = try u16(set)
      try spend(rules)
      for index in 0..<rules {
        guard let rule = try offset(from: set, at: set + 2 + 2 * index) else { continue }
        if chained ? try chainRule(at: rule, values) : try plainRule(at: rule, values.input) {
          return true
        }
      }
    }
    return false
  }

  /// A rule of a contextual subtable: input count, lookup count, the input past the first.
  private mutating func plainRule(at rule: Int, _ input: [Int]) throws(Unreadable) -> Bool {
    try scan(forAny: input, count: max(u16(rule) - 1, 0), at: rule + 4)
  }

  /// A rule of a chained contextual subtable: backtrack, input past the first, lookahead.
  private mutating func chainRule(
    at rule: Int, _ values: (before: [Int], input: [Int], after: [Int])
  ) throws(Unreadable) -> Bool {
    let backtrack = try u16(rule)
    let inputStart = rule + 2 + 2 * backtrack
    let input = try max(u16(inputStart) - 1, 0)
    let lookaheadStart = inputStart + 2 + 2 * input
    if try scan(forAny: values.before, count: backtrack, at: rule + 2) { return true }
    if try scan(forAny: values.input, count: input, at: inputStart + 2) { return true }
    return try scan(forAny: values.after, count: u16(lookaheadStart), at: lookaheadStart + 2)
  }
}
