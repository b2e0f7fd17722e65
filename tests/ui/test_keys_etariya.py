"""Etariya played with the keyboard alone against the fastest computer, and what a screen
reader hears on its page (issue 37)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from tests.ui.keyboard import (
    choose,
    play_to_the_end,
    press,
    press_move_button,
    start_game,
    tab_to,
)
from tests.ui.screen_reader import description_of, name_of
from ui.games.etariya import pictures
from ui.games.etariya.play import EtariyaScreens, play_view
from ui.play.frame import PlayFrame
from ui.play.keys import reading_order
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english")


def started(qtbot, seed: int = 7) -> PlayFrame:
    return start_game(qtbot, play_view(None, animate=False), "etariya", seed=seed)


def choose_stone(qtbot, screens: EtariyaScreens, wanted: str) -> None:
    """Tab to the stones (one tab stop, as radio buttons), then arrows: Qt moves the focus
    to the stone that way and chooses it (three stones a row)."""
    buttons = screens.hand_group.buttons()
    stop = next(b for b in buttons if b.focusPolicy() & Qt.FocusPolicy.TabFocus)
    tab_to(qtbot, stop)
    names = [b.objectName() for b in buttons]
    here, there = names.index(stop.objectName()), names.index(f"hand:{wanted}")
    rows, columns = there // 3 - here // 3, there % 3 - here % 3
    for key, count in ((Qt.Key.Key_Down, rows), (Qt.Key.Key_Up, -rows),
                       (Qt.Key.Key_Right, columns), (Qt.Key.Key_Left, -columns)):
        for _ in range(max(0, count)):
            press(qtbot, key)
    if wanted != screens.current_group():  # the tab stop was the chosen stone: Space
        press(qtbot, Qt.Key.Key_Space)
    assert screens.current_group() == wanted
    assert [b.objectName() for b in buttons if b.isChecked()] == [f"hand:{wanted}"]


def play_a_turn(qtbot, view: PlayFrame, rng: random.Random) -> None:
    """A cell of the stone chosen (Enter on the board) or a decision's button (its digit)."""
    screens = view.screens
    assert isinstance(screens, EtariyaScreens)
    legal = view.legal_moves()
    groups = list(pictures.placement_groups(legal))
    if len(groups) > 1 and rng.random() < 0.5:  # another stone: Tab to them, arrows
        choose_stone(qtbot, screens, rng.choice(groups))
    group = screens.current_group()
    cells = [m for m in legal if pictures.move_cell(m) is not None
             and pictures.move_group(m) == group]
    others = [m for m in legal if pictures.move_cell(m) is None]
    if cells and (not others or rng.random() < 0.7):
        if view.focusWidget() is not screens.board:
            tab_to(qtbot, screens.board)
        choose(qtbot, screens.keys, pictures.move_cell(rng.choice(cells)))
    else:
        press_move_button(qtbot, view, str(rng.choice(others)))


def test_a_whole_game_against_the_computer_by_keys_alone(qtbot) -> None:
    view = started(qtbot)
    controller = view.controller
    assert controller is not None
    rng = random.Random(3)
    play_to_the_end(qtbot, controller, lambda: play_a_turn(qtbot, view, rng), limit=200)
    assert controller.finished and view.result_panel.isVisible()


def test_the_board_cells_seats_and_result_are_spoken(qtbot) -> None:
    view = started(qtbot)
    screens = view.screens
    assert isinstance(screens, EtariyaScreens) and view.controller is not None
    assert name_of(screens.board) == "Etariya board"
    tab_to(qtbot, screens.board)
    press(qtbot, Qt.Key.Key_Home)  # the first cell that can be chosen
    target = next(s for s in reading_order(screens.spots()) if s.actionable)
    choose_words = description_of(screens.board)
    assert choose_words.startswith(f"{pictures.cell_name(target.key)}: ")
    assert "may go here" in choose_words and "you can choose it" in choose_words
    seats = [name_of(card) for card in view.seat_panel.cards]
    assert "Ann" in seats[0] and any(w in seats[0] for w in ("Light", "Dark"))
    assert sum("to move" in s for s in seats) == 1
    rng = random.Random(3)
    controller = view.controller
    play_to_the_end(qtbot, controller, lambda: play_a_turn(qtbot, view, rng), limit=200)
    assert controller.finished
    assert name_of(view.result_panel).startswith(("Winner", "Draw", "Shared"))
    assert any("stones" in spot.name for spot in screens.spots())  # stacks are told
