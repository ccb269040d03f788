// Software prefetch, which Swift has no spelling for: a hint that `address` will be read
// soon, so that its cache line is fetched while other work goes on (no fault, no result).
static inline void caliper_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#include <stdint.h>

// Asks for `lines` cache lines from `address` on, an integer that is never read through or
// checked: 0, or memory no longer mapped, makes a prefetch that does nothing. Called with a
// constant `lines`, the loop unrolls into that many prefetch instructions.
static inline void caliper_prefetch_lines(uintptr_t address, unsigned lines) {
  for (unsigned line = 0; line < lines; line++) {
    __builtin_prefetch((const void *)(address + 64 * (uintptr_t)line), 0, 3);
  }
}
