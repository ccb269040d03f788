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
        base: table, at: table + 4, chained: chained, values: (glyph, glyph, glyph), zero: nil)
    case 2:
      // The rules name classes: the glyph's, where a class definition lists it, else class 0.
      let coverage = try offset(from: table, at: table + 2)
      if try covers(coverage) { return true }
      var definitions: [Int?] = [nil, try offset(from: table, at: table + 4), nil]
      if chained {
        definitions = [
          try offset(from: table, at: table + 4), try offset(from: table, at: table + 6),
          try offset(from: table, at: table + 8),
        ]
      }
      let before = try classes(definitions[0])
      let input = try classes(definitions[1])
      let after = try classes(definitions[2])
      let zero = ZeroClass(
        before: chained && before.isEmpty, input: input.isEmpty, after: chained && after.isEmpty,
        coverage: coverage, inputClasses: definitions[1])
      return try anyRule(
        base: table, at: table + (chained ? 10 : 6), chained: chained,
        values: (before, input, after), zero: zero)
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

  /// Where a class-based subtable's class definitions leave the glyph in class 0 by
  /// omission (a null definition leaves every glyph there), and what its rules start at.
  struct ZeroClass {
    let before: Bool
    let input: Bool
    let after: Bool
    /// The subtable's coverage and input class definition: a rule of rule set `c` starts
    /// at a glyph of the coverage in input class `c`.
    let coverage: Int?
    let inputClasses: Int?
  }

  /// A class-based rule that names class 0 where the glyph is there by omission, at a
  /// position with another after it in the rule's span (see `LayoutGlyphs`): its subtable's
  /// coverage and input class definition, and its rule set's class (the class of the glyph
  /// it starts at).
  struct ZeroClassRule: Equatable {
    let coverage: Int?
    let inputClasses: Int?
    let startClass: Int
  }

  /// Whether a rule of the rule sets listed at `start` (a count, then offsets from `base`)
  /// holds one of `values` in its backtrack, input (past the first, which the coverage or
  /// the rule set's index gives) or lookahead, or names class 0 (`zero`) before the end of
  /// its span. Where the reader collects `zeroClassRules`, such a rule is added there
  /// instead of answering true.
  private mutating func anyRule(
    base: Int, at start: Int, chained: Bool, values: (before: [Int], input: [Int], after: [Int]),
    zero: ZeroClass?
  ) throws(Unreadable) -> Bool {
    let zeroAnywhere = zero.map { $0.before || $0.input || $0.after } ?? false
    guard zeroAnywhere || !(values.before.isEmpty && values.input.isEmpty && values.after.isEmpty)
    else { return false }
    let sets = try u16(start)
    try spend(sets)
    for index in 0..<sets {
      guard let set = try offset(from: base, at: start + 2 + 2 * index) else { continue }
      let rules = try u16(set)
      try spend(rules)
      for ruleIndex in 0..<rules {
        guard let rule = try offset(from: set, at: set + 2 + 2 * ruleIndex) else { continue }
        if chained ? try chainRule(at: rule, values) : try plainRule(at: rule, values.input) {
          return true
        }
        guard let zero, zeroAnywhere,
          try chained ? chainRuleNamesZero(at: rule, zero) : plainRuleNamesZero(at: rule, zero)
        else { continue }
        let found = ZeroClassRule(
          coverage: zero.coverage, inputClasses: zero.inputClasses, startClass: index)
        guard zeroClassRules != nil else { return true }
        if zeroClassRules?.last != found { zeroClassRules?.append(found) }
      }
    }
    return false
  }

  /// A rule of a contextual subtable: input count, lookup count, the input past the first.
  private mutating func plainRule(at rule: Int, _ input: [Int]) throws(Unreadable) -> Bool {
    try scan(forAny: input, count: max(u16(rule) - 1, 0), at: rule + 4)
  }

  /// Whether a rule of a contextual subtable names class 0 (`zero.input`) at an input
  /// position past the first with another after it: the input but its first and last.
  private mutating func plainRuleNamesZero(at rule: Int, _ zero: ZeroClass) throws(Unreadable)
    -> Bool
  {
    guard zero.input else { return false }
    return try scan(for: 0, count: max(u16(rule) - 2, 0), at: rule + 4)
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

  /// Whether a rule of a chained contextual subtable names class 0 where `zero` says the
  /// glyph is there, at a position with another after it in the span (backtrack, input,
  /// lookahead): any backtrack position (the input follows), and any input or lookahead
  /// position but the span's last.
  private mutating func chainRuleNamesZero(at rule: Int, _ zero: ZeroClass) throws(Unreadable)
    -> Bool
  {
    let backtrack = try u16(rule)
    let inputStart = rule + 2 + 2 * backtrack
    let input = try max(u16(inputStart) - 1, 0)
    let lookaheadStart = inputStart + 2 + 2 * input
    let lookahead = try u16(lookaheadStart)
    if zero.before, try scan(for: 0, count: backtrack, at: rule + 2) { return true }
    let inputCount = lookahead > 0 ? input : max(input - 1, 0)
    if zero.input, try scan(for: 0, count: inputCount, at: inputStart + 2) { return true }
    guard zero.after else { return false }
    return try scan(for: 0, count: max(lookahead - 1, 0), at: lookaheadStart + 2)
  }
}
