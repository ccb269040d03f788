// CICU: the few ICU services Caliper needs, behind a header of standard C types.
//
// Why a compiled C target: ICU's headers clash with the Swift toolchain's own ICU module
// whenever a Swift file also sees Foundation, and ICU's functions are renamed by version
// macros (ubrk_open -> ubrk_open_72) that Swift cannot import. This header uses only
// <stdint.h> types; this target's C files (cicu.c, graphemes.c, bidi.c, walk.c,
// lineclasses.c) include ICU and are the only ones that do.
//
// Offsets are UTF-16 code units. Every function returns a count (>= 0) or a negative
// ICU error code; cicu_error_name turns that code into ICU's name for it.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Line-break opportunities (UAX #14 with CLDR tailoring for `locale`, e.g. "en", "th",
/// "ja@lb=strict"). Writes ascending break offsets (never 0; the last is `length`) and for
/// each a flag: 1 if the break is mandatory (after LF, CR LF, NEL, LS, PS...), else 0.
/// `capacity` must be at least `length + 1`.
int32_t cicu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                         int32_t *positions, uint8_t *mandatory, int32_t capacity);

/// 1 if `locale`'s line-break rules are ICU's root rules (the same compiled rules: e.g.
/// "en", "de", "en@lb=strict"), 0 if they are tailored ("fi", "ja", "zh", "en@lb=loose") or
/// cannot be read. Callers may then find the breaks of simple text without ICU. Asked once
/// per locale (up to 128 locales are remembered), then a lookup under a lock.
int32_t cicu_line_rules_are_root(const char *locale);

/// ICU's value of the Line_Break property whose short name is `name` ("AL", "ID"), or -1.
int32_t cicu_line_break_value(const char *name);

/// The table of each BMP scalar's line-break property met so far (0: not met yet), for
/// `cicu_line_property_known`: each byte written once, by whichever thread meets the
/// scalar first (the same value from any thread; relaxed atomics make the benign race
/// defined). 64 KB of zeros until touched.
extern uint8_t cicu_line_property_table[0x10000];

/// A scalar's `p` of `cicu_line_property_known` asked of ICU, kept in the table if the
/// scalar is in the BMP (out of line: the callers' loops keep their pointers in registers).
uint8_t cicu_line_property_met(uint32_t value);

/// A scalar's line-break property `p` (plus 128): its Line_Break value
/// (`cicu_line_break_value`) plus 64 if it is East Asian Fullwidth, Wide or Halfwidth
/// (UAX #14's LB30 tells those opening and closing punctuation apart); a caller's table of
/// 128 entries maps `p & 0x7F` to its class. From ICU's own property data (the same
/// Unicode version as its iterator), through the table above. Inline: the pair table's scan
/// reads each scalar's class here, with no pass of its own over the text.
static inline __attribute__((always_inline)) uint8_t cicu_line_property_known(uint32_t value) {
  uint8_t property =
      value < 0x10000 ? __atomic_load_n(&cicu_line_property_table[value], __ATOMIC_RELAXED) : 0;
  if (__builtin_expect(!property, 0)) property = cicu_line_property_met(value);
  return property;
}

/// The table of each BMP scalar's class met so far by a caller's scan (the caller's own
/// class numbers, below 0x80, made of `cicu_line_property_known`'s `p`), plus 0x80 (0: not
/// met yet): each byte written once (`cicu_line_class_keep`), by whichever thread meets the
/// scalar first (the same value from any thread; relaxed atomics make the benign race
/// defined). 64 KB of zeros until touched.
extern uint8_t cicu_line_class_table[0x10000];

/// A scalar's class plus 0x80 as `cicu_line_class_keep` kept it, 0 if not kept (not met
/// yet, or beyond the BMP). Inline: the pair table's scan reads each scalar's class here,
/// one load (its property mapped by the caller's table at each scalar cost about 8
/// instructions more).
static inline __attribute__((always_inline)) uint8_t cicu_line_class_kept(uint32_t value) {
  return value < 0x10000 ? __atomic_load_n(&cicu_line_class_table[value], __ATOMIC_RELAXED) : 0;
}

/// Keeps `kept` (a class plus 0x80) for a BMP scalar (beyond, nothing is kept).
static inline __attribute__((always_inline)) void cicu_line_class_keep(uint32_t value,
                                                                      uint8_t kept) {
  if (value < 0x10000) __atomic_store_n(&cicu_line_class_table[value], kept, __ATOMIC_RELAXED);
}

/// One scalar's `p` of `cicu_line_property_known` (plus 128), asked of ICU at each call,
/// past the table: the tests' independent answer.
uint8_t cicu_line_property(uint32_t value);

/// Extended grapheme cluster boundaries: ascending offsets (never 0; the last is `length`).
int32_t cicu_grapheme_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *positions, int32_t capacity);

/// The Indic_Conjunct_Break classes of `cicu_analysis_sources`' `conjunct_classes` (0
/// none), one byte for each scalar of U+0900-U+0D7F (`CICU_CONJUNCT_FIRST`, and
/// `CICU_CONJUNCT_COUNT` of them): Caliper's `TextAnalysis.conjunctClasses` is made of
/// these, and its `joinConjuncts` reads them.
#define CICU_CONJUNCT_CONSONANT 1
#define CICU_CONJUNCT_LINKER 2
/// A nonspacing mark (Extend for GB9c).
#define CICU_CONJUNCT_MARK 3
#define CICU_CONJUNCT_FIRST 0x900
#define CICU_CONJUNCT_COUNT 0x480

/// Where `cicu_analysis_walk` learns what ICU does not tell: `conjunct_classes`,
/// `conjunct_count` bytes, which must be `CICU_CONJUNCT_COUNT` (else the walk returns 0
/// before any is read): the `CICU_CONJUNCT_*` class of each scalar from
/// `CICU_CONJUNCT_FIRST`; `script`, a scalar's script (HarfBuzz's `hb_script_t`), and the
/// three scripts (`common`, `inherited`, `unknown`) that take the script of the text
/// around them; `latin`, the script of the ASCII letters (the walk's own for printable
/// ASCII without bidi: the letters that, the rest Common). The same sources at every call:
/// the process keeps each scalar's facts.
typedef struct {
  const uint8_t *conjunct_classes;
  int32_t conjunct_count;
  uint32_t (*script)(uint32_t scalar);
  uint32_t common, inherited, unknown, latin;
} cicu_analysis_sources;

/// `cicu_analysis_walk`'s parts (`parts` or'ed) and its answer.
#define CICU_WALK_GRAPHEMES 1
#define CICU_WALK_JOIN_CONJUNCTS 2
#define CICU_WALK_BIDI 4
#define CICU_WALK_SCRIPTS 8
/// The answer's grapheme part (its low 2 bits): 0 refused, or one of these two.
#define CICU_WALK_GRAPHEMES_DECIDED 1
#define CICU_WALK_GRAPHEMES_HANDED_BACK 2

/// One walk over `count` scalars (count > 0) doing the `parts` asked, each scalar's facts
/// for all of them read with one load from one table that the process keeps (ICU's
/// properties and the `sources`' answers, found the first time a scalar is met). Returns
/// the parts that answered (`CICU_WALK_BIDI`, `CICU_WALK_SCRIPTS`, the grapheme answer in
/// the low 2 bits); a part that refuses a scalar stops there (its output partly written),
/// the others go on.
///
/// `CICU_WALK_GRAPHEMES`: extended grapheme cluster starts from each scalar's
/// Grapheme_Cluster_Break alone, for text whose every scalar is Other, Extend,
/// SpacingMark, Control, CR or LF (ICU's own property data, so the same Unicode version as
/// its iterator): then UAX #29 starts a cluster at every scalar but Extend and SpacingMark
/// after a scalar other than a control, and LF after CR (GB3-GB5, GB9, GB9a, GB999), and
/// but a linking consonant after a linking consonant, a virama and marks of nonzero
/// combining class between (ICU 72's aksara rule for Devanagari, Bengali, Gujarati, Oriya,
/// Telugu and Malayalam, from each scalar's script, Indic_Syllabic_Category and combining
/// class). Writes `count + 1` flags (1: a cluster starts at that offset; the first and last
/// are 1) to `starts`. Refused (0) at a scalar of another class (Prepend, ZWJ, Hangul,
/// regional indicators: rules that need the iterator): a text with a ZWJ goes to ICU's
/// iterator (and, for GB9c, to `TextAnalysis.joinConjuncts`). With
/// `CICU_WALK_JOIN_CONJUNCTS`, the same steps also apply Unicode 15.1's conjunct rule GB9c
/// (no start at a consonant after a consonant and a linker, with only linkers and
/// nonspacing marks after the first consonant; ZWJ, which GB9c also lets between, never
/// gets here), as `TextAnalysis.joinConjuncts` does, and answer
/// `CICU_WALK_GRAPHEMES_HANDED_BACK` instead of `_DECIDED` where, after a consonant, a
/// scalar at or above U+0300 outside the conjunct table (which may be a nonspacing mark it
/// cannot tell) came: the caller then applies the rule itself (the joins made here are
/// among the rule's).
///
/// `CICU_WALK_BIDI`: UAX #9 levels of a paragraph whose every scalar is of bidi class L, R,
/// AL, NSM, WS, ON, ES, ET or CS, with no paired bracket (the classes ICU's data gives; the
/// implicit marks LRM, RLM and ALM are L, R and AL): no numbers, no explicit embeddings or
/// isolates, no separators, so one paragraph whose level runs need only rules W1, W3, W6
/// (ES, ET and CS become ON without numbers), N1, N2, I1 and I2 (L1's trailing whitespace is
/// at the paragraph level by N1 and N2). `paragraph_level` as `cicu_bidi_runs`'s (0, 1, or
/// 0xFE from the first strong character). Writes one level a scalar to `levels` and the
/// paragraph's level to `*resolved_level`; refused at a scalar of another class or a
/// bracket (then ICU must resolve the text).
///
/// `CICU_WALK_SCRIPTS`: each scalar's script from `sources->script`, Common, Inherited and
/// Unknown taking the script before them (those before the first other script take it;
/// Common in a text without one), written to `scripts`.
int32_t cicu_analysis_walk(const uint32_t *scalars, int32_t count, int32_t parts,
                           const cicu_analysis_sources *sources, uint8_t *starts,
                           uint8_t *levels, uint8_t paragraph_level, uint8_t *resolved_level,
                           uint32_t *scripts);

/// Unicode bidi (UAX #9) embedding levels, one per code unit, written to `levels`.
/// `paragraph_level`: 0 left-to-right, 1 right-to-left, 0xFE from the first strong
/// character of each paragraph (defaulting to left-to-right). Returns the number of logical
/// runs and writes up to `capacity` of them (start, length, level) to the three run arrays.
/// The same resolution's right-to-left paragraphs (UAX #9 rules P1-P3: level 1), each with
/// its separator, go to `rtl_paragraphs` as (start, limit) pairs of code units, up to
/// `paragraph_capacity` pairs; `*rtl_paragraph_count` is how many there are.
int32_t cicu_bidi_runs(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                       uint8_t *levels, int32_t *run_starts, int32_t *run_lengths,
                       uint8_t *run_levels, int32_t capacity, int32_t *rtl_paragraphs,
                       int32_t paragraph_capacity, int32_t *rtl_paragraph_count);

/// Visual order of `length` items with embedding `levels` (UAX #9 rule L2: from the highest
/// level down to the lowest odd one, reverse every sequence at that level or above). Writes
/// to `visual_to_logical[v]` the logical index of the item shown at visual position `v`.
/// Returns `length`, or a negative ICU error code.
int32_t cicu_bidi_reorder_visual(const uint8_t *levels, int32_t length,
                                 int32_t *visual_to_logical);

/// Unicode 17's Vertical_Orientation (UAX #50) of `scalar`, from ICU's
/// UCHAR_VERTICAL_ORIENTATION (ICU 63+) with Unicode 17's change applied on an older ICU:
/// 0 rotated (R), 1 transformed rotated (Tr), 2 transformed upright (Tu), 3 upright (U).
int32_t cicu_vertical_orientation(uint32_t scalar);

/// ICU's name for an error code returned (negated) by the functions above.
const char *cicu_error_name(int32_t code);

/// ICU's version, "72.1", written with its NUL to `buffer` (at least 20 bytes).
void cicu_version(char *buffer);

#ifdef __cplusplus
}
#endif

#endif
