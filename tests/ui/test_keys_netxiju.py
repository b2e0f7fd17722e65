"""六裁 played with the keyboard alone against the fastest computer (the Throw button's digit),
and what a screen reader hears on its page: the track's squares with whose pieces stand there,
the seat cards, the throws as they are made, the result (issue 37)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from companion.games.netxiju.board import START
from tests.ui.keyboard import (
    DIGITS,
    cursor_to,
    play_to_the_end,
    press,
    start_game,
    tab_to,
    wait_for_person,
)
from tests.ui.screen_reader import description_of, name_of
from ui.games.netxiju.play import NetxijuScreens, play_view
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english", "quiet_games")


def test_a_whole_game_by_keys_alone_and_what_a_screen_reader_hears(qtbot) -> None:
    view = start_game(qtbot, play_view(None, animate=False), "netxiju", seed=2)
    screens = view.screens
    assert isinstance(screens, NetxijuScreens) and view.controller is not None
    assert name_of(screens.board) == "六裁 track"
    tab_to(qtbot, screens.board)
    cursor_to(qtbot, screens.keys, START)
    spoken = description_of(screens.board)
    assert spoken.startswith("Start: ") and "Ann" in spoken
    controller = view.controller
    wait_for_person(qtbot, controller)
    assert "to move" in name_of(view.seat_panel.cards[0])
    assert "to move" not in name_of(view.seat_panel.cards[1])
    before = len(controller.game.record.entries)
    press(qtbot, DIGITS[0])  # Ann's first throw (the Throw button), said to a screen reader
    assert len(controller.game.record.entries) > before
    assert "Ann" in description_of(view)
    play_to_the_end(qtbot, controller, lambda: press(qtbot, DIGITS[0]), limit=300)  # Throw
    assert controller.finished and view.result_panel.isVisible()
    assert name_of(view.result_panel).startswith(("Winner", "Draw", "Shared"))
    press(qtbot, Qt.Key.Key_End)  # no key of the board: nothing happens
    assert any("Ann" in spot.name or "Bot" in spot.name for spot in screens.spots())
