internal import CHarfBuzz
internal import CICU

/// Analysis: one walk over the scalars for the grapheme clusters, the bidi levels and the
/// scripts (`cicu_analysis_walk`), each scalar's facts for all three in one table.
///
/// Problem: a fallback-heavy paragraph (Arabic, Devanagari, CJK) walked its scalars three
/// times after decoding them, once for each of the grapheme pass, the simple bidi levels and
/// the scripts, each with a per-scalar table of its own (two in C, HarfBuzz's scripts in a
/// Swift hash table): about 20–30 instructions a scalar each. Solution: one C walk whose
/// table holds, per scalar, its grapheme kind (ICU), its bidi type (ICU) and its script
/// (HarfBuzz's, through `scriptOf`), found the first time the process meets the scalar; the
/// walk does the parts asked in one loop, a part that refuses a scalar (ICU's iterator or
/// resolver then decides) stopping alone. The separate passes (`simpleGraphemePass`,
/// `simpleBidiLevels`, `resolveScripts(_:)`) are the same walk with one part.
/// `AnalysisWalkTests` compares the walk of all parts with each part's walk and with ICU
/// and HarfBuzz. Limitation: the table covers planes 0 and 1; a scalar beyond asks ICU and
/// HarfBuzz at each meeting.
extension TextAnalysis {
  /// The parts of `walk`.
  struct WalkParts: OptionSet {
    let rawValue: Int32
    /// Grapheme cluster starts (`cicu_analysis_walk`'s `CICU_WALK_GRAPHEMES`).
    static let graphemes = WalkParts(rawValue: Int32(CICU_WALK_GRAPHEMES))
    /// With the graphemes, Unicode 15.1's conjunct rule GB9c.
    static let joiningConjuncts = WalkParts(rawValue: Int32(CICU_WALK_JOIN_CONJUNCTS))
    /// The simple paragraphs' bidi levels.
    static let bidi = WalkParts(rawValue: Int32(CICU_WALK_BIDI))
    /// The resolved scripts.
    static let scripts = WalkParts(rawValue: Int32(CICU_WALK_SCRIPTS))
  }

  /// What `walk` found: each part's output, nil for a part not asked or refused (the
  /// grapheme starts are those of `graphemePass`, nil when it refused).
  struct Walked {
    var graphemeStarts: [Bool]?
    var graphemePass = SimpleGraphemePass.refused
    var bidi: (levels: [UInt8], rightToLeft: [Range<Int32>])?
    var scripts: [UInt32]?
  }

  /// HarfBuzz's script of a scalar, for the walk's table (a C function: no context).
  private static let scriptOf: @convention(c) (UInt32) -> UInt32 = { value in
    hb_unicode_script(hb_unicode_funcs_get_default(), value).rawValue
  }

  /// `cicu_analysis_walk` over `scalars` doing `parts` (bidi at `paragraphLevel`: 0, 1, or
  /// 0xFE from the first strong character).
  static func walk(
    _ scalars: [Unicode.Scalar], parts: WalkParts, paragraphLevel: UInt8 = 0xFE
  ) -> Walked {
    var walked = Walked()
    // No scalars: the one start, no simple bidi paragraph, no scripts (and no buffer to
    // hand the C walk).
    guard !scalars.isEmpty else {
      if parts.contains(.graphemes) {
        (walked.graphemeStarts, walked.graphemePass) = ([true], .decided)
      }
      if parts.contains(.scripts) { walked.scripts = [] }
      return walked
    }
    let count = scalars.count
    // Only the arrays of the parts asked (a one-entry stand-in for the others).
    var starts = [Bool](filled: true, count: parts.contains(.graphemes) ? count + 1 : 1)
    var levels = [UInt8](filled: 0, count: parts.contains(.bidi) ? count : 1)
    var scripts = [UInt32](
      filled: HB_SCRIPT_COMMON.rawValue, count: parts.contains(.scripts) ? count : 1)
    var resolved: UInt8 = 0
    let answer = scalars.withUnsafeBufferPointer { scalars in
      // Scalars are their UInt32 values and Bools one byte of 0 or 1.
      scalars.withMemoryRebound(to: UInt32.self) { values in
        starts.withUnsafeMutableBufferPointer { starts in
          starts.withMemoryRebound(to: UInt8.self) { flags in
            conjunctClasses.withUnsafeBufferPointer { classes in
              var sources = cicu_analysis_sources(
                conjunct_classes: classes.baseAddress, conjunct_count: Int32(classes.count),
                script: scriptOf, common: HB_SCRIPT_COMMON.rawValue,
                inherited: HB_SCRIPT_INHERITED.rawValue, unknown: HB_SCRIPT_UNKNOWN.rawValue,
                latin: HB_SCRIPT_LATIN.rawValue)
              return cicu_analysis_walk(
                values.baseAddress!, Int32(count), parts.rawValue, &sources,
                flags.baseAddress!, &levels, paragraphLevel, &resolved, &scripts)
            }
          }
        }
      }
    }
    if parts.contains(.graphemes) {
      walked.graphemePass = SimpleGraphemePass(rawValue: answer & 3) ?? .refused
      walked.graphemeStarts = walked.graphemePass == .refused ? nil : starts
    }
    if answer & Int32(CICU_WALK_BIDI) != 0 {
      walked.bidi = (levels, resolved == 1 ? [0..<Int32(count)] : [])
    }
    if answer & Int32(CICU_WALK_SCRIPTS) != 0 { walked.scripts = scripts }
    return walked
  }
}
