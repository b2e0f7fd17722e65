"""Colour vision (issue 37), second part: a colour that carries meaning has a second cue
(a dash, a ✕, a number, a marker) and widgets built with a colour take a new palette at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

from companion.colours import Palette, set_current


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
