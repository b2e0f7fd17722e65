"""Text that widgets paint themselves follows the interface's size (issue 37, Ctrl+= / Ctrl+-):
at 150% the boards' coordinates, the track's marks, the charts' values, the timer and the
widgets under a style sheet show larger text than at 100%, drawn in boxes tall enough for it.
Text meant to fit a square or a card keeps following the room it is drawn in.

The painted text is read by recording every `QPainter.drawText` call of the app's Python code
(the font's pixel size, the box and the text)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontInfo, QFontMetricsF, QPainter, QPixmapCache
from PySide6.QtWidgets import QApplication, QFrame, QPushButton, QVBoxLayout, QWidget

from ui.play.widgets import PictureCache
from ui.zoom import Zoom


@dataclass(frozen=True)
class Drawn:
    """One `drawText` call: the painter's font's pixel size and line height, box, text."""

    pixels: int
    line: float
    box: QRectF | None
    text: str


@pytest.fixture
def drawn(monkeypatch) -> list[Drawn]:
    """Every text painted from Python while the test runs."""
    calls: list[Drawn] = []
    original = QPainter.drawText

    def record(painter: QPainter, *args: Any) -> Any:
        box = args[0] if isinstance(args[0], QRectF) else None
        font = painter.font()
        calls.append(Drawn(QFontInfo(font).pixelSize(), QFontMetricsF(font).height(), box,
                           str(args[-1])))
        return original(painter, *args)

    monkeypatch.setattr(QPainter, "drawText", record)
    return calls


@pytest.fixture
def zoom(settings) -> Iterator[Zoom]:
    """The interface's size, back at 100% afterwards."""
    size = Zoom(settings)
    yield size
    size.reset()


def painted(widget: QWidget, drawn: list[Drawn], text: str) -> Drawn:
    """How `widget` paints `text` now (drawn afresh: no kept pictures)."""
    QApplication.processEvents()
    QPixmapCache.clear()
    for value in vars(widget).values():
        if isinstance(value, PictureCache):
            value.clear()
    drawn.clear()
    widget.grab()
    found = [call for call in drawn if call.text == text]
    assert found or not text, f"{text!r} not painted; painted: {sorted({c.text for c in drawn})}"
    return found[0] if found else Drawn(0, 0.0, None, "")


def test_the_etariya_coordinates_grow(qtbot, zoom, drawn) -> None:
    from ui.games.etariya.board_widget import BoardWidget

    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(460, 460)
    board.show()
    before = painted(board, drawn, "1")
    margin = board.margin()
    zoom.set(1.5)
    after = painted(board, drawn, "1")
    assert after.pixels >= before.pixels * 1.4
    assert board.margin() > margin  # the room beside the squares grew with it
    assert after.box is not None and after.box.width() >= after.line


def test_the_etariya_stones_keep_fitting_their_squares(qtbot, zoom, drawn) -> None:
    """A stone's letter fits its stone: it follows the square, not the text size."""
    from ui.games.etariya.board_widget import BoardPicture, BoardWidget, stack_mark

    board = BoardWidget(coordinates=False)
    qtbot.addWidget(board)
    board.resize(460, 460)
    board.show()
    board.set_picture(BoardPicture(stones={(3, 3): ("R",)}))
    before = painted(board, drawn, stack_mark(("R",)))
    zoom.set(1.5)
    assert painted(board, drawn, stack_mark(("R",))).pixels == before.pixels


def test_the_cetkaik_edge_labels_grow(qtbot, zoom, drawn) -> None:
    from companion.games.cetkaik.variants import variant_of
    from ui.games.cetkaik.board_widget import BoardView, start_scene

    view = BoardView()
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.show()
    scene = start_scene(variant_of("cetkaik"), "en")
    view.set_scene(scene)
    label = scene.columns[0]
    before = painted(view, drawn, label)
    zoom.set(1.5)
    after = painted(view, drawn, label)
    assert after.pixels >= before.pixels * 1.4


def test_the_sorani_track_marks_grow_and_fit(qtbot, zoom, drawn) -> None:
    from ui.games.sorani.play import TrackWidget

    track = TrackWidget()
    qtbot.addWidget(track)
    track.resize(300, track.sizeHint().height())
    track.show()
    painted(track, drawn, "")  # the marks' texts: "▲" and a number of star clusters
    mark = next(call.text for call in drawn if call.text.startswith("▲"))
    before = painted(track, drawn, mark)
    zoom.set(1.5)
    track.resize(300, track.sizeHint().height())
    after = painted(track, drawn, mark)
    assert after.pixels >= before.pixels * 1.4
    assert after.box is not None and after.box.height() >= after.line
    assert after.box.bottom() <= track.height()  # the widget grew to hold the line


def test_the_chart_values_sit_in_boxes_as_tall_as_their_text(qtbot, zoom, drawn) -> None:
    from ui.shell.charts import BarChart

    chart = BarChart()
    qtbot.addWidget(chart)
    chart.resize(420, 300)
    chart.show()
    chart.set_data("Plays", ["ann", "ben"], [12, 7])
    before = painted(chart, drawn, "12")
    zoom.set(1.5)
    for text in ("12", "7", "ann"):  # a bar's value, the axis, a bar's label
        after = painted(chart, drawn, text)
        assert after.box is not None and after.box.height() >= after.line, text
    assert painted(chart, drawn, "12").pixels >= before.pixels * 1.4
    axis = painted(chart, drawn, "10")
    assert axis.box is not None and axis.box.width() >= QFontMetricsF(
        chart.font()).horizontalAdvance("10")


def test_the_timer_keeps_room_for_its_time(qtbot, zoom) -> None:
    from ui.shell.timer_widget import PlayTimerWidget

    timer = PlayTimerWidget()
    qtbot.addWidget(timer)
    timer.show()
    zoom.set(1.5)
    QApplication.processEvents()
    label = timer.time_label
    assert label.minimumWidth() >= label.fontMetrics().horizontalAdvance("00:00:00")


def test_widgets_under_a_style_sheet_follow(qtbot, zoom) -> None:
    """Qt keeps the font a style sheet resolved: the coloured stone buttons of Etariya and
    the captions in 紙机戦's boxes stayed at 100%."""
    from ui.games.etariya.pictures import hand_style
    from ui.games.nincetkaik.play import BOX_STYLE, caption

    box = QFrame()
    qtbot.addWidget(box)
    box.setObjectName("zone")
    box.setStyleSheet(BOX_STYLE)
    label = caption(box, bold=True)
    button = QPushButton("R", box)
    button.setStyleSheet(hand_style("R"))
    layout = QVBoxLayout(box)
    layout.addWidget(label)
    layout.addWidget(button)
    box.show()
    sizes = (label.font().pointSizeF(), button.font().pointSizeF())
    zoom.set(1.5)
    assert label.font().pointSizeF() == pytest.approx(sizes[0] * 1.5)
    assert button.font().pointSizeF() == pytest.approx(sizes[1] * 1.5)
    zoom.set(1.0)
    assert (label.font().pointSizeF(), button.font().pointSizeF()) == pytest.approx(sizes)


def test_the_etariya_stones_in_the_hands_grow(qtbot, zoom) -> None:
    from PySide6.QtWidgets import QLabel

    from ui.games.etariya.pictures import _stones_html

    label = QLabel(_stones_html(["R", "G"]))
    qtbot.addWidget(label)
    label.show()
    before = label.sizeHint().height()
    zoom.set(1.5)
    QApplication.processEvents()
    assert label.sizeHint().height() >= before * 1.4


def test_the_cards_grow_with_their_text(qtbot, zoom, drawn) -> None:
    """A card's text fits the card: the card grows with the interface, and its text too."""
    from companion.games.nincetkaik.deck import ALL_CARDS
    from ui.games.nincetkaik.cards import CardRow

    row = CardRow(84)  # a hand (a smaller card shows less, not smaller text)
    qtbot.addWidget(row)
    row.set_cards(list(ALL_CARDS[:3]))
    row.resize(row.sizeHint())
    row.show()
    painted(row, drawn, "")
    before = max(call.pixels for call in drawn)
    zoom.set(1.5)
    assert row.sizeHint().height() >= 1.4 * 86
    row.resize(row.sizeHint())
    painted(row, drawn, "")
    assert max(call.pixels for call in drawn) >= before * 1.4


def test_table_rows_grow_with_their_text(qtbot, zoom) -> None:
    """Rows of a fixed height under a hidden header (the statistics' 22 and 24 px) grow when
    their text needs it, and are back as made at 100%; a table made while the interface is
    larger fits at once (`fit_rows` where it is made)."""
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

    from ui.zoom import fit_rows

    def table(rows: int) -> QTableWidget:
        made = QTableWidget(3, 2)
        qtbot.addWidget(made)
        made.verticalHeader().hide()
        fit_rows(made.verticalHeader(), rows)
        made.setItem(0, 0, QTableWidgetItem("花子"))
        made.show()
        return made

    first = table(22)
    zoom.set(2.0)
    later = table(24)
    for made in (first, later):
        assert made.rowHeight(0) >= made.fontMetrics().height() + 4
    zoom.set(1.0)
    assert (first.rowHeight(0), later.rowHeight(0)) == (22, 24)
