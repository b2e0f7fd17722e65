"""Colour vision (issue 37): the palette chosen in Settings is used at once and remembered,
the boards draw the games' meaningful colours from it, and each such colour also shows a
second cue (a letter, a number, a symbol or a double frame)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage

from companion.colours import ETARIYA_STONES, Palette, current, set_current
from ui.i18n import language


@pytest.fixture(autouse=True)
def standard_palette() -> Iterator[None]:
    """Each test starts and ends with the standard palette."""
    set_current(Palette.STANDARD)
    yield
    set_current(Palette.STANDARD)


def near(pixel: QColor, expected: str, tolerance: int = 6) -> bool:
    want = QColor(expected)
    return all(abs(a - b) <= tolerance for a, b in ((pixel.red(), want.red()),
                                                    (pixel.green(), want.green()),
                                                    (pixel.blue(), want.blue())))


def test_a_palette_chosen_in_settings_is_used_at_once_and_remembered(window, person, ctx,
                                                                     qtbot) -> None:
    from ui.main_window import MainWindow

    person.click_sidebar(window, "Settings")
    page = window.current_page()
    assert page.colour_box.title() == "Colours"
    assert [page.palette_combo.itemText(i) for i in range(page.palette_combo.count())] == [
        "Standard", "Deuteranopia (green-weak)", "Protanopia (red-weak)",
        "Tritanopia (blue-weak)"]
    person.choose(page.palette_combo, "Protanopia (red-weak)")
    assert current() is Palette.PROTANOPIA
    assert ctx.settings.value("colour/palette") == "protanopia"
    language().set("ja")
    assert page.colour_box.title() == "色"
    assert page.palette_combo.currentText() == "1型色覚（赤が弱い）向け"
    assert "二重枠" in page.palette_note.text()
    language().set("en")
    set_current(Palette.STANDARD)  # as at a new start
    again = MainWindow(ctx)
    qtbot.addWidget(again)
    assert current() is Palette.PROTANOPIA


def stone_board(qtbot, stack: tuple[str, ...]):
    from ui.games.etariya.board_widget import BoardPicture, BoardWidget

    board = BoardWidget(coordinates=False)
    qtbot.addWidget(board)
    board.resize(420, 420)
    board.set_picture(BoardPicture(stones={(3, 3): stack}))
    board.show()
    qtbot.waitExposed(board)
    return board


def stone_pixel(board) -> QColor:
    """The colour drawn a little left of the stone's centre (past its letter)."""
    rect = board.cell_rect((3, 3))
    image: QImage = board.grab().toImage()
    scale = image.width() / board.width()
    point = rect.center()
    return image.pixelColor(int((point.x() - rect.width() * 0.24) * scale),
                            int(point.y() * scale))


def test_etariya_stones_follow_the_palette_at_once(qtbot) -> None:
    from ui.play.palette import use_palette

    board = stone_board(qtbot, ("B",))
    assert near(stone_pixel(board), ETARIYA_STONES.hex("B", Palette.STANDARD))
    use_palette(Palette.DEUTERANOPIA)
    qtbot.waitUntil(lambda: near(stone_pixel(board),
                                 ETARIYA_STONES.hex("B", Palette.DEUTERANOPIA)))


def test_an_etariya_stack_shows_its_colour_letter_and_height(english) -> None:
    from ui.games.etariya.board_widget import stack_mark

    assert stack_mark(("R",)) == "R"
    assert stack_mark(("R", "G", "B")) == "B3"  # it used to show only "3"
    language().set("ja")
    assert stack_mark(("R", "G", "B")) == "青3"
    assert stack_mark(("V",)) == "紫"


def fill_colours(pdf: bytes) -> list[tuple[float, float, float]]:
    """Every fill colour (`r g b rg`) set on the first page of a PDF."""
    import io
    import re

    from pypdf import PdfReader

    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents()
    assert content is not None
    text = content.get_data().decode("latin-1")
    return [(float(r), float(g), float(b))
            for r, g, b in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg", text)]


def etariya_board_pdf(stack: tuple[str, ...]) -> tuple[bytes, str]:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from companion.export.pdf import Rect
    from companion.games.etariya.printing import PrintBoard, draw_board

    out = io.BytesIO()
    canvas = Canvas(out)
    draw_board(PrintBoard(factions=("L" * 7,) * 7, stones={(3, 3): stack}), canvas,
               Rect(40, 40, 400, 400))
    canvas.showPage()
    canvas.save()
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(out.getvalue()))
    return out.getvalue(), reader.pages[0].extract_text()


def has_colour(fills: list[tuple[float, float, float]], hex_colour: str) -> bool:
    want = QColor(hex_colour)
    return any(all(abs(a - b) < 0.01 for a, b in zip(fill, (want.redF(), want.greenF(),
                                                            want.blueF()), strict=True))
               for fill in fills)


def test_an_etariya_pdf_follows_the_palette_and_names_a_stacks_colour() -> None:
    from companion.colours import palette_in_use

    pdf, text = etariya_board_pdf(("R", "B"))
    assert has_colour(fill_colours(pdf), ETARIYA_STONES.hex("B", Palette.STANDARD))
    assert "B2" in text  # the letter with the height (it used to print "2" alone)
    with palette_in_use(Palette.TRITANOPIA):
        pdf, _text = etariya_board_pdf(("R", "B"))
    fills = fill_colours(pdf)
    assert has_colour(fills, ETARIYA_STONES.hex("B", Palette.TRITANOPIA))
    assert not has_colour(fills, ETARIYA_STONES.hex("B", Palette.STANDARD))


def frame_lines(image: QImage, y: int, ink: str, across: int) -> int:
    """How many separate runs of `ink` a row of `image` crosses in its first `across` pixels."""
    runs, inside = 0, False
    for x in range(across):
        now = near(image.pixelColor(x, y), ink, 60)
        runs += now and not inside
        inside = now
    return runs


@pytest.mark.parametrize("palette", [Palette.STANDARD, Palette.PROTANOPIA])
def test_a_red_card_is_framed_twice_and_a_black_card_once(qtbot, palette: Palette) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    from companion.colours import RED_BLACK
    from companion.games.nincetkaik.deck import parse_card
    from ui.games.nincetkaik.cards import paint_card

    set_current(palette)
    frames = {}
    for name in ("r5", "b5"):
        image = QImage(84, 120, QImage.Format.Format_ARGB32)
        image.fill(QColor("#ffffff"))
        painter = QPainter(image)
        paint_card(painter, QRectF(0, 0, 84, 120), parse_card(name))
        painter.end()
        ink = RED_BLACK.hex("red" if name[0] == "r" else "black", palette)
        frames[name] = frame_lines(image, 60, ink, 12)
    assert frames == {"r5": 2, "b5": 1}


def test_an_alluvium_piece_that_does_not_fit_is_crossed_out_not_only_red(qtbot,
                                                                          english) -> None:
    from PySide6.QtCore import Qt

    from tests.ui.keyboard import start_game
    from ui.games.alluvium.play import play_view

    view = start_game(qtbot, play_view(None), "alluvium", seed=11,
                      seats=[("Ann", None), ("Ben", None), ("Cy", None)])
    view.resize(600, 700)
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    board = view.screens.board
    qtbot.mouseMove(board, board.cell_center((0, 0)))
    qtbot.waitUntil(lambda: board.hover == (0, 0))
    assert board.preview_move() is None  # round 1: a corner covers no start cell
    image = board.grab().toImage()
    scale = image.width() / board.width()
    centre = board.cell_rect(board.preview()[0]).center()
    assert near(image.pixelColor(int(centre.x() * scale), int(centre.y() * scale)), "#7a1414",
                30)
    view.shutdown()


def test_a_play_pages_side_texts_take_the_new_palette_at_once(qtbot, english) -> None:
    from tests.ui.keyboard import start_game
    from ui.games.etariya.play import play_view
    from ui.play.palette import use_palette

    view = start_game(qtbot, play_view(None, animate=False), "etariya", {"expansions": []}, 7,
                      seats=[("Ann", None), ("Ben", None)])
    hand = view.controller.state.hand(0)
    sides = view.screens.sides_label
    assert ETARIYA_STONES.hex(hand[0], Palette.STANDARD) in sides.text()
    use_palette(Palette.DEUTERANOPIA)
    assert ETARIYA_STONES.hex(hand[0], Palette.DEUTERANOPIA) in sides.text()
    view.shutdown()


def test_a_seat_tables_rows_carry_the_seat_number_beside_the_seat_colour(qtbot) -> None:
    from companion.colours import SEATS
    from ui.play.seat_table import SeatTable

    table = SeatTable()
    qtbot.addWidget(table)
    set_current(Palette.TRITANOPIA)
    table.fill([("米", "Rice")], [(0, "Ann", ["3"]), (1, "Ben", ["5"])])
    heads = [table.verticalHeaderItem(r) for r in range(2)]
    assert [head.text() for head in heads] == ["1 Ann", "2 Ben"]  # was the name alone
    assert heads[1].background().color().name() == SEATS.hex("1", Palette.TRITANOPIA)


def test_a_sorani_tile_where_it_may_not_go_is_ringed_dotted_not_only_red(qtbot,
                                                                        english) -> None:
    import math

    from PySide6.QtCore import QPointF

    from companion.games.sorani import board as bd
    from tests.ui.conftest import offered
    from ui.games.sorani.board_widget import BAD, GOOD
    from ui.games.sorani.play import play_view
    from ui.new_game_dialog import GameSetup, SeatChoice

    view = play_view(None)
    qtbot.addWidget(view)
    view.resize(1100, 760)
    view.show()
    view.start(GameSetup("sorani", {}, [SeatChoice("Ann", None)], 3, ""))
    canvas = view.screens.canvas
    for _ in range(30):  # take tiles and place branches until a round tile can be placed
        qtbot.waitUntil(lambda: bool(canvas.legal or offered(view)))
        rounds = [m for m in canvas.legal if not bd.is_branch(m.tile)]
        if rounds:
            break
        if canvas.legal:
            view.controller.play(canvas.legal[0])
        else:
            offered(view)[0].click()
    button = next(b for b in view.screens.hand_group.buttons()
                  if b.objectName() == f"hand:{rounds[0].tile}")
    button.click()
    assert canvas.tile == rounds[0].tile
    board = canvas.board
    empty = [s for s, code in enumerate(board.cells) if not code]

    def ring(space: int) -> tuple[int, int]:
        """How many points round the hovered space are drawn red, and green."""
        canvas.hover = QPointF(canvas.space_centre(space))
        canvas.update()
        image = canvas.grab().toImage()
        scale = image.width() / canvas.width()
        centre, radius = canvas.space_centre(space), canvas.step() * 0.34 + 3
        points = [QPointF(centre.x() + radius * math.cos(a * math.pi / 36),
                          centre.y() + radius * math.sin(a * math.pi / 36)) for a in range(72)]
        colours = [image.pixelColor(int(p.x() * scale), int(p.y() * scale)) for p in points]
        return (sum(near(c, BAD.name(), 40) for c in colours),
                sum(near(c, GOOD.name(), 40) for c in colours))

    refused = next(s for s in empty if canvas.move_at(canvas.space_centre(s)) is None)
    allowed = next(s for s in empty if canvas.move_at(canvas.space_centre(s)) is not None)
    red, _green = ring(refused)
    _red, green = ring(allowed)
    assert green > 60  # a whole ring where it may go
    assert 10 < red < 50  # dotted where it may not (it used to be a whole red ring)
    view.shutdown()
