"""Pango set up to measure as Caliper does: the one set-up every script that asks Pango uses.

So that a disagreement with Pango is a real difference in breaking, not in set-up:
- a private fontconfig file that lists only Fonts/ (no system font can take part);
- PangoCairo at 72 dpi, so 16 px = 16 pt; hint metrics off, hint style none, and
  set_round_glyph_positions(False): unrounded, unhinted advances;
- the bundled cascade as a family list (FAMILIES), absolute size 16 (`description`).

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from pango_setup import FIXTURES, FAMILIES, Pango, PangoCairo, fontmap, context, description

Importing it writes the fontconfig file and sets FONTCONFIG_FILE before Pango is loaded
(fontconfig reads it once). `private_fontconfig` alone (no Pango) serves Chromium.
Needs Debian's python3-gi, gir1.2-pango-1.0 and python3-gi-cairo.
"""
import os
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(ROOT, "Tests/CaliperTests/Fixtures")
# Caliper's bundled cascade (Sources/Caliper/Fonts/BundledFonts.swift), as Pango families.
FAMILIES = ("Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, "
            "Noto Sans Thai, Droid Sans Fallback, NanumGothic, Noto Color Emoji")


def private_fontconfig(directory, rendering=""):
    """Writes `directory`/fonts.conf, listing only Fonts/ (its cache in `directory`), with
    `rendering` (fontconfig <match> elements) inside; returns its path."""
    path = os.path.join(directory, "fonts.conf")
    with open(path, "w") as f:
        f.write(f"<fontconfig><dir>{ROOT}/Fonts</dir><cachedir>{directory}</cachedir>"
                f"{rendering}</fontconfig>")
    return path


def _context():
    os.environ["FONTCONFIG_FILE"] = private_fontconfig(tempfile.mkdtemp())
    import gi
    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    from gi.repository import Pango, PangoCairo
    import cairo
    fontmap = PangoCairo.FontMap.new()
    context = fontmap.create_context()
    PangoCairo.context_set_resolution(context, 72)
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    PangoCairo.context_set_font_options(context, options)
    context.set_round_glyph_positions(False)
    return Pango, PangoCairo, fontmap, context


def description(families=FAMILIES, size=16):
    """A font description of `families` at an absolute `size` in points (= px at 72 dpi)."""
    desc = Pango.FontDescription.from_string(families)
    desc.set_absolute_size(size * Pango.SCALE)
    return desc


Pango, PangoCairo, fontmap, context = _context()
