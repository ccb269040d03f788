// Grapheme cluster starts from ICU's properties, past its iterator, for the simple classes
// (`cicu_simple_grapheme_starts`): ICU's iterators themselves are in cicu.c.
#include "cicu.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

// ICU's aksara rule (its char.txt's custom rule 9.3, from CLDR): no boundary before a
// linking consonant after a linking consonant, then a virama, with only Extend characters
// of a combining class other than 0 (ExtCccZwj, ZWJ aside) among them. Linking consonants
// and viramas are the Indic_Syllabic_Category Consonant and Virama characters of
// Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam (U+0900-U+0D7F).
static int cicu_aksara_class(uint32_t value) {
  if (value < 0x900 || value > 0xD7F) return 0;
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

// A scalar's grapheme facts in one byte: its class (the low 3 bits), whether it is a
// linking consonant or a virama, whether it is Extend with a combining class other than
// 0, and a bit that is always set (a zero byte is an unknown scalar).
enum {
  CICU_GCB_OTHER = 0, CICU_GCB_EXTEND = 1, CICU_GCB_SPACING_MARK = 2, CICU_GCB_CR = 3,
  CICU_GCB_LF = 4, CICU_GCB_CONTROL = 5, CICU_GCB_REFUSED = 6, CICU_GCB_CLASS = 7,
  CICU_LINKING_CONSONANT = 8, CICU_VIRAMA = 16, CICU_EXT_CCC = 32, CICU_KNOWN = 128,
};

static uint8_t cicu_grapheme_facts_of(uint32_t value) {
  uint8_t facts = CICU_KNOWN;
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
  return facts;
}

// The facts of the BMP's scalars met, for the process (ICU's data does not change while it
// runs): each byte written once, by whichever thread meets the scalar first (the same value
// from any thread; relaxed atomics make the benign race defined). 64 KB of zeros until
// touched; a script's block touches a page or two.
static uint8_t cicu_grapheme_facts_table[0x10000];

static inline uint8_t cicu_grapheme_facts(uint32_t value) {
  if (value >= 0x10000) return cicu_grapheme_facts_of(value);
  uint8_t facts = __atomic_load_n(&cicu_grapheme_facts_table[value], __ATOMIC_RELAXED);
  if (facts) return facts;
  facts = cicu_grapheme_facts_of(value);
  __atomic_store_n(&cicu_grapheme_facts_table[value], facts, __ATOMIC_RELAXED);
  return facts;
}

int32_t cicu_simple_grapheme_starts(const uint32_t *scalars, int32_t count, uint8_t *starts) {
  // Whether the scalar before is a control, CR or LF (after which GB4 breaks), and a CR.
  int after_control = 0, after_cr = 0;
  // The aksara rule's state: a linking consonant and ExtCccZwj since; and a virama too.
  int after_consonant = 0, after_virama = 0;
  starts[0] = 1;
  for (int32_t index = 0; index < count; index++) {
    uint32_t value = scalars[index];
    uint8_t start = 1;
    int control = 0, cr = 0;
    // Printable ASCII is Other and no linking consonant, virama or mark.
    uint8_t facts = value - 0x20 < 0x5F ? CICU_KNOWN : cicu_grapheme_facts(value);
    switch (facts & CICU_GCB_CLASS) {
    case CICU_GCB_OTHER: break;
    case CICU_GCB_EXTEND:
    case CICU_GCB_SPACING_MARK: start = after_control; break;
    case CICU_GCB_CR:
      cr = 1;
      control = 1;
      break;
    case CICU_GCB_LF:
      start = !after_cr;
      control = 1;
      break;
    case CICU_GCB_CONTROL: control = 1; break;
    default: return 0;
    }
    if (facts & CICU_LINKING_CONSONANT) {
      if (after_virama) start = 0;
      after_consonant = 1;
      after_virama = 0;
    } else if ((facts & CICU_VIRAMA) && after_consonant) {
      after_virama = 1;
    } else if (!(facts & CICU_EXT_CCC)) {
      after_consonant = 0;
      after_virama = 0;
    }
    // Offset 0 starts the text's first cluster whatever its class.
    if (index > 0) starts[index] = start;
    after_control = control;
    after_cr = cr;
  }
  starts[count] = 1;
  return 1;
}
