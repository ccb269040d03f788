"""What the fixture faces' make-fonts.py scripts share (needs fontTools)."""
from fontTools.pens.ttGlyphPen import TTGlyphPen


def glyph(width):
    """A TrueType glyph: a box 50 units in from each side of `width`, none for 0."""
    pen = TTGlyphPen(None)
    if width:
        pen.moveTo((50, 0))
        pen.lineTo((50, 500))
        pen.lineTo((width - 50, 500))
        pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()
