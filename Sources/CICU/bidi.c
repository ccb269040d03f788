// Bidi: UAX #9 levels and runs through ICU's resolver (`cicu_bidi_runs`), visual order, and
// each scalar's type for the simple paragraphs' levels past it, which `cicu_analysis_walk`
// (walk.c) resolves.
#include "cicu.h"
#include "walk.h"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>

// The simple paragraphs' type of a scalar from ICU's bidi class (walk.h), or
// CICU_BIDI_REFUSED.
uint8_t cicu_bidi_type_of(uint32_t value) {
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
