// pango-measure: `caliper measure` done with Pango, for the command-line benchmarks.
//
// Measures each text at its ideal width (no wrapping) and at each --width, with Pango set up
// as Caliper measures (PangoShim), and prints width, height and line count per width: an
// aligned table by default, one JSON object per text with --json. Texts are the arguments,
// or one per non-empty line of --input FILE ("-" is stdin).
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pango_shim.h"

enum { max_widths = 64 };

static void usage(FILE *stream) {
  fputs("OVERVIEW: Measures text with Pango, set up as Caliper measures.\n\n"
        "USAGE: pango-measure [--fonts <dir>] [--size <pt>] [--width <w>[,<w>...]]...\n"
        "                     [--input <file|->] [--json] [<text>...]\n",
        stream);
}

static void print_json_string(const char *text, int length) {
  putchar('"');
  for (int index = 0; index < length; index++) {
    unsigned char c = (unsigned char)text[index];
    if (c == '"' || c == '\\') {
      putchar('\\');
      putchar(c);
    } else if (c < 0x20) {
      printf("\\u%04x", c);
    } else {
      putchar(c);
    }
  }
  putchar('"');
}

static void measure(const char *text, int length, const double *widths, int count, int json) {
  PangoShimLayout *layout = pango_shim_layout_create(text, length);
  double width, height;
  pango_shim_layout_set_width(layout, -1);
  pango_shim_layout_get_size(layout, &width, &height);
  int lines = pango_shim_layout_line_count(layout);
  if (json) {
    fputs("{\"text\":", stdout);
    print_json_string(text, length);
    printf(",\"ideal\":{\"width\":%.6g,\"height\":%.6g,\"lineCount\":%d},\"results\":[", width,
           height, lines);
  } else {
    printf("\"%.*s\"\n  ideal %14.3f %11.3f %6d\n", length, text, width, height, lines);
  }
  for (int index = 0; index < count; index++) {
    pango_shim_layout_set_width(layout, widths[index]);
    pango_shim_layout_get_size(layout, &width, &height);
    lines = pango_shim_layout_line_count(layout);
    if (json) {
      printf("%s{\"proposal\":{\"width\":%.6g},\"size\":{\"width\":%.6g,\"height\":%.6g},"
             "\"lineCount\":%d}",
             index ? "," : "", widths[index], width, height, lines);
    } else {
      printf("  %-7.3f %12.3f %11.3f %6d\n", widths[index], width, height, lines);
    }
  }
  if (json) fputs("]}\n", stdout);
  pango_shim_layout_destroy(layout);
}

static int parse_widths(const char *list, double *widths, int *count) {
  char *copy = strdup(list);
  for (char *item = strtok(copy, ","); item != NULL; item = strtok(NULL, ",")) {
    char *end = NULL;
    double value = strtod(item, &end);
    if (end == item || *end != '\0' || value < 0 || *count == max_widths) {
      free(copy);
      return -1;
    }
    widths[(*count)++] = value;
  }
  free(copy);
  return 0;
}

int main(int argc, char **argv) {
  double widths[max_widths];
  int width_count = 0, json = 0;
  double size = 16;
  const char *fonts = NULL, *input = NULL;
  int first_text = argc;
  for (int index = 1; index < argc; index++) {
    const char *argument = argv[index];
    int has_value = index + 1 < argc;
    if (strcmp(argument, "--json") == 0) {
      json = 1;
    } else if (strcmp(argument, "--no-lines") == 0) {
      // Accepted for symmetry with `caliper measure`: lines are never printed.
    } else if (strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (has_value && strcmp(argument, "--width") == 0) {
      if (parse_widths(argv[++index], widths, &width_count) != 0) {
        fprintf(stderr, "pango-measure: bad --width %s\n", argv[index]);
        return 64;
      }
    } else if (has_value && strcmp(argument, "--size") == 0) {
      size = atof(argv[++index]);
    } else if (has_value && strcmp(argument, "--fonts") == 0) {
      fonts = argv[++index];
    } else if (has_value && strcmp(argument, "--input") == 0) {
      input = argv[++index];
    } else if (strncmp(argument, "--", 2) == 0) {
      fprintf(stderr, "pango-measure: unknown option %s\n", argument);
      usage(stderr);
      return 64;
    } else {
      first_text = index;
      break;
    }
  }
  char found[PATH_MAX];
  if (fonts == NULL) {
    if (pango_shim_find_fonts(found, sizeof found) != 0) {
      fputs("pango-measure: no Fonts/ folder found (set CALIPER_FONTS)\n", stderr);
      return 1;
    }
    fonts = found;
  }
  if (pango_shim_setup(fonts, size) != 0) return 1;
  for (int index = first_text; index < argc; index++) {
    measure(argv[index], (int)strlen(argv[index]), widths, width_count, json);
  }
  if (input != NULL) {
    FILE *file = strcmp(input, "-") == 0 ? stdin : fopen(input, "r");
    if (file == NULL) {
      perror(input);
      return 1;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, file)) > 0) {
      while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) length--;
      if (length > 0) measure(line, (int)length, widths, width_count, json);
    }
    free(line);
    if (file != stdin) fclose(file);
  }
  return 0;
}
