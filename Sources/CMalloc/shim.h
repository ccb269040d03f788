// glibc's malloc tuning (mallopt), which the Glibc module does not include.
#include <malloc.h>
