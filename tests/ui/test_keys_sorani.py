"""Sorani played with the keyboard alone against the fastest computer (digits for the move
buttons, R turns a branch, Home / Page Down find where the tile fits, Enter places it), and
what a screen reader hears on its page (issue 37)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from tests.ui import keyboard
from tests.ui.keyboard import DIGITS, press, start_game, tab_to
from tests.ui.screen_reader import description_of, name_of
from ui.games.sorani.play import SoraniScreens, play_view
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english")


def started(qtbot) -> PlayFrame:
    view = start_game(qtbot, play_view(None), "sorani", seed=3)
    assert view.controller is not None
    view.controller.bot_delay_ms = 0
    return view


def screens_of(view: PlayFrame) -> SoraniScreens:
    assert isinstance(view.screens, SoraniScreens)
    return view.screens


def ready(view: PlayFrame) -> bool:
    controller = view.controller
    assert controller is not None
    return controller.finished or (controller.is_human_turn() and bool(
        view.ordered_move_buttons() or screens_of(view).canvas.legal))


def play_a_turn(qtbot, view: PlayFrame, rng: random.Random) -> bool:
    """One decision by keys; True when T chose another tile in hand for it."""
    screens = screens_of(view)
    if not screens.canvas.legal:
        press(qtbot, DIGITS[rng.randrange(min(3, len(view.ordered_move_buttons())))])
        return False
    if view.focusWidget() is not screens.canvas:
        tab_to(qtbot, screens.canvas)
    tiles = {m.tile for m in screens.canvas.legal}
    other = len(tiles) > 1 and rng.random() < 0.5
    if other:  # another tile in hand: T
        before = screens.tile
        press(qtbot, Qt.Key.Key_T)
        assert screens.tile != before and screens.tile in tiles
    for _ in range(4):  # turn the branch until it fits somewhere
        if any(spot.actionable for spot in screens.spots()):
            break
        press(qtbot, Qt.Key.Key_R)
    press(qtbot, Qt.Key.Key_Home)
    for _ in range(rng.randrange(4)):
        press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_Return)
    return other


def play_to_the_end(qtbot, view: PlayFrame) -> None:
    controller = view.controller
    assert controller is not None
    rng = random.Random(4)
    switched = False

    def turn() -> None:
        nonlocal switched
        switched = play_a_turn(qtbot, view, rng) or switched

    keyboard.play_to_the_end(qtbot, controller, turn, ready=lambda: ready(view))
    assert controller.finished and view.result_panel.isVisible()
    assert switched  # T chose another tile at least once


def test_a_whole_game_by_keys_alone_and_what_a_screen_reader_hears(qtbot) -> None:
    view = started(qtbot)
    screens = screens_of(view)
    assert name_of(screens.canvas) == "Sorani board"
    assert "Ann" in name_of(view.seat_panel.cards[0])
    qtbot.waitUntil(lambda: ready(view), timeout=20000)
    tab_to(qtbot, screens.canvas)
    press(qtbot, Qt.Key.Key_Right)
    spoken = description_of(screens.canvas)
    assert " · " in spoken and ("empty" in spoken or "cross" in spoken)
    assert any("branch lines touch" in s.name for s in screens.spots())
    play_to_the_end(qtbot, view)
    assert name_of(view.result_panel).startswith(("Winner", "Shared", "Draw"))
    assert description_of(view.result_panel)
