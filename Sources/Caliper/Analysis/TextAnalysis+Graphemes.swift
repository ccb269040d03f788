internal import CICU

/// Analysis, grapheme clusters: ICU's iterator, and the shortcut past it for text whose
/// clusters follow from a few properties per scalar. (Unicode 15.1's conjunct rule, GB9c,
/// wider than ICU 72's aksara rule, is applied to either: in the shortcut's own loop
/// (`propertyGraphemeStartsJoiningConjuncts`), after the iterator by `joinConjuncts`.)
extension TextAnalysis {
  /// Grapheme cluster starts (count + 1 entries) from each scalar's Grapheme_Cluster_Break
  /// and, for ICU 72's aksara rule, its script, Indic_Syllabic_Category and combining class,
  /// when every scalar is Other, Extend, SpacingMark, Control, CR or LF (the grapheme part
  /// of `walk`, `cicu_analysis_walk`); nil when one needs ICU's iterator.
  ///
  /// Problem: ICU's iterator cost about 240 instructions a scalar of text such as Arabic,
  /// Devanagari and CJK, whose clusters are a base and the marks after it. Solution: for
  /// those classes UAX #29's rules reduce to one property per scalar (GB3–GB5, GB9, GB9a)
  /// and ICU's aksara rule, read from ICU's own data. `GraphemePropertyTests` compares both
  /// over every corpus file and random strings of each class.
  static func propertyGraphemeStarts(_ scalars: [Unicode.Scalar]) -> [Bool]? {
    propertyGraphemeStarts(scalars, joiningConjuncts: false)
  }

  /// `propertyGraphemeStarts(scalars)` with `joinConjuncts` applied: the clusters the
  /// analysis keeps.
  ///
  /// Problem: `joinConjuncts` walked every scalar again after the C pass (about 20
  /// instructions a scalar of a fallback-heavy paragraph), and the C pass ran its rules'
  /// steps at each scalar (about 38). Solution: the C pass applies the same rule in its own
  /// loop, each scalar's class from `conjunctClasses` (whose marks are `ScalarFacts`'
  /// nonspacing marks, as `joinConjuncts` asks them), and all its rules as one table: each
  /// scalar's kind (its facts for the rules) kept for the process, the step of every kind
  /// in each of the 27 states between scalars tabulated once from the one step function
  /// (`cicu_grapheme_step`): a load a scalar (the kind read from the walk's table). Only where a scalar
  /// after a consonant is at or above U+0300 and outside that table (a mark the table
  /// cannot tell) does `joinConjuncts` walk the text as before. A text with a ZWJ is not
  /// the C pass's (nil: the analysis takes ICU's iterator's starts, then `joinConjuncts`).
  /// `ConjunctTableTests` compares both with the rule written in the test.
  static func propertyGraphemeStartsJoiningConjuncts(_ scalars: [Unicode.Scalar]) -> [Bool]? {
    propertyGraphemeStarts(scalars, joiningConjuncts: true)
  }

  private static func propertyGraphemeStarts(
    _ scalars: [Unicode.Scalar], joiningConjuncts: Bool
  ) -> [Bool]? {
    let (starts, pass) = simpleGraphemePass(scalars, joiningConjuncts: joiningConjuncts)
    return finished(scalars, starts: starts, pass: pass)
  }

  /// The clusters of the grapheme pass's answer: its starts, with `joinConjuncts` applied
  /// where it handed GB9c back; nil where it refused.
  static func finished(
    _ scalars: [Unicode.Scalar], starts: [Bool], pass: SimpleGraphemePass
  ) -> [Bool]? {
    switch pass {
    case .decided: return starts
    case .handedBack:
      var starts = starts
      joinConjuncts(scalars, graphemeStarts: &starts)
      return starts
    case .refused: return nil
    }
  }

  /// What the walk's grapheme part (`cicu_analysis_walk`) answered.
  enum SimpleGraphemePass: Int32 {
    /// A scalar of a class that needs ICU's iterator (`starts` partly written).
    case refused = 0
    /// The starts are the clusters (with GB9c applied when asked).
    case decided = 1
    /// GB9c asked, and a scalar after a consonant the pass cannot class: `joinConjuncts`
    /// decides (the joins made are among the rule's).
    case handedBack = 2
  }

  /// The walk's grapheme part over `scalars` (`walk`): its starts and its answer (tests read
  /// the answer to tell the joins the C pass made alone).
  static func simpleGraphemePass(
    _ scalars: [Unicode.Scalar], joiningConjuncts: Bool
  ) -> (starts: [Bool], pass: SimpleGraphemePass) {
    let walked = walk(
      scalars, parts: joiningConjuncts ? [.graphemes, .joiningConjuncts] : .graphemes)
    return (walked.graphemeStarts ?? [], walked.graphemePass)
  }

  /// ICU's extended grapheme cluster starts of `text` (count + 1 entries), in scalar
  /// offsets.
  static func icuGraphemeStarts(
    _ text: UTF16Text, scalarCount: Int, locale: String
  ) throws(CaliperError) -> [Bool] {
    let capacity = text.units.count + 1
    var positions = [Int32](filled: 0, count: capacity)
    let graphemeCount = cicu_grapheme_breaks(
      text.units, Int32(text.units.count), locale, &positions, Int32(capacity))
    try Self.check(graphemeCount, "cicu_grapheme_breaks")
    var starts = [Bool](filled: false, count: scalarCount + 1)
    starts[0] = true
    for position in positions[..<Int(graphemeCount)] {
      starts[text.scalarOffset(position)] = true
    }
    return starts
  }
}
