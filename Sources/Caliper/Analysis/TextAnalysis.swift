internal import CHarfBuzz
internal import CICU

/// Analysis: line-break opportunities, grapheme clusters, bidi levels and scripts.
///
/// Problem: where text may break, what is one user-perceived character, which direction
/// and script each character has. Solution: ICU (UAX #14 with CLDR tailoring, UAX #29,
/// UAX #9) through the `CICU` C target over UTF-16, mapped back to Unicode-scalar offsets,
/// which every later stage uses; scripts from HarfBuzz's Unicode functions, with Common and
/// Inherited characters taking the script of the text around them. Limitation: bidi
/// brackets do not pull a neutral's script (as UAX #24 suggests) — only its neighbours do.
///
/// Sendable: a value of immutable arrays. The ICU objects that made it never leave the C
/// call that used them (each call clones its break iterator from a per-locale prototype
/// under a C mutex, and opens its own bidi object).
struct TextAnalysis: Sendable {
  /// The text as Unicode scalars; every offset below indexes this.
  let scalars: [Unicode.Scalar]
  /// Line-break opportunities after 0, ascending, the last at `scalars.count`.
  let breaks: [Int]
  /// For each entry of `breaks`, whether it is mandatory (a hard break).
  let mandatory: [Bool]
  /// Whether a grapheme cluster starts at each offset (count + 1 entries).
  let graphemeStart: [Bool]
  /// The bidi embedding level of each scalar.
  let levels: [UInt8]
  /// The resolved HarfBuzz script of each scalar (`hb_script_t` raw value); empty once
  /// itemizing has put them into runs (`dropScripts`).
  private(set) var scripts: [UInt32]

  init(text: String, locale: String) throws(CaliperError) {
    let scalars = Array(text.unicodeScalars)
    self.scalars = scalars
    var utf16: [UInt16] = []
    utf16.reserveCapacity(scalars.count)
    // scalarAt[u] = scalar offset of UTF-16 offset u (u at a scalar boundary).
    var scalarAt: [Int32] = []
    scalarAt.reserveCapacity(scalars.count + 1)
    var needsBidi = false
    for (index, scalar) in scalars.enumerated() {
      let value = scalar.value
      if AnalysisShortcuts.mayNeedBidi(value) { needsBidi = true }
      if value < 0x10000 {
        utf16.append(UInt16(value))
        scalarAt.append(Int32(index))
      } else {
        for unit in UTF16.encode(scalar)! {
          utf16.append(unit)
          scalarAt.append(Int32(index))
        }
      }
    }
    scalarAt.append(Int32(scalars.count))
    let count = Int32(utf16.count)
    let capacity = utf16.count + 1

    var positions = [Int32](repeating: 0, count: capacity)
    var hard = [UInt8](repeating: 0, count: capacity)
    let lineCount = cicu_line_breaks(
      utf16, count, locale, &positions, &hard, Int32(capacity))
    try Self.check(lineCount, "cicu_line_breaks")
    breaks = positions[..<Int(lineCount)].map { Int(scalarAt[Int($0)]) }
    mandatory = hard[..<Int(lineCount)].map { $0 != 0 }

    if let starts = AnalysisShortcuts.graphemeStarts(scalars) {
      graphemeStart = starts
    } else {
      let graphemeCount = cicu_grapheme_breaks(utf16, count, locale, &positions, Int32(capacity))
      try Self.check(graphemeCount, "cicu_grapheme_breaks")
      var starts = [Bool](repeating: false, count: scalars.count + 1)
      starts[0] = true
      for position in positions[..<Int(graphemeCount)] {
        starts[Int(scalarAt[Int(position)])] = true
      }
      graphemeStart = starts
    }
    levels =
      needsBidi
      ? try Self.bidiLevels(utf16, scalarAt: scalarAt, scalarCount: scalars.count)
      : [UInt8](repeating: 0, count: scalars.count)
    scripts = Self.resolveScripts(scalars)
  }

  /// UAX #9 levels per scalar, from ICU (paragraph direction from the first strong
  /// character, left-to-right by default).
  private static func bidiLevels(_ utf16: [UInt16], scalarAt: [Int32], scalarCount: Int)
    throws(CaliperError) -> [UInt8]
  {
    let count = Int32(utf16.count)
    var unitLevels = [UInt8](repeating: 0, count: utf16.count + 1)
    var runStarts = [Int32](repeating: 0, count: 1)
    var runLengths = [Int32](repeating: 0, count: 1)
    var runLevels = [UInt8](repeating: 0, count: 1)
    let runCount = cicu_bidi_runs(
      utf16, count, 0xFE, &unitLevels, &runStarts, &runLengths, &runLevels, 0)
    try Self.check(runCount, "cicu_bidi_runs")
    var levels = [UInt8](repeating: 0, count: scalarCount)
    for unit in 0..<utf16.count { levels[Int(scalarAt[unit])] = unitLevels[unit] }
    return levels
  }

  private static func check(_ result: Int32, _ function: String) throws(CaliperError) {
    guard result < 0 else { return }
    throw .library(
      function: function, code: -result, name: String(cString: cicu_error_name(-result)))
  }

  /// Script per scalar; Common, Inherited and Unknown take the previous real script (or,
  /// at the start, the first real script after them).
  static func resolveScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
    let funcs = hb_unicode_funcs_get_default()
    let (common, inherited, unknown) = (
      HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue
    )
    let latin = HB_SCRIPT_LATIN.rawValue
    func isNeutral(_ script: UInt32) -> Bool {
      script == common || script == inherited || script == unknown
    }
    var scripts = scalars.map { scalar -> UInt32 in
      let value = scalar.value
      guard value >= 0x80 else {  // ASCII: letters are Latin, the rest Common
        return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) ? latin : common
      }
      return hb_unicode_script(funcs, value).rawValue
    }
    let firstReal = scripts.first { !isNeutral($0) } ?? common
    var current = firstReal
    for index in scripts.indices {
      if isNeutral(scripts[index]) {
        scripts[index] = current
      } else {
        current = scripts[index]
      }
    }
    return scripts
  }

  /// Frees the scripts, which only itemizing reads.
  mutating func dropScripts() { scripts = [] }

  /// Whether the scalar at `index` ends a line by itself (LF, CR, NEL, LS, PS, VT, FF):
  /// such characters are never drawn and have no width.
  func isLineSeparator(_ index: Int) -> Bool {
    switch scalars[index].value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
