"""A board kept as a picture: drawn again only when what it shows changes, so the repaints
of a play page while a computer thinks cost a copy, never a redraw of a stale board."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from ui.games.mokzo.board_widget import RoadBoard
from ui.play.frame import SeatCard
from ui.play.widgets import PictureCache


class Canvas(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.shown = "red"
        self.draws = 0
        self.overlays = 0
        self.cache = PictureCache()
        self.resize(60, 40)

    def paintEvent(self, event: object) -> None:
        self.cache.paint(self, (self.shown,), self.draw, self.overlay)

    def draw(self, painter: QPainter) -> None:
        self.draws += 1
        if self.shown == "corner":  # only a corner: the rest must show what lies beneath
            painter.fillRect(0, 0, 5, 5, QColor("green"))
        else:
            painter.fillRect(self.rect(), QColor(self.shown))

    def overlay(self, painter: QPainter) -> None:
        self.overlays += 1


def centre_colour(widget: QWidget) -> str:
    return widget.grab().toImage().pixelColor(widget.width() // 2, widget.height() // 2).name()


def test_the_picture_is_drawn_once_until_what_it_shows_changes(qtbot) -> None:
    canvas = Canvas()
    qtbot.addWidget(canvas)
    assert centre_colour(canvas) == "#ff0000"
    for _ in range(3):
        canvas.grab()
    assert canvas.draws == 1
    assert canvas.overlays == 4  # what follows the pointer is drawn at every paint
    canvas.shown = "blue"
    assert centre_colour(canvas) == "#0000ff"
    assert canvas.draws == 2


def test_a_new_size_or_a_cleared_cache_draws_again(qtbot) -> None:
    canvas = Canvas()
    qtbot.addWidget(canvas)
    canvas.grab()
    canvas.resize(80, 50)
    canvas.grab()
    assert canvas.draws == 2
    canvas.cache.clear()
    canvas.grab()
    assert canvas.draws == 3


def test_a_redrawn_picture_keeps_nothing_of_the_last_one(qtbot) -> None:
    canvas = Canvas()
    qtbot.addWidget(canvas)
    canvas.grab()
    canvas.shown = "corner"
    image = canvas.grab().toImage()
    assert image.pixelColor(2, 2).name() == "#008000"
    assert image.pixelColor(30, 20) != QColor("red")
    canvas.cache.clear()
    canvas.shown = "blue"
    assert centre_colour(canvas) == "#0000ff"


def test_a_board_shows_each_new_position_at_once(qtbot) -> None:
    road = RoadBoard()
    qtbot.addWidget(road)
    road.resize(300, 300)
    road.show_pieces([0, 0])
    before = road.grab().toImage()
    road.show_pieces([5, 0], mover=0)
    assert road.grab().toImage() != before


def test_a_road_or_a_tude_board_draws_its_ground_once_for_many_positions(
        qtbot, monkeypatch) -> None:
    """行山's road and 連船之遊's squares and tracks are kept as pictures: positions shown one
    after another draw their pieces, never the ground again, until the size changes."""
    import random

    from PySide6.QtGui import QPixmapCache

    from companion.bots.playout import playout
    from companion.games import registry
    from ui.games.tudepijume.board_widget import TudeBoard

    grounds: list[str] = []
    monkeypatch.setattr(RoadBoard, "_draw_road", lambda self, painter: grounds.append("road"))
    monkeypatch.setattr(TudeBoard, "_draw_ground", lambda self, painter: grounds.append("tude"))
    road, tude = RoadBoard(), TudeBoard()
    for board in (road, tude):
        qtbot.addWidget(board)
        board.resize(400, 300)
    QPixmapCache.clear()
    state = registry.get("tudepijume").create(2)
    rng = random.Random(3)
    for step in range(4):
        road.show_pieces([step, 2 * step], mover=step % 2)
        tude.show_state(state)
        road.grab()
        tude.grab()
        playout(state, rng, max_steps=3)
    assert grounds == ["road", "tude"]
    road.resize(420, 300)
    road.grab()
    assert grounds == ["road", "tude", "road"]


def test_a_tile_is_painted_in_its_colours_without_a_style_sheet(qtbot) -> None:
    from ui.play.widgets import Tile

    tile = Tile("赤馬\n5", None, "#fffaf0", "#b3162d")
    qtbot.addWidget(tile)
    tile.resize(tile.sizeHint())
    image = tile.grab().toImage()
    assert tile.styleSheet() == ""
    assert image.pixelColor(image.width() // 2, 1).name() == "#b3162d"  # the border
    assert image.pixelColor(4, image.height() // 2).name() == "#fffaf0"  # the fill
    inked = {image.pixelColor(x, y).name() for x in range(5, image.width() - 5)
             for y in range(4, image.height() - 4)}
    assert len(inked) > 2  # the text, drawn over the fill
    assert tile.sizeHint().width() > tile.fontMetrics().horizontalAdvance("赤馬") + 8


def test_the_seat_whose_turn_it_is_is_drawn_in_gold(qtbot) -> None:
    card = SeatCard()
    qtbot.addWidget(card)
    card.resize(200, 50)
    plain = centre_colour(card)
    card.set_turn(True)
    assert card.property("turn") is True
    assert centre_colour(card) == "#fff3c4"
    card.set_turn(False)
    assert centre_colour(card) == plain != "#fff3c4"


def test_a_sprite_is_drawn_once_per_key_and_size_and_lands_where_asked(qtbot) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage

    from ui.play.widgets import draw_sprite

    calls: list[tuple[float, float]] = []

    def disc(painter: QPainter, area: QRectF) -> None:
        calls.append((area.width(), area.height()))
        painter.fillRect(area, QColor("#00ff00"))

    image = QImage(100, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    for x in (0, 40):
        draw_sprite(painter, QRectF(x, 10, 20, 20), ("test-disc",), disc)
    draw_sprite(painter, QRectF(70, 10, 24, 24), ("test-disc",), disc)  # another size
    font = painter.font()
    font.setPixelSize(font.pixelSize() + 7 if font.pixelSize() > 0 else 21)
    painter.setFont(font)  # another font: its text would differ
    draw_sprite(painter, QRectF(70, 40, 24, 24), ("test-disc",), disc)
    draw_sprite(painter, QRectF(0, 40, 24, 24), ("test-disc",), disc)
    painter.end()
    assert calls == [(20, 20), (24, 24), (24, 24)]
    assert image.pixelColor(45, 15).name() == "#00ff00"  # the copy landed at x=40
    assert image.pixelColor(30, 15).name() == "#ffffff"  # nothing between the two


def test_the_pieces_of_a_board_are_drawn_once_per_kind(qtbot, monkeypatch) -> None:
    """机戦's 49 pieces come from pictures kept per glyph, colour and direction: a board drawn
    afresh after a move paints each kind once, the rest are copies."""
    from PySide6.QtGui import QPixmapCache

    from companion.games.cetkaik.variants import variant_of
    from ui.games.cetkaik.board_widget import BoardView, start_scene

    painted: list[tuple[object, ...]] = []
    original = BoardView._paint_token
    monkeypatch.setattr(BoardView, "_paint_token", lambda self, painter, rect, *kind: (
        painted.append(kind), original(self, painter, rect, *kind)))
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(500, 500)
    QPixmapCache.clear()
    scene = start_scene(variant_of("cetkaik"), "ja")
    view.set_scene(scene)
    view.grab()
    kinds = {(glyph, colour, side) for glyph, colour, side in scene.tokens.values()}
    assert len(scene.tokens) > len(painted) == len(set(painted)) == len(kinds)
    before = len(painted)
    view._picture.clear()
    view.grab()
    assert len(painted) == before  # the next drawing copies every piece


def test_the_stones_of_an_etariya_board_are_drawn_once_per_kind(qtbot, monkeypatch) -> None:
    import random

    from PySide6.QtGui import QPixmapCache

    from companion.bots.playout import playout
    from companion.games import registry
    from ui.games.etariya import pictures
    from ui.games.etariya.board_widget import BoardWidget

    drawn: list[tuple[object, ...]] = []
    original = BoardWidget._draw_stack
    monkeypatch.setattr(BoardWidget, "_draw_stack", lambda self, painter, rect, colour, depth,
                        text, size: (drawn.append((colour.name(), depth, text)),
                                     original(self, painter, rect, colour, depth, text, size)))
    state = registry.get("etariya").create(2)
    playout(state, random.Random(5), max_steps=60)
    picture = pictures.board_picture(state, (), None)
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(420, 420)
    board.set_picture(picture)
    QPixmapCache.clear()
    board.grab()
    assert len(picture.stones) > len(drawn) == len(set(drawn)) > 0
    before = len(drawn)
    board._cache.clear()
    board.grab()
    assert len(drawn) == before  # drawn afresh: every stack a copy


def test_idle_work_runs_every_job_in_order_a_few_at_a_time(qtbot) -> None:
    """Jobs queued in two goes all run, in order, through the event loop (not at once inside
    `add`), and the timer stops when the queue is empty."""
    import time

    from ui.play.widgets import IdleWork

    owner = QWidget()
    qtbot.addWidget(owner)
    work = IdleWork(owner)
    done: list[int] = []

    def job(n: int) -> None:
        time.sleep(0.0005)
        done.append(n)

    work.add([lambda n=n: job(n) for n in range(10)])
    work.add([lambda: job(10)])
    assert done == [] and work.pending() == 11  # nothing runs inside `add`
    qtbot.waitUntil(lambda: work.pending() == 0)
    assert done == list(range(11))
    assert not work._timer.isActive()


def test_idle_work_gives_the_loop_back_within_its_budget(qtbot) -> None:
    """One turn of the queue stops once its budget is spent: twenty 1 ms jobs are not all
    done in the first turn."""
    import time

    from ui.play.widgets import IdleWork

    owner = QWidget()
    qtbot.addWidget(owner)
    work = IdleWork(owner)
    work.add([lambda: time.sleep(0.001) for _ in range(20)])
    work._run_some()
    assert 0 < 20 - work.pending() <= IdleWork.BUDGET_MS + 1


def test_cards_drawn_ahead_are_copied_when_a_row_shows_them(qtbot, monkeypatch) -> None:
    """The card pictures a 紙机戦 page draws while idle are the ones its rows copy later:
    a row showing every card after the jobs ran draws none of them again."""
    from PySide6.QtGui import QPixmapCache

    from companion.games.nincetkaik.deck import ALL_CARDS
    from ui.games.nincetkaik import cards

    drawn: list[object] = []
    original = cards.paint_card
    monkeypatch.setattr(cards, "paint_card", lambda painter, rect, c, **marks: (
        drawn.append((c, *marks.values())), original(painter, rect, c, **marks)))
    big, small = cards.CardRow(84), cards.CardRow(40)
    for row in (big, small):
        qtbot.addWidget(row)
        row.resize(1800, 100)
    QPixmapCache.clear()
    jobs = cards.card_drawing_jobs([big, small, cards.CardRow(40)])
    assert len(jobs) == 2 * (len(ALL_CARDS) + 1) * len(cards.AHEAD_MARKS)  # two sizes
    for job in jobs:
        job()
    ahead = len(drawn)
    assert ahead == len(jobs)
    big.set_cards([*ALL_CARDS, None])
    small.set_cards([*ALL_CARDS, None], highlighted=[0, 3])
    big.grab()
    small.grab()
    assert len(drawn) == ahead  # every card was a copy
    small.set_cards([*ALL_CARDS], selected=[1])  # a look not drawn ahead is drawn when shown
    small.grab()
    assert len(drawn) == ahead + 1


def test_cards_are_drawn_ahead_at_the_sizes_of_rows_not_made_yet(qtbot, monkeypatch) -> None:
    """Another seat's hand and the played cards get their rows mid-game; their card size is
    drawn ahead all the same, so their first deal copies every card."""
    from PySide6.QtGui import QPixmapCache

    from companion.games.nincetkaik.deck import ALL_CARDS
    from ui.games.nincetkaik import cards

    drawn: list[object] = []
    original = cards.paint_card
    monkeypatch.setattr(cards, "paint_card", lambda painter, rect, c, **marks: (
        drawn.append(c), original(painter, rect, c, **marks)))
    big = cards.CardRow(84)
    qtbot.addWidget(big)
    QPixmapCache.clear()
    jobs = cards.card_drawing_jobs([big], heights=[40, 84])
    assert len(jobs) == 2 * (len(ALL_CARDS) + 1) * len(cards.AHEAD_MARKS)
    for job in jobs:
        job()
    ahead = len(drawn)
    later = cards.CardRow(40)  # made after the jobs ran, like a seat's row
    qtbot.addWidget(later)
    later.resize(1800, 60)
    later.set_cards([*ALL_CARDS, None])
    later.grab()
    assert len(drawn) == ahead


def test_the_picture_cache_holds_a_card_page_drawn_ahead_on_a_2x_screen(qtbot) -> None:
    """Every card picture a 紙机戦 page draws ahead (three card sizes, both looks, at twice
    the pixels) takes under a quarter of the room the app gives Qt's pixmap cache, so
    drawing ahead does not push out the boards' and lists' kept pictures."""
    from PySide6.QtGui import QPixmapCache

    from companion.games.nincetkaik.deck import ALL_CARDS
    from ui.app import PICTURE_CACHE_KIB, keep_more_pictures
    from ui.games.nincetkaik import cards
    from ui.games.nincetkaik.play import HAND_HEIGHT, SMALL_HEIGHT, TABLE_HEIGHT

    keep_more_pictures()
    assert QPixmapCache.cacheLimit() >= PICTURE_CACHE_KIB
    rows = [cards.CardRow(height) for height in (HAND_HEIGHT, TABLE_HEIGHT, SMALL_HEIGHT)]
    pictures = (len(ALL_CARDS) + 1) * len(cards.AHEAD_MARKS)
    kib = sum(pictures * (2 * row.card_width) * (2 * row.card_height) * 4 for row in rows) / 1024
    assert kib < PICTURE_CACHE_KIB / 4


FIRST_USE_SCRIPT = """
import enum, json, sys
from argparse import Namespace
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
import ui.app
finished = []  # the start-up work after the first paint, which queues the idle jobs, is done
finish = ui.app.finish_start_up
ui.app.finish_start_up = lambda *a: (finish(*a), finished.append(True))
window = ui.app.build_window(Namespace(lang="en"),
                             QSettings(sys.argv[1], QSettings.Format.IniFormat))
app = QApplication.instance()
if sys.argv[2] == "idle":
    window.show()
    while not finished or window.first_use.pending():
        app.processEvents()
made = []
create = enum.EnumType._create_
enum.EnumType._create_ = lambda *a, **k: made.append(a[1]) or create(*a, **k)
from PySide6.QtGui import QGradient, QIcon, QTextBlockFormat
from PySide6.QtWidgets import QStyleOptionSlider
for cls in (QGradient, QIcon, QTextBlockFormat, QStyleOptionSlider):
    vars(cls)
print(json.dumps(made))
"""


def test_the_idle_window_sets_up_qt_classes_before_a_game_needs_them(tmp_path) -> None:
    """PySide6 builds a Qt class's Python enums the first time the class is used (a
    gradient's at a scroll bar's first paint, mid-game): once the window has shown and the
    idle work that start-up queues after its first paint is done (before a person can start a
    game), using such classes builds none; right after start, it still does."""
    import json
    import os
    import subprocess
    import sys

    def enums_built(when: str) -> list[str]:
        done = subprocess.run([sys.executable, "-c", FIRST_USE_SCRIPT,
                               str(tmp_path / "s.ini"), when],
                              env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
                              capture_output=True, text=True, check=True, timeout=120)
        built: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
        return built

    assert "Preset" in enums_built("start")  # the control: QGradient not yet set up
    assert enums_built("idle") == []
