"""Alluvium played with the keyboard alone against the fastest computers (R turns the piece,
Home / Page Down find where it fits, Enter draws it), and what a screen reader hears on its
page (issue 37)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui import keyboard
from tests.ui.keyboard import (
    key_lists_after,
    press,
    press_move_button,
    reveal_by_keys,
    start_game,
    tab_to,
    wait_for_person,
)
from tests.ui.screen_reader import description_of, name_of
from ui.games.alluvium.play import AlluviumScreens, play_view
from ui.i18n import language
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english")


def started(qtbot, people: tuple[str, ...] = ("Ann",)) -> PlayFrame:
    """Alluvium for the people and the fastest computers, three seats, no pause."""
    seats = [(name, None) for name in people] + [("", "random")] * (3 - len(people))
    view = start_game(qtbot, play_view(None), "alluvium", seed=5, seats=seats)
    assert view.controller is not None
    view.controller.bot_delay_ms = 0
    return view


def play_a_turn(qtbot, view: PlayFrame, rng: random.Random) -> None:
    screens = view.screens
    assert isinstance(screens, AlluviumScreens)
    if [b.objectName() for b in view.ordered_move_buttons()] == ["move:pass"]:
        press_move_button(qtbot, view, "pass")
        return
    if view.focusWidget() is not screens.board:
        tab_to(qtbot, screens.board)
    for _ in range(rng.randrange(4)):
        press(qtbot, Qt.Key.Key_R)
    for _ in range(8):  # turn and mirror until the piece fits somewhere
        if any(spot.actionable for spot in screens.spots()):
            break
        press(qtbot, Qt.Key.Key_M if rng.random() < 0.3 else Qt.Key.Key_R)
    press(qtbot, Qt.Key.Key_Home)
    for _ in range(rng.randrange(6)):
        press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_Return)


def play_to_the_end(qtbot, view: PlayFrame) -> None:
    controller = view.controller
    assert controller is not None
    rng = random.Random(2)
    keyboard.play_to_the_end(qtbot, controller, lambda: play_a_turn(qtbot, view, rng), 200)
    assert controller.finished and view.result_panel.isVisible()


def test_a_whole_game_against_the_computer_by_keys_alone(qtbot) -> None:
    play_to_the_end(qtbot, started(qtbot))


def test_the_map_cells_seats_and_result_are_spoken_in_japanese(qtbot) -> None:
    language().set("ja")
    view = started(qtbot)
    screens = view.screens
    assert isinstance(screens, AlluviumScreens)
    assert name_of(screens.board) == "アルビウムのマップ"
    wait_for_person(qtbot, view.controller)
    tab_to(qtbot, screens.board)
    press(qtbot, Qt.Key.Key_Home)
    spoken = description_of(screens.board)
    spot = screens.keys.cursor_spot()
    assert spot is not None and spoken.startswith(f"{spot.name.split(':')[0]}: ")
    assert "ここに描ける" in spoken and "選べます" in spoken
    assert any("開始マス" in spot.name for spot in screens.spots())
    assert screens.board.hover == screens.keys.cursor  # the piece follows the cursor
    ann = name_of(view.seat_panel.cards[0])
    assert "Ann" in ann and "人" in ann
    helps = key_lists_after(qtbot, view, Qt.Key.Key_F1)
    assert helps and "ピースを回す" in helps[0].text()
    helps[0].close()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is screens.board)
    press(qtbot, Qt.Key.Key_Return)
    assert "Ann" in description_of(view)  # the move, announced
    play_to_the_end(qtbot, view)
    assert name_of(view.result_panel).startswith(("勝者", "引き分け", "同点優勝"))


def test_the_hand_off_takes_the_keyboard_and_gives_it_back_to_the_map(qtbot) -> None:
    """Two people and a computer: after Ann's move the hand-off covers her map; the
    keyboard goes to "I am Bo", Space shows Bo's map and the keyboard is on it again."""
    view = started(qtbot, ("Ann", "Bo"))
    controller = view.controller
    assert controller is not None and isinstance(view.screens, AlluviumScreens)
    board = view.screens.board
    reveals = 0
    for _ in range(12):
        if wait_for_person(qtbot, controller) or reveals == 2:
            break
        if view.is_covered():
            if reveals:  # after a move the keyboard is on "I am …" already
                assert QApplication.focusWidget() is view.reveal_button
            reveal_by_keys(qtbot, view)  # the game's first look: Tab to "I am …"
            assert QApplication.focusWidget() is board
            reveals += 1
        else:
            play_a_turn(qtbot, view, random.Random(1))
    assert reveals == 2
