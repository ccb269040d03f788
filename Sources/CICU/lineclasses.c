// Line_Break properties of scalars from ICU's property data, for the line-break pair table
// past ICU's iterator (`cicu_line_property_known`): the iterators themselves are in cicu.c.
#include "cicu.h"

#include <unicode/uchar.h>
#include <unicode/utypes.h>

int32_t cicu_line_break_value(const char *name) {
  return u_getPropertyValueEnum(UCHAR_LINE_BREAK, name);
}

// A scalar's Line_Break value (the low 6 bits), whether it is East Asian Fullwidth, Wide
// or Halfwidth (0x40), and a bit that is always set (a zero byte is an unknown scalar).
static uint8_t cicu_line_property_of(uint32_t value) {
  int32_t line_break = u_getIntPropertyValue((UChar32)value, UCHAR_LINE_BREAK);
  int32_t width = u_getIntPropertyValue((UChar32)value, UCHAR_EAST_ASIAN_WIDTH);
  uint8_t wide = width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH;
  return (uint8_t)(0x80 | wide << 6 | (line_break & 0x3F));
}

uint8_t cicu_line_property(uint32_t value) { return cicu_line_property_of(value); }

uint8_t cicu_line_property_table[0x10000];

uint8_t cicu_line_class_table[0x10000];

__attribute__((noinline, cold)) uint8_t cicu_line_property_met(uint32_t value) {
  uint8_t property = cicu_line_property_of(value);
  if (value < 0x10000)
    __atomic_store_n(&cicu_line_property_table[value], property, __ATOMIC_RELAXED);
  return property;
}
