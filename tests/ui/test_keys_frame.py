"""The play frame's keys (issue 37): digits press the move buttons in the order shown and
each button tells its digit to a screen reader; `?` lists the frame's keys in Japanese too."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.keyboard import (
    DIGITS,
    activate,
    key_lists_after,
    press,
    start_game,
    tab_to,
    wait_for_person,
)
from tests.ui.screen_reader import description_of
from ui.games.tudepijume.play import TudeScreens, play_view
from ui.i18n import language
from ui.play.keys import KeyHelp
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english", "quiet_games")


def started(qtbot) -> Any:
    """連船之遊 against the fastest computer, ten rounds."""
    return start_game(qtbot, play_view(None, animate=False), "tudepijume", {"rounds": 10}, 2)


def test_digits_press_the_move_buttons_in_the_order_shown(qtbot) -> None:
    view = started(qtbot)
    controller = view.controller
    assert controller is not None and isinstance(view.screens, TudeScreens)
    tab_to(qtbot, view.screens.board)
    for _ in range(40):  # a turn that offers at least two actions
        wait_for_person(qtbot, controller)
        if len(view.ordered_move_buttons()) >= 2:
            break
        press(qtbot, DIGITS[0])
    buttons = view.ordered_move_buttons()
    assert len(buttons) >= 2
    tops = [b.mapTo(view, b.rect().topLeft()).y() for b in buttons]
    assert tops == sorted(tops)
    for number, button in enumerate(buttons[:9], start=1):
        assert description_of(button) == f"Shortcut: {number}"
    second = buttons[1].objectName().removeprefix("move:")
    press(qtbot, DIGITS[1])
    seat_moves = [e.move for e in controller.game.record.entries if e.seat == 0]
    assert seat_moves[-1] == second


def test_the_key_list_names_the_frames_keys_in_japanese(qtbot) -> None:
    language().set("ja")
    view = started(qtbot)
    assert isinstance(view.screens, TudeScreens)
    tab_to(qtbot, view.screens.board)
    helps = key_lists_after(qtbot, view, Qt.Key.Key_F1)
    assert len(helps) == 1 and helps[0].windowTitle() == "キー操作"
    text = helps[0].text()
    for line in ("手のボタンを表示順に押す", "待った", "盤上のカーソルを動かす", "このキー一覧"):
        assert line in text
    assert "Undo" not in text
    helps[0].close()


def test_in_the_main_window_f1_keeps_the_rules_and_question_mark_lists_the_keys(
        qtbot, window, quiet_games) -> None:
    """The main window's F1 opens the rules of the game; a play page gives F1 way to it (two
    shortcuts on one key would leave both dead) and lists the keys on `?`."""
    from ui.games.netxiju.play import NetxijuScreens
    from ui.play.frame import PlayFrame

    area = window.open_game("netxiju", "play").widget("play")
    area.show_form()
    area.form.rows[1].set_bot("random")
    area.form.start()
    view = area.view
    assert isinstance(view, PlayFrame) and isinstance(view.screens, NetxijuScreens)
    activate(qtbot, window)
    tab_to(qtbot, view.screens.board)
    helps = key_lists_after(qtbot, view, Qt.Key.Key_Question)
    assert len(helps) == 1 and "F1: the rules of this game" in helps[0].text()
    helps[0].close()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view.screens.board)
    press(qtbot, Qt.Key.Key_F1)
    assert window.current_key() == "rules" and window.current_page().current_game() == "netxiju"
    assert not any(h.isVisible() for h in view.findChildren(KeyHelp))
