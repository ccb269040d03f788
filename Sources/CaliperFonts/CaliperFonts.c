// A target needs one source file; this one only makes Fonts/ a resource (see CaliperFonts.h).
#include "CaliperFonts.h"
