internal import CHarfBuzz
internal import CICU
import Synchronization

/// Analysis: line-break opportunities, grapheme clusters, bidi levels and scripts.
///
/// Problem: where text may break, what is one user-perceived character, which direction
/// and script each character has. Solution: ICU (UAX #14 with CLDR tailoring, UAX #29,
/// UAX #9) through the `CICU` C target over UTF-16, mapped back to Unicode-scalar offsets,
/// which every later stage uses (the line breaks of most text under the root rules from
/// `LineBreakPairs`' pair table, which gives ICU's answers without it; the grapheme
/// clusters and bidi levels of text whose classes make UAX #29's and UAX #9's rules a
/// pass over each scalar's ICU property, done in one `walk` with the scripts);
/// scripts from HarfBuzz's Unicode functions, with Common and Inherited characters taking
/// the script of the text around them. Limitation: bidi
/// brackets do not pull a neutral's script (as UAX #24 suggests) — only its neighbours do.
///
/// Sendable: a value of immutable arrays. The ICU objects that made it never leave the C
/// call that used them (each call clones its break iterator from a per-locale prototype
/// under a C mutex, and opens its own bidi object).
struct TextAnalysis: Sendable {
  /// The text as Unicode scalars; every offset below indexes this.
  let scalars: [Unicode.Scalar]
  /// Line-break opportunities after 0, ascending, the last at `scalars.count`; empty once
  /// the prepared text has made its segments (`dropBreaks`).
  private(set) var breaks: [Int32]
  /// For each entry of `breaks`, whether it is mandatory (a hard break).
  private(set) var mandatory: [Bool]
  /// The entries of `breaks` that are automatic hyphenation points (a line ending there
  /// shows a hyphen), ascending; empty without `TextStyle.hyphenation`.
  private(set) var hyphenationPoints: [Int32] = []
  /// Whether a grapheme cluster starts at each offset (count + 1 entries); empty once the
  /// prepared text has folded them into its cluster starts (`dropGraphemeStarts`).
  private(set) var graphemeStart: [Bool]
  /// The bidi embedding level of each scalar; empty when every level is 0 (text with no
  /// right-to-left characters or bidi controls): read it through `level(at:)`.
  private let bidiLevels: [UInt8]
  /// The scalar ranges of the right-to-left paragraphs (UAX #9 paragraph level 1), each with
  /// its separator, from the same resolution as `bidiLevels`; read through
  /// `paragraphLevel(at:)`.
  private let rightToLeftParagraphs: [Range<Int32>]
  /// The resolved HarfBuzz script of each scalar (`hb_script_t` raw value); empty once
  /// itemizing has put them into runs (`dropScripts`), and until `resolveScripts()` for a
  /// text of `AnalysisShortcuts.isOneFaceLatin` characters (`oneScript`).
  private(set) var scripts: [UInt32]
  /// For a non-empty text of `AnalysisShortcuts.isOneFaceLatin` characters only, the one
  /// script they all resolve to (Latin with a letter among them, else Common), whose
  /// per-scalar array is made only if itemizing needs it (`resolveScripts()`); else nil.
  let oneScript: UInt32?

  /// The analysis of `text` under `style`'s locale and line-breaking rules (`CSSText` in
  /// `.css` mode; `text` is then the text after white-space processing).
  init(text: String, style: borrowing TextStyle) throws(CaliperError) {
    try self.init(
      text: text, locale: style.lineBreakLocale,
      css: style.breakRules == .css ? CSSText(copy style) : nil)
  }

  init(text: String, locale: String, css: CSSText? = nil) throws(CaliperError) {
    // One pass decodes the UTF-8 and answers the shortcuts' questions of every scalar.
    let decoded = DecodedText(text)
    let scalars = decoded.scalars
    self.scalars = scalars
    // The text as UTF-16 for ICU, made only when ICU is asked (not for prose that the
    // pair table and the shortcuts answer).
    var icuText: UTF16Text?
    func utf16() -> UTF16Text {
      if let icuText { return icuText }
      let made = UTF16Text(scalars)
      icuText = made
      return made
    }

    if let pairs = Self.pairLineBreaks(scalars, locale: locale) {
      (breaks, mandatory) = pairs
    } else {
      let text = utf16()
      (breaks, mandatory) = try Self.icuLineBreaks(
        text.units, scalarAt: text.scalarAt, locale: locale)
    }

    // CSS's `direction` is `ltr` unless set, whatever the first strong character.
    let paragraphLevel: UInt8 = css == nil ? 0xFE : 0
    // One walk over the scalars for whichever of the grapheme clusters, the bidi levels and
    // the scripts the shortcuts do not answer (none for prose of the one-face set, which
    // takes the shortcuts' answers and returns before the walk).
    let shortcutStarts = AnalysisShortcuts.graphemeStarts(decoded)
    var parts: WalkParts = []
    if shortcutStarts == nil { parts.formUnion([.graphemes, .joiningConjuncts]) }
    if decoded.needsBidi { parts.insert(.bidi) }
    if !decoded.oneFaceLatin { parts.insert(.scripts) }
    oneScript =
      decoded.oneFaceLatin
      ? (decoded.hasLetter ? HB_SCRIPT_LATIN.rawValue : HB_SCRIPT_COMMON.rawValue) : nil
    if parts.isEmpty, let shortcutStarts {
      // Prose: every answer a shortcut's, nothing walked (and no walk's results to free).
      (graphemeStart, bidiLevels, rightToLeftParagraphs, scripts) = (shortcutStarts, [], [], [])
      css?.adjust(
        scalars: scalars, breaks: &breaks, mandatory: &mandatory,
        graphemeStart: { shortcutStarts[$0] })
      return
    }
    // Each part's answer in a local of its own (a `Walked` kept to the end cost more to
    // copy out of and free than its parts' checks).
    var (walkedStarts, walkedBidi, walkedScripts):
      (
        [Bool]?, (levels: [UInt8], rightToLeft: [Range<Int32>])?, [UInt32]?
      ) = (nil, nil, nil)
    // (Never without parts: no shortcut starts means the grapheme part.)
    let walked = Self.walk(scalars, parts: parts, paragraphLevel: paragraphLevel)
    if let starts = walked.graphemeStarts {
      walkedStarts = Self.finished(scalars, starts: starts, pass: walked.graphemePass)
    }
    (walkedBidi, walkedScripts) = (walked.bidi, walked.scripts)
    if let shortcutStarts {
      graphemeStart = shortcutStarts
    } else if let walkedStarts {
      graphemeStart = walkedStarts
    } else {
      var starts = try Self.icuGraphemeStarts(
        utf16(), scalarCount: scalars.count, locale: locale)
      Self.joinConjuncts(scalars, graphemeStarts: &starts)
      graphemeStart = starts
    }
    if let css {
      let starts = graphemeStart
      css.adjust(
        scalars: scalars, breaks: &breaks, mandatory: &mandatory, graphemeStart: { starts[$0] })
    }
    if !decoded.needsBidi {
      (bidiLevels, rightToLeftParagraphs) = ([], [])
    } else if let simple = walkedBidi {
      (bidiLevels, rightToLeftParagraphs) = simple
    } else {
      (bidiLevels, rightToLeftParagraphs) = try Self.bidiLevels(
        utf16().units, scalarAt: utf16().scalarAt, scalarCount: scalars.count,
        paragraphLevel: paragraphLevel)
    }
    scripts = walkedScripts ?? []
  }

  /// The line-break opportunities of a text of `LineBreakPairs`' set under a locale with
  /// ICU's root line rules, from the pair table; nil otherwise.
  static func pairLineBreaks(
    _ scalars: [Unicode.Scalar], locale: String
  ) -> (breaks: [Int32], mandatory: [Bool])? {
    // The locale first: under `ja` or `zh` a CJK paragraph would be scanned for nothing.
    guard lineRulesAreRoot(locale),
      let found = scalars.withUnsafeBufferPointer({ LineBreakPairs.breaks($0) })
    else { return nil }
    return found
  }

  /// The last locale whose line rules were found to be ICU's root rules.
  private static let rootRulesLocale = Mutex<String?>(nil)

  /// Whether `locale`'s line rules are ICU's root rules (`cicu_line_rules_are_root`).
  ///
  /// Problem: asked once per paragraph, the C answer (its memo searched under a pthread
  /// mutex with `strlen` and `strcmp`, after `withCString`) ran about 150 instructions and
  /// brought a paragraph prepared with cold caches about 14 instruction-cache lines of code
  /// used nowhere else. Solution: the last locale answered yes is kept here and compared as
  /// a Swift string (a short locale's bits in one compare); any other locale asks C, which
  /// keeps its own answers. Only yes is kept: a locale with other rules goes to ICU's
  /// iterator, whose cost dwarfs the question.
  static func lineRulesAreRoot(_ locale: String) -> Bool {
    if rootRulesLocale.withLock({ $0 == locale }) { return true }
    guard locale.withCString({ cicu_line_rules_are_root($0) }) == 1 else { return false }
    rootRulesLocale.withLock { $0 = locale }
    return true
  }

  /// ICU's line-break opportunities of `utf16` in scalar offsets (`scalarAt` maps a unit
  /// to its scalar; empty when every scalar is one unit).
  static func icuLineBreaks(
    _ utf16: [UInt16], scalarAt: [Int32], locale: String
  ) throws(CaliperError) -> (breaks: [Int32], mandatory: [Bool]) {
    let capacity = utf16.count + 1
    var positions = [Int32](filled: 0, count: capacity)
    var hard = [UInt8](filled: 0, count: capacity)
    let lineCount = cicu_line_breaks(
      utf16, Int32(utf16.count), locale, &positions, &hard, Int32(capacity))
    try Self.check(lineCount, "cicu_line_breaks")
    let breaks =
      scalarAt.isEmpty
      ? Array(positions[..<Int(lineCount)])
      : positions[..<Int(lineCount)].map { scalarAt[Int($0)] }
    return (breaks, hard[..<Int(lineCount)].map { $0 != 0 })
  }

  /// Makes the per-scalar scripts that `init` left out for a text of one script
  /// (`oneScript`), for the general itemizers.
  mutating func resolveScripts() {
    if oneScript != nil, scripts.isEmpty { scripts = Self.resolveScripts(scalars) }
  }

  /// UAX #9 levels per scalar, from ICU (`paragraphLevel` 0xFE: the direction of the first
  /// strong character of each paragraph, left-to-right by default), and the ranges of the
  /// paragraphs that resolution made right-to-left.
  static func bidiLevels(
    _ utf16: [UInt16], scalarAt: [Int32], scalarCount: Int, paragraphLevel: UInt8
  ) throws(CaliperError) -> ([UInt8], [Range<Int32>]) {
    let count = Int32(utf16.count)
    var unitLevels = [UInt8](filled: 0, count: utf16.count + 1)
    var runStarts = [Int32](filled: 0, count: 1)
    var runLengths = [Int32](filled: 0, count: 1)
    var runLevels = [UInt8](filled: 0, count: 1)
    // At most one paragraph more than there are paragraph separators.
    var capacity = 1
    // (A surrogate unit is no separator, as the scalar it is part of is none.)
    for unit in utf16 where isParagraphSeparator(UInt32(unit)) { capacity += 1 }
    var paragraphs = [Int32](filled: 0, count: 2 * capacity)
    var paragraphCount: Int32 = 0
    let runCount = cicu_bidi_runs(
      utf16, count, paragraphLevel, &unitLevels, &runStarts, &runLengths, &runLevels, 0,
      &paragraphs, Int32(capacity), &paragraphCount)
    try Self.check(runCount, "cicu_bidi_runs")
    var levels: [UInt8]
    if scalarAt.isEmpty {
      // Every scalar one unit: the units' levels are the scalars'.
      unitLevels.removeLast()
      levels = unitLevels
    } else {
      levels = [UInt8](filled: 0, count: scalarCount)
      for unit in 0..<utf16.count { levels[Int(scalarAt[unit])] = unitLevels[unit] }
    }
    func scalar(_ unit: Int32) -> Int32 { scalarAt.isEmpty ? unit : scalarAt[Int(unit)] }
    let rightToLeft = (0..<min(Int(paragraphCount), capacity)).map {
      scalar(paragraphs[2 * $0])..<scalar(paragraphs[2 * $0 + 1])
    }
    return (levels, rightToLeft)
  }

  /// The UAX #9 paragraph level (0 or 1) of the paragraph holding scalar `index` (the end of
  /// the text: its last paragraph, unless the text ends with a separator).
  func paragraphLevel(at index: Int) -> UInt8 {
    guard !rightToLeftParagraphs.isEmpty else { return 0 }
    var index = index
    if index == scalars.count, index > 0, !Self.isParagraphSeparator(scalars[index - 1]) {
      index -= 1
    }
    return rightToLeftParagraphs.contains { $0.contains(Int32(index)) } ? 1 : 0
  }

  static func check(_ result: Int32, _ function: String) throws(CaliperError) {
    guard result < 0 else { return }
    throw .library(
      function: function, code: -result, name: String(cString: cicu_error_name(-result)))
  }

  /// The bidi embedding level of the scalar at `index`; odd is right-to-left.
  func level(at index: Int) -> UInt8 { bidiLevels.isEmpty ? 0 : bidiLevels[index] }

  /// The bidi embedding level of each scalar, or empty when every level is 0: `level(at:)`
  /// for loops that read the array once.
  var bidiLevelsOrEmpty: [UInt8] { bidiLevels }

  /// Whether any scalar has a level other than 0.
  var hasBidi: Bool { !bidiLevels.isEmpty }

  /// Frees the scripts, which only itemizing reads.
  mutating func dropScripts() { scripts = [] }

  /// Frees the grapheme starts.
  mutating func dropGraphemeStarts() { graphemeStart = [] }

  /// Frees the break opportunities, once the prepared text has made its segments of them.
  mutating func dropBreaks() {
    breaks = []
    mandatory = []
    hyphenationPoints = []
  }

  /// Makes each of `ranges` (ascending, apart; the scalars of inline placeholders, which
  /// the analysed text holds as U+FFFC) one grapheme cluster with no break opportunity
  /// inside: the break opportunities around it stay ICU's for U+FFFC.
  mutating func joinPlaceholders(_ ranges: [Range<Int>]) {
    guard !ranges.isEmpty else { return }
    var kept = 0
    var next = 0
    for (index, position) in breaks.enumerated() {
      let offset = Int(position)
      while next < ranges.count, ranges[next].upperBound <= offset { next += 1 }
      if next < ranges.count, ranges[next].lowerBound < offset, offset < ranges[next].upperBound {
        continue
      }
      breaks[kept] = position
      mandatory[kept] = mandatory[index]
      kept += 1
    }
    breaks.removeLast(breaks.count - kept)
    mandatory.removeLast(mandatory.count - kept)
    for range in ranges {
      graphemeStart[range.lowerBound] = true
      graphemeStart[range.upperBound] = true
      for offset in range.dropFirst() { graphemeStart[offset] = false }
    }
  }

  /// Removes the break opportunities at `offsets` that are not mandatory.
  mutating func removeBreaks(at offsets: Set<Int>) {
    guard !offsets.isEmpty else { return }
    var kept = 0
    for (index, position) in breaks.enumerated()
    where mandatory[index] || !offsets.contains(Int(position)) {
      (breaks[kept], mandatory[kept]) = (position, mandatory[index])
      kept += 1
    }
    breaks.removeLast(breaks.count - kept)
    mandatory.removeLast(mandatory.count - kept)
  }

  /// Adds the hyphenation points of the locale's dictionary to the break opportunities
  /// (`HyphenationDictionary`); throws when no dictionary exists for `locale`.
  mutating func addHyphenationPoints(locale: String) throws(CaliperError) {
    let dictionary = try HyphenationDictionary.forLocale(locale)
    let starts = graphemeStart
    let points = dictionary.points(in: scalars) { starts[$0] }
    guard !points.isEmpty else { return }
    var mergedBreaks: [Int32] = []
    var mergedMandatory: [Bool] = []
    var added: [Int32] = []
    mergedBreaks.reserveCapacity(breaks.count + points.count)
    var next = 0
    for (index, position) in breaks.enumerated() {
      while next < points.count, points[next] <= Int(position) {
        if points[next] < Int(position) {
          mergedBreaks.append(Int32(points[next]))
          mergedMandatory.append(false)
          added.append(Int32(points[next]))
        }
        next += 1
      }
      mergedBreaks.append(position)
      mergedMandatory.append(mandatory[index])
    }
    breaks = mergedBreaks
    mandatory = mergedMandatory
    hyphenationPoints = added
  }

  /// The bytes of the arrays it holds.
  var memoryFootprint: Int {
    func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
    return bytes(scalars) + bytes(breaks) + bytes(mandatory) + bytes(hyphenationPoints)
      + bytes(graphemeStart)
      + bytes(bidiLevels) + bytes(rightToLeftParagraphs) + bytes(scripts)
  }

  /// Whether the scalar at `index` ends a line by itself (LF, CR, NEL, LS, PS, VT, FF):
  /// such characters are never drawn and have no width.
  func isLineSeparator(_ index: Int) -> Bool { Self.isLineSeparator(scalars[index]) }

  /// Whether `scalar` separates paragraphs (UAX #9 bidi class B: LF, CR, NEL, PS and the
  /// information separators FS, GS, RS), where bidi starts a new paragraph level. A
  /// different set from `isLineSeparator`'s: LS, VT and FF end a line but not a paragraph.
  static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
    isParagraphSeparator(scalar.value)
  }

  /// `isParagraphSeparator(_:)` of a scalar's value.
  static func isParagraphSeparator(_ value: UInt32) -> Bool {
    switch value {
    case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029: return true
    default: return false
    }
  }

  /// Whether `scalar` ends a line by itself (LF, CR, NEL, LS, PS, VT, FF).
  static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
