"""Colour vision (issue 37), second part: a colour that carries meaning has a second cue
(a dash, a ✕, a number, a marker) and widgets built with a colour take a new palette at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from companion.colours import Palette, palette_in_use, set_current


@pytest.fixture(autouse=True)
def standard_palette() -> Iterator[None]:
    """Each test starts and ends with the standard palette."""
    set_current(Palette.STANDARD)
    yield
    set_current(Palette.STANDARD)


def sorani_canvas(qtbot, cross_allowed: int):
    """A Sorani board holding the one-armed branch `i1`, which may go only on
    `cross_allowed` (not turned)."""
    from companion.games.sorani.board import Board
    from companion.games.sorani.catalogue import catalogue
    from companion.games.sorani.moves import Place
    from ui.games.sorani.board_widget import BoardCanvas

    canvas = BoardCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(460, 460)
    name = catalogue().lattice.cross_name(cross_allowed)
    canvas.set_board(Board.empty(), [Place("i1", name, 0)], "i1")
    canvas.show()
    qtbot.waitExposed(canvas)
    return canvas


def arm_drawn(canvas, cross: int) -> float:
    """Of points along the held branch's one arm (north-west) over `cross`, the share drawn
    differently from the board without the tile."""
    canvas.hover = None
    canvas.update()
    before = canvas.grab().toImage()
    canvas.hover = QPointF(canvas.cross_centre(cross))
    canvas.update()
    after: QImage = canvas.grab().toImage()
    scale = after.width() / canvas.width()
    centre = canvas.cross_centre(cross)
    reach = canvas.step() * 0.5 - canvas.step() * 0.34 * 0.3
    points = [(centre.x() - reach * t / 40, centre.y() - reach * t / 40) for t in range(16, 38)]
    changed = [before.pixelColor(int(x * scale), int(y * scale))
               != after.pixelColor(int(x * scale), int(y * scale)) for x, y in points]
    return sum(changed) / len(changed)


def test_a_sorani_branch_where_it_may_not_go_is_dashed_not_only_red(qtbot) -> None:
    canvas = sorani_canvas(qtbot, cross_allowed=7)
    assert canvas.move_at(canvas.cross_centre(7)) is not None
    assert canvas.move_at(canvas.cross_centre(12)) is None
    assert arm_drawn(canvas, 7) == 1.0  # a whole line where it may go
    assert arm_drawn(canvas, 12) < 0.8  # dashed where it may not (it used to be a red line)


# --- widgets built with a colour take a new palette at once ------------------------------------
@pytest.fixture
def choose_palette(qtbot, ctx, person):
    """Choose a palette as a person does, in Settings → Colours."""
    from ui.shell.settings import SettingsPage

    page = SettingsPage(ctx)
    qtbot.addWidget(page)

    def choose(palette: Palette) -> None:
        person.choose(page.palette_combo, palette.label("en"))

    return choose


def test_the_players_box_swatches_follow_a_new_palette(qtbot, choose_palette) -> None:
    from companion.colours import SEATS
    from ui.table.players_box import PlayersBox

    box = PlayersBox(2, 6)
    qtbot.addWidget(box)
    swatch = box.swatches[1]
    assert SEATS.hex("1", Palette.STANDARD) in swatch.styleSheet()
    assert swatch.text() == "2"  # the seat's number: the second cue
    choose_palette(Palette.TRITANOPIA)
    assert SEATS.hex("1", Palette.TRITANOPIA) in swatch.styleSheet()


def test_mokzo_player_frames_and_red_cards_follow_a_new_palette(qtbot, choose_palette) -> None:
    from companion.colours import RED_BLACK, SEATS
    from companion.games.mokzo.cards import deck
    from ui.games.mokzo.cards import PlayersPanel, tile

    panel = PlayersPanel()
    qtbot.addWidget(panel)
    box = panel._box(0)[0]
    red = tile(panel, next(card for card in deck() if card.is_red))
    assert SEATS.hex("0", Palette.STANDARD) in box.styleSheet()
    assert red.ink.name() == RED_BLACK.hex("red", Palette.STANDARD)
    choose_palette(Palette.DEUTERANOPIA)
    assert SEATS.hex("0", Palette.DEUTERANOPIA) in box.styleSheet()
    choose_palette(Palette.PROTANOPIA)
    assert red.ink.name() == RED_BLACK.hex("red", Palette.PROTANOPIA)


def test_etariya_hand_buttons_follow_a_new_palette(qtbot, english, choose_palette) -> None:
    from companion.colours import ETARIYA_STONES
    from tests.ui.keyboard import start_game
    from ui.games.etariya.play import play_view

    view = start_game(qtbot, play_view(None, animate=False), "etariya", {"expansions": []}, 7,
                      seats=[("Ann", None), ("Ben", None)])
    buttons = [b for b in view.screens.hand_group.buttons()
               if b.objectName()[5:] in ETARIYA_STONES.palettes[Palette.STANDARD]]
    assert buttons
    code = buttons[0].objectName()[5:]
    assert ETARIYA_STONES.hex(code, Palette.STANDARD) in buttons[0].styleSheet()
    choose_palette(Palette.DEUTERANOPIA)
    assert ETARIYA_STONES.hex(code, Palette.DEUTERANOPIA) in buttons[0].styleSheet()
    view.shutdown()


def test_etariya_tally_rows_follow_a_new_palette(qtbot, ctx, choose_palette) -> None:
    from companion.colours import ETARIYA_STONES
    from ui.games.etariya import pictures
    from ui.games.etariya.table_page import EtariyaTablePage

    page = EtariyaTablePage(ctx)
    qtbot.addWidget(page)
    codes = pictures.colour_codes()
    blue = page.tracker.colour_labels[codes.index("B")]
    assert blue.text() == "Blue"  # the colour's name: the second cue
    assert ETARIYA_STONES.hex("B", Palette.STANDARD) in blue.styleSheet()
    choose_palette(Palette.PROTANOPIA)
    assert ETARIYA_STONES.hex("B", Palette.PROTANOPIA) in blue.styleSheet()


def test_a_seat_tables_rows_follow_a_new_palette(qtbot, choose_palette) -> None:
    from companion.colours import SEATS
    from ui.play.seat_table import SeatTable

    table = SeatTable()
    qtbot.addWidget(table)
    table.fill([("米", "Rice")], [(0, "Ann", ["3"]), (1, "Ben", ["5"])])
    head = table.verticalHeaderItem(1)
    assert head.background().color().name() == SEATS.hex("1", Palette.STANDARD)
    choose_palette(Palette.DEUTERANOPIA)
    assert table.verticalHeaderItem(1).background().color().name() == SEATS.hex(
        "1", Palette.DEUTERANOPIA)


class BalancedCity:
    """An Equilibrium state as a city's frame reads it: position 1 holds a balanced city."""

    def city(self, pos: int) -> str:
        return "EW"

    def is_balanced(self, pos: int) -> bool:
        return True

    def side_sum(self, pos: int, side: int) -> int:
        return 0

    def stronger_sides(self, pos: int) -> list[int]:
        return []


def test_equilibrium_cards_and_balanced_cities_follow_a_new_palette(qtbot,
                                                                    choose_palette) -> None:
    from companion.colours import EQUILIBRIUM, EQUILIBRIUM_CITIES
    from ui.games.equilibrium.column import CityColumn, card_tile

    column = CityColumn()
    qtbot.addWidget(column)
    card = card_tile(column, "IE3")
    city = column._city(BalancedCity(), 1)
    assert card.fill.name() == EQUILIBRIUM.hex("I", Palette.STANDARD)
    assert card.text() == "IE3"  # the type's letter: the second cue
    assert city.fill.name() == EQUILIBRIUM_CITIES.hex("balanced", Palette.STANDARD)
    choose_palette(Palette.DEUTERANOPIA)
    assert card.fill.name() == EQUILIBRIUM.hex("I", Palette.DEUTERANOPIA)
    assert city.fill.name() == EQUILIBRIUM_CITIES.hex("balanced", Palette.DEUTERANOPIA)


# --- Statistics charts -------------------------------------------------------------------------
def marker_mask(slot: int) -> set[tuple[int, int]]:
    """The pixels a slot's marker covers, drawn large."""
    from PySide6.QtGui import QColor, QPainter

    from ui.shell.charts import draw_marker

    image = QImage(44, 44, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    draw_marker(painter, QPointF(22, 22), slot, 36)
    painter.end()
    return {(x, y) for x in range(44) for y in range(44)
            if image.pixelColor(x, y) != QColor("#ffffff")}


def test_chart_series_markers_differ_in_shape() -> None:
    masks = [marker_mask(slot) for slot in range(6)]
    for a in range(6):
        for b in range(a + 1, 6):
            assert len(masks[a] ^ masks[b]) > 80, (a, b)


def line_chart(qtbot, slot: int):
    from datetime import datetime

    from ui.shell.charts import LineChart

    chart = LineChart()
    qtbot.addWidget(chart)
    chart.resize(320, 240)
    chart.slots = {"Ann": slot}
    chart.set_data("Scores", {"Ann": [(datetime(2026, 1, 1), 10.0),
                                      (datetime(2026, 2, 1), 30.0)]})
    chart.show()
    qtbot.waitExposed(chart)
    return chart


def around_first_point(chart) -> tuple[QImage, set[tuple[int, int]], tuple[int, int]]:
    """The chart's picture, the pixels drawn near its first point (not the background) and
    that point."""
    image = chart.grab().toImage()
    area = chart.plot_area()
    scale = image.width() / chart.width()
    from ui.shell.charts import nice_max

    low, high = 0.0, nice_max(30.0)
    x = area.left()
    y = area.bottom() - area.height() * (10.0 - low) / (high - low)
    cx, cy = int(x * scale), int(y * scale)
    base = chart.palette().base().color()
    reach = int(6 * scale)
    drawn = {(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
             if image.pixelColor(cx + dx, cy + dy) != base}
    return image, drawn, (cx, cy)


def test_a_lines_points_carry_its_slots_marker_not_only_its_colour(qtbot) -> None:
    _image, circle, _point = around_first_point(line_chart(qtbot, 0))
    _image, square, _point = around_first_point(line_chart(qtbot, 1))
    assert circle != square  # it used to be the same dot in another colour


def test_chart_colours_and_legend_follow_a_new_palette(window, person, qtbot) -> None:
    from companion.colours import SEATS
    from tests.ui.test_colour_palettes import near

    person.click_sidebar(window, "Statistics")
    page = window.current_page()
    slot = page.scores_chart.slots["花子"]
    legend = page.legend.text()
    # the lines first (each its own colour and marker), then who only has a bar
    assert page.scores_chart.slots == {"Ben": 0, "Cho": 1, "花子": 2, "Dan": 3}
    markers = [legend.count(mark) for mark in "●■▲◆▼✚"]
    assert all(count <= 1 for count in markers) and sum(markers) == len(page.scores_chart.slots)
    assert SEATS.hex(str(slot), Palette.STANDARD) in legend
    person.click_sidebar(window, "Settings")
    person.choose(window.current_page().palette_combo, "Deuteranopia (green-weak)")
    assert SEATS.hex(str(slot), Palette.DEUTERANOPIA) in page.legend.text()
    person.click_sidebar(window, "Statistics")
    chart = line_chart(qtbot, slot)
    image, _drawn, (x, y) = around_first_point(chart)
    assert near(image.pixelColor(x, y), SEATS.hex(str(slot), Palette.DEUTERANOPIA), 10)


# --- other marks told apart by colour alone ----------------------------------------------------
def runs_along_top(board, cell: tuple[int, int], inset: int, ink: str) -> int:
    """How many separate runs of `ink` the frame `inset` pixels inside `cell` shows along its
    top edge."""
    from tests.ui.test_colour_palettes import near

    image = board.grab().toImage()
    scale = image.width() / board.width()
    rect = board.cell_rect(cell)
    y = int((rect.top() + inset) * scale)
    runs, inside = 0, False
    for x in range(int((rect.left() + inset + 4) * scale), int((rect.right() - inset - 4) * scale)):
        now = near(image.pixelColor(x, y), ink, 50)
        runs += now and not inside
        inside = now
    return runs


def test_etariya_last_move_is_framed_dotted_and_a_target_solid(qtbot) -> None:
    from ui.games.etariya.board_widget import BoardPicture, BoardWidget

    board = BoardWidget(coordinates=False)
    qtbot.addWidget(board)
    board.resize(420, 420)
    board.set_picture(BoardPicture(last=frozenset({(2, 2)}),
                                   stone_targets=frozenset({(4, 4)})))
    board.show()
    qtbot.waitExposed(board)
    assert runs_along_top(board, (4, 4), 3, "#1f9d3a") == 1  # where a stone may go: solid
    assert runs_along_top(board, (2, 2), 2, "#e0a000") >= 3  # the last move: dotted (was solid)


def test_cetkaik_piece_buttons_take_the_palettes_red_and_say_their_colour(qtbot, english,
                                                                          choose_palette) -> None:
    from PySide6.QtWidgets import QPushButton

    from companion.colours import RED_BLACK
    from ui.games.cetkaik.table_page import table_view

    page = table_view(None)
    qtbot.addWidget(page)
    red = page.tab(0).findChild(QPushButton, "add:rT")
    black = page.tab(0).findChild(QPushButton, "add:bT")
    assert red.text().startswith("赤") and black.text().startswith("黒")  # the second cue
    assert RED_BLACK.hex("red", Palette.STANDARD) in red.styleSheet()
    choose_palette(Palette.PROTANOPIA)
    assert RED_BLACK.hex("red", Palette.PROTANOPIA) in red.styleSheet()
    assert RED_BLACK.hex("black", Palette.PROTANOPIA) in black.styleSheet()


def test_alluvium_paint_buttons_and_sheet_tabs_follow_a_new_palette(qtbot, english,
                                                                   choose_palette) -> None:
    from PySide6.QtGui import QPalette

    from companion.colours import ALLUVIUM
    from companion.games.alluvium.profile import sheet_profile
    from ui.games.alluvium.map_widget import qcolor
    from ui.games.alluvium.table_page import AlluviumTablePage

    page = AlluviumTablePage(None, seed=3)
    qtbot.addWidget(page)
    tab = page.sheets_tab
    red = tab.palette_buttons["R"]
    assert red.text().startswith(sheet_profile().colour("R").symbol)  # the second cue
    first = sheet_profile().colour(page.game.colours[0])

    def shown() -> tuple[str, str]:
        return (red.palette().color(QPalette.ColorRole.Button).name(),
                tab.sheet_tabs.tabTextColor(0).name())

    def wanted() -> tuple[str, str]:
        return (qcolor(sheet_profile().colour("R"), 0.35).name(),
                qcolor(first).darker(140).name())

    standard = wanted()
    assert shown() == standard
    choose_palette(Palette.DEUTERANOPIA)
    assert ALLUVIUM.hex("R", Palette.DEUTERANOPIA) != ALLUVIUM.hex("R", Palette.STANDARD)
    assert shown() == wanted() != standard


def test_etariya_setup_score_chips_follow_a_new_palette(qtbot, ctx, choose_palette) -> None:
    from PySide6.QtCore import Qt

    from companion.colours import ETARIYA_STONES
    from ui.games.etariya.table_page import EtariyaTablePage

    page = EtariyaTablePage(ctx)
    qtbot.addWidget(page)
    tab = page.setup_tab
    tab.show()
    qtbot.mouseClick(tab.boxes["E"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tab.bar.new_button, Qt.MouseButton.LeftButton)
    assert "Blue" in tab.summary.text()  # each chip names its colour
    assert ETARIYA_STONES.hex("B", Palette.STANDARD) in tab.summary.text()
    choose_palette(Palette.DEUTERANOPIA)
    assert ETARIYA_STONES.hex("B", Palette.DEUTERANOPIA) in tab.summary.text()


def test_sorani_hand_tiles_take_a_new_palette_at_once(qtbot, english, choose_palette) -> None:
    from companion.games.sorani import board as bd
    from ui.games.sorani.board_widget import tile_pixmap
    from ui.games.sorani.play import play_view
    from ui.new_game_dialog import GameSetup, SeatChoice

    view = play_view(None)
    qtbot.addWidget(view)
    view.resize(1100, 760)
    view.show()
    view.start(GameSetup("sorani", {}, [SeatChoice("Ann", None)], 3, ""))

    def planet_button():
        return next((b for b in view.screens.hand_group.buttons()
                     if bd.is_planet(b.objectName()[5:]) and b.isVisible()), None)

    for _ in range(20):  # take a planet when one is on offer, else the first move
        if planet_button() is not None:
            break
        legal = view.controller.state.legal_moves()
        view.controller.play(next((m for m in legal if "planet" in str(m)), legal[0]))
    button = planet_button()
    assert button is not None
    tile = button.objectName()[5:]

    def icon_drawn_in(palette: Palette) -> bool:
        shown = planet_button().icon().pixmap(34, 34).toImage()
        with palette_in_use(palette):
            return shown == tile_pixmap(tile).toImage()

    assert icon_drawn_in(Palette.STANDARD)
    choose_palette(Palette.PROTANOPIA)
    assert icon_drawn_in(Palette.PROTANOPIA)  # it kept the standard colours until a move
    view.shutdown()


def test_equilibrium_hand_cards_are_painted_in_a_new_palette_at_once(qtbot,
                                                                    choose_palette) -> None:
    from PySide6.QtWidgets import QWidget

    from companion.colours import EQUILIBRIUM
    from tests.ui.test_colour_palettes import near
    from ui.games.equilibrium.play import CardButton, HandBox

    parent = QWidget()
    qtbot.addWidget(parent)
    hand = HandBox(parent)
    hand.show_hand(["IE3"], {"IE3"}, None)
    parent.show()
    qtbot.waitExposed(parent)
    card = hand.findChild(CardButton, "card:IE3")

    def fill() -> QColor:
        image = card.grab().toImage()
        return image.pixelColor(6, image.height() // 2)

    assert card.text() == "IE3"  # the type's letter: the second cue
    assert near(fill(), EQUILIBRIUM.hex("I", Palette.STANDARD), 8)
    choose_palette(Palette.DEUTERANOPIA)
    assert near(fill(), EQUILIBRIUM.hex("I", Palette.DEUTERANOPIA), 2)


def test_netxiju_squares_the_last_throw_crossed_are_framed_dashed_not_only_tinted(qtbot) -> None:
    from companion.games.netxiju.rules import TurnReport, new_state
    from tests.ui.test_colour_palettes import near
    from ui.games.netxiju.board_widget import TRAIL_EDGE, NetxijuBoard

    state = new_state(2, {})
    state.last = TurnReport(seat=0, cast=3, start=2, end=5, cups=0)
    board = NetxijuBoard()
    qtbot.addWidget(board)
    board.resize(640, 320)
    board.show_state(state)
    board.show()
    qtbot.waitExposed(board)
    image = board.grab().toImage()
    scale = image.width() / board.width()

    def dashes(index: int) -> int:
        rect = board.square_rect(index)
        y = int((rect.top() + 3) * scale)
        runs, inside = 0, False
        for x in range(int((rect.left() + 5) * scale), int((rect.right() - 5) * scale)):
            now = near(image.pixelColor(x, y), TRAIL_EDGE.name(), 40)
            runs += now and not inside
            inside = now
        return runs

    assert dashes(3) >= 3  # crossed by the throw: a dashed frame (it was a pale tint alone)
    assert dashes(8) == 0


class CapturedRedTiger:
    """A 机戦 state as a side's captured-pieces box reads it: one red 虎 taken, no hand."""

    def captured_pieces(self, side: int) -> dict[object, int]:
        from companion.games.cetkaik.pieces import Colour, Profession

        return {(Colour.RED, Profession.TIGER): 1}

    def hands(self, side: int) -> list[object]:
        return []


def test_cetkaik_captured_pieces_take_the_palettes_red(qtbot, english, choose_palette) -> None:
    import types

    from PySide6.QtWidgets import QPushButton, QWidget

    from companion.colours import RED_BLACK
    from ui.games.cetkaik.play import HandBox

    parent = QWidget()
    qtbot.addWidget(parent)
    box = HandBox(0, types.SimpleNamespace(drop=None), parent)  # type: ignore[arg-type]
    box.show_state(CapturedRedTiger(), ["Ann", "Ben"], [])
    button = box.findChild(QPushButton, "drop:rT:0")
    assert button.text().startswith("赤")  # the second cue
    assert RED_BLACK.hex("red", Palette.STANDARD) in button.styleSheet()
    choose_palette(Palette.PROTANOPIA)
    assert RED_BLACK.hex("red", Palette.PROTANOPIA) in button.styleSheet()
