// Internal to CICU: what graphemes.c and bidi.c give `cicu_analysis_walk` (walk.c), which
// keeps each scalar's facts for all of them in one table.
#ifndef CICU_WALK_H
#define CICU_WALK_H

#include <stdint.h>

// The states between two scalars of the grapheme rules: whether the one before is a control
// or LF (1) or a CR (2), after which GB4 breaks and GB3 keeps an LF; the aksara rule's (a
// linking consonant and ExtCccZwj since (1), and a virama among them (2)); GB9c's (a
// consonant, then only Extend and Linker characters (1), and a Linker among them (2)).
enum { CICU_STATES = 27 };

// A grapheme step's output: the next state (below 32), and the bits below (the start the
// top one: the walk writes a start as the step shifted, with no mask).
enum { CICU_STEP_REFUSED = 32, CICU_STEP_ASK = 64, CICU_STEP_START = 128 };

// A scalar's grapheme kind (graphemes.c): its row of the step table is kind * CICU_STATES.
uint32_t cicu_grapheme_kind_of(uint32_t value, const uint8_t *conjunct_classes);

// The step of every (kind, state) at kind * CICU_STATES + state, without GB9c (join 0) or
// with it: made once for the process.
const uint8_t *cicu_grapheme_step_table(int join);

// The simple paragraphs' bidi types (one pass: a run of neutrals is written when the strong
// type after it is known), and a scalar's from ICU's bidi class (bidi.c).
enum { CICU_BIDI_L = 0, CICU_BIDI_R = 1, CICU_BIDI_N = 2, CICU_BIDI_NSM = 3, CICU_BIDI_REFUSED = 4 };
uint8_t cicu_bidi_type_of(uint32_t value);

#endif
