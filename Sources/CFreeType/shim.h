#include <ft2build.h>
#include FT_FREETYPE_H
/* FT_Set_Var_Design_Coordinates: drawing a variable font's instance as it was measured. */
#include FT_MULTIPLE_MASTERS_H
