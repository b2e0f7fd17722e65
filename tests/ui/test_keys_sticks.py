"""The stick games 獣裁, 連撃獣裁 and 新遊 played to the end against a computer with the
keyboard alone (issue 37): the frame's 1–9 press Throw / Again / Bank, a bet is typed in its
boxes and made with Enter; each throw is announced; the page and its result speak."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from tests.ui.keyboard import focused, press, shown_page, wait_for_person
from tests.ui.test_keys_card_games import focus_into
from ui.games.sticks import play as sticks_play
from ui.games.sticks import sticks_widget
from ui.i18n import language
from ui.play import frame
from ui.play.keys import KeyHelp, last_announcement
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import strip_isolates

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

Key = Qt.Key
Text = QAccessible.Text


@dataclass
class SeatChoice:
    name: str
    bot: str | None = None


@dataclass
class GameSetup:
    game_id: str
    options: dict[str, Any]
    seats: list[SeatChoice]
    seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    sticks_widget.set_animations_enabled(False)
    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    language().set("en")
    yield
    language().set("en")
    sticks_widget.set_animations_enabled(True)


def name_of(widget: Any) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(Text.Name)


def open_game(qtbot: Any, game_id: str, seed: int = 5, **options: Any) -> Any:
    view = sticks_play.sticks_play_view(None, game_id)  # type: ignore[arg-type]
    shown_page(qtbot, view)
    view.start(GameSetup(game_id, options, [SeatChoice("Ann"), SeatChoice("", "random")],
                         seed))
    return view


def bet_by_keys(qtbot: Any, view: Any) -> None:
    """Tab to the bet's number box, type the smallest number and stake offered, Enter."""
    board = view.screens.board
    bets = [m for m in view.controller.legal_moves() if str(m).startswith("bet ")]
    choice = min(bets, key=lambda m: (m.number, m.amount))
    for box, value in ((board.bet_number, choice.number), (board.bet_amount, choice.amount)):
        focus_into(qtbot, view)
        for _ in range(60):
            if focused() in (box, box.lineEdit()):
                break
            press(qtbot, Key.Key_Tab)
        press(qtbot, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(focused(), str(value))
    press(qtbot, Key.Key_Return)


def play_to_the_end(qtbot: Any, view: Any) -> int:
    """The person's moves by keys: 1 (the first move button, Throw), or a bet; how many
    bets were made."""
    bets = 0
    for _ in range(400):
        if wait_for_person(qtbot, view.controller):
            return bets
        before = len(view.controller.game.record.entries)
        if any(str(m).startswith("bet ") for m in view.controller.legal_moves()):
            bet_by_keys(qtbot, view)
            bets += 1
        else:
            focus_into(qtbot, view)
            press(qtbot, Key.Key_1)
        assert len(view.controller.game.record.entries) > before, "the key made no move"
    raise AssertionError("the game did not end")


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
    press(qtbot, Key.Key_Question)
    qtbot.waitUntil(lambda: view.findChild(KeyHelp) is not None, timeout=3000)
    assert "B / Enter — Bet the number and stake" in view.findChild(KeyHelp).text()
    view.findChild(KeyHelp).close()
    language().set("ja")
    assert name_of(board.sticks) == "投げ棒" and name_of(board.badge).startswith("出目: ")
    assert name_of(view.screens.ledger) == "ラウンドごとの点棒"
    assert name_of(board.bet_number) == "数" and name_of(board.bet_amount) == "賭け金"
