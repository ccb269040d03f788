#include "CPrefetch.h"

// The one definition of the thread-local word `caliper_first_relayout` keeps.
__thread uintptr_t caliper_last_relayout = 0;
