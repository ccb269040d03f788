#include <ft2build.h>
#include FT_FREETYPE_H
/* FT_Set_Var_Design_Coordinates: drawing a variable font's instance as it was measured. */
#include FT_MULTIPLE_MASTERS_H
/* FT_Outline_EmboldenXY, FT_Outline_Transform, FT_Outline_Get_BBox: synthesized bold and
   oblique (Font+Synthesis.swift), drawn and measured for ink from one changed outline. */
#include FT_OUTLINE_H
#include FT_BBOX_H
