// One walk over a text's scalars for the analysis (`cicu_analysis_walk`): grapheme cluster
// starts, the simple paragraphs' bidi levels and the resolved scripts, each scalar's facts
// for all three read with one load from one table kept for the process.
#include "cicu.h"
#include "walk.h"

#include <stddef.h>

// A scalar's facts, one 64-bit entry: its script (the caller's, HarfBuzz's `hb_script_t`)
// in the low 32 bits, its bidi type (bidi.c) above, whether the script is Common, Inherited
// or Unknown, a bit always set (0: not known yet), and its grapheme row (kind * CICU_STATES,
// graphemes.c) in the top 16 bits (the walk's shift leaves it alone, with no mask).
#define CICU_FACTS_BIDI_SHIFT 32
#define CICU_FACTS_NEUTRAL (1ull << 35)
#define CICU_FACTS_KNOWN (1ull << 36)
#define CICU_FACTS_ROW_SHIFT 48
_Static_assert(CICU_STEP_START == 128, "a step shifted by 7 is its start, 0 or 1");

// Planes 0 and 1 (the scripts of nearly all text, and the emoji); beyond, each meeting asks
// the sources again.
#define CICU_FACTS_COUNT 0x20000

// The facts of the scalars met, for the process (ICU's data, the caller's script function
// and conjunct table do not change while it runs): each entry written once, by whichever
// thread meets the scalar first (the same value from any thread; relaxed atomics make the
// benign race defined). 1 MB of zeros until touched; a script's block touches a page or two.
static uint64_t cicu_facts_table[CICU_FACTS_COUNT];

static uint64_t cicu_facts_of(uint32_t value, const cicu_analysis_sources *sources) {
  uint64_t row = (uint64_t)cicu_grapheme_kind_of(value, sources->conjunct_classes) * CICU_STATES;
  uint64_t bidi = cicu_bidi_type_of(value);
  uint32_t script = sources->script(value);
  int neutral = script == sources->common || script == sources->inherited ||
                script == sources->unknown;
  return (uint64_t)script | row << CICU_FACTS_ROW_SHIFT | bidi << CICU_FACTS_BIDI_SHIFT |
         (neutral ? CICU_FACTS_NEUTRAL : 0) | CICU_FACTS_KNOWN;
}

// A scalar's facts the first time it is met, or beyond the table (out of line: the walk
// keeps its pointers in registers).
__attribute__((noinline, cold)) static uint64_t
cicu_facts_found(uint32_t value, const cicu_analysis_sources *sources) {
  uint64_t facts = cicu_facts_of(value, sources);
  if (value < CICU_FACTS_COUNT)
    __atomic_store_n(&cicu_facts_table[value], facts, __ATOMIC_RELAXED);
  return facts;
}

static inline __attribute__((always_inline)) uint64_t
cicu_facts(uint32_t value, const cicu_analysis_sources *sources) {
  uint64_t known =
      value < CICU_FACTS_COUNT ? __atomic_load_n(&cicu_facts_table[value], __ATOMIC_RELAXED) : 0;
  if (__builtin_expect(known != 0, 1)) return known;
  return cicu_facts_found(value, sources);
}

// The walk's parts, as the variants below are told them.
enum { CICU_PART_GRAPHEMES = 1, CICU_PART_BIDI = 2, CICU_PART_SCRIPTS = 4 };

// Everything the walk carries from one scalar to the next, kept here only between variants
// (a variant holds it in locals).
typedef struct {
  const uint32_t *scalars;
  int32_t count;
  const cicu_analysis_sources *sources;
  // Graphemes: the starts, the step table, the state, whether a step asked (CICU_STEP_ASK).
  uint8_t *starts;
  const uint8_t *steps;
  uint32_t state;
  uint8_t asked;
  // Bidi (W1, N1, N2, I1, I2): the levels, where the open run of neutrals starts (-1:
  // none). The type before a scalar, which a mark takes (W1), is N inside a run of neutrals
  // and the strong type before outside one, and the strong type before a scalar that is not
  // neutral is that of the level before it (levels[at - 1] & 1: L's 0 or 2, R's 1) or sos
  // at the start: no state of their own here (a variant keeps the type before in a local,
  // found from them where it starts).
  uint8_t *levels;
  int32_t neutrals;
  // Scripts: the script the neutrals take.
  uint32_t *scripts;
  uint32_t script;
} cicu_walk;

// The walk from `index` with the parts `graphemes`, `bidi`, `scripts` and the paragraph's
// direction `rtl` (constants in each variant below): returns the index where it stopped,
// with the part that refused the scalar there in `*refused` (left alone at the end). A part
// refuses before any part writes, so the next variant takes that scalar up again without it.
// Register pressure shapes the loop (the walk of all parts kept ~16 values live and spilled
// 6 of them a scalar): the paragraph's direction is a constant of the variant (L's level 0
// or 2), a grapheme step that asks or refuses, a bidi type that is not strong, and a run of
// neutrals ending each leave the common path, and what they need is read from `walk` there.
// (Without memset: a run of neutrals is nearly always one space, where the call cost
// about 50 instructions.)
static inline __attribute__((always_inline, no_builtin("memset"))) int32_t
cicu_walk_from(cicu_walk *walk, int32_t index, const int graphemes, const int bidi,
               const int rtl, const int scripts, int *refused) {
  // The walk's own pointer from memory where only the rare paths and the end read it (else
  // it took a register from the arrays written every scalar).
  cicu_walk *volatile kept = walk;
  const uint32_t *scalars = walk->scalars;
  const int32_t count = walk->count;
  uint8_t *starts = walk->starts;
  const uint8_t *steps = walk->steps;
  uint32_t state = walk->state;
  uint8_t *levels = walk->levels;
  int32_t neutrals = walk->neutrals;
  uint32_t *script_out = walk->scripts;
  uint32_t script = walk->script;
  // (Only the variants without bidi take ASCII's shortcut: they have registers to spare.)
  const uint32_t latin = bidi ? 0 : walk->sources->latin;
  // Bidi: the type the scalar before resolved to (W1's input for a mark): N inside a run of
  // neutrals, else the strong type of the level before, sos at the start. (A variant taking
  // up after another refused starts at the scalar the graphemes refused, never a mark in
  // ICU 72's data, so only sos is read in practice; the rest keeps the variants exact.)
  uint32_t before = 0;
  if (bidi)
    before = neutrals >= 0 ? CICU_BIDI_N : index == 0 ? (uint32_t)rtl : levels[index - 1] & 1u;
  for (; index < count; index++) {
    uint32_t value = scalars[index];
    // Printable ASCII without bidi (a text of Latin prose with a few other scalars): a
    // cluster of its own, every grapheme state back to 0; a letter Latin, the rest Common.
    if (!bidi && value - 0x20 < 0x5F) {
      if (graphemes) {
        starts[index] = 1;
        state = 0;
      }
      if (scripts) {
        if ((value | 0x20) - 0x61 < 26) script = latin;
        script_out[index] = script;
      }
      continue;
    }
    // (cicu_facts, with the sources read from `walk` only when the table has not got them.)
    uint64_t facts =
        value < CICU_FACTS_COUNT ? __atomic_load_n(&cicu_facts_table[value], __ATOMIC_RELAXED) : 0;
    if (__builtin_expect(facts == 0, 0)) facts = cicu_facts_found(value, kept->sources);
    uint32_t step = 0, type = 0;
    if (graphemes) {
      // One load: the step of the scalar's kind in the state the scalars before left.
      step = steps[(uint32_t)(facts >> CICU_FACTS_ROW_SHIFT) + state];
      if (__builtin_expect(step & (CICU_STEP_REFUSED | CICU_STEP_ASK), 0)) {
        if (step & CICU_STEP_REFUSED) {
          *refused = CICU_PART_GRAPHEMES;
          break;
        }
        kept->asked = 1;
      }
    }
    if (bidi) {
      type = (uint32_t)(facts >> CICU_FACTS_BIDI_SHIFT & 7);
      if (__builtin_expect(type == CICU_BIDI_REFUSED, 0)) {
        *refused = CICU_PART_BIDI;
        break;
      }
      // W1: a mark takes the type before it (a select, not a branch: marks come and go
      // with the text, and the branch that took them with the neutrals out of the common
      // path was about half the walk's mispredicted branches in a fallback-heavy
      // paragraph).
      type = type == CICU_BIDI_NSM ? before : type;
      before = type;
    }
    if (graphemes) {
      starts[index] = (uint8_t)(step >> 7);
      state = step & 31;
    }
    if (bidi) {
      // N1, N2: a run of neutrals between two strong types that agree takes theirs, else e
      // (so whitespace at the end, before eos, is at the paragraph level: L1 has nothing
      // to do).
      if (__builtin_expect(type == CICU_BIDI_N, 0)) {
        if (neutrals < 0) neutrals = index;
      } else {
        // I1, I2: R is 1, L the paragraph's even level (0, or 2 in a right-to-left one).
        uint8_t level = (uint8_t)(rtl ? 2 - type : type);
        if (__builtin_expect(neutrals >= 0, 0)) {
          // e's level is the paragraph's.
          uint32_t strong_before = neutrals == 0 ? (uint32_t)rtl : levels[neutrals - 1] & 1u;
          uint8_t taken = strong_before == type ? level : (uint8_t)(rtl ? 1 : 0);
          uint8_t *at = levels + neutrals, *end = levels + index;
#pragma clang loop vectorize(disable) unroll(disable)
          while (at < end) *at++ = taken;
          neutrals = -1;
        }
        levels[index] = level;
      }
    }
    if (scripts) {
      // Common, Inherited and Unknown take the script before them.
      if (!(facts & CICU_FACTS_NEUTRAL)) script = (uint32_t)facts;
      script_out[index] = script;
    }
  }
  walk = kept;
  walk->state = state;
  walk->neutrals = neutrals;
  walk->script = script;
  return index;
}

// (Without memset, here too: the attribute of an inlined function does not reach its caller.)
#define CICU_WALK_VARIANT(name, graphemes, bidi, rtl, scripts)                                  \
  __attribute__((no_builtin("memset"))) static int32_t name(cicu_walk *walk, int32_t index,      \
                                                           int *refused) {                       \
    return cicu_walk_from(walk, index, graphemes, bidi, rtl, scripts, refused);                 \
  }
CICU_WALK_VARIANT(cicu_walk_g, 1, 0, 0, 0)
CICU_WALK_VARIANT(cicu_walk_b, 0, 1, 0, 0)
CICU_WALK_VARIANT(cicu_walk_gb, 1, 1, 0, 0)
CICU_WALK_VARIANT(cicu_walk_s, 0, 0, 0, 1)
CICU_WALK_VARIANT(cicu_walk_gs, 1, 0, 0, 1)
CICU_WALK_VARIANT(cicu_walk_bs, 0, 1, 0, 1)
CICU_WALK_VARIANT(cicu_walk_gbs, 1, 1, 0, 1)
CICU_WALK_VARIANT(cicu_walk_b_rtl, 0, 1, 1, 0)
CICU_WALK_VARIANT(cicu_walk_gb_rtl, 1, 1, 1, 0)
CICU_WALK_VARIANT(cicu_walk_bs_rtl, 0, 1, 1, 1)
CICU_WALK_VARIANT(cicu_walk_gbs_rtl, 1, 1, 1, 1)

// The variant of each set of parts (CICU_PART_* or'ed), in a left-to-right paragraph (or
// without bidi) and in a right-to-left one.
static int32_t (*const cicu_walk_variants[2][8])(cicu_walk *, int32_t, int *) = {
    {NULL, cicu_walk_g, cicu_walk_b, cicu_walk_gb, cicu_walk_s, cicu_walk_gs, cicu_walk_bs,
     cicu_walk_gbs},
    {NULL, cicu_walk_g, cicu_walk_b_rtl, cicu_walk_gb_rtl, cicu_walk_s, cicu_walk_gs,
     cicu_walk_bs_rtl, cicu_walk_gbs_rtl},
};

int32_t cicu_analysis_walk(const uint32_t *scalars, int32_t count, int32_t parts,
                           const cicu_analysis_sources *sources, uint8_t *starts,
                           uint8_t *levels, uint8_t paragraph_level, uint8_t *resolved_level,
                           uint32_t *scripts) {
  // A table of another length is not the one the facts were made from: never read past it.
  if (count <= 0 || sources->conjunct_count != CICU_CONJUNCT_COUNT) return 0;
  int walking = (parts & CICU_WALK_GRAPHEMES ? CICU_PART_GRAPHEMES : 0) |
                (parts & CICU_WALK_BIDI ? CICU_PART_BIDI : 0) |
                (parts & CICU_WALK_SCRIPTS ? CICU_PART_SCRIPTS : 0);
  cicu_walk walk = {.scalars = scalars, .count = count, .sources = sources};
  if (walking & CICU_PART_GRAPHEMES) {
    walk.starts = starts;
    walk.steps = cicu_grapheme_step_table(parts & CICU_WALK_JOIN_CONJUNCTS);
  }
  // What the walk needs before its first scalar: the paragraph level (P2, P3: the first
  // strong character's direction, left-to-right without one) and the script of the
  // neutrals before the first real script (that script; Common without one).
  uint8_t level = paragraph_level;
  int seek_level = (walking & CICU_PART_BIDI) && level > 1;
  if (seek_level) level = 0;
  int seek_script = walking & CICU_PART_SCRIPTS;
  walk.script = sources->common;
  for (int32_t index = 0; index < count && (seek_level || seek_script); index++) {
    uint64_t facts = cicu_facts(scalars[index], sources);
    if (seek_level) {
      uint8_t type = (uint8_t)(facts >> CICU_FACTS_BIDI_SHIFT & 7);
      if (type == CICU_BIDI_REFUSED) {
        walking &= ~CICU_PART_BIDI;
        seek_level = 0;
      } else if (type <= CICU_BIDI_R) {
        level = type;
        seek_level = 0;
      }
    }
    if (seek_script && !(facts & CICU_FACTS_NEUTRAL)) {
      walk.script = (uint32_t)facts;
      seek_script = 0;
    }
  }
  if (walking & CICU_PART_BIDI) {
    *resolved_level = level;
    walk.levels = levels;
    walk.neutrals = -1;
  }
  walk.scripts = scripts;
  // The paragraph's direction picks the variants (L's level by I1, I2: 0 or 2).
  int rtl = (walking & CICU_PART_BIDI) && level == 1;
  int32_t index = 0;
  while (walking) {
    int refused = 0;
    index = cicu_walk_variants[rtl][walking](&walk, index, &refused);
    if (!refused) break;
    walking &= ~refused;
  }
  int32_t answer = 0;
  if (walking & CICU_PART_GRAPHEMES) {
    // Offset 0 starts the text's first cluster whatever its class.
    starts[0] = 1;
    starts[count] = 1;
    answer |= walk.asked ? CICU_WALK_GRAPHEMES_HANDED_BACK
                                        : CICU_WALK_GRAPHEMES_DECIDED;
  }
  if (walking & CICU_PART_BIDI) {
    // eos is e: the open run takes e's level whatever is before it.
    for (int32_t at = walk.neutrals; at >= 0 && at < count; at++) levels[at] = level;
    answer |= CICU_WALK_BIDI;
  }
  if (walking & CICU_PART_SCRIPTS) answer |= CICU_WALK_SCRIPTS;
  return answer;
}
