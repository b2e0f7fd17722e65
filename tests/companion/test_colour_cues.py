"""Colour is never the only cue on paper (issue 37): printed colours carry a letter or symbol,
and the printed colours are the palette's."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from companion.colours import ALLUVIUM, Palette, palette_in_use
from companion.export.pdf import Rect


def alluvium_sheet_text(palette: Palette) -> tuple[str, bytes]:
    from companion.games.alluvium.printing import SheetView, TrackView, draw_sheet

    view = SheetView(players=3, lang="en", owner="R", name="Ann",
                     tracks=[TrackView("G", 3), TrackView("N", 1)])
    out = io.BytesIO()
    canvas = Canvas(out)
    with palette_in_use(palette):
        draw_sheet(view, canvas, Rect(40, 40, 500, 760))
    canvas.showPage()
    canvas.save()
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    content = page.get_contents()
    assert content is not None
    return page.extract_text(), content.get_data()


def test_alluviums_printed_colour_boxes_carry_their_paints_symbol() -> None:
    text, _ = alluvium_sheet_text(Palette.STANDARD)
    # the sheet's own colour (red △) and the two tracks' colours (green □, brown ◇)
    assert "△" in text and "□" in text and "◇" in text


def fills(content: bytes) -> list[tuple[float, ...]]:
    """Every fill colour (`r g b rg`) a page's content sets."""
    found = re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) rg", content)
    return [tuple(float(v) for v in rgb) for rgb in found]


def uses(content: bytes, rgb: tuple[float, float, float]) -> bool:
    return any(all(abs(a - b) < 0.005 for a, b in zip(fill, rgb, strict=True))
               for fill in fills(content))


def test_alluviums_printed_colours_follow_the_palette() -> None:
    _, standard = alluvium_sheet_text(Palette.STANDARD)
    _, deuteranopia = alluvium_sheet_text(Palette.DEUTERANOPIA)
    for letter in ("R", "G", "N"):
        assert uses(standard, ALLUVIUM.rgb(letter, Palette.STANDARD))
        assert uses(deuteranopia, ALLUVIUM.rgb(letter, Palette.DEUTERANOPIA))
        assert not uses(deuteranopia, ALLUVIUM.rgb(letter, Palette.STANDARD))
