"""Colour is never the only cue on paper (issue 37): printed colours carry a letter or symbol,
and the printed colours are the palette's."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from companion.colours import ALLUVIUM, RED_BLACK, Palette, palette_in_use
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


def cetkaik_board_content(colour_name: str) -> bytes:
    """The printed board's drawing commands with one king of `colour_name` in the centre."""
    from companion.games.cetkaik.pieces import Colour, Profession

    squares: list[tuple[Colour, Profession, int] | None] = [None] * 81
    squares[40] = (Colour[colour_name], Profession.KING, 0)
    return printed_board_content(squares)


def printed_board_content(squares: list[Any]) -> bytes:
    """The drawing commands of a 机戦 board printed with these squares' pieces."""
    from companion.games.cetkaik.printing import BoardPicture, draw_board

    out = io.BytesIO()
    canvas = Canvas(out)
    draw_board(BoardPicture(tuple(squares), -1), canvas, Rect(40, 40, 500, 500))
    canvas.showPage()
    canvas.save()
    content = PdfReader(io.BytesIO(out.getvalue())).pages[0].get_contents()
    assert content is not None
    return content.get_data()


def test_a_printed_red_cetkaik_piece_is_framed_twice() -> None:
    def frames(content: bytes) -> int:  # rounded rectangles: closed paths ("h")
        return content.count(b"\nh\n")

    red, black = cetkaik_board_content("RED"), cetkaik_board_content("BLACK")
    assert frames(red) == frames(black) + 1


@pytest.mark.parametrize(("lang", "key"), [("en", "Red pieces are underlined."),
                                           ("ja", "赤い駒には下線があります。")])
def test_cetkaiks_rules_diagram_underlines_red_pieces_and_says_so(lang: str, key: str) -> None:
    from companion.games.cetkaik.diagrams import board_html

    html = board_html(lang=lang)
    assert key in html
    assert html.count("decoration: underline") == html.count(RED_BLACK.hex("red", Palette.STANDARD))
    assert "underline" in html and key not in board_html(lang=lang, pieces=False)


def test_printed_water_and_hue_squares_carry_lines_besides_their_colour() -> None:
    def strokes(content: bytes) -> int:  # straight lines drawn: "n x y m x y l S"
        return len(re.findall(rb"n [\d.]+ [\d.]+ m [\d.]+ [\d.]+ l S", content))

    # 8 water squares (the centre is the 皇's) lined 5 times, 8 hue squares hatched 11 times
    assert strokes(printed_board_content([None] * 81)) == 8 * 5 + 8 * 11


@pytest.mark.parametrize("game_id", ["cetkaik", "cetkaik_education", "cetkaik_old"])
def test_cetkaiks_rules_board_marks_each_square_kind_besides_its_colour(game_id: str) -> None:
    from companion.games.cetkaik.diagrams import HILL, HUE, WATER, board_html
    from companion.games.cetkaik.variants import variant_of

    variant = variant_of(game_id)
    board = variant.board
    html = board_html(variant, "en", pieces=False)
    cells = re.findall(r'<td bgcolor="(#\w+)"[^>]*>(.*?)</td>', html, re.S)
    assert len(cells) == board.size
    kinds = {WATER: "水", HUE: "処", HILL: "山"}
    for colour, inner in cells:  # every coloured square says what it is (it used to be blank)
        assert (kinds[colour] in inner) if colour in kinds else "&nbsp;" in inner
    from companion.games import registry
    from companion.resources import rules_text

    for lang, words in (("en", "marked 水"), ("ja", "「水」の字")):  # the text names the mark
        assert words in rules_text(registry.get(game_id).rules, lang)


def test_cetkaiks_move_diagrams_dot_a_line_that_may_pass_a_piece() -> None:
    from companion.games.cetkaik.diagrams import pattern_cells
    from companion.games.cetkaik.movement import STANDARD_MOVES
    from companion.games.cetkaik.pieces import Profession

    passing = pattern_cells(STANDARD_MOVES[Profession.SHAMAN][1])
    ranging = pattern_cells(STANDARD_MOVES[Profession.HORSE][1])
    lines = [re.sub(r"<[^>]+>", "", mark) for mark in passing.values()]
    assert lines and set(lines) <= set("┆┄⋰⋱")  # dotted, not only blue (it was │ ─ ╱ ╲)
    assert ranging[(0, 0)] == "╲"  # a line that may not pass stays solid
