/// Analysis: line-break opportunities of simple text from a pair table, without ICU.
///
/// Problem: ICU's line break iterator was the largest single cost of preparing a paragraph
/// of prose (22 K instructions of a Gatsby paragraph's 149 K), yet for text of ASCII,
/// Latin-1 and the prose punctuation of U+2010–U+2027 UAX #14 needs no dictionary and no
/// long context. Solution: as Blink does for ASCII, each scalar's UAX #14 class from a
/// small table, and whether a line may break between two classes from a pair table
/// (UAX #14's own example algorithm: direct, indirect — only after spaces —, prohibited,
/// mandatory), plus the few rules of ICU's (CLDR root) line rules whose context is longer
/// than a pair: a hyphen after a break keeps the letter after it (ICU's LB 20.09), a
/// space before a decimal point of a number breaks (". 5" style, LB 15c), a prefix or
/// postfix keeps an opening bracket before a number, and the separators, closers and
/// postfixes inside a number (LB 25's regular expression) stay with it. Only for a locale
/// whose line rules are ICU's root rules (`cicu_line_rules_are_root`: not Finnish, not
/// Chinese or Japanese, no `@lb=` other than `strict`); everything else goes to ICU.
/// Text with a scalar outside that small table is scanned again with every scalar's class
/// from ICU's Line_Break data (`LineBreakPairs+Classes.swift`: CJK, kana, Devanagari,
/// Arabic, Hebrew, their marks and punctuation), the scan adding LB9/LB10's combining
/// marks and LB21a's Hebrew hyphen. `LineBreakPairsTests` and `LineBreakPropertyTests`
/// compare both over every corpus file, every pair of scalars of the small set, every
/// string of up to four classes and random strings; the table was read off ICU 72 with
/// the same strings. Limitation: a text with a scalar of a class outside the table (SA,
/// ZWJ, Hangul, emoji, a control other than tab, LF and CR; a mark after other than a
/// letter or ideograph) goes to ICU whole.
enum LineBreakPairs {
  /// The UAX #14 classes of the set by their short names, lowercased (`infix` is IS,
  /// `inseparable` IN), in the pair table's order (AI resolves to AL; ICU 72 does not tell
  /// the quotes Pi and Pf apart); `hh` is U+2010 HYPHEN (lb=BA, but a hyphen for LB 20.09).
  enum Class: UInt8, CaseIterable {
    case ba, lf, cr, sp, ex, qu, al, pr, po, op, cp, infix, hy, sy, nu, cl, gl, bb, hh, b2
    case inseparable, id, ns, hl
    /// OP that is East Asian Fullwidth, Wide or Halfwidth: no letter or digit keeps it
    /// (LB30's `(AL | HL | NU) × OP` is for the narrow ones).
    case opWide
  }

  /// The decision for a pair: `_` break, `%` break only if spaces come between, `^` no
  /// break even after spaces, `!` a mandatory break. A row is the class before (for SP:
  /// spaces at the start of the text or of a line), a column the class after. Read off ICU
  /// 72 (`xAB` and `xA B`; for the SP row ` B`), and checked against it by
  /// `LineBreakPairsTests`.
  static let grid = """
     BA  LF  CR  SP  EX  QU  AL  PR  PO  OP  CP  IS  HY  SY  NU  CL  GL  BB  HH  B2  IN  ID  NS  HL  OW
    BA   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  _  _  %  _  %  _  %  _  _
    LF   !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !
    CR   !  ^  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !  !
    SP   _  ^  ^  ^  ^  _  _  _  _  _  ^  ^  _  ^  _  ^  _  _  _  _  _  _  _  _  _
    EX   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  %  _  %  _  %  _  %  _  _
    QU   %  ^  ^  ^  ^  %  %  %  %  ^  ^  ^  %  ^  %  ^  %  %  %  %  %  %  %  %  ^
    AL   %  ^  ^  ^  ^  %  %  %  %  %  ^  ^  %  ^  %  ^  %  _  %  _  %  _  %  %  _
    PR   %  ^  ^  ^  ^  %  %  _  _  _  ^  ^  %  ^  %  ^  %  _  %  _  %  %  %  %  _
    PO   %  ^  ^  ^  ^  %  %  _  _  _  ^  ^  %  ^  %  ^  %  _  %  _  %  _  %  %  _
    OP   ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^
    CP   %  ^  ^  ^  ^  %  %  _  _  _  ^  ^  %  ^  %  ^  %  _  %  _  %  _  ^  %  _
    IS   %  ^  ^  ^  ^  %  %  _  _  _  ^  ^  %  ^  %  ^  %  _  %  _  %  _  %  %  _
    HY   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  %  ^  _  _  %  _  %  _  %  _  _
    SY   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  %  _  %  _  %  _  %  %  _
    NU   %  ^  ^  ^  ^  %  %  %  %  %  ^  ^  %  ^  %  ^  %  _  %  _  %  _  %  %  _
    CL   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  %  _  %  _  %  _  ^  _  _
    GL   %  ^  ^  ^  ^  %  %  %  %  %  ^  ^  %  ^  %  ^  %  %  %  %  %  %  %  %  %
    BB   %  ^  ^  ^  ^  %  %  %  %  %  ^  ^  %  ^  %  ^  %  %  %  %  %  %  %  %  %
    HH   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  _  _  %  _  %  _  %  _  _
    B2   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  %  _  %  ^  %  _  %  _  _
    IN   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  %  _  %  _  %  _  %  _  _
    ID   %  ^  ^  ^  ^  %  _  _  %  _  ^  ^  %  ^  _  ^  %  _  %  _  %  _  %  _  _
    NS   %  ^  ^  ^  ^  %  _  _  _  _  ^  ^  %  ^  _  ^  %  _  %  _  %  _  %  _  _
    HL   %  ^  ^  ^  ^  %  %  %  %  %  ^  ^  %  ^  %  ^  %  _  %  _  %  _  %  %  _
    OW   ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^
    """

  static let direct: UInt8 = 0
  static let indirect: UInt8 = 1
  static let prohibited: UInt8 = 2
  static let mandatory: UInt8 = 3

  /// The decisions of `grid`'s cells, row by row (`width` × `width`).
  static let pairs: [UInt8] = table(grid)

  /// The table `breaks` reads: `pairs`, and the same decisions for the plain steps.
  static let standard = Table(pairs: pairs)

  /// `grid` as entries, row by row; also for tests that change one cell.
  static func table(_ grid: String) -> [UInt8] {
    grid.split(separator: "\n").dropFirst().flatMap { row in
      row.split(separator: " ").dropFirst().map { cell -> UInt8 in
        switch cell {
        case "_": Self.direct
        case "%": Self.indirect
        case "^": Self.prohibited
        default: Self.mandatory
        }
      }
    }
  }

  /// The number of classes (`Class.allCases.count`): the pair table's width.
  static let width = 25

  /// A pair table as `breaks` reads it.
  struct Table {
    /// Row by row, `width` × `width` decisions.
    let pairs: [UInt8]
    /// `LineBreakPairs.classes` and `byProperty`, here so that a scan reads one static.
    let classes = LineBreakPairs.classes
    let byProperty = LineBreakPairs.byProperty
    /// For each (spaces << 10 | before << 5 | after), where the pair decides alone when no
    /// number is open: 0 no break, 1 a break, 3 a mandatory one, `space` a space with no
    /// break before it, `mark` a combining mark that joins the class before; `slow` where
    /// `scan`'s longer rules may apply (after the hyphens, a digit, a prefix or postfix;
    /// before a digit, a mark or `none`, after spaces before a decimal point, and a hyphen
    /// or BA after a Hebrew letter). With no number open the other classes' pairs decide
    /// alone.
    let plain: [UInt8]
    static let slow: UInt8 = 2
    static let space: UInt8 = 4
    /// A combining mark joining the letter or ideograph before (LB9): nothing changes.
    static let mark: UInt8 = 5
    /// Whether a letter or a combining mark after a letter, with no space between, is no
    /// break and leaves the scan's state as it was (AL × AL and AL × CM in `plain`): then
    /// `scan` steps over runs of letters without a pair lookup each.
    let lettersJoin: Bool
    /// Whether letters and digits join each other too (AL × NU, NU × AL, NU × NU in `pairs`,
    /// with no space between, besides `lettersJoin`): then `scan` steps over a run of ASCII
    /// letters and digits after a letter or a digit without a lookup a scalar (the hashes and
    /// paths of URLs), its state after the run that of its last scalar.
    let alphanumericsJoin: Bool
    /// Whether an ideograph after an ideograph, with no space between, is a break that leaves
    /// the scan's state as it was (ID × ID in `plain`): then `scan` records the breaks of a
    /// run of ideographs (most of CJK text) without a pair lookup each.
    let ideographsBreak: Bool
    /// Whether a space after a letter or an ideograph is no break (AL × SP, ID × SP in
    /// `plain`): then `scan`, reading ICU's classes, takes the end of a word (one space and
    /// the scalar after it, when `plain` gives a break there) in one step.
    let wordsBreak: Bool

    init(pairs: [UInt8]) {
      self.pairs = pairs
      var plain = [UInt8](filled: Self.slow, count: 2 * 32 * 32)
      let looksFurther: Set<Class> = [.hy, .hh, .pr, .po, .nu]
      for spaces in [false, true] {
        for before in Class.allCases where !looksFurther.contains(before) {
          for after in Class.allCases where after != .nu && !(spaces && after == .infix) {
            let entry = pairs[Int(before.rawValue) * width + Int(after.rawValue)]
            let step: UInt8
            if after == .sp {
              step = entry == prohibited ? Self.space : Self.slow
            } else if before == .hl && !spaces && [.hy, .ba, .hh].contains(after) {
              step = Self.slow  // LB21a looks at the next pair.
            } else if entry == mandatory {
              step = 3
            } else {
              step = entry == direct || (entry == indirect && spaces) ? 1 : 0
            }
            plain[(spaces ? 1 << 10 : 0) | Int(before.rawValue) << 5 | Int(after.rawValue)] = step
          }
        }
      }
      for before in [Class.al, .hl, .id] { plain[Int(before.rawValue) << 5 | Int(cm)] = Self.mark }
      self.plain = plain
      let al = Int(Class.al.rawValue)
      lettersJoin = plain[al << 5 | al] == 0 && plain[al << 5 | Int(cm)] == Self.mark
      let nu = Int(Class.nu.rawValue)
      let joined = [al * width + nu, nu * width + al, nu * width + nu].allSatisfy {
        pairs[$0] == indirect || pairs[$0] == prohibited
      }
      alphanumericsJoin = lettersJoin && joined
      let id = Int(Class.id.rawValue)
      ideographsBreak = plain[id << 5 | id] == 1
      let sp = Int(Class.sp.rawValue)
      wordsBreak = plain[al << 5 | sp] == Self.space && plain[id << 5 | sp] == Self.space
    }
  }

  /// The break opportunities of `scalars` after 0 (ascending, the last at the end) and
  /// whether each is mandatory, as ICU's root line rules give them; nil when a scalar is
  /// outside the set. `table` is `standard` unless a test passes another.
  static func breaks(
    _ scalars: UnsafeBufferPointer<Unicode.Scalar>, table: Table = standard
  ) -> (breaks: [Int32], mandatory: [Bool])? {
    let count = scalars.count
    guard count > 0 else { return ([], []) }
    // At most one opportunity a scalar: written in place, then the arrays cut to length
    // (made by `filled`, which says why).
    var positions = [Int32](filled: 0, count: count)
    var hard = [Bool](filled: false, count: count)
    let found = positions.withUnsafeMutableBufferPointer { positions in
      hard.withUnsafeMutableBufferPointer { hard in
        table.classes.withUnsafeBufferPointer { classes in
          table.pairs.withUnsafeBufferPointer { pairs in
            table.plain.withUnsafeBufferPointer { plain in
              // Latin text from the small table alone; text with another scalar again
              // with every scalar's class from ICU's data.
              let latin = scan(
                scalars, LatinLineClasses(scalars: scalars, classes: classes), pairs: pairs,
                plain: plain, lettersJoin: table.lettersJoin,
                alphanumericsJoin: table.alphanumericsJoin,
                ideographsBreak: table.ideographsBreak, wordsBreak: table.wordsBreak,
                positions: positions, hard: hard)
              guard latin == -1 else { return latin }
              return table.byProperty.withUnsafeBufferPointer { byProperty in
                scan(
                  scalars,
                  PropertyLineClasses(scalars: scalars, byProperty: byProperty),
                  pairs: pairs, plain: plain, lettersJoin: table.lettersJoin,
                  alphanumericsJoin: table.alphanumericsJoin,
                  ideographsBreak: table.ideographsBreak, wordsBreak: table.wordsBreak,
                  positions: positions, hard: hard)
              }
            }
          }
        }
      }
    }
    guard found >= 0 else { return nil }
    positions.removeLast(count - found)
    hard.removeLast(count - found)
    return (positions, hard)
  }

  /// `breaks`' loop: the number of opportunities written, or -1 as soon as a scalar is
  /// outside the set.
  private static func scan<Classes: LineClassSource>(
    _ scalars: UnsafeBufferPointer<Unicode.Scalar>, _ classOf: Classes,
    pairs: UnsafeBufferPointer<UInt8>, plain: UnsafeBufferPointer<UInt8>, lettersJoin: Bool,
    alphanumericsJoin: Bool, ideographsBreak: Bool, wordsBreak: Bool,
    positions: UnsafeMutableBufferPointer<Int32>,
    hard: UnsafeMutableBufferPointer<Bool>
  ) -> Int {
    let (sp, lf, cr, nu) = (
      Class.sp.rawValue, Class.lf.rawValue, Class.cr.rawValue, Class.nu.rawValue
    )
    let (al, hy, hh, op) = (
      Class.al.rawValue, Class.hy.rawValue, Class.hh.rawValue, Class.op.rawValue
    )
    let (pr, po, sy, isClass) = (
      Class.pr.rawValue, Class.po.rawValue, Class.sy.rawValue, Class.infix.rawValue
    )
    let (cl, cp, opWide) = (Class.cl.rawValue, Class.cp.rawValue, Class.opWide.rawValue)
    let (hl, ba, id) = (Class.hl.rawValue, Class.ba.rawValue, Class.id.rawValue)
    let width = Self.width
    let count = scalars.count
    func at(_ index: Int) -> UInt8 {
      index < count ? classOf(index) : none
    }
    var found = 0
    func record(_ index: Int, _ isMandatory: Bool) {
      positions[found] = Int32(truncatingIfNeeded: index)
      hard[found] = isMandatory
      found &+= 1
    }
    var before = at(0)
    guard before != none else { return -1 }
    if !Classes.latinOnly && before == cm { before = al }  // LB10
    // Spaces between `before` and the next class (or `before` is a run of spaces at the
    // start of the text or of a line); inside a number: 1 in NU (NU | SY | IS)*, 2 after
    // its CL | CP.
    var spaces = before == sp
    var number: UInt8 = before == nu ? 1 : 0
    // LB21a: right after a Hebrew letter and a hyphen or BA, no break.
    var hebrewDash = false
    var index = 1
    while index < count {
      if Classes.latinOnly && alphanumericsJoin && !spaces && (before == al || before == nu) {
        // ASCII letters and digits after a letter or a digit (no break: AL and NU). After a
        // letter no number is open, after a digit one is (`number` 1): the run leaves the
        // state its last scalar's step would, whatever came before it. Latin text only: in
        // the scan by ICU's classes (CJK, Indic, Arabic) the test a step cost more than
        // the runs it skipped.
        var end = index
        while end < count {
          let value = scalars[end].value
          guard (value | 0x20) &- 0x61 < 26 || value &- 0x30 < 10 else { break }
          end &+= 1
        }
        if end > index {
          index = end
          (before, number) = scalars[end &- 1].value < 0x3A ? (nu, 1) : (al, 0)
          if index == count { break }
        }
      }
      if number == 0 && (Classes.latinOnly || !hebrewDash) {
        // Most of prose: letters, spaces and punctuation whose pair decides alone.
        while index < count {
          var read: UInt8?
          if lettersJoin && before == al && !spaces {
            // Letters and marks after a letter (AL × AL, AL × CM; most of prose): no break,
            // nothing changes.
            (index, read) = classOf.lettersEnd(from: index, count: count)
            if index == count { break }
          } else if !Classes.latinOnly && ideographsBreak && before == id && !spaces {
            // Ideographs after an ideograph (ID × ID: a break before each; CJK text): the
            // breaks recorded, nothing else changes.
            (index, read) = classOf.ideographsEnd(
              from: index, count: count, positions: positions, hard: hard, found: &found)
            if index == count { break }
          }
          if !Classes.latinOnly && wordsBreak && read == sp && index &+ 1 < count {
            // A word's end (most of a fallback-heavy paragraph's): one space, and the class
            // after it where `plain` gives a break (AL SP ÷ AL, AL SP ÷ ID, ...), both steps
            // at once, without a test of its own for each class.
            let next = classOf(index &+ 1)
            if plain[1 &<< 10 | Int(before) &<< 5 | Int(next)] == 1 {
              record(index &+ 1, false)
              before = next
              index &+= 2
              continue
            }
          }
          let after = read ?? classOf(index)
          let step = plain[(spaces ? 1 &<< 10 : 0) | Int(before) &<< 5 | Int(after)]
          if step == Table.slow { break }
          if step == Table.space {
            spaces = true
          } else if Classes.latinOnly || step != Table.mark {
            if step != 0 { record(index, step == 3) }
            (before, spaces) = (after, false)
          }
          index &+= 1
        }
        if index == count { break }
      }
      var after = classOf(index)
      guard after != none else { return -1 }
      if !Classes.latinOnly && after == cm {
        if spaces || before == lf || before == cr {
          after = al  // LB10: a mark with nothing to join is a letter.
        } else if plain[Int(before) &<< 5 | Int(cm)] == Table.mark {
          index &+= 1  // LB9: part of the letter or ideograph before; nothing changes.
          continue
        } else {
          return -1
        }
      }
      let entry = pairs[Int(before) &* width &+ Int(after)]
      if entry == mandatory {
        record(index, true)
        (before, spaces, number) = (after, after == sp, after == nu ? 1 : 0)
        hebrewDash = false
        index &+= 1
        continue
      }
      var opportunity = entry == direct || (entry == indirect && spaces)
      if !spaces {
        // LB 20.09: a hyphen right after a break (or the start) keeps the letter after it
        // ("a -b").
        let fresh = index == 1 || (found > 0 && positions[found &- 1] == Int32(index &- 1))
        if (before == hy || before == hh) && fresh && after == al { opportunity = false }
        // LB 25: a number keeps its separators, closers and postfix ("5.3", "(5)%").
        if number != 0 && before != nu {
          if number == 1
            && (after == nu || after == sy || after == isClass || after == cl
              || after == cp || after == pr || after == po)
          {
            opportunity = false
          }
          if number == 2 && (after == pr || after == po) { opportunity = false }
        }
        // LB 25: a prefix or postfix keeps an opening bracket before a number ("$(5", "$(.5").
        if (before == pr || before == po)
          && (after == op || (!Classes.latinOnly && after == opWide))
          && (at(index + 1) == nu || (at(index + 1) == isClass && at(index + 2) == nu))
        {
          opportunity = false
        }
        if !Classes.latinOnly && hebrewDash { opportunity = false }
      } else if before != op && (Classes.latinOnly || before != opWide) && after == isClass
        && at(index + 1) == nu
      {
        // LB 15c: spaces before a number's decimal point break (" .5").
        opportunity = true
      }
      if opportunity { record(index, false) }
      if !Classes.latinOnly {
        hebrewDash = !spaces && before == hl && (after == hy || after == ba || after == hh)
      }
      if after == sp {
        spaces = true
      } else {
        if after == nu {
          number = 1
        } else if number == 1 && !spaces && (after == sy || after == isClass) {
          number = 1
        } else if number == 1 && !spaces && (after == cl || after == cp) {
          number = 2
        } else {
          number = 0
        }
        (before, spaces) = (after, false)
      }
      index &+= 1
    }
    record(count, before == lf || before == cr)
    return found
  }
}
