#ifndef CPREFETCH_H
#define CPREFETCH_H

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

// The breaking cache of the text this thread last asked for a relayout's lines for
// (`caliper_first_relayout`): one word a thread, never read through. Defined once, in
// CPrefetch.c: a `static` word in this header was one word for each module (and each of an
// optimized build's per-file LLVM modules) that inlined the function, so a test's reading
// of it and the library's writing of it could be two different words.
extern __thread uintptr_t caliper_last_relayout;

// Whether `text` (a prepared text's breaking-cache address) differs from the one this thread
// passed last, which it then becomes: a relayout of the text relaid out just before on this
// thread reads lines that relayout has just read, so asking for them again is instructions
// for nothing. Only ever a hint: a text freed and another made at its address is taken for
// the same one, and its lines are then not asked for, which is slower, never wrong.
static inline int caliper_first_relayout(uintptr_t text) {
  if (caliper_last_relayout == text) return 0;
  caliper_last_relayout = text;
  return 1;
}

#endif
