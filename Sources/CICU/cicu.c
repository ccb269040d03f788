// ICU's break iterators (and the data pages they read), its version, errors and vertical
// orientation. This target's files are the only ones that include ICU: see include/cicu.h
// for why it exists. Graphemes past the iterator: graphemes.c; bidi: bidi.c; the walk that
// reads both, with the scripts: walk.c; line-break classes: lineclasses.c.
#include "cicu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

// Walks a break iterator, writing boundaries after 0. Shared by line and grapheme breaks.
static int32_t cicu_collect(UBreakIterator *it, int32_t *positions, uint8_t *mandatory,
                            int32_t capacity) {
  int32_t count = 0;
  for (int32_t p = ubrk_next(it); p != UBRK_DONE; p = ubrk_next(it)) {
    if (count >= capacity) return -(int32_t)U_BUFFER_OVERFLOW_ERROR;
    positions[count] = p;
    if (mandatory) {
      int32_t status = ubrk_getRuleStatus(it);
      mandatory[count] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    }
    count++;
  }
  return count;
}

// ICU's common data (libicudata, linked into the release `caliper`): a table of contents of
// about 3,900 item names, then the items (locale bundles, break rules, dictionaries). ICU
// declares the symbol this way for udata_setCommonData (udata.h).
#define CICU_DATA_SYMBOL2(major) icudt##major##_dat
#define CICU_DATA_SYMBOL(major) CICU_DATA_SYMBOL2(major)
extern const uint8_t CICU_DATA_SYMBOL(U_ICU_VERSION_MAJOR_NUM)[];

// Gives back the pages of ICU's common data that opening an iterator touched.
//
// Problem: opening a break iterator finds its rules and its locale's bundles by binary
// search of the table of contents, whose name strings span ~25 pages, and reads a few
// small bundles scattered over 31 MB. The kernel maps file pages 64 KB around each page
// touched (fault-around), so those lookups left ~650 KB of the data resident for the
// process's life, though iterating needs none of it: prototypes iterate over their own copy
// of the rules (`cicu_over_own_rules`), and only the dictionaries of Thai, Lao, Khmer,
// Burmese and CJK text are read in place, when such text comes. Solution: after each open,
// drop the data's pages from the process (MADV_DONTNEED); a page read again is mapped
// again from the page cache. The data is constant and never written, so every page dropped
// is a clean copy of the file and reads back the same bytes: no answer can change, and a
// thread reading a dictionary meanwhile only faults its page in again. Only whole pages
// inside the data are dropped (its neighbours in the program's data may have been written).
// Done when a prototype or a rules answer is kept (at most 32 + 128 times a process), not
// on the opens a full table makes for every further locale. Limitation: recognises the
// common data by its header ("CmnD", this machine's byte order); anything else is left
// alone.
static void cicu_release_data_pages(void) {
  const uint8_t *data = CICU_DATA_SYMBOL(U_ICU_VERSION_MAJOR_NUM);
  uint16_t header_size;
  memcpy(&header_size, data, 2);
  // MappedData (headerSize, magic 0xda 0x27), then UDataInfo: size, reserved, isBigEndian,
  // charsetFamily, sizeofUChar, reserved, dataFormat[4].
  const uint8_t *info = data + 4;
  if (data[2] != 0xda || data[3] != 0x27 || header_size < 24) return;
  if (info[4] != U_IS_BIG_ENDIAN || memcmp(info + 8, "CmnD", 4) != 0) return;
  // The table: a count, then per item (name offset, data offset) from the table's start.
  const uint8_t *table = data + header_size;
  uint32_t count;
  memcpy(&count, table, 4);
  if (count == 0 || count > 100000) return;
  uint32_t last_item = 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t offset;
    memcpy(&offset, table + 4 + 8 * (size_t)i + 4, 4);
    if (offset > last_item) last_item = offset;
  }
  // From the data's first whole page to the start of its last item (the items before it
  // hold everything lookups read; the last is one small bundle).
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t start = ((uintptr_t)data + page - 1) & ~(page - 1);
  uintptr_t end = ((uintptr_t)table + last_item) & ~(page - 1);
  if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
}

// Opening a break iterator loads and resolves its rules for the locale (about 20,000
// instructions); cloning an open one copies it (a few hundred). So each (type, locale) is
// opened once, as a prototype that is never used to iterate, and every call works on its
// own clone: no iterator is ever shared between threads. Up to CICU_PROTOTYPES pairs are
// kept for the life of the process; further locales are opened per call.
#define CICU_PROTOTYPES 32
#define CICU_LOCALE_MAX 96

typedef struct {
  UBreakIteratorType type;
  char locale[CICU_LOCALE_MAX];
  UBreakIterator *prototype;
} cicu_prototype;

static cicu_prototype prototypes[CICU_PROTOTYPES];
static int32_t prototype_count = 0;
static pthread_mutex_t prototype_lock = PTHREAD_MUTEX_INITIALIZER;

static uint8_t *cicu_binary_rules(const UBreakIterator *it, int32_t *length);

// Compiled rules copied out of ICU's data into memory of their own, each distinct set once,
// for the life of the process: prototypes are opened over them (ubrk_openBinaryRules uses
// the rules in place and does not copy them).
#define CICU_KEPT_RULES 16

typedef struct {
  uint8_t *rules;
  int32_t length;
} cicu_kept_rules;

static cicu_kept_rules kept_rules[CICU_KEPT_RULES];
static int32_t kept_rule_count = 0;

// Whether `text` contains `word` (ASCII, any case).
static int cicu_mentions(const char *text, const char *word) {
  size_t length = strlen(word);
  for (; *text != '\0'; text++) {
    size_t i = 0;
    while (i < length && text[i] != '\0' && (text[i] | 0x20) == word[i]) i++;
    if (i == length) return 1;
  }
  return 0;
}

// `prototype` opened again over a copy of its compiled rules in the heap, or itself.
//
// Problem: an iterator opened by locale reads its rules in place, in ICU's common data,
// where every page it touches keeps 64 KB of the data resident (fault-around): the line and
// grapheme rules (39 KB) held ~320 KB of it for the process's life. Solution: the same
// compiled rules, copied out once (ubrk_getBinaryRules) and opened with ubrk_openBinaryRules,
// which is all such an iterator is: ICU builds one by locale from the rules file the locale
// names and nothing else (BreakIterator::buildInstance), and finds its dictionaries by
// script at run time either way. Except Japanese and Korean phrase breaking (`lw=phrase`),
// which sets a flag beside the rules: a locale that mentions "phrase" keeps its iterator.
// The caller holds prototype_lock.
static UBreakIterator *cicu_over_own_rules(UBreakIterator *prototype, const char *locale) {
  if (cicu_mentions(locale, "phrase")) return prototype;
  int32_t length = 0;
  uint8_t *rules = cicu_binary_rules(prototype, &length);
  if (rules == NULL) return prototype;
  const uint8_t *kept = NULL;
  for (int32_t i = 0; i < kept_rule_count && kept == NULL; i++) {
    if (kept_rules[i].length == length && memcmp(kept_rules[i].rules, rules, (size_t)length) == 0)
      kept = kept_rules[i].rules;
  }
  if (kept != NULL) {
    free(rules);
  } else if (kept_rule_count < CICU_KEPT_RULES) {
    kept_rules[kept_rule_count].rules = rules;
    kept_rules[kept_rule_count].length = length;
    kept_rule_count++;
    kept = rules;
  } else {
    free(rules);
    return prototype;
  }
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *own = ubrk_openBinaryRules(kept, length, NULL, 0, &status);
  if (U_FAILURE(status)) {
    if (own != NULL) ubrk_close(own);
    return prototype;
  }
  ubrk_close(prototype);
  return own;
}

// The index of the prototype for (type, locale), opened if new; -1 when the table is full
// or ICU cannot open it. The caller holds prototype_lock.
static int32_t cicu_prototype_index(UBreakIteratorType type, const char *locale) {
  for (int32_t i = 0; i < prototype_count; i++) {
    if (prototypes[i].type == type && strcmp(prototypes[i].locale, locale) == 0) return i;
  }
  if (prototype_count == CICU_PROTOTYPES) return -1;
  UErrorCode open_status = U_ZERO_ERROR;
  UBreakIterator *prototype = ubrk_open(type, locale, NULL, 0, &open_status);
  if (U_FAILURE(open_status)) return -1;
  prototype = cicu_over_own_rules(prototype, locale);
  cicu_release_data_pages();
  int32_t found = prototype_count++;
  prototypes[found].type = type;
  strcpy(prototypes[found].locale, locale);
  prototypes[found].prototype = prototype;
  return found;
}

// A new iterator over `text`: a clone of the cached prototype, else newly opened.
static UBreakIterator *cicu_open(UBreakIteratorType type, const char *locale,
                                 const UChar *text, int32_t length, UErrorCode *status) {
  if (strlen(locale) >= CICU_LOCALE_MAX) return ubrk_open(type, locale, text, length, status);
  UBreakIterator *it = NULL;
  pthread_mutex_lock(&prototype_lock);
  int32_t found = cicu_prototype_index(type, locale);
  if (found >= 0) it = ubrk_clone(prototypes[found].prototype, status);
  pthread_mutex_unlock(&prototype_lock);
  if (found < 0) return ubrk_open(type, locale, text, length, status);
  if (U_FAILURE(*status)) return NULL;
  ubrk_setText(it, text, length, status);
  if (U_FAILURE(*status)) {
    ubrk_close(it);
    return NULL;
  }
  return it;
}

// The compiled rules of `it` (malloc'd, *length bytes), or NULL.
static uint8_t *cicu_binary_rules(const UBreakIterator *it, int32_t *length) {
  UErrorCode status = U_ZERO_ERROR;
  *length = ubrk_getBinaryRules((UBreakIterator *)it, NULL, 0, &status);
  if (*length <= 0 || (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR)) return NULL;
  uint8_t *rules = malloc((size_t)*length);
  if (rules == NULL) return NULL;
  status = U_ZERO_ERROR;
  ubrk_getBinaryRules((UBreakIterator *)it, rules, *length, &status);
  if (U_FAILURE(status)) {
    free(rules);
    return NULL;
  }
  return rules;
}

// Which locales' line rules are root's: asked once per locale and kept here, apart from
// the prototypes (whose table may be full), up to CICU_RULE_ANSWERS locales; then asked
// again for each new locale (opening its iterator, about 20,000 instructions).
#define CICU_RULE_ANSWERS 128

typedef struct {
  char locale[CICU_LOCALE_MAX];
  int8_t root_rules;
} cicu_rule_answer;

static cicu_rule_answer rule_answers[CICU_RULE_ANSWERS];
static int32_t rule_answer_count = 0;
static uint8_t *root_line_rules = NULL;  // read once, kept for the life of the process
static int32_t root_line_rules_length = 0;

// Whether `locale`'s compiled line rules are root's; -1 when they cannot be read. The
// caller holds prototype_lock.
static int32_t cicu_compare_with_root(const char *locale) {
  if (root_line_rules == NULL) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *root = ubrk_open(UBRK_LINE, "root", NULL, 0, &status);
    if (U_FAILURE(status)) return -1;
    root_line_rules = cicu_binary_rules(root, &root_line_rules_length);
    ubrk_close(root);
    if (root_line_rules == NULL) return -1;
  }
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  if (U_FAILURE(status)) return -1;
  int32_t length = 0;
  uint8_t *rules = cicu_binary_rules(it, &length);
  ubrk_close(it);
  // Only while answers are kept (at most CICU_RULE_ANSWERS times): past that every new
  // locale opens an iterator again, and would find the pages it needs just given back.
  if (rule_answer_count < CICU_RULE_ANSWERS) cicu_release_data_pages();
  if (rules == NULL) return -1;
  int32_t same = length == root_line_rules_length &&
                 memcmp(rules, root_line_rules, (size_t)length) == 0;
  free(rules);
  return same;
}

int32_t cicu_line_rules_are_root(const char *locale) {
  if (strlen(locale) >= CICU_LOCALE_MAX) return 0;
  pthread_mutex_lock(&prototype_lock);
  int32_t answer = -1;
  for (int32_t i = 0; i < rule_answer_count; i++) {
    if (strcmp(rule_answers[i].locale, locale) == 0) answer = rule_answers[i].root_rules;
  }
  if (answer < 0) {
    answer = cicu_compare_with_root(locale);
    // Only a definite answer is kept: a failed read asks again next time.
    if (answer >= 0 && rule_answer_count < CICU_RULE_ANSWERS) {
      strcpy(rule_answers[rule_answer_count].locale, locale);
      rule_answers[rule_answer_count].root_rules = (int8_t)answer;
      rule_answer_count++;
    }
  }
  pthread_mutex_unlock(&prototype_lock);
  return answer == 1;
}

static int32_t cicu_breaks(UBreakIteratorType type, const uint16_t *text, int32_t length,
                           const char *locale, int32_t *positions, uint8_t *mandatory,
                           int32_t capacity) {
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = cicu_open(type, locale, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -(int32_t)status;
  int32_t count = cicu_collect(it, positions, mandatory, capacity);
  ubrk_close(it);
  return count;
}

int32_t cicu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                         int32_t *positions, uint8_t *mandatory, int32_t capacity) {
  return cicu_breaks(UBRK_LINE, text, length, locale, positions, mandatory, capacity);
}

int32_t cicu_grapheme_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *positions, int32_t capacity) {
  return cicu_breaks(UBRK_CHARACTER, text, length, locale, positions, NULL, capacity);
}

const char *cicu_error_name(int32_t code) { return u_errorName((UErrorCode)code); }

void cicu_version(char *buffer) {
  UVersionInfo version;
  u_getVersion(version);
  u_versionToString(version, buffer);
}

int32_t cicu_vertical_orientation(uint32_t scalar) {
  // ICU's UVerticalOrientation is R = 0, Tr = 1, Tu = 2, U = 3, the values the header
  // promises; out-of-range scalars read as R.
  if (scalar > 0x10FFFF) return U_VO_ROTATED;
#if U_ICU_VERSION_MAJOR_NUM < 78
  // Unicode 17.0 (ICU 78) changed the curly quotation marks U+2018, U+2019, U+201C and
  // U+201D from R to Tr (UTC action 182-A97, L2/25-028), as Japanese fonts set them;
  // Chromium's ICU has it. Older ICU (Debian 12's is 72) still says R.
  if (scalar == 0x2018 || scalar == 0x2019 || scalar == 0x201C || scalar == 0x201D) {
    return U_VO_TRANSFORMED_ROTATED;
  }
#endif
  return u_getIntPropertyValue((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION);
}
