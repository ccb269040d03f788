// The only file that includes ICU. See include/cicu.h for why this target exists.
#include "cicu.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

// Walks a break iterator, writing boundaries after 0. Shared by line and grapheme breaks.
static int32_t cicu_collect(UBreakIterator *it, int32_t *positions, uint8_t *mandatory,
                            int32_t capacity) {
  int32_t count = 0;
  for (int32_t p = ubrk_next(it); p != UBRK_DONE; p = ubrk_next(it)) {
    if (count >= capacity) return -(int32_t)U_BUFFER_OVERFLOW_ERROR;
    positions[count] = p;
    if (mandatory) {
      int32_t status = ubrk_getRuleStatus(it);
      mandatory[count] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    }
    count++;
  }
  return count;
}

static int32_t cicu_breaks(UBreakIteratorType type, const uint16_t *text, int32_t length,
                           const char *locale, int32_t *positions, uint8_t *mandatory,
                           int32_t capacity) {
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = ubrk_open(type, locale, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -(int32_t)status;
  int32_t count = cicu_collect(it, positions, mandatory, capacity);
  ubrk_close(it);
  return count;
}

int32_t cicu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                         int32_t *positions, uint8_t *mandatory, int32_t capacity) {
  return cicu_breaks(UBRK_LINE, text, length, locale, positions, mandatory, capacity);
}

int32_t cicu_grapheme_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *positions, int32_t capacity) {
  return cicu_breaks(UBRK_CHARACTER, text, length, locale, positions, NULL, capacity);
}

int32_t cicu_bidi_runs(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                       uint8_t *levels, int32_t *run_starts, int32_t *run_lengths,
                       uint8_t *run_levels, int32_t capacity) {
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
  ubidi_close(bidi);
  return count;
}

const char *cicu_error_name(int32_t code) { return u_errorName((UErrorCode)code); }
