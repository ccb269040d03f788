// Floor: the work any engine with Caliper's answers must do for a paragraph whose words are
// all in a warm shape cache, as plain C: read the UTF-8 once, find the break opportunities
// (ICU's line break iterator over the text as UTF-16, or without ICU a pair table of ASCII
// classes), one hash lookup per word (a word and the spaces after it: the shape cache's
// unit, hashed 8 bytes at a time while the word's end is found; font fallback: where
// there are spaces, keyed also by the first-face class of the scalar after them and the
// paragraph's direction, which with the word decide the spaces' face for the benchmark's
// corpora; not in general: a neutral scalar after the spaces, or a word of Common scalars
// only, would need a bidi pass over neutrals that the floor does not make, so there it
// would be cheaper than Caliper's answers allow, never dearer), and the
// sums (a prefix sum of advances per scalar, and per break segment its end, content end and
// hard-break flag). caliper-bench's `--loop floor-icu|floor-noicu` runs it for callgrind.
// Standard C types only, so that Swift never imports ICU.
#ifndef FLOOR_H
#define FLOOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct floor_table floor_table;

/// An empty word table (open addressing, FNV-1a over the word's bytes).
floor_table *floor_table_new(void);
void floor_table_free(floor_table *table);
/// Sets the first face (index in the cascade) of each of `count` scalars: Caliper's answers
/// for the scalars of the corpus. With each scalar's script and bidi class (ICU's), the
/// table keeps one class a BMP scalar, read when a word has spaces after it: the face
/// Caliper gives those spaces is decided by the word, the scalar after them (its face,
/// script and direction) and the paragraph's direction (Pango's itemizing rule).
void floor_table_set_faces(floor_table *table, const uint32_t *scalars, const uint8_t *faces,
                           int32_t count);
/// The paragraph's direction as `floor_context` takes it: its first strong scalar's.
/// `utf8` is valid UTF-8 (a Swift string's: the floor decodes without checking).
uint32_t floor_base(const floor_table *table, const uint8_t *utf8, int32_t length);
/// What decides the face of spaces that end at byte `at` of a paragraph's `length` bytes
/// (the class of the scalar at `at`, or the text's end, and the paragraph's `base`); `utf8`
/// is valid UTF-8.
uint32_t floor_context(const floor_table *table, const uint8_t *utf8, int32_t length,
                       int32_t at, uint32_t base);
/// Stores a word (its UTF-8, spaces after it included, and `context`, what decides the
/// spaces' face: `floor_context` after them, or 0 when there are none) with the advance of
/// each of its `scalars` scalars, in points. A word stored before keeps its first advances.
void floor_table_put(floor_table *table, const uint8_t *word, int32_t length, uint32_t context,
                     const double *advances, int32_t scalars);
/// How many words are stored.
int32_t floor_table_count(const floor_table *table);

/// What the floor made of one paragraph: owned by the caller, freed with floor_result_free.
typedef struct {
  int32_t scalars;
  int32_t segments;
  /// prefix[i]: the advances of scalars 0..<i (scalars + 1 entries).
  double *prefix;
  /// Per segment: its end and content end (scalar offsets), and 1 for a hard break.
  int32_t *ends;
  int32_t *content_ends;
  uint8_t *hard;
  /// Words not in the table (their advances count 0).
  int32_t misses;
  /// The widest line at an infinite width: the ideal width.
  double ideal_width;
} floor_result;

/// The floor over `length` bytes of valid UTF-8: with `use_icu`, ICU's line breaks (locale
/// "en") over the text converted to UTF-16 (ICU's own form: over a UText on the UTF-8 it
/// costs about a third more); without, the pair table. Returns 0, or -1 on an ICU failure.
int32_t floor_paragraph(const floor_table *table, const uint8_t *utf8, int32_t length,
                        int32_t use_icu, floor_result *result);
void floor_result_free(floor_result *result);

#ifdef __cplusplus
}
#endif

#endif
