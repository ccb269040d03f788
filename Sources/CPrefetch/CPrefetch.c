#include "CPrefetch.h"

// The one definition of the thread-local word `caliper_first_relayout` keeps.
__thread uintptr_t caliper_last_relayout = 0;

// The one definition of the relayout's constants, on a line of their own.
__attribute__((aligned(64))) const struct caliper_relayout_constants caliper_relayout_constants = {
  .negative_infinity = -__builtin_inf(),
  .infinity = __builtin_inf(),
  .tolerance = CALIPER_LINE_TOLERANCE,
  .half = 0.5,
  .two_to_52 = 0x1p52,
};
