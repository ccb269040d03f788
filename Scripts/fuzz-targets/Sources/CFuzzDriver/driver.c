#include "CFuzzDriver.h"

// From libclang_rt.fuzzer_no_main (linked by Scripts/fuzz).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*one)(const uint8_t *data, size_t size));

int cfuzzdriver_run(int argc, char **argv, int (*one)(const uint8_t *data, size_t size)) {
  return LLVMFuzzerRunDriver(&argc, &argv, one);
}
