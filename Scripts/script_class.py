"""The script class of a paragraph, by its letters: one rule for every agreement table.

Read by Scripts/pango-breaks (the fixture's "script" field, which PangoAgreementTests groups
by) and Benchmarks/Scripts/report.py (agreement per script in RESULTS.md).
"""
import unicodedata

_PREFIXES = (("LATIN", "latin"), ("CYRILLIC", "cyrillic-greek"), ("GREEK", "cyrillic-greek"),
             ("ARABIC", "arabic-hebrew"), ("HEBREW", "arabic-hebrew"),
             ("DEVANAGARI", "devanagari"), ("CJK", "cjk"), ("HIRAGANA", "cjk"),
             ("KATAKANA", "cjk"), ("THAI", "thai"), ("HANGUL", "korean"))


def script_class(text):
    """The most frequent non-Latin class among the letters of `text`, else "latin"."""
    counts = {}
    for ch in text:
        if not unicodedata.category(ch).startswith("L"):
            continue
        name = unicodedata.name(ch, "")
        for key, label in _PREFIXES:
            if name.startswith(key):
                counts[label] = counts.get(label, 0) + 1
                break
        else:
            counts["other"] = counts.get("other", 0) + 1
    if not counts:
        return "latin"
    non_latin = {k: v for k, v in counts.items() if k != "latin"}
    return max(non_latin, key=non_latin.get) if non_latin else "latin"
