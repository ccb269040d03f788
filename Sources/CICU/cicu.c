// The only file that includes ICU. See include/cicu.h for why this target exists.
#include "cicu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
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
// on the opens a full table makes for every further locale. Limitation: recognises the common data by its header ("CmnD", this machine's byte
// order); anything else is left alone.
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

// ICU's aksara rule (its char.txt's custom rule 9.3, from CLDR): no boundary before a
// linking consonant after a linking consonant, then a virama, with only Extend characters
// of a combining class other than 0 (ExtCccZwj, ZWJ aside) among them. Linking consonants
// and viramas are the Indic_Syllabic_Category Consonant and Virama characters of
// Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam (U+0900-U+0D7F).
static int cicu_aksara_class(uint32_t value) {
  if (value < 0x900 || value > 0xD7F) return 0;
  UErrorCode status = U_ZERO_ERROR;
  switch (uscript_getScript((UChar32)value, &status)) {
  case USCRIPT_DEVANAGARI:
  case USCRIPT_BENGALI:
  case USCRIPT_GUJARATI:
  case USCRIPT_ORIYA:
  case USCRIPT_TELUGU:
  case USCRIPT_MALAYALAM:
    break;
  default:
    return 0;
  }
  switch (u_getIntPropertyValue((UChar32)value, UCHAR_INDIC_SYLLABIC_CATEGORY)) {
  case U_INSC_CONSONANT: return 1;
  case U_INSC_VIRAMA: return 2;
  default: return 0;
  }
}

// A scalar's grapheme facts in one byte: its class (the low 3 bits), whether it is a
// linking consonant or a virama, whether it is Extend with a combining class other than
// 0, and a bit that is always set (a zero byte is an unknown scalar).
enum {
  CICU_GCB_OTHER = 0, CICU_GCB_EXTEND = 1, CICU_GCB_SPACING_MARK = 2, CICU_GCB_CR = 3,
  CICU_GCB_LF = 4, CICU_GCB_CONTROL = 5, CICU_GCB_REFUSED = 6, CICU_GCB_CLASS = 7,
  CICU_LINKING_CONSONANT = 8, CICU_VIRAMA = 16, CICU_EXT_CCC = 32, CICU_KNOWN = 128,
};

static uint8_t cicu_grapheme_facts_of(uint32_t value) {
  uint8_t facts = CICU_KNOWN;
  switch (u_getIntPropertyValue((UChar32)value, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
  case U_GCB_OTHER: break;
  case U_GCB_EXTEND:
    facts |= CICU_GCB_EXTEND;
    if (u_getCombiningClass((UChar32)value) != 0) facts |= CICU_EXT_CCC;
    break;
  case U_GCB_SPACING_MARK: facts |= CICU_GCB_SPACING_MARK; break;
  case U_GCB_CR: facts |= CICU_GCB_CR; break;
  case U_GCB_LF: facts |= CICU_GCB_LF; break;
  case U_GCB_CONTROL: facts |= CICU_GCB_CONTROL; break;
  default: facts |= CICU_GCB_REFUSED; break;
  }
  switch (cicu_aksara_class(value)) {
  case 1: facts |= CICU_LINKING_CONSONANT; break;
  case 2: facts |= CICU_VIRAMA; break;
  default: break;
  }
  return facts;
}

// The facts of the BMP's scalars met, for the process (ICU's data does not change while it
// runs): each byte written once, by whichever thread meets the scalar first (the same value
// from any thread; relaxed atomics make the benign race defined). 64 KB of zeros until
// touched; a script's block touches a page or two.
static uint8_t cicu_grapheme_facts_table[0x10000];

static inline uint8_t cicu_grapheme_facts(uint32_t value) {
  if (value >= 0x10000) return cicu_grapheme_facts_of(value);
  uint8_t facts = __atomic_load_n(&cicu_grapheme_facts_table[value], __ATOMIC_RELAXED);
  if (facts) return facts;
  facts = cicu_grapheme_facts_of(value);
  __atomic_store_n(&cicu_grapheme_facts_table[value], facts, __ATOMIC_RELAXED);
  return facts;
}

int32_t cicu_simple_grapheme_starts(const uint32_t *scalars, int32_t count, uint8_t *starts) {
  // Whether the scalar before is a control, CR or LF (after which GB4 breaks), and a CR.
  int after_control = 0, after_cr = 0;
  // The aksara rule's state: a linking consonant and ExtCccZwj since; and a virama too.
  int after_consonant = 0, after_virama = 0;
  starts[0] = 1;
  for (int32_t index = 0; index < count; index++) {
    uint32_t value = scalars[index];
    uint8_t start = 1;
    int control = 0, cr = 0;
    // Printable ASCII is Other and no linking consonant, virama or mark.
    uint8_t facts = value - 0x20 < 0x5F ? CICU_KNOWN : cicu_grapheme_facts(value);
    switch (facts & CICU_GCB_CLASS) {
    case CICU_GCB_OTHER: break;
    case CICU_GCB_EXTEND:
    case CICU_GCB_SPACING_MARK: start = after_control; break;
    case CICU_GCB_CR:
      cr = 1;
      control = 1;
      break;
    case CICU_GCB_LF:
      start = !after_cr;
      control = 1;
      break;
    case CICU_GCB_CONTROL: control = 1; break;
    default: return 0;
    }
    if (facts & CICU_LINKING_CONSONANT) {
      if (after_virama) start = 0;
      after_consonant = 1;
      after_virama = 0;
    } else if ((facts & CICU_VIRAMA) && after_consonant) {
      after_virama = 1;
    } else if (!(facts & CICU_EXT_CCC)) {
      after_consonant = 0;
      after_virama = 0;
    }
    // Offset 0 starts the text's first cluster whatever its class.
    if (index > 0) starts[index] = start;
    after_control = control;
    after_cr = cr;
  }
  starts[count] = 1;
  return 1;
}

// The simple paragraphs' types, as `cicu_simple_bidi_levels` keeps them in `levels` while
// it resolves.
enum { CICU_BIDI_L = 0, CICU_BIDI_R = 1, CICU_BIDI_N = 2, CICU_BIDI_NSM = 3, CICU_BIDI_REFUSED = 4 };

// The simple paragraphs' type of a scalar from ICU's bidi class, or CICU_BIDI_REFUSED.
static uint8_t cicu_bidi_type_of(uint32_t value) {
  switch (u_charDirection((UChar32)value)) {
  case U_LEFT_TO_RIGHT: return CICU_BIDI_L;
  case U_RIGHT_TO_LEFT:
  case U_RIGHT_TO_LEFT_ARABIC: return CICU_BIDI_R;  // W3: AL is R
  case U_DIR_NON_SPACING_MARK: return CICU_BIDI_NSM;
  case U_OTHER_NEUTRAL:
    if (u_getIntPropertyValue((UChar32)value, UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_NONE)
      return CICU_BIDI_REFUSED;
    return CICU_BIDI_N;
  // W6 with no EN or AN in the paragraph: separators and terminators are ON.
  case U_WHITE_SPACE_NEUTRAL:
  case U_EUROPEAN_NUMBER_SEPARATOR:
  case U_EUROPEAN_NUMBER_TERMINATOR:
  case U_COMMON_NUMBER_SEPARATOR: return CICU_BIDI_N;
  default: return CICU_BIDI_REFUSED;
  }
}

// The types of the BMP's scalars met, + 1 (0: not known yet), kept for the process as
// `cicu_grapheme_facts_table` keeps the grapheme facts.
static uint8_t cicu_bidi_type_table[0x10000];

static inline uint8_t cicu_bidi_type(uint32_t value) {
  if (value < 0x80) {  // ASCII letters are L, the space WS
    if ((value | 0x20) - 0x61 < 26) return CICU_BIDI_L;
    if (value == 0x20) return CICU_BIDI_N;
  }
  if (value >= 0x10000) return cicu_bidi_type_of(value);
  uint8_t known = __atomic_load_n(&cicu_bidi_type_table[value], __ATOMIC_RELAXED);
  if (known) return known - 1;
  uint8_t type = cicu_bidi_type_of(value);
  __atomic_store_n(&cicu_bidi_type_table[value], (uint8_t)(type + 1), __ATOMIC_RELAXED);
  return type;
}

int32_t cicu_simple_bidi_levels(const uint32_t *scalars, int32_t count, uint8_t paragraph_level,
                                uint8_t *levels, uint8_t *resolved_level) {
  int32_t first_strong = -1;
  for (int32_t index = 0; index < count; index++) {
    uint8_t type = cicu_bidi_type(scalars[index]);
    if (type == CICU_BIDI_REFUSED) return 0;
    if (first_strong < 0 && type <= CICU_BIDI_R) first_strong = index;
    levels[index] = type;
  }
  // P2, P3: the first strong character's direction, left-to-right without one.
  uint8_t level = paragraph_level;
  if (level > 1) level = first_strong >= 0 && levels[first_strong] == CICU_BIDI_R ? 1 : 0;
  *resolved_level = level;
  uint8_t embedding = level & 1 ? CICU_BIDI_R : CICU_BIDI_L;  // sos, eos and e
  // W1: a mark takes the type before it (sos at the start).
  uint8_t before = embedding;
  for (int32_t index = 0; index < count; index++) {
    if (levels[index] == CICU_BIDI_NSM) {
      levels[index] = before;
    } else {
      before = levels[index];
    }
  }
  // N1, N2: a run of neutrals between two strong types that agree takes theirs, else e (so
  // whitespace at the end, before eos, is at the paragraph level: L1 has nothing to do);
  // then I1, I2.
  uint8_t strong_before = embedding;
  int32_t index = 0;
  while (index < count) {
    uint8_t type = levels[index];
    int32_t end = index + 1;
    if (type == CICU_BIDI_N) {
      while (end < count && levels[end] == CICU_BIDI_N) end++;
      uint8_t strong_after = end < count ? levels[end] : embedding;
      type = strong_before == strong_after ? strong_before : embedding;
    } else {
      strong_before = type;
    }
    uint8_t resolved = type == CICU_BIDI_R ? 1 : (level == 0 ? 0 : 2);
    for (int32_t at = index; at < end; at++) levels[at] = resolved;
    index = end;
  }
  return 1;
}

int32_t cicu_bidi_runs(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                       uint8_t *levels, int32_t *run_starts, int32_t *run_lengths,
                       uint8_t *run_levels, int32_t capacity, int32_t *rtl_paragraphs,
                       int32_t paragraph_capacity, int32_t *rtl_paragraph_count) {
  *rtl_paragraph_count = 0;
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status)) return -(int32_t)status;
  ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return -(int32_t)status;
  }
  const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return -(int32_t)status;
  }
  int32_t count = 0;
  int32_t start = 0;
  while (start < length) {
    UBiDiLevel level = resolved[start];
    int32_t end = start + 1;
    while (end < length && resolved[end] == level) end++;
    if (count < capacity) {
      run_starts[count] = start;
      run_lengths[count] = end - start;
      run_levels[count] = level;
    }
    for (int32_t i = start; i < end; i++) levels[i] = level;
    count++;
    start = end;
  }
  int32_t paragraphs = ubidi_countParagraphs(bidi);
  for (int32_t index = 0; index < paragraphs; index++) {
    int32_t paragraph_start = 0, paragraph_limit = 0;
    UBiDiLevel paragraph = 0;
    ubidi_getParagraphByIndex(bidi, index, &paragraph_start, &paragraph_limit, &paragraph,
                              &status);
    if (U_FAILURE(status)) {
      ubidi_close(bidi);
      return -(int32_t)status;
    }
    if ((paragraph & 1) == 0) continue;
    if (*rtl_paragraph_count < paragraph_capacity) {
      rtl_paragraphs[2 * *rtl_paragraph_count] = paragraph_start;
      rtl_paragraphs[2 * *rtl_paragraph_count + 1] = paragraph_limit;
    }
    (*rtl_paragraph_count)++;
  }
  ubidi_close(bidi);
  return count;
}

int32_t cicu_bidi_reorder_visual(const uint8_t *levels, int32_t length,
                                 int32_t *visual_to_logical) {
  if (length <= 0) return 0;
  // ubidi_reorderVisual reports no error; it accepts levels up to UBIDI_MAX_EXPLICIT_LEVEL + 1.
  for (int32_t i = 0; i < length; i++) {
    if (levels[i] > UBIDI_MAX_EXPLICIT_LEVEL + 1) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
  }
  ubidi_reorderVisual((const UBiDiLevel *)levels, length, visual_to_logical);
  return length;
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
