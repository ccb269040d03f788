// See include/floor.h.
#include "floor.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

typedef struct {
  uint64_t hash;
  const uint8_t *word;  // NULL: empty slot
  int32_t length;
  int32_t scalars;
  const double *advances;
} floor_slot;

struct floor_table {
  floor_slot *slots;
  uint32_t mask;
  int32_t count;
  /// Per BMP scalar, what decides the face of spaces before it (`floor_table_set_faces`):
  /// its first face + 1, its script and its bidi class; 0 for a scalar never set.
  uint32_t *classes;
};

// A context for spaces at the end of the text (no scalar after them), in a left-to-right
// paragraph; its last bit set in a right-to-left one (trailing spaces take the paragraph's
// level, UAX #9's L1, and with it the face of a run of that level).
#define FLOOR_END 0xFFFFFFFEu

// The hash the floor computes while it scans a word (8 bytes at a time, then the number
// of spaces after it): the table stores words under the same.
static uint64_t floor_mix(uint64_t hash, uint64_t chunk) {
  hash = (hash ^ chunk) * 0x100000001b3ull;
  return hash ^ hash >> 29;
}

// The last chunk of a word's hash: the number of spaces after it and, when there are any,
// what decides their face (`floor_context`).
static uint64_t floor_spaces(int32_t trailing, uint32_t context) {
  return trailing == 0 ? 0 : (uint64_t)trailing | (uint64_t)context << 32;
}

// The hash the floor computes while it scans a word: its bytes before the spaces in
// chunks of 8, the last chunk shorter (empty for a multiple of 8), then the number of
// spaces after it with their context. The table stores words under the same.
static uint64_t floor_hash(const uint8_t *bytes, int32_t length, uint32_t context) {
  int32_t trailing = 0;
  while (trailing < length && bytes[length - 1 - trailing] == ' ') trailing++;
  int32_t word = length - trailing;
  uint64_t hash = 0xcbf29ce484222325ull;
  for (int32_t at = 0; at <= word; at += 8) {
    uint64_t chunk = 0;
    memcpy(&chunk, bytes + at, word - at < 8 ? word - at : 8);
    hash = floor_mix(hash, chunk);
  }
  return floor_mix(hash, floor_spaces(trailing, context));
}

floor_table *floor_table_new(void) {
  floor_table *table = calloc(1, sizeof *table);
  table->mask = (1u << 16) - 1;
  table->slots = calloc(table->mask + 1, sizeof(floor_slot));
  table->classes = calloc(0x10000, sizeof(uint32_t));
  return table;
}

void floor_table_free(floor_table *table) {
  for (uint32_t i = 0; i <= table->mask; i++) {
    free((void *)table->slots[i].word);
    free((void *)table->slots[i].advances);
  }
  free(table->slots);
  free(table->classes);
  free(table);
}

int32_t floor_table_count(const floor_table *table) { return table->count; }

static const floor_slot *floor_find(const floor_table *table, const uint8_t *word,
                                    int32_t length, uint64_t hash) {
  for (uint32_t i = (uint32_t)hash & table->mask;; i = (i + 1) & table->mask) {
    const floor_slot *slot = &table->slots[i];
    if (slot->word == NULL) return slot;
    if (slot->hash == hash && slot->length == length && memcmp(slot->word, word, length) == 0)
      return slot;
  }
}

void floor_table_set_faces(floor_table *table, const uint32_t *scalars, const uint8_t *faces,
                           int32_t count) {
  for (int32_t i = 0; i < count; i++) {
    UChar32 scalar = (UChar32)scalars[i];
    if (scalar >= 0x10000) continue;
    UErrorCode status = U_ZERO_ERROR;
    uint32_t script = (uint32_t)uscript_getScript(scalar, &status) & 0xFF;
    uint32_t direction = (uint32_t)u_charDirection(scalar);
    // No face (255) stays 255, apart from every face + 1 and from 0 (never set).
    uint32_t face = faces[i] == 255 ? 255 : (uint32_t)faces[i] + 1;
    table->classes[scalar] = face | script << 8 | direction << 16;
  }
}

// The scalar at `at` (valid UTF-8, `at` < `length`) and its length in bytes, each length
// decoded without a loop.
static inline uint32_t floor_scalar(const uint8_t *utf8, int32_t at, int32_t *size) {
  uint32_t lead = utf8[at];
  if (lead < 0x80) {
    *size = 1;
    return lead;
  }
  uint32_t second = utf8[at + 1] & 0x3F;
  if (lead < 0xE0) {
    *size = 2;
    return (lead & 0x1F) << 6 | second;
  }
  uint32_t third = utf8[at + 2] & 0x3F;
  if (lead < 0xF0) {
    *size = 3;
    return (lead & 0x0F) << 12 | second << 6 | third;
  }
  *size = 4;
  return (lead & 0x07) << 18 | second << 12 | third << 6 | (utf8[at + 3] & 0x3F);
}

// A scalar's class (its face's, script's and bidi class's); beyond the BMP the scalar.
static inline uint32_t floor_scalar_class(const floor_table *table, uint32_t scalar) {
  return scalar < 0x10000 ? table->classes[scalar] : 0x80000000u | scalar;
}

// The direction of the paragraph's first strong scalar (UAX #9's P2, as Caliper's default
// direction takes it), shifted to stay clear of the class's bits.
uint32_t floor_base(const floor_table *table, const uint8_t *utf8, int32_t length) {
  for (int32_t at = 0, size; at < length; at += size) {
    uint32_t scalar = floor_scalar(utf8, at, &size);
    // Beyond the BMP the class holds the scalar, not its bidi class: ICU's (rare here).
    uint32_t direction = scalar < 0x10000 ? table->classes[scalar] >> 16 & 0xFF
                                          : (uint32_t)u_charDirection((UChar32)scalar);
    if (direction == U_LEFT_TO_RIGHT) return 0;
    if (direction == U_RIGHT_TO_LEFT || direction == U_RIGHT_TO_LEFT_ARABIC) return 1u << 24;
  }
  return 0;
}

// What decides the face of spaces that end at `at` (`floor_context`), inlined into the
// floor's loop.
static inline uint32_t floor_next(const floor_table *table, const uint8_t *utf8,
                                  int32_t length, int32_t at, uint32_t base) {
  if (at >= length) return FLOOR_END | base >> 24;
  int32_t size;
  return floor_scalar_class(table, floor_scalar(utf8, at, &size)) | base;
}

uint32_t floor_context(const floor_table *table, const uint8_t *utf8, int32_t length,
                       int32_t at, uint32_t base) {
  return floor_next(table, utf8, length, at, base);
}

void floor_table_put(floor_table *table, const uint8_t *word, int32_t length, uint32_t context,
                     const double *advances, int32_t scalars) {
  if ((uint32_t)table->count * 2 >= table->mask) return;  // full enough: a fixed floor table
  uint64_t hash = floor_hash(word, length, context);
  floor_slot *slot = (floor_slot *)floor_find(table, word, length, hash);
  if (slot->word != NULL) return;
  uint8_t *copy = malloc(length);
  memcpy(copy, word, length);
  double *values = malloc(sizeof(double) * (scalars > 0 ? scalars : 1));
  memcpy(values, advances, sizeof(double) * scalars);
  *slot = (floor_slot){hash, copy, length, scalars, values};
  table->count++;
}

// The pair table: ASCII classes, and whether a line may break between two of them
// (UAX #14's common cases: after spaces, after a hyphen before a letter or digit, before an
// opening punctuation after spaces). Everything beyond ASCII counts as a letter.
enum { AL, SP, HY, OP, CL, NL, CLASSES };
static uint8_t floor_class[256];
static uint8_t floor_pair[CLASSES][CLASSES];

static void floor_tables(void) {
  static int ready = 0;
  if (ready) return;
  for (int c = 0; c < 256; c++) floor_class[c] = AL;
  floor_class[' '] = SP;
  floor_class['-'] = HY;
  floor_class['('] = OP;
  floor_class['['] = OP;
  floor_class['{'] = OP;
  floor_class[')'] = CL;
  floor_class[']'] = CL;
  floor_class['}'] = CL;
  floor_class['\n'] = NL;
  for (int a = 0; a < CLASSES; a++) {
    for (int b = 0; b < CLASSES; b++) floor_pair[a][b] = 0;
  }
  for (int b = 0; b < CLASSES; b++) floor_pair[SP][b] = b != SP && b != CL && b != NL;
  floor_pair[HY][AL] = 1;
  for (int b = 0; b < CLASSES; b++) floor_pair[NL][b] = 2;  // mandatory
  ready = 1;
}

// ICU's line breaks over the text as UTF-16 (ICU's own form: over a UText on the UTF-8 its
// iterator reads each character through a callback, about a third more), converted in one
// tight pass. Positions in UTF-16 units.
static int32_t floor_icu_breaks(const uint8_t *utf8, int32_t length, int32_t *positions,
                                uint8_t *hard) {
  static UBreakIterator *iterator = NULL;  // one, reused: caliper-bench is one thread
  UErrorCode status = U_ZERO_ERROR;
  if (iterator == NULL) {
    iterator = ubrk_open(UBRK_LINE, "en", NULL, 0, &status);
    if (U_FAILURE(status)) return -1;
  }
  UChar *utf16 = malloc(sizeof(UChar) * (length + 1));
  int32_t units = 0;
  for (int32_t i = 0; i < length;) {
    uint32_t lead = utf8[i], value;
    if (lead < 0x80) {
      utf16[units++] = (UChar)lead;
      i++;
      continue;
    }
    int32_t count = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    value = lead & (0x7F >> count);
    for (int32_t k = 1; k < count; k++) value = value << 6 | (utf8[i + k] & 0x3F);
    i += count;
    if (value >= 0x10000) {
      utf16[units++] = (UChar)(0xD7C0 + (value >> 10));
      utf16[units++] = (UChar)(0xDC00 | (value & 0x3FF));
    } else {
      utf16[units++] = (UChar)value;
    }
  }
  ubrk_setText(iterator, utf16, units, &status);
  if (U_FAILURE(status)) {
    free(utf16);
    return -1;
  }
  int32_t count = 0;
  for (int32_t p = ubrk_next(iterator); p != UBRK_DONE; p = ubrk_next(iterator)) {
    int32_t rule = ubrk_getRuleStatus(iterator);
    positions[count] = p;
    hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
    count++;
  }
  free(utf16);
  return count;
}

// The pair table's breaks, in UTF-16 units like ICU's.
static int32_t floor_pair_breaks(const uint8_t *utf8, int32_t length, int32_t *positions,
                                 uint8_t *hard) {
  floor_tables();
  int32_t count = 0;
  int32_t units = 1;
  uint8_t before = floor_class[utf8[0]];
  for (int32_t i = 1; i < length; i++) {
    uint8_t unit = utf8[i];
    if ((unit & 0xC0) == 0x80) continue;  // a continuation byte: its lead byte's class
    uint8_t after = floor_class[unit];
    uint8_t pair = floor_pair[before][after];
    if (pair) {
      positions[count] = units;
      hard[count++] = pair == 2;
    }
    units += unit >= 0xF0 ? 2 : 1;
    before = after;
  }
  positions[count] = units;
  hard[count++] = 0;
  return count;
}

int32_t floor_paragraph(const floor_table *table, const uint8_t *utf8, int32_t length,
                        int32_t use_icu, floor_result *result) {
  memset(result, 0, sizeof *result);
  if (length == 0) return 0;
  // The break opportunities, in UTF-16 units (at most one a byte).
  int32_t *positions = malloc(sizeof(int32_t) * (length + 1));
  uint8_t *hard = malloc(length + 1);
  int32_t breaks = use_icu ? floor_icu_breaks(utf8, length, positions, hard)
                           : floor_pair_breaks(utf8, length, positions, hard);
  if (breaks < 0) {
    free(positions);
    free(hard);
    return -1;
  }
  // The result, sized by bytes (a scalar is at least one), filled in one read of the UTF-8:
  // word by word, its hash and its scalars and units counted in one loop, one lookup, its
  // advances summed into the prefix; the segments that end in it.
  double *prefix = malloc(sizeof(double) * (length + 1));
  int32_t *ends = malloc(sizeof(int32_t) * breaks);
  int32_t *content_ends = malloc(sizeof(int32_t) * breaks);
  prefix[0] = 0;
  int32_t scalar = 0, units = 0, next_break = 0, content_end = 0, misses = 0;
  double line_start = 0, widest = 0;
  int32_t byte = 0;
  // The paragraph's direction (its first strong scalar's): with the scalar after a word's
  // spaces, what decides their face.
  uint32_t base = floor_base(table, utf8, length);
  while (byte < length) {
    int32_t start = byte, first_scalar = scalar, first_unit = units;
    uint64_t hash = 0xcbf29ce484222325ull;
    // The word up to its first space, 8 bytes at a time: the hash mixes whole words of
    // bytes, the scalars are the bytes that are not continuation bytes, and a 4-byte
    // sequence is two UTF-16 units.
    for (;;) {
      uint64_t chunk;
      int32_t take = length - byte < 8 ? length - byte : 8;
      if (take == 8) {
        memcpy(&chunk, utf8 + byte, 8);
      } else {
        chunk = 0;
        memcpy(&chunk, utf8 + byte, take);
        chunk |= ~0ull << (8 * take) & 0x2020202020202020ull;  // spaces past the end
      }
      uint64_t x = chunk ^ 0x2020202020202020ull;
      uint64_t spaces = (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
      int32_t n = spaces ? __builtin_ctzll(spaces) / 8 : 8;
      uint64_t keep = n == 8 ? ~0ull : (1ull << (8 * n)) - 1;
      chunk &= keep;
      hash = floor_mix(hash, chunk);
      uint64_t high = chunk & 0x8080808080808080ull;
      scalar += n;
      units += n;
      if (high) {  // beyond ASCII
        int32_t continuations = __builtin_popcountll(high & ~(chunk << 1));
        scalar -= continuations;
        units -= continuations - __builtin_popcountll(high & chunk << 1 & chunk << 2 & chunk << 3);
      }
      byte += n;
      if (n < 8) break;
      if (byte >= length) {  // a word of a multiple of 8 bytes at the end: the empty chunk
        hash = floor_mix(hash, 0);
        break;
      }
    }
    int32_t trailing = 0;  // the spaces after the word
    while (byte < length && utf8[byte] == ' ') {
      byte++;
      trailing++;
    }
    scalar += trailing;
    units += trailing;
    hash = floor_mix(
        hash, floor_spaces(trailing, trailing ? floor_next(table, utf8, length, byte, base) : 0));
    const floor_slot *slot = floor_find(table, utf8 + start, byte - start, hash);
    double sum = prefix[first_scalar];
    if (slot->word != NULL && slot->scalars == scalar - first_scalar) {
      const double *advances = slot->advances;
      for (int32_t k = 0; k < slot->scalars; k++) {
        sum += advances[k];
        prefix[first_scalar + k + 1] = sum;
      }
    } else {
      misses++;
      for (int32_t k = first_scalar; k < scalar; k++) prefix[k + 1] = sum;
    }
    int32_t word_content_end = scalar - trailing;
    // Breaks inside the word (after a hyphen or a dash): their scalar offsets counted again.
    while (next_break < breaks && positions[next_break] < units) {
      int32_t at = first_unit, s = first_scalar, b = start;
      while (at < positions[next_break]) {
        uint8_t unit = utf8[b++];
        if ((unit & 0xC0) == 0x80) continue;
        at += 1 + (unit >= 0xF0);
        s++;
      }
      ends[next_break] = s;
      content_ends[next_break] = s;
      next_break++;
    }
    if (word_content_end > first_scalar || trailing == 0) content_end = word_content_end;
    if (next_break < breaks && positions[next_break] == units) {
      ends[next_break] = scalar;
      content_ends[next_break] = content_end;
      if (hard[next_break]) {
        if (prefix[content_end] - line_start > widest) widest = prefix[content_end] - line_start;
        line_start = prefix[scalar];
      }
      next_break++;
    }
  }
  if (prefix[content_end] - line_start > widest) widest = prefix[content_end] - line_start;
  free(positions);
  result->prefix = prefix;
  result->ends = ends;
  result->content_ends = content_ends;
  result->hard = hard;
  result->misses = misses;
  result->scalars = scalar;
  result->segments = next_break;
  result->ideal_width = widest;
  return 0;
}

void floor_result_free(floor_result *result) {
  free(result->prefix);
  free(result->ends);
  free(result->content_ends);
  free(result->hard);
  memset(result, 0, sizeof *result);
}
