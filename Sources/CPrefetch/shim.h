// Software prefetch, which Swift has no spelling for: a hint that `address` will be read
// soon, so that its cache line is fetched while other work goes on (no fault, no result).
static inline void caliper_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}
