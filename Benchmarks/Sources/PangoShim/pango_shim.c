// PangoShim: see include/pango_shim.h.
#include "pango_shim.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pango/pangocairo.h>

const char *const pango_shim_families =
    "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, Noto Sans Thai, "
    "Droid Sans Fallback, NanumGothic, Noto Color Emoji";

struct PangoShimLayout {
  PangoLayout *layout;
  PangoAttrList *attributes;  // its own list (a vertical layout's language), or NULL
};

static PangoContext *shim_context;
static PangoContext *shim_vertical_context;  // made by the first vertical layout
static PangoFontDescription *shim_description;
static PangoAttrList *shim_attributes;

static int holds_fonts(const char *directory) {
  char probe[PATH_MAX];
  snprintf(probe, sizeof probe, "%s/NotoSans-Regular.ttf", directory);
  return access(probe, R_OK) == 0;
}

// Walks up from `start` looking for a Fonts/ folder with the bundled fonts.
static int find_above(const char *start, char *out, size_t capacity) {
  char directory[PATH_MAX];
  if (realpath(start, directory) == NULL) return -1;
  for (;;) {
    char candidate[PATH_MAX + 8];
    snprintf(candidate, sizeof candidate, "%s/Fonts", directory);
    if (holds_fonts(candidate)) {
      snprintf(out, capacity, "%s", candidate);
      return 0;
    }
    char *slash = strrchr(directory, '/');
    if (slash == NULL || slash == directory) return -1;
    *slash = '\0';
  }
}

int pango_shim_find_fonts(char *out, size_t capacity) {
  const char *environment = getenv("CALIPER_FONTS");
  if (environment != NULL && *environment != '\0') {
    if (!holds_fonts(environment)) return -1;
    snprintf(out, capacity, "%s", environment);
    return 0;
  }
  char executable[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
  if (length > 0) {
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash != NULL) *slash = '\0';
    if (find_above(executable, out, capacity) == 0) return 0;
  }
  return find_above(".", out, capacity);
}

// Writes a fonts.conf listing only `fonts` into a per-user folder that also holds
// fontconfig's cache (kept between runs, so that a process start does not rescan the
// fonts: the same footing as a system where fc-cache has run), and points
// FONTCONFIG_FILE at it. Must run before the first fontconfig call.
static int use_private_fontconfig(const char *fonts) {
  char resolved[PATH_MAX];
  if (realpath(fonts, resolved) == NULL) {
    fprintf(stderr, "pango-shim: %s: %s\n", fonts, strerror(errno));
    return -1;
  }
  const char *temporary = getenv("TMPDIR");
  if (temporary == NULL || *temporary == '\0') temporary = "/tmp";
  char folder[PATH_MAX];
  snprintf(folder, sizeof folder, "%s/caliper-bench-fontconfig-%u", temporary,
           (unsigned)getuid());
  if (mkdir(folder, 0700) != 0 && errno != EEXIST) {
    fprintf(stderr, "pango-shim: mkdir %s: %s\n", folder, strerror(errno));
    return -1;
  }
  char conf[PATH_MAX + 16];
  snprintf(conf, sizeof conf, "%s/fonts.conf", folder);
  char text[3 * PATH_MAX];
  int length = snprintf(text, sizeof text,
                        "<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n",
                        resolved, folder);
  // Rewrite only when different, so that concurrent runs never see a half-written file.
  char existing[3 * PATH_MAX];
  FILE *file = fopen(conf, "r");
  size_t read = 0;
  if (file != NULL) {
    read = fread(existing, 1, sizeof existing, file);
    fclose(file);
  }
  if (read != (size_t)length || memcmp(existing, text, (size_t)length) != 0) {
    char partial[PATH_MAX + 32];
    snprintf(partial, sizeof partial, "%s.%d", conf, (int)getpid());
    file = fopen(partial, "w");
    if (file == NULL) {
      fprintf(stderr, "pango-shim: %s: %s\n", partial, strerror(errno));
      return -1;
    }
    fwrite(text, 1, (size_t)length, file);
    fclose(file);
    rename(partial, conf);
  }
  setenv("FONTCONFIG_FILE", conf, 1);
  return 0;
}

int pango_shim_setup(const char *fonts_directory, double size) {
  if (use_private_fontconfig(fonts_directory) != 0) return -1;
  PangoFontMap *font_map = pango_cairo_font_map_new();
  shim_context = pango_font_map_create_context(font_map);
  g_object_unref(font_map);  // the context keeps it
  pango_cairo_context_set_resolution(shim_context, 72);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options(shim_context, options);
  cairo_font_options_destroy(options);
  pango_context_set_round_glyph_positions(shim_context, FALSE);
  shim_description = pango_font_description_from_string(pango_shim_families);
  pango_font_description_set_absolute_size(shim_description, size * PANGO_SCALE);
  shim_attributes = pango_attr_list_new();
  pango_attr_list_insert(shim_attributes, pango_attr_insert_hyphens_new(FALSE));
  return 0;
}

void pango_shim_list_families(char *out, size_t capacity) {
  PangoFontFamily **families = NULL;
  int count = 0;
  pango_font_map_list_families(pango_context_get_font_map(shim_context), &families, &count);
  size_t used = 0;
  out[0] = '\0';
  for (int index = 0; index < count && used < capacity; index++) {
    int written = snprintf(out + used, capacity - used, "%s%s", index ? ", " : "",
                           pango_font_family_get_name(families[index]));
    if (written < 0) break;
    used += (size_t)written;
  }
  g_free(families);
}

const char *pango_shim_version(void) { return pango_version_string(); }

static PangoShimLayout *layout_create(PangoContext *context, const char *utf8, int length,
                                      const char *language) {
  PangoShimLayout *shim = malloc(sizeof *shim);
  shim->layout = pango_layout_new(context);
  shim->attributes = NULL;
  pango_layout_set_font_description(shim->layout, shim_description);
  pango_layout_set_wrap(shim->layout, PANGO_WRAP_WORD_CHAR);
  if (language != NULL) {
    shim->attributes = pango_attr_list_copy(shim_attributes);
    pango_attr_list_insert(shim->attributes,
                           pango_attr_language_new(pango_language_from_string(language)));
  }
  pango_layout_set_attributes(shim->layout, shim->attributes ? shim->attributes : shim_attributes);
  pango_layout_set_text(shim->layout, utf8, length);
  return shim;
}

PangoShimLayout *pango_shim_layout_create(const char *utf8, int length) {
  return layout_create(shim_context, utf8, length, NULL);
}

PangoShimLayout *pango_shim_layout_create_vertical(const char *utf8, int length,
                                                   const char *language) {
  if (shim_vertical_context == NULL) {
    // The shared context's settings (font map, 72 dpi, font options, unrounded positions),
    // turned: base gravity east.
    PangoFontMap *font_map = pango_context_get_font_map(shim_context);
    shim_vertical_context = pango_font_map_create_context(font_map);
    pango_cairo_context_set_resolution(shim_vertical_context, 72);
    pango_cairo_context_set_font_options(
        shim_vertical_context, pango_cairo_context_get_font_options(shim_context));
    pango_context_set_round_glyph_positions(shim_vertical_context, FALSE);
    pango_context_set_base_gravity(shim_vertical_context, PANGO_GRAVITY_EAST);
    pango_context_set_gravity_hint(shim_vertical_context, PANGO_GRAVITY_HINT_NATURAL);
  }
  return layout_create(shim_vertical_context, utf8, length, language);
}

void pango_shim_layout_set_text(PangoShimLayout *shim, const char *utf8, int length) {
  pango_layout_set_text(shim->layout, utf8, length);
}

void pango_shim_layout_set_width(PangoShimLayout *shim, double points) {
  pango_layout_set_width(shim->layout, points < 0 ? -1 : (int)(points * PANGO_SCALE));
}

void pango_shim_layout_get_size(PangoShimLayout *shim, double *width, double *height) {
  int w = 0, h = 0;
  pango_layout_get_size(shim->layout, &w, &h);
  *width = (double)w / PANGO_SCALE;
  *height = (double)h / PANGO_SCALE;
}

int pango_shim_layout_line_count(PangoShimLayout *shim) {
  return pango_layout_get_line_count(shim->layout);
}

int pango_shim_layout_unknown_glyphs(PangoShimLayout *shim) {
  return pango_layout_get_unknown_glyphs_count(shim->layout);
}

void pango_shim_layout_destroy(PangoShimLayout *shim) {
  g_object_unref(shim->layout);
  if (shim->attributes != NULL) pango_attr_list_unref(shim->attributes);
  free(shim);
}
