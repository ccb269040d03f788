internal import CHarfBuzz

/// Where a piece shapes alone as it does with the paragraph as context.
///
/// Problem: a word at a run's edge, or a run of one scalar (the space between an Arabic
/// and a Devanagari word takes the first face, so it is a run of its own), was shaped with
/// the paragraph as HarfBuzz's context at every preparation: about nine HarfBuzz calls a
/// paragraph of mixed scripts, each several thousand instructions. Solution: HarfBuzz 6
/// reads the context in one place only, the Arabic joining state machine
/// (`arabic_joining` in `hb-ot-shaper-arabic.cc`, which the Arabic shaper and the
/// Universal one run for joining scripts); the dotted circle at a text's start reads it
/// too, but only under `HB_BUFFER_FLAG_BOT`, which Caliper never sets. So a piece shapes
/// alone exactly as in context where its script's shaper never joins
/// (`readsNoContext`), or where on each side either the piece's own edge scalar or the
/// context's nearest one has joining type U and is not transparent (`joinsNothing`):
///
/// - before the piece, the context only sets the machine's first state; a U character
///   there leaves state 0, the state with no context, and a U character first in the
///   piece gets no action and state 0 from any state (every row's U entry is
///   `{NONE, NONE, 0}`);
/// - after the piece, the context only gives the piece's last joining character a
///   `prev_action`; the U column has none, and after a U character last in the piece the
///   state is 0, whose row has none.
///
/// That holds in the buffer's order. HarfBuzz reverses a run whose direction is not its
/// script's own (`hb_ensure_native_direction`: an Arabic word under U+202D) before joining,
/// so there the context meets the piece's other ends: such a run is shaped whole in context
/// (`reversesBuffer`), but for a run of one scalar, whose two ends are one.
///
/// Such a piece is cached as a word shaped alone (`RunPiece`). Limitation: joining types
/// are not read from HarfBuzz's table (it is not exported); a scalar counts as U only
/// outside every block the table covers, by its general category as HarfBuzz's own
/// Unicode functions give it (not a nonspacing or enclosing mark, nor a format
/// character, which are transparent), so a few U characters in those blocks (an Arabic
/// comma) keep their neighbours in context.
extension Shaper {
  /// Whether HarfBuzz 6 shapes `script` (`hb_script_t`) with a shaper that never runs the
  /// Arabic joining machine: the default, Hangul, Indic, Khmer, Myanmar, Thai, Hebrew and
  /// Universal shapers for scripts without joining (`has_arabic_joining` lists those with).
  @inline(__always)
  static func readsNoContext(_ script: UInt32) -> Bool {
    if clusterScripts(script) { return true }
    switch script {
    case HB_SCRIPT_DEVANAGARI.rawValue, HB_SCRIPT_BENGALI.rawValue, HB_SCRIPT_GURMUKHI.rawValue,
      HB_SCRIPT_GUJARATI.rawValue, HB_SCRIPT_ORIYA.rawValue, HB_SCRIPT_TAMIL.rawValue,
      HB_SCRIPT_TELUGU.rawValue, HB_SCRIPT_KANNADA.rawValue, HB_SCRIPT_MALAYALAM.rawValue,
      HB_SCRIPT_SINHALA.rawValue, HB_SCRIPT_HEBREW.rawValue, HB_SCRIPT_THAI.rawValue,
      HB_SCRIPT_LAO.rawValue, HB_SCRIPT_ARMENIAN.rawValue, HB_SCRIPT_GEORGIAN.rawValue,
      HB_SCRIPT_ETHIOPIC.rawValue, HB_SCRIPT_KHMER.rawValue, HB_SCRIPT_MYANMAR.rawValue,
      HB_SCRIPT_TIBETAN.rawValue:
      return true
    default: return false
    }
  }

  /// Whether HarfBuzz's Arabic joining gives `value` joining type U and does not skip it
  /// as transparent: printable ASCII and the space at once; outside the blocks HarfBuzz's
  /// joining table covers (Arabic to Arabic Extended-A, Mongolian, the general
  /// punctuation's joiners and spaces, Phags-pa, and everything beyond the BMP), whatever
  /// is not a nonspacing or enclosing mark nor a format character.
  @inline(__always)
  static func joinsNothing(_ value: UInt32) -> Bool {
    if value &- 0x20 < 0x5F { return true }
    if value >= 0x10000 || (0x0600..<0x0900).contains(value) || (0x1800..<0x18B0).contains(value)
      || (0x2000..<0x2070).contains(value) || (0xA840..<0xA880).contains(value)
    {
      return false
    }
    let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), value)
    return category != HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
      && category != HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
      && category != HB_UNICODE_GENERAL_CATEGORY_FORMAT
  }

  /// Whether the piece `range` of `scalars` shapes alone as with the whole text as context
  /// in a run whose shaper may join (`joinsNothing` on either side of each edge; a text's
  /// end is no context), in the buffer's order (not for a run `reversesBuffer`, unless
  /// of one scalar). Out of line: asked of a word not between spaces and of a run of one
  /// scalar, it kept `piece(from:)` from being inlined into the shape cache's loop.
  @inline(never)
  static func edgesJoinNothing(_ range: Range<Int>, scalars: [Unicode.Scalar]) -> Bool {
    let (start, end) = (range.lowerBound, range.upperBound)
    let before =
      start == 0 || joinsNothing(scalars[start].value) || joinsNothing(scalars[start - 1].value)
    guard before else { return false }
    return end == scalars.count || joinsNothing(scalars[end - 1].value)
      || joinsNothing(scalars[end].value)
  }

  /// Whether HarfBuzz reverses `run`'s buffer before shaping it (`hb_ensure_native_direction`):
  /// its direction is not its script's own horizontal one (a right-to-left script's run at
  /// an even level, under U+202D; a left-to-right script's at an odd one). Where the
  /// script has no direction of its own (Common), none.
  static func reversesBuffer(_ run: TextRun) -> Bool {
    let native = hb_script_get_horizontal_direction(hb_script_t(rawValue: run.script))
    guard native == HB_DIRECTION_LTR || native == HB_DIRECTION_RTL else { return false }
    return (native == HB_DIRECTION_RTL) != run.isRightToLeft
  }
}
