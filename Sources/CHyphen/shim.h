/* libhyphen (Debian's libhyphen-dev): TeX hyphenation patterns from the LibreOffice
   dictionaries in /usr/share/hyphen, for TextStyle.hyphenation. It has no pkg-config file. */
#include <hyphen.h>
