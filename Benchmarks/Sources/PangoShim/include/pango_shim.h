// PangoShim: Pango set up to measure exactly as Caliper does, for benchmarks.
//
// The setup is Scripts/pango-breaks' in C: a private fontconfig that lists only the bundled
// Fonts/ folder (no system font can take part), PangoCairo at 72 dpi so that 16 px = 16 pt,
// hint metrics off, hint style none, unrounded glyph positions, the bundled cascade as a
// family list at an absolute size, WRAP_WORD_CHAR and the insert-hyphens attribute off.
// Only standard C types cross this header, so Swift never imports GLib.
#ifndef PANGO_SHIM_H
#define PANGO_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One Pango layout over one text: owned by the caller, freed with
/// pango_shim_layout_destroy.
typedef struct PangoShimLayout PangoShimLayout;

/// The bundled cascade as a Pango family list, as in Scripts/pango-breaks.
extern const char *const pango_shim_families;

/// Finds the bundled fonts folder (the first holding NotoSans-Regular.ttf): $CALIPER_FONTS,
/// else Fonts/ in a folder above the executable, else above the current directory. Writes
/// it to `out` and returns 0, or returns -1.
int pango_shim_find_fonts(char *out, size_t capacity);

/// Points fontconfig at `fonts_directory` alone and makes the shared Pango context at
/// `size` points. Call once, before any other function. Returns 0, or -1 with a message
/// on stderr.
int pango_shim_setup(const char *fonts_directory, double size);

/// The families the private font map holds, comma-separated, into `out` (for checking
/// that no system font is visible).
void pango_shim_list_families(char *out, size_t capacity);

/// Pango's version string ("1.50.12").
const char *pango_shim_version(void);

/// A new layout (font, wrap mode and attributes set) over `length` bytes of UTF-8.
PangoShimLayout *pango_shim_layout_create(const char *utf8, int length);

/// A new vertical layout, as Scripts/pango-vertical sets one up: a layout of a second
/// context whose base gravity is east (gravity hint natural), so that each line is a column
/// top to bottom (upright CJK, sideways Latin) and the wrap width is the column length; the
/// text in `language` (a BCP 47 tag such as "ja"). pango_shim_layout_get_size then gives the
/// longest column as the width and the block's width as the height.
PangoShimLayout *pango_shim_layout_create_vertical(const char *utf8, int length,
                                                   const char *language);

/// Replaces the layout's text.
void pango_shim_layout_set_text(PangoShimLayout *layout, const char *utf8, int length);

/// Sets the wrap width in points; a negative width means none (the ideal size).
void pango_shim_layout_set_width(PangoShimLayout *layout, double points);

/// The layout's logical size in points (pango_layout_get_size / PANGO_SCALE).
void pango_shim_layout_get_size(PangoShimLayout *layout, double *width, double *height);

/// The number of lines.
int pango_shim_layout_line_count(PangoShimLayout *layout);

/// The number of glyphs Pango drew as "unknown" (no face covered the character).
int pango_shim_layout_unknown_glyphs(PangoShimLayout *layout);

/// Frees the layout.
void pango_shim_layout_destroy(PangoShimLayout *layout);

#ifdef __cplusplus
}
#endif

#endif
