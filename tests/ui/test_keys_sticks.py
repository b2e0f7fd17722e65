"""The stick games 獣裁, 連撃獣裁 and 新遊 played to the end against a computer with the
keyboard alone (issue 37): the frame's 1–9 press Throw / Again / Bank, a bet is typed in its
boxes and made with Enter; each throw is announced; the page and its result speak."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.ui import keyboard
from tests.ui.keyboard import (
    focus_into,
    focused,
    key_lists_after,
    press,
    start_game,
    tab_until,
)
from tests.ui.screen_reader import name_of
from ui.games.sticks import play as sticks_play
from ui.i18n import language
from ui.play.keys import last_announcement
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import strip_isolates

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

pytestmark = pytest.mark.usefixtures("english", "quiet_games")

Key = Qt.Key


def open_game(qtbot: Any, game_id: str, seed: int = 5, **options: Any) -> Any:
    view = sticks_play.sticks_play_view(None, game_id)  # type: ignore[arg-type]
    return start_game(qtbot, view, game_id, options, seed)


def bet_by_keys(qtbot: Any, view: Any) -> None:
    """Tab to the bet's number box, type the smallest number and stake offered, Enter."""
    board = view.screens.board
    bets = [m for m in view.controller.legal_moves() if str(m).startswith("bet ")]
    choice = min(bets, key=lambda m: (m.number, m.amount))
    for box, value in ((board.bet_number, choice.number), (board.bet_amount, choice.amount)):
        tab_until(qtbot, lambda w, box=box: w in (box, box.lineEdit()), view, box.objectName(),
                  limit=60)
        press(qtbot, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(focused(), str(value))
    press(qtbot, Key.Key_Return)


def play_to_the_end(qtbot: Any, view: Any) -> int:
    """The person's moves by keys: 1 (the first move button, Throw), or a bet; how many
    bets were made."""
    bets = 0

    def turn() -> None:
        nonlocal bets
        if any(str(m).startswith("bet ") for m in view.controller.legal_moves()):
            bet_by_keys(qtbot, view)
            bets += 1
        else:
            focus_into(qtbot, view)
            press(qtbot, Key.Key_1)

    keyboard.play_to_the_end(qtbot, view.controller, turn)
    return bets


@pytest.mark.parametrize("game_id", ["juusai", "rengeki", "shinyu"])
def test_a_whole_stick_game_against_a_computer_by_keys(qtbot, game_id: str) -> None:
    options = {"rounds": 2} if game_id != "shinyu" else {}
    view = open_game(qtbot, game_id, **options)
    bets = play_to_the_end(qtbot, view)
    assert view.controller.finished and (bets > 0) == (game_id == "shinyu")
    headline = view.result_panel.headline.text()
    assert headline.startswith(("Winner", "Shared victory"))
    assert name_of(view.result_panel) == strip_isolates(headline)


def test_the_stick_page_speaks_in_both_languages(qtbot) -> None:
    view = open_game(qtbot, "juusai", rounds=2)
    board = view.screens.board
    focus_into(qtbot, view)
    press(qtbot, Key.Key_1)  # Ann throws
    assert last_announcement(view).startswith("1. Ann: throw → ")
    assert name_of(board.sticks) == "Sticks" and name_of(board.badge).startswith("Result: ")
    assert name_of(view.screens.ledger) == "Points after each round"
    assert name_of(view.move_buttons()[0]) == "Throw" if view.move_buttons() else True
    helps = key_lists_after(qtbot, view, Key.Key_Question)
    assert "B / Enter — Bet the number and stake" in helps[0].text()
    helps[0].close()
    language().set("ja")
    assert name_of(board.sticks) == "投げ棒" and name_of(board.badge).startswith("出目: ")
    assert name_of(view.screens.ledger) == "ラウンドごとの点棒"
    assert name_of(board.bet_number) == "数" and name_of(board.bet_amount) == "賭け金"
