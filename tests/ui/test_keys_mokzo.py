"""行山 played with the keyboard alone against the fastest computer (the move buttons'
digits), and what a screen reader hears on its page: the road's squares with whose pieces
stand there, the seat cards, the moves as they are made, the result (issue 37)."""

from __future__ import annotations

import random

import pytest

from companion.games.mokzo.board import START
from tests.ui.keyboard import (
    cursor_to,
    play_to_the_end,
    press_any_move_button,
    start_game,
    tab_to,
    wait_for_person,
)
from tests.ui.screen_reader import description_of, name_of
from ui.games.mokzo.play import MokzoScreens, play_view
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english")


def test_a_whole_game_by_keys_alone_and_what_a_screen_reader_hears(qtbot) -> None:
    view = start_game(qtbot, play_view(None, animate=False), "mokzo", {"rounds": 10}, 3)
    screens = view.screens
    assert isinstance(screens, MokzoScreens) and view.controller is not None
    assert name_of(screens.board) == "行山 road"
    controller = view.controller
    wait_for_person(qtbot, controller)
    tab_to(qtbot, screens.board)
    cursor_to(qtbot, screens.keys, START)
    assert description_of(screens.board).startswith("start: Ann")
    ann = name_of(view.seat_panel.cards[0])
    assert "Ann" in ann and "to move" in ann and "米" in ann
    rng = random.Random(6)
    play_to_the_end(qtbot, controller, lambda: press_any_move_button(qtbot, view, rng),
                    limit=600)
    assert controller.finished and view.result_panel.isVisible()
    assert name_of(view.result_panel).startswith(("Winner", "Draw", "Shared"))
    assert description_of(view.result_panel)
