"""Equilibrium played to the end with a computer partner by the keyboard alone (issue 37):
Tab reaches the hand, ← → move between its cards, Space chooses one and its "here" buttons
show, Esc gives the choice up, the digits press the "here" buttons and the other moves; the
cards, the "here" buttons and the partner's face-down cards speak in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from companion.games.equilibrium.cards import LEFT, RIGHT, card_name
from companion.games.equilibrium.moves import Play
from companion.games.equilibrium.texts import move_text
from tests.ui.keyboard import (
    focus_into,
    key_lists_after,
    play_to_the_end,
    press,
    start_game,
    tab_until,
    wait_for_person,
)
from tests.ui.screen_reader import name_of
from ui.games.equilibrium.column import card_tile
from ui.games.equilibrium.play import CardButton, play_view
from ui.i18n import language
from ui.play.keys import last_announcement

pytestmark = pytest.mark.usefixtures("english", "quiet_games")

Key = Qt.Key


def start(qtbot: Any, seed: int = 3) -> Any:
    return start_game(qtbot, play_view(None, "equilibrium", animate=False), "equilibrium",
                      seed=seed)


def side_of(tile: Any) -> int:
    """The side a tile of the column stands on (its box is named side:<pos><L|R>)."""
    return LEFT if tile.parentWidget().objectName().endswith("L") else RIGHT


def focus_hand(qtbot: Any, view: Any) -> CardButton:
    """Tab until a card of the hand has the focus."""
    card = tab_until(qtbot, lambda w: isinstance(w, CardButton), view, "the hand")
    assert isinstance(card, CardButton)
    return card


def test_a_whole_game_with_a_computer_partner_by_keys(qtbot) -> None:
    view = start(qtbot)
    controller, screens = view.controller, view.screens
    chose_by_keys = 0

    def turn() -> None:
        nonlocal chose_by_keys
        plays = [m for m in view.legal_moves() if isinstance(m, Play)]
        if len({m.card for m in plays}) > 1:  # another card than the first: chosen by keys
            card = focus_hand(qtbot, view)
            press(qtbot, Key.Key_Right)
            assert QApplication.focusWidget() is not card
            press(qtbot, Key.Key_Space)
            chosen = QApplication.focusWidget()
            assert isinstance(chosen, CardButton)
            assert screens.selected == chosen.objectName().removeprefix("card:")
            chose_by_keys += 1
        focus_into(qtbot, view)
        press(qtbot, Key.Key_1)

    play_to_the_end(qtbot, controller, turn, limit=800)
    assert controller.finished and chose_by_keys > 0
    assert view.result_panel.headline.text().startswith("The team ")


def test_the_hand_the_column_and_the_partners_cards_speak(qtbot) -> None:
    view = start(qtbot)
    wait_for_person(qtbot, view.controller)
    while view.controller.state.pending() != "act":
        focus_into(qtbot, view)
        press(qtbot, Key.Key_1)
        wait_for_person(qtbot, view.controller)
    screens = view.screens
    card = focus_hand(qtbot, view)
    code = card.objectName().removeprefix("card:")
    assert name_of(card) == card_name(code, "en")
    here = [b for b in view.move_buttons() if b.text() == "here"]
    assert here and name_of(here[0]) == move_text(here[0].objectName()[5:], "en")
    chosen = screens.selected
    press(qtbot, Key.Key_Right)
    press(qtbot, Key.Key_Space)
    if screens.selected != chosen:  # Esc goes back to the first card
        press(qtbot, Key.Key_Escape)
        assert screens.selected == chosen
    focus_into(qtbot, view)
    press(qtbot, Key.Key_1)
    assert last_announcement(view).startswith("1. Ann: ")
    tiles = [t for t in screens.column.findChildren(QLabel) if t.objectName().startswith("card:")]
    assert tiles and all(name_of(t) == card_name(t.objectName()[5:], "en", side)
                         for t in tiles for side in [side_of(t)])
    face_down = card_tile(screens.column, "?")  # a card shown face down says only that
    assert name_of(face_down) == "face-down card"
    helps = key_lists_after(qtbot, view, Key.Key_Question)
    assert "← → — Move between the cards of your hand" in helps[0].text()
    helps[0].close()
    language().set("ja")
    wait_for_person(qtbot, view.controller)
    for button in screens.hand.findChildren(CardButton):
        code = button.objectName().removeprefix("card:")
        assert name_of(button) == card_name(code, "ja")
    assert name_of(card_tile(screens.column, "?")) == "伏せ札"
