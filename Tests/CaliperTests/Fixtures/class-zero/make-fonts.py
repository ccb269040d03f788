#!/usr/bin/env python3
"""Writes the class-zero fixture faces (run by hand, never at test time; needs fontTools).

Faces of four glyphs (.notdef, space, a, b; 1000 units per em; advances 500, 250, 500,
600) whose space is in no class, no coverage and no glyph array of any lookup: it takes
part only as class 0 (every glyph a class definition leaves out) of one class-based
(format 2) chained contextual positioning rule, which HarfBuzz's
`hb_ot_layout_lookup_collect_glyphs` does not collect.

- class-zero-before.ttf: "b after a class-0 glyph" (backtrack class 0, input b) adds 300
  to b's advance (the rule's nested lookup, a single positioning). In
  "a b" the class-0 glyph before b is the space, which ends the word before: shaped word
  by word ("a " and "b" alone) b has nothing before it and stays 600 wide.
- class-zero-after.ttf: "a before a class-0 glyph" (input a, lookahead class 0) adds 300
  to a's advance. The class-0 glyph can be the last glyph of the rule's span only, so in
  "a b" it is the space after a, in the same word piece ("a "): alone or in context, the
  same.
- class-zero-made.ttf: class-zero-before's rule, and a GSUB ligature (liga) "a a" -> b, so
  that a run without b can hold b: the face has no wakers (SpaceWakers' closure).

Widths (hb-shape, HarfBuzz 6.0.0, font size = units per em) are written next to the tests
that use them (ClassZeroContextTests).
Usage: python3 Tests/CaliperTests/Fixtures/class-zero/make-fonts.py
"""
import os
import sys

from fontTools.fontBuilder import FontBuilder
from fontTools.ttLib import newTable
from fontTools.ttLib.tables import otTables

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from fixture_glyphs import glyph  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ORDER = [".notdef", "space", "a", "b"]
ADVANCES = {".notdef": 500, "space": 250, "a": 500, "b": 600}

# Each face's one rule, as (coverage, backtrack classes, input classes, lookahead classes,
# the rule's backtrack, lookahead): a and b are listed, the space is in class 0 by omission.
RULES = {
    # b (input class 1) after a class-0 glyph: backtrack [0].
    "class-zero-before.ttf": (["b"], {"a": 1}, {"b": 1}, {}, [0], [], "b"),
    # a (input class 1) before a class-0 glyph: lookahead [0].
    "class-zero-after.ttf": (["a"], {}, {"a": 1}, {"b": 1}, [], [0], "a"),
    # class-zero-before's rule, and a GSUB ligature (liga) that makes b of "aa".
    "class-zero-made.ttf": (["b"], {"a": 1}, {"b": 1}, {}, [0], [], "b"),
}
# The faces with a GSUB ligature "a a" -> b.
LIGATURES = {"class-zero-made.ttf"}


def class_def(classes):
    table = otTables.ClassDef()
    table.classDefs = dict(classes)
    return table


def coverage(glyphs):
    table = otTables.Coverage()
    table.glyphs = list(glyphs)
    return table


def gpos(rule):
    """Lookup 0: the chained context rule (format 2) calling lookup 1, which adds 300 to
    the moved glyph's x advance (single positioning, format 1)."""
    cover, backtrack, input_, lookahead, before, after, moved = rule
    single = otTables.SinglePos()
    single.Format = 1
    single.Coverage = coverage([moved])
    single.ValueFormat = 4
    single.Value = otTables.ValueRecord()
    single.Value.XAdvance = 300
    chain = otTables.ChainContextPos()
    chain.Format = 2
    chain.Coverage = coverage(cover)
    chain.BacktrackClassDef = class_def(backtrack)
    chain.InputClassDef = class_def(input_)
    chain.LookAheadClassDef = class_def(lookahead)
    record = otTables.PosLookupRecord()
    record.SequenceIndex = 0
    record.LookupListIndex = 1
    rule_ = otTables.ChainPosClassRule()
    rule_.Backtrack, rule_.BacktrackGlyphCount = before, len(before)
    rule_.Input, rule_.InputGlyphCount = [], 1
    rule_.LookAhead, rule_.LookAheadGlyphCount = after, len(after)
    rule_.PosLookupRecord, rule_.PosCount = [record], 1
    rules = otTables.ChainPosClassSet()
    rules.ChainPosClassRule, rules.ChainPosClassRuleCount = [rule_], 1
    chain.ChainPosClassSet, chain.ChainPosClassSetCount = [None, rules], 2
    lookups = []
    for kind, subtable in ((8, chain), (1, single)):
        lookup = otTables.Lookup()
        lookup.LookupType, lookup.LookupFlag = kind, 0
        lookup.SubTable, lookup.SubTableCount = [subtable], 1
        lookups.append(lookup)
    table = otTables.GPOS()
    table.Version = 0x00010000
    table.LookupList = otTables.LookupList()
    table.LookupList.Lookup, table.LookupList.LookupCount = lookups, 2
    features(table, "kern", [0])
    wrapper = newTable("GPOS")
    wrapper.table = table
    return wrapper


def features(table, tag, lookups):
    """A feature `tag` of `lookups` for every script, set on `table` (GSUB or GPOS)."""
    feature = otTables.Feature()
    feature.LookupListIndex, feature.LookupCount = lookups, len(lookups)
    record = otTables.FeatureRecord()
    record.FeatureTag, record.Feature = tag, feature
    table.FeatureList = otTables.FeatureList()
    table.FeatureList.FeatureRecord, table.FeatureList.FeatureCount = [record], 1
    language = otTables.DefaultLangSys()
    language.ReqFeatureIndex, language.FeatureIndex, language.FeatureCount = 0xFFFF, [0], 1
    language.LookupOrder = None
    script = otTables.Script()
    script.DefaultLangSys, script.LangSysRecord, script.LangSysCount = language, [], 0
    records = []
    for script_tag in ("DFLT", "latn"):
        record = otTables.ScriptRecord()
        record.ScriptTag, record.Script = script_tag, script
        records.append(record)
    table.ScriptList = otTables.ScriptList()
    table.ScriptList.ScriptRecord, table.ScriptList.ScriptCount = records, 2


def gsub_ligature():
    """One ligature substitution (liga): a a -> b."""
    ligature = otTables.Ligature()
    ligature.LigGlyph, ligature.Component, ligature.CompCount = "b", ["a"], 2
    subtable = otTables.LigatureSubst()
    subtable.Format = 1
    subtable.ligatures = {"a": [ligature]}
    lookup = otTables.Lookup()
    lookup.LookupType, lookup.LookupFlag = 4, 0
    lookup.SubTable, lookup.SubTableCount = [subtable], 1
    table = otTables.GSUB()
    table.Version = 0x00010000
    table.LookupList = otTables.LookupList()
    table.LookupList.Lookup, table.LookupList.LookupCount = [lookup], 1
    features(table, "liga", [0])
    wrapper = newTable("GSUB")
    wrapper.table = table
    return wrapper


def build(name, rule):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(ORDER)
    fb.setupCharacterMap({0x20: "space", 0x61: "a", 0x62: "b"})
    fb.setupGlyf({g: glyph(0 if g == "space" else ADVANCES[g]) for g in ORDER})
    fb.setupHorizontalMetrics({g: (ADVANCES[g], 0) for g in ORDER})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    family = "Caliper Class Zero " + name.split("-")[-1].split(".")[0].title()
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.font["GPOS"] = gpos(rule)
    if name in LIGATURES:
        fb.font["GSUB"] = gsub_ligature()
    fb.save(os.path.join(HERE, name))


for name, rule in RULES.items():
    build(name, rule)
