"""連船之遊 played with the keyboard alone against the fastest computer (the action buttons'
digits), and what a screen reader hears on its page: the squares with the ships there, the
seat cards, the result (issue 37)."""

from __future__ import annotations

import random

import pytest

from tests.ui.keyboard import (
    cursor_to,
    play_to_the_end,
    press_any_move_button,
    start_game,
    tab_to,
    wait_for_person,
)
from tests.ui.screen_reader import description_of, name_of
from ui.games.tudepijume.play import TudeScreens, play_view
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english", "quiet_games")


def test_a_whole_game_by_keys_alone_and_what_a_screen_reader_hears(qtbot) -> None:
    language().set("ja")
    view = start_game(qtbot, play_view(None, animate=False), "tudepijume", {"rounds": 10}, 2)
    screens = view.screens
    assert isinstance(screens, TudeScreens) and view.controller is not None
    assert name_of(screens.board) == "連船之遊の盤"
    controller = view.controller
    wait_for_person(qtbot, controller)
    tab_to(qtbot, screens.board)
    cursor_to(qtbot, screens.keys, 0)
    spoken = description_of(screens.board)
    assert "Ann の船" in spoken
    assert "手番" in name_of(view.seat_panel.cards[0])
    rng = random.Random(1)
    play_to_the_end(qtbot, controller, lambda: press_any_move_button(qtbot, view, rng))
    assert controller.finished and view.result_panel.isVisible()
    assert name_of(view.result_panel).startswith(("勝者", "引き分け", "同点優勝"))
