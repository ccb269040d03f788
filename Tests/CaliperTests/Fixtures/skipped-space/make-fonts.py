#!/usr/bin/env python3
"""Writes the skipped-space fixture faces (run by hand, never at test time; needs fontTools).

Faces of six glyphs (.notdef, space, a, b, c, acutecomb; 1000 units per em; advances 500,
250, 500, 600, 700, 0) whose space is in no coverage, class or glyph array of any lookup,
but which a lookup can skip: its GDEF glyph class (base, ligature, mark; a face without
GDEF glyph classes gets HarfBuzz's synthesized ones, the space a base) is one the lookup's
flag ignores (IgnoreBaseGlyphs, IgnoreLigatures, IgnoreMarks), or, a mark, one of another
mark attachment class (MarkAttachmentType) or outside the lookup's mark filtering set
(UseMarkFilteringSet); mark-to-base and mark-to-ligature attachment skip marks whatever
the flag, and the legacy `kern` table skips marks too. Such a lookup reaches from the word
before the space to the word after it without naming the space, so shaping word by word
("a " and "b" alone) gives other advances than HarfBuzz shaping "a b" whole.

Each face's layout is a feature file (FACES below); `kern.ttf` and `kern-space.ttf` have a
`kern` table (format 0) and no GPOS. Widths (hb-shape, HarfBuzz 6.0.0, font size = units
per em) are written next to the tests that use them (SkippedSpaceTests).
Usage: python3 Tests/CaliperTests/Fixtures/skipped-space/make-fonts.py
"""
import os
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from fixture_glyphs import glyph  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ORDER = [".notdef", "space", "a", "b", "c", "acutecomb"]
ADVANCES = {".notdef": 500, "space": 250, "a": 500, "b": 600, "c": 700, "acutecomb": 0}
CMAP = {0x20: "space", 0x61: "a", 0x62: "b", 0x63: "c", 0x301: "acutecomb"}

# GDEF glyph classes: (bases, ligatures, marks).
SPACE_BASE = "table GDEF { GlyphClassDef [space], , [acutecomb], ; } GDEF;\n"
SPACE_LIGATURE = "table GDEF { GlyphClassDef , [space], [acutecomb], ; } GDEF;\n"
SPACE_MARK = "table GDEF { GlyphClassDef [a b c], , [space acutecomb], ; } GDEF;\n"
PAIR = "pos a b 300;"  # a before b (the glyphs its flag lets it see): a's advance + 300

FACES = {
    # The space a base (a and b in no class), the pair lookup IgnoreBaseGlyphs.
    "skip-base.ttf": SPACE_BASE
    + "lookup PAIR { lookupflag IgnoreBaseGlyphs; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # The same pair lookup inside an extension lookup (GPOS 9).
    "skip-extension.ttf": SPACE_BASE
    + "lookup PAIR useExtension { lookupflag IgnoreBaseGlyphs; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # The space a ligature, the pair lookup IgnoreLigatures.
    "skip-ligature.ttf": SPACE_LIGATURE
    + "lookup PAIR { lookupflag IgnoreLigatures; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # The space a mark, the pair lookup IgnoreMarks.
    "skip-mark.ttf": SPACE_MARK
    + "lookup PAIR { lookupflag IgnoreMarks; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # The space a mark of attachment class 0, the lookup for marks of acutecomb's class.
    "skip-attachment.ttf": SPACE_MARK
    + "@ACCENTS = [acutecomb];\n"
    + "lookup PAIR { lookupflag MarkAttachmentType @ACCENTS; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # The space a mark outside the lookup's mark filtering set.
    "skip-filter.ttf": SPACE_MARK
    + "lookup PAIR { lookupflag UseMarkFilteringSet [acutecomb]; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # Controls: the space a mark in the lookup's mark filtering set, and a base that an
    # IgnoreMarks lookup sees: no lookup skips it, the face stays word by word.
    "kept-filter.ttf": SPACE_MARK
    + "lookup PAIR { lookupflag UseMarkFilteringSet [space acutecomb]; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    "kept-base.ttf": "table GDEF { GlyphClassDef [space a b c], , [acutecomb], ; } GDEF;\n"
    + "lookup PAIR { lookupflag IgnoreMarks; " + PAIR + " } PAIR;\n"
    + "feature kern { lookup PAIR; } kern;\n",
    # GSUB: a ligature of a and b over the space (IgnoreBaseGlyphs).
    "skip-ligature-subst.ttf": SPACE_BASE
    + "lookup LIGA { lookupflag IgnoreBaseGlyphs; sub a b by c; } LIGA;\n"
    + "feature liga { lookup LIGA; } liga;\n",
    # GSUB 8: a becomes c before b (lookahead), over the space.
    "skip-reverse.ttf": SPACE_BASE
    + "lookup REVERSE { lookupflag IgnoreBaseGlyphs; reversesub a' b by c; } REVERSE;\n"
    + "feature calt { lookup REVERSE; } calt;\n",
    # GPOS 8: a chained context (a, then b) calling a single positioning of a, over the space.
    "skip-chain.ttf": SPACE_BASE
    + "lookup WIDER { pos a 300; } WIDER;\n"
    + "lookup CHAIN { lookupflag IgnoreBaseGlyphs; pos a' lookup WIDER b; } CHAIN;\n"
    + "feature kern { lookup CHAIN; } kern;\n",
    # GPOS 3: a's exit joins b's entry over the space (a mark, IgnoreMarks).
    "skip-cursive.ttf": SPACE_MARK
    + "lookup CURSIVE { lookupflag IgnoreMarks;\n"
    + "  pos cursive a <anchor NULL> <anchor 400 0>;\n"
    + "  pos cursive b <anchor 100 0> <anchor NULL>; } CURSIVE;\n"
    + "feature curs { lookup CURSIVE; } curs;\n",
    # GPOS 4 with no flag: the acute after the space (a mark) finds its base a before it.
    "skip-mark-base.ttf": SPACE_MARK
    + "markClass acutecomb <anchor 0 500> @TOP;\n"
    + "lookup ATTACH { pos base a <anchor 250 700> mark @TOP; } ATTACH;\n"
    + "feature mark { lookup ATTACH; } mark;\n",
    # GPOS 6 (mark to mark) for acutecomb's attachment class: the acute after the space (a
    # mark of class 0) finds the acute before it.
    "skip-mark-mark.ttf": SPACE_MARK
    + "@ACCENTS = [acutecomb];\n"
    + "markClass acutecomb <anchor 0 500> @TOP;\n"
    + "lookup ATTACH { lookupflag MarkAttachmentType @ACCENTS;\n"
    + "  pos mark acutecomb <anchor 0 900> mark @TOP; } ATTACH;\n"
    + "feature mkmk { lookup ATTACH; } mkmk;\n",
    # Control: the same lookup IgnoreMarks, which mark to mark attachment ignores when it
    # looks for the first mark: the space stops it, and no lookup skips the space.
    "kept-mark-mark.ttf": SPACE_MARK
    + "markClass acutecomb <anchor 0 500> @TOP;\n"
    + "lookup ATTACH { lookupflag IgnoreMarks;\n"
    + "  pos mark acutecomb <anchor 0 900> mark @TOP; } ATTACH;\n"
    + "feature mkmk { lookup ATTACH; } mkmk;\n",
    # The legacy kern table, the space a mark (HarfBuzz kerns it skipping marks).
    "kern.ttf": SPACE_MARK,
    # The legacy kern table naming the space (no GDEF: the space a synthesized base).
    "kern-space.ttf": "",
}
# The faces with a `kern` table, and its pairs.
KERN = {"kern.ttf": {("a", "b"): 300}, "kern-space.ttf": {("space", "b"): -100}}


def kern_table(pairs):
    table = newTable("kern")
    table.version = 0
    subtable = KernTable_format_0()
    subtable.version, subtable.coverage, subtable.format = 0, 1, 0
    subtable.kernTable = dict(pairs)
    table.kernTables = [subtable]
    return table


def build(name, features):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(ORDER)
    fb.setupCharacterMap(CMAP)
    fb.setupGlyf({g: glyph(0 if g in ("space", "acutecomb") else ADVANCES[g]) for g in ORDER})
    fb.setupHorizontalMetrics({g: (ADVANCES[g], 0) for g in ORDER})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    family = "Caliper Skipped Space " + name[:-4].replace("-", " ").title()
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    if features:
        addOpenTypeFeaturesFromString(fb.font, features)
    if name in KERN:
        fb.font["kern"] = kern_table(KERN[name])
    fb.save(os.path.join(HERE, name))


for name, features in FACES.items():
    build(name, features)
