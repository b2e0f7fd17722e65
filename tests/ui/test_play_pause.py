"""Pause (Ctrl+T) stops the game as well as its clock (issue 34): the board takes no move and
no computer moves until the game goes on."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui.games.sticks import play as sticks_play
from ui.games.sticks import sticks_widget
from ui.i18n import language
from ui.new_game_dialog import GameSetup, SeatChoice


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    from ui.play import frame

    sticks_widget.set_animations_enabled(False)
    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    yield
    sticks_widget.set_animations_enabled(True)
    language().set("en")


def started(qtbot: Any, seats: list[SeatChoice], rounds: int = 2) -> Any:
    view = sticks_play.sticks_play_view(None, "juusai")
    qtbot.addWidget(view)
    view.resize(1000, 640)
    view.show()
    qtbot.waitExposed(view)
    view.start(GameSetup("juusai", {"rounds": rounds}, seats, 3))
    return view


def ctrl_t(qtbot: Any, view: Any) -> None:
    view.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view, timeout=2000)
    view.moves.setFocus()
    qtbot.keyClick(view.moves, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)


def test_pause_stops_the_board_and_the_clock(qtbot) -> None:
    view = started(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")])
    controller = view.controller
    assert controller.timer.is_running()
    ctrl_t(qtbot, view)
    assert not controller.timer.is_running()
    assert view.is_paused() and "Paused" in view.turn_label.text()
    button = next(b for b in view.move_buttons() if b.isVisible())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # the board takes no move
    view.play(controller.legal_moves()[0])
    assert not controller.game.record.entries or all(
        e.is_chance for e in controller.game.record.entries)
    assert not button.isEnabled()
    language().set("ja")
    assert view.turn_label.text().startswith("一時停止中")
    ctrl_t(qtbot, view)  # on again
    assert controller.timer.is_running() and not view.is_paused()
    view.play(controller.legal_moves()[0])
    assert any(not e.is_chance for e in controller.game.record.entries)


def test_a_paused_computer_waits(qtbot) -> None:
    view = started(qtbot, [SeatChoice("Ann"), SeatChoice("", "random")], rounds=6)
    controller = view.controller

    def anns_turn() -> bool:
        return controller.finished or (controller.is_human_turn() and bool(view.legal_moves()))

    while controller.to_move() == 0:  # Ann throws; then the computer answers (warmed up)
        view.play(controller.legal_moves()[0])
    qtbot.waitUntil(anns_turn, timeout=15000)
    while controller.to_move() == 0 and not controller.finished:
        view.play(controller.legal_moves()[0])
    assert not controller.finished and controller.to_move() == 1
    ctrl_t(qtbot, view)  # paused on the computer's turn
    moves = len(controller.game.record.entries)
    qtbot.wait(1500)
    assert len(controller.game.record.entries) == moves and controller.to_move() == 1
    ctrl_t(qtbot, view)
    qtbot.waitUntil(lambda: len(controller.game.record.entries) > moves, timeout=10000)
