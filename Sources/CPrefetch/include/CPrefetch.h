#ifndef CPREFETCH_H
#define CPREFETCH_H

// Software prefetch, which Swift has no spelling for: a hint that `address` will be read
// soon, so that its cache line is fetched while other work goes on (no fault, no result).
static inline void caliper_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#include <stdint.h>

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

// Sums of fractional advances carry rounding error: a line this much wider still fits
// (`LineBreaker.tolerance` is this number, and `caliper_relayout_constants` holds it).
#define CALIPER_LINE_TOLERANCE 1e-6

// The floating-point constants a relayout at a new width reads after its cache lookup
// missed (`RelayoutConstants`), in one cache line. Written as literals in Swift, each became
// a load from the compiler's constant pool, where the linker scatters a program's constants
// by first use: six lines, six memory latencies (none asked for by the hints) at the first
// call after other work. Defined in CPrefetch.c, where Swift's optimizer cannot see the
// values, so every read is a load from this line.
struct caliper_relayout_constants {
  double negative_infinity;
  double infinity;
  double tolerance;
  double half;
  double two_to_52;
};
extern const struct caliper_relayout_constants caliper_relayout_constants;

// Where `caliper_relayout_constants` is (for tests: on one cache line).
static inline uintptr_t caliper_relayout_constants_address(void) {
  return (uintptr_t)&caliper_relayout_constants;
}

#endif
