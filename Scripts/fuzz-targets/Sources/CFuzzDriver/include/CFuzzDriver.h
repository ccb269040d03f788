#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (flags, corpus, crash reports) over `one`, which gets each input.
/// Exists because a Swift executable cannot take libFuzzer's own `main`.
int cfuzzdriver_run(int argc, char **argv, int (*one)(const uint8_t *data, size_t size));

#endif
