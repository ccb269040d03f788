#ifndef CFONTCONFIG_H
#define CFONTCONFIG_H

#include <fontconfig/fontconfig.h>

// fontconfig is loaded with dlopen the first time a library asks for a system font, not
// linked: linked, every run of the tool (`--version`, a `measure` with the bundled fonts,
// which never call it) would load libfontconfig and libexpat, bind their symbols and keep
// ~0.2 MB of their pages resident. The functions Caliper calls are reached through the
// table `CFontconfig_functions` returns; each pointer has the type fontconfig's header
// declares, so a call through it is checked as a direct call would be.
#define CFONTCONFIG_FUNCTIONS(X)                                                              \
  X(FcConfigAppFontAddFile)                                                                   \
  X(FcConfigCreate)                                                                           \
  X(FcConfigDestroy)                                                                          \
  X(FcConfigSubstitute)                                                                       \
  X(FcCharSetAddChar)                                                                         \
  X(FcCharSetCreate)                                                                          \
  X(FcCharSetDestroy)                                                                         \
  X(FcCharSetHasChar)                                                                         \
  X(FcDefaultSubstitute)                                                                      \
  X(FcFontMatch)                                                                              \
  X(FcFontSetDestroy)                                                                         \
  X(FcFontSort)                                                                               \
  X(FcInitLoadConfigAndFonts)                                                                 \
  X(FcPatternAddCharSet)                                                                      \
  X(FcPatternAddDouble)                                                                       \
  X(FcPatternAddInteger)                                                                      \
  X(FcPatternAddString)                                                                       \
  X(FcPatternCreate)                                                                          \
  X(FcPatternDestroy)                                                                         \
  X(FcPatternGetBool)                                                                         \
  X(FcPatternGetCharSet)                                                                      \
  X(FcPatternGetDouble)                                                                       \
  X(FcPatternGetInteger)                                                                      \
  X(FcPatternGetString)                                                                       \
  X(FcWeightFromOpenTypeDouble)                                                               \
  X(FcWeightToOpenTypeDouble)

#define CFONTCONFIG_FIELD(name) __typeof__(name) *_Nonnull name;

/// fontconfig's functions, found in the library `CFontconfig_functions` loaded.
typedef struct {
  CFONTCONFIG_FUNCTIONS(CFONTCONFIG_FIELD)
} CFontconfigFunctions;

/// Loads libfontconfig (once; later calls return the first answer): the table of its
/// functions, or NULL when the library or one of the functions cannot be found (then
/// `CFontconfig_failure` says which).
const CFontconfigFunctions *_Nullable CFontconfig_functions(void);

/// Why `CFontconfig_functions` returned NULL; NULL when it did not.
const char *_Nullable CFontconfig_failure(void);

#endif
