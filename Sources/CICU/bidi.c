// Bidi: UAX #9 levels and runs through ICU's resolver (`cicu_bidi_runs`), visual order, and
// the simple paragraphs' levels past it (`cicu_simple_bidi_levels`).
#include "cicu.h"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>

// The simple paragraphs' types, as `cicu_simple_bidi_levels` reads them (one pass: a run of
// neutrals is written when the strong type after it is known).
enum { CICU_BIDI_L = 0, CICU_BIDI_R = 1, CICU_BIDI_N = 2, CICU_BIDI_NSM = 3, CICU_BIDI_REFUSED = 4 };

// The simple paragraphs' type of a scalar from ICU's bidi class, or CICU_BIDI_REFUSED.
static uint8_t cicu_bidi_type_of(uint32_t value) {
  switch (u_charDirection((UChar32)value)) {
  case U_LEFT_TO_RIGHT: return CICU_BIDI_L;
  case U_RIGHT_TO_LEFT:
  case U_RIGHT_TO_LEFT_ARABIC: return CICU_BIDI_R;  // W3: AL is R
  case U_DIR_NON_SPACING_MARK: return CICU_BIDI_NSM;
  case U_OTHER_NEUTRAL:
    if (u_getIntPropertyValue((UChar32)value, UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_NONE)
      return CICU_BIDI_REFUSED;
    return CICU_BIDI_N;
  // W6 with no EN or AN in the paragraph: separators and terminators are ON.
  case U_WHITE_SPACE_NEUTRAL:
  case U_EUROPEAN_NUMBER_SEPARATOR:
  case U_EUROPEAN_NUMBER_TERMINATOR:
  case U_COMMON_NUMBER_SEPARATOR: return CICU_BIDI_N;
  default: return CICU_BIDI_REFUSED;
  }
}

// The types of the BMP's scalars met, + 1 (0: not known yet), kept for the process as
// `cicu_grapheme_kinds` (graphemes.c) keeps the grapheme kinds.
static uint8_t cicu_bidi_type_table[0x10000];

static inline __attribute__((always_inline)) uint8_t cicu_bidi_type(uint32_t value) {
  if (value < 0x80) {  // ASCII letters are L, the space WS
    if ((value | 0x20) - 0x61 < 26) return CICU_BIDI_L;
    if (value == 0x20) return CICU_BIDI_N;
  }
  if (value >= 0x10000) return cicu_bidi_type_of(value);
  uint8_t known = __atomic_load_n(&cicu_bidi_type_table[value], __ATOMIC_RELAXED);
  if (known) return known - 1;
  uint8_t type = cicu_bidi_type_of(value);
  __atomic_store_n(&cicu_bidi_type_table[value], (uint8_t)(type + 1), __ATOMIC_RELAXED);
  return type;
}

// (Without memset: a run of neutrals is nearly always one space, where the call cost
// about 50 instructions, a fifth of the pass.)
__attribute__((no_builtin("memset"))) int32_t
cicu_simple_bidi_levels(const uint32_t *scalars, int32_t count, uint8_t paragraph_level,
                        uint8_t *levels, uint8_t *resolved_level) {
  // P2, P3: the first strong character's direction, left-to-right without one.
  uint8_t level = paragraph_level;
  if (level > 1) {
    level = 0;
    for (int32_t index = 0; index < count; index++) {
      uint8_t type = cicu_bidi_type(scalars[index]);
      if (type == CICU_BIDI_REFUSED) return 0;
      if (type <= CICU_BIDI_R) {
        level = type == CICU_BIDI_R ? 1 : 0;
        break;
      }
    }
  }
  *resolved_level = level;
  uint8_t embedding = level & 1 ? CICU_BIDI_R : CICU_BIDI_L;  // sos, eos and e
  // The level of each strong type by I1, I2.
  uint8_t level_of_l = level == 0 ? 0 : 2, level_of_r = 1;
  // One pass. W1: a mark takes the type before it (sos at the start). N1, N2: a run of
  // neutrals between two strong types that agree takes theirs, else e (so whitespace at the
  // end, before eos, is at the paragraph level: L1 has nothing to do); each run is written
  // when the strong type after it (or the end) is known.
  // (A strong type, most scalars, asks one question before its level is written.)
  const uint8_t level_of[2] = {level_of_l, level_of_r};
  uint8_t before = embedding, strong_before = embedding;
  int32_t neutrals = -1;  // where the open run of neutrals starts
  for (int32_t index = 0; index < count; index++) {
    uint8_t type = cicu_bidi_type(scalars[index]);
    if (type > CICU_BIDI_R) {
      if (type == CICU_BIDI_REFUSED) return 0;
      if (type == CICU_BIDI_NSM) type = before;
      if (type == CICU_BIDI_N) {
        before = type;
        if (neutrals < 0) neutrals = index;
        continue;
      }
    }
    before = type;
    if (neutrals >= 0) {
      uint8_t value = level_of[strong_before == type ? type : embedding];
      for (int32_t at = neutrals; at < index; at++) levels[at] = value;
      neutrals = -1;
    }
    strong_before = type;
    levels[index] = level_of[type];
  }
  if (neutrals >= 0) {  // eos is e: the run takes e whatever is before it
    uint8_t value = level_of[embedding];
    for (int32_t at = neutrals; at < count; at++) levels[at] = value;
  }
  return 1;
}

int32_t cicu_bidi_runs(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                       uint8_t *levels, int32_t *run_starts, int32_t *run_lengths,
                       uint8_t *run_levels, int32_t capacity, int32_t *rtl_paragraphs,
                       int32_t paragraph_capacity, int32_t *rtl_paragraph_count) {
  *rtl_paragraph_count = 0;
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status)) return -(int32_t)status;
  ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return -(int32_t)status;
  }
  const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return -(int32_t)status;
  }
  int32_t count = 0;
  int32_t start = 0;
  while (start < length) {
    UBiDiLevel level = resolved[start];
    int32_t end = start + 1;
    while (end < length && resolved[end] == level) end++;
    if (count < capacity) {
      run_starts[count] = start;
      run_lengths[count] = end - start;
      run_levels[count] = level;
    }
    for (int32_t i = start; i < end; i++) levels[i] = level;
    count++;
    start = end;
  }
  int32_t paragraphs = ubidi_countParagraphs(bidi);
  for (int32_t index = 0; index < paragraphs; index++) {
    int32_t paragraph_start = 0, paragraph_limit = 0;
    UBiDiLevel paragraph = 0;
    ubidi_getParagraphByIndex(bidi, index, &paragraph_start, &paragraph_limit, &paragraph,
                              &status);
    if (U_FAILURE(status)) {
      ubidi_close(bidi);
      return -(int32_t)status;
    }
    if ((paragraph & 1) == 0) continue;
    if (*rtl_paragraph_count < paragraph_capacity) {
      rtl_paragraphs[2 * *rtl_paragraph_count] = paragraph_start;
      rtl_paragraphs[2 * *rtl_paragraph_count + 1] = paragraph_limit;
    }
    (*rtl_paragraph_count)++;
  }
  ubidi_close(bidi);
  return count;
}

int32_t cicu_bidi_reorder_visual(const uint8_t *levels, int32_t length,
                                 int32_t *visual_to_logical) {
  if (length <= 0) return 0;
  // ubidi_reorderVisual reports no error; it accepts levels up to UBIDI_MAX_EXPLICIT_LEVEL + 1.
  for (int32_t i = 0; i < length; i++) {
    if (levels[i] > UBIDI_MAX_EXPLICIT_LEVEL + 1) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
  }
  ubidi_reorderVisual((const UBiDiLevel *)levels, length, visual_to_logical);
  return length;
}
