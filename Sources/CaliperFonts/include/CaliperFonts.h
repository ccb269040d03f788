// CaliperFonts carries the bundled fonts (the top-level Fonts/ folder) as a SwiftPM resource.
// It has no API: BundledFonts.directory() finds the copied folder next to the executable.
#ifndef CALIPER_FONTS_H
#define CALIPER_FONTS_H
#endif
