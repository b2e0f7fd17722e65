"""The seven 紙机戦 card games played to the end against a computer with the keyboard alone
(issue 37): Tab reaches the hand, arrows move the cursor over the cards, Space selects a card,
Enter plays one, Esc puts the selection back, the digits press the move buttons; a card says
its name to a screen reader and a face-down card never says what it is."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from companion.games.nincetkaik.cardgame import Amount
from companion.games.nincetkaik.deck import face
from tests.ui.keyboard import (
    cursor_to,
    focus_into,
    key_lists_after,
    play_to_the_end,
    press,
    press_move_button,
    reveal_by_keys,
    start_game,
    tab_to_box,
    tab_until,
    wait_for_person,
)
from tests.ui.screen_reader import description_of, name_of
from tests.ui.test_nincetkaik_play import GAMES, person_choice
from ui.games.nincetkaik.cards import CardRow
from ui.i18n import language
from ui.play.keys import last_announcement
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import strip_isolates
from ui.views import play_view

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

pytestmark = pytest.mark.usefixtures("english", "quiet_games")

Key = Qt.Key


def start(qtbot: Any, game_id: str, seed: int = 4) -> Any:
    """The game's page against the fastest computer, with its first options."""
    factory = play_view(game_id)
    assert factory is not None
    return start_game(qtbot, factory(None, game_id), game_id, GAMES[game_id][0], seed)


def focus_row(qtbot: Any, row: CardRow) -> None:
    """Tab until the row of cards has the focus."""
    tab_until(qtbot, lambda w: w is row, row.window(), row.objectName())


def select_by_keys(qtbot: Any, view: Any, zone: str, value: Any) -> None:
    """Tab to the zone's row, arrows to an unselected card of `value`, Space."""
    screens = view.screens
    if zone == "road":
        row, index = screens.road_rows[value].row, 0
    else:
        values, chosen = screens.zone_values[zone], screens.selection.get(zone, [])
        row = screens.zones[zone]
        index = next(i for i, v in enumerate(values) if v == value and i not in chosen)
    focus_row(qtbot, row)
    assert row.keys is not None
    cursor_to(qtbot, row.keys, index)
    press(qtbot, Key.Key_Space)


def make_by_keys(qtbot: Any, view: Any, move: Any) -> None:
    """Make `move` with keys: its cards selected with Space (or the one card played with
    Enter), then its button's digit; a bet by its button's digit or its amount and Enter."""
    screens = view.screens
    if isinstance(move, Amount) and move.verb == "bet" and screens.bets.amount.isVisible():
        tab_to_box(qtbot, screens.bets.amount)
        press(qtbot, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(QApplication.focusWidget(), str(move.amount))
        press(qtbot, Key.Key_Return)
        return
    parts = screens.move_parts(move)
    if parts is not None and not screens.always_offered(move):
        single = [(z, v) for z, vs in parts.items() for v in vs]
        if len(single) == 1 and single[0][0] != "road" and sum(
                1 for m in view.legal_moves() if screens.move_parts(m) == parts) == 1:
            zone, value = single[0]  # the card alone makes it: Enter plays it
            row = screens.zones[zone]
            index = screens.zone_values[zone].index(value)
            focus_row(qtbot, row)
            cursor_to(qtbot, row.keys, index)
            press(qtbot, Key.Key_Return)
            return
        for zone, values in parts.items():
            for value in values:
                if zone == "road" and value in screens.selection.get("road", []):
                    continue
                select_by_keys(qtbot, view, zone, value)
    focus_into(qtbot, view)
    press_move_button(qtbot, view, str(move))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_card_game_against_a_computer_by_keys(qtbot, game_id: str) -> None:
    view = start(qtbot, game_id)
    controller = view.controller
    made = play_to_the_end(qtbot, controller, lambda: make_by_keys(
        qtbot, view, person_choice(game_id, view.legal_moves())), limit=600)
    assert controller.finished and made > 0
    headline = view.result_panel.headline.text()
    assert headline.startswith(("Winner: ", "Shared victory: "))
    assert name_of(view.result_panel) == strip_isolates(headline)  # the result is heard


def test_cards_speak_and_a_face_down_card_stays_unnamed(qtbot) -> None:
    view = start(qtbot, "taxot")
    wait_for_person(qtbot, view.controller)
    hand = view.screens.hand_row
    assert name_of(hand) == "Your hand"
    focus_row(qtbot, hand)
    press(qtbot, Key.Key_Home)
    first = view.screens.zone_values["hand"][0]
    assert description_of(hand).startswith(face(first).name("en"))
    assert last_announcement(hand).startswith(face(first).name("en"))
    press(qtbot, Key.Key_Right)
    second = view.screens.zone_values["hand"][1]
    assert description_of(hand).startswith(face(second).name("en"))
    press(qtbot, Key.Key_Space)  # selected
    assert view.screens.selection["hand"] == [1]
    press(qtbot, Key.Key_Escape)  # put back
    assert not view.screens.selected_values()
    other = view.screens.seat_boxes[0].hand  # the computer's hand: backs only
    words = description_of(other).split(", ")
    assert words and set(words) == {"face-down card"}
    language().set("ja")
    assert name_of(hand) == "あなたの手札"
    assert set(description_of(other).split(", ")) == {"伏せ札"}
    assert description_of(hand).startswith(face(second).name("ja"))
    helps = key_lists_after(qtbot, view, Key.Key_Question)
    assert "Space — カーソルの札を選ぶ" in helps[0].text()


def test_hot_seat_hand_off_by_keys(qtbot) -> None:
    """Two people at one keyboard: after a move the hand-off screen hides the hand; Tab
    reaches "I am … — show my hand" and Space shows the next person's hand."""
    view = start_game(qtbot, play_view("taxot")(None, "taxot"),  # type: ignore[misc, arg-type]
                      "taxot", {"seasons": 1}, seats=[("Ann", None), ("Ben", None)])
    controller = view.controller
    handoffs = 0
    for _ in range(6):
        wait_for_person(qtbot, controller)
        if view.is_covered():
            handoffs += 1
            reveal_by_keys(qtbot, view)
        before = len(controller.game.record.entries)
        make_by_keys(qtbot, view, person_choice("taxot", view.legal_moves()))
        assert len(controller.game.record.entries) > before
    assert handoffs > 0
    assert len({e.seat for e in controller.game.record.entries if e.seat >= 0}) == 2
