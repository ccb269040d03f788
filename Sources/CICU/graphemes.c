// Grapheme cluster starts from ICU's properties, past its iterator, for the simple classes:
// each scalar's kind and the steps of UAX #29's rules, which `cicu_analysis_walk` (walk.c)
// reads. ICU's iterators themselves are in cicu.c.
#include "cicu.h"
#include "walk.h"

#include <pthread.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

// ICU's aksara rule (its char.txt's custom rule 9.3, from CLDR): no boundary before a
// linking consonant after a linking consonant, then a virama, with only Extend characters
// of a combining class other than 0 (ExtCccZwj, ZWJ aside) among them. Linking consonants
// and viramas are the Indic_Syllabic_Category Consonant and Virama characters of
// Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam (U+0900-U+0D7F).
static int cicu_aksara_class(uint32_t value) {
  // The six scripts' blocks are GB9c's table's range.
  if (value - CICU_CONJUNCT_FIRST >= CICU_CONJUNCT_COUNT) return 0;
  UErrorCode status = U_ZERO_ERROR;
  switch (uscript_getScript((UChar32)value, &status)) {
  case USCRIPT_DEVANAGARI:
  case USCRIPT_BENGALI:
  case USCRIPT_GUJARATI:
  case USCRIPT_ORIYA:
  case USCRIPT_TELUGU:
  case USCRIPT_MALAYALAM:
    break;
  default:
    return 0;
  }
  switch (u_getIntPropertyValue((UChar32)value, UCHAR_INDIC_SYLLABIC_CATEGORY)) {
  case U_INSC_CONSONANT: return 1;
  case U_INSC_VIRAMA: return 2;
  default: return 0;
  }
}

// A scalar's grapheme facts: its class (the low 3 bits), whether it is a linking consonant
// or a virama, whether it is Extend with a combining class other than 0; with its class
// for the conjunct rule GB9c (`CICU_INCB_*`) above them, its kind (`CICU_KINDS` of them):
// all the steps below read of a scalar.
enum {
  CICU_GCB_OTHER = 0, CICU_GCB_EXTEND = 1, CICU_GCB_SPACING_MARK = 2, CICU_GCB_CR = 3,
  CICU_GCB_LF = 4, CICU_GCB_CONTROL = 5, CICU_GCB_REFUSED = 6, CICU_GCB_CLASS = 7,
  CICU_LINKING_CONSONANT = 8, CICU_VIRAMA = 16, CICU_EXT_CCC = 32, CICU_INCB_SHIFT = 6,
};

// A scalar's class for GB9c: the caller's table's for U+0900-U+0D7F (none, Consonant,
// Linker, a nonspacing mark: cicu.h's `CICU_CONJUNCT_*`), none below U+0300 (no scalar
// there is a nonspacing mark), else not known here (the caller's rule decides). (ZWJ,
// Extend for GB9c, is refused before its class is read: its Grapheme_Cluster_Break is ZWJ.)
enum {
  CICU_INCB_NONE = 0, CICU_INCB_CONSONANT = CICU_CONJUNCT_CONSONANT,
  CICU_INCB_LINKER = CICU_CONJUNCT_LINKER, CICU_INCB_EXTEND = CICU_CONJUNCT_MARK,
  CICU_INCB_ASK = 4, CICU_KINDS = 5 << CICU_INCB_SHIFT,
};

static uint32_t cicu_conjunct_class(uint32_t value, const uint8_t *conjunct_classes) {
  if (value - CICU_CONJUNCT_FIRST < CICU_CONJUNCT_COUNT)
    return conjunct_classes[value - CICU_CONJUNCT_FIRST];
  return value < 0x300 ? CICU_INCB_NONE : CICU_INCB_ASK;
}

uint32_t cicu_grapheme_kind_of(uint32_t value, const uint8_t *conjunct_classes) {
  uint32_t facts = 0;
  switch (u_getIntPropertyValue((UChar32)value, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
  case U_GCB_OTHER: break;
  case U_GCB_EXTEND:
    facts |= CICU_GCB_EXTEND;
    if (u_getCombiningClass((UChar32)value) != 0) facts |= CICU_EXT_CCC;
    break;
  case U_GCB_SPACING_MARK: facts |= CICU_GCB_SPACING_MARK; break;
  case U_GCB_CR: facts |= CICU_GCB_CR; break;
  case U_GCB_LF: facts |= CICU_GCB_LF; break;
  case U_GCB_CONTROL: facts |= CICU_GCB_CONTROL; break;
  default: facts |= CICU_GCB_REFUSED; break;
  }
  switch (cicu_aksara_class(value)) {
  case 1: facts |= CICU_LINKING_CONSONANT; break;
  case 2: facts |= CICU_VIRAMA; break;
  default: break;
  }
  return facts | cicu_conjunct_class(value, conjunct_classes) << CICU_INCB_SHIFT;
}

// GB9c's steps, by (class * 3 + state): the next state in the low 2 bits, 4 where the
// scalar (a consonant in state 2) starts no cluster, 8 where a scalar the caller must
// decide ends a conjunct's state (state 0 from then: the joins found after it are among
// the rule's, which may join more).
static const uint8_t cicu_conjunct_steps[15] = {
    0, 0, 0,      // none
    1, 1, 1 | 4,  // Consonant
    0, 2, 2,      // Linker
    0, 1, 2,      // Extend
    0, 8, 8,      // not known here
};

// The rules at one scalar of `kind` in `state` (GB9c only where `join`): whether a cluster
// starts there, the next state, whether GB9c was left to the caller, or refused (a class
// that needs the iterator).
static uint8_t cicu_grapheme_step(uint32_t kind, uint32_t state, int join) {
  uint32_t facts = kind & ((1 << CICU_INCB_SHIFT) - 1), incb = kind >> CICU_INCB_SHIFT;
  uint32_t control = state % 3, aksara = state / 3 % 3, conjunct = state / 9;
  int start = 1;
  uint32_t next_control = 0;
  switch (facts & CICU_GCB_CLASS) {
  case CICU_GCB_OTHER: break;
  case CICU_GCB_EXTEND:
  case CICU_GCB_SPACING_MARK: start = control != 0; break;
  case CICU_GCB_CR: next_control = 2; break;
  case CICU_GCB_LF:
    start = control != 2;
    next_control = 1;
    break;
  case CICU_GCB_CONTROL: next_control = 1; break;
  default: return CICU_STEP_REFUSED;
  }
  if (facts & CICU_LINKING_CONSONANT) {
    if (aksara == 2) start = 0;
    aksara = 1;
  } else if ((facts & CICU_VIRAMA) && aksara != 0) {
    aksara = 2;
  } else if (!(facts & CICU_EXT_CCC)) {
    aksara = 0;
  }
  uint8_t step = cicu_conjunct_steps[incb * 3 + conjunct];
  if (join && (step & 4)) start = 0;
  return (uint8_t)(next_control + 3 * aksara + 9 * (step & 3)) | (start ? CICU_STEP_START : 0) |
         (join && (step & 8) ? CICU_STEP_ASK : 0);
}

// `cicu_grapheme_step` of every kind and state, without GB9c ([0]) and with it ([1]), at
// `kind * CICU_STATES + state`: made once for the process.
static uint8_t cicu_grapheme_steps[2][CICU_KINDS * CICU_STATES];
// The walk keeps a row in the top 16 bits of a scalar's facts (walk.c).
_Static_assert(CICU_KINDS * CICU_STATES <= 0x10000, "a grapheme row fits 16 bits");
static pthread_once_t cicu_grapheme_steps_once = PTHREAD_ONCE_INIT;

static void cicu_make_grapheme_steps(void) {
  for (int join = 0; join < 2; join++)
    for (uint32_t kind = 0; kind < CICU_KINDS; kind++)
      for (uint32_t state = 0; state < CICU_STATES; state++)
        cicu_grapheme_steps[join][kind * CICU_STATES + state] =
            cicu_grapheme_step(kind, state, join);
}

const uint8_t *cicu_grapheme_step_table(int join) {
  pthread_once(&cicu_grapheme_steps_once, cicu_make_grapheme_steps);
  return cicu_grapheme_steps[join ? 1 : 0];
}
