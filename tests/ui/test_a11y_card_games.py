"""What a screen reader hears on each 紙机戦 card game's play page (issue 37), in both
languages: the hand by its name and each card by its name, the other seat's cards only as
face-down cards, the seat cards, the points table; never a hidden card's value."""

from __future__ import annotations

import pytest

from companion.games.nincetkaik.deck import face
from tests.ui.keyboard import wait_for_person
from tests.ui.screen_reader import description_of, name_of
from tests.ui.test_keys_card_games import start
from tests.ui.test_nincetkaik_play import GAMES
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import strip_isolates

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

pytestmark = pytest.mark.usefixtures("english", "quiet_games")

FACE_DOWN = {"en": "face-down card", "ja": "伏せ札"}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_card_game_page_speaks_and_keeps_hidden_cards_unnamed(qtbot, game_id: str) -> None:
    view = start(qtbot, game_id)
    wait_for_person(qtbot, view.controller)
    screens, state = view.screens, view.controller.state
    for lang, hand_name in (("en", "Your hand"), ("ja", "あなたの手札")):
        language().set(lang)
        hand = screens.hand_row
        assert name_of(hand) == hand_name
        spoken = [spot.name for spot in hand.keys.spots()]
        assert spoken == [face(c).name(lang) if face(c).number is not None
                          else spot for c, spot in zip(state.hands[0], spoken, strict=True)]
        assert all(face(c).name(lang) in spot
                   for c, spot in zip(state.hands[0], spoken, strict=True))
        for box in screens.seat_boxes:  # the computer's cards: face down, never named
            who = strip_isolates(view.seat_name(1))
            assert name_of(box.hand) == (f"{who}'s hand" if lang == "en" else f"{who} の手札")
            assert not any(face(c).name(lang) in description_of(box.hand)
                           for c in state.hands[1])
            said = description_of(box.hand).split(", ")
            assert said and set(said) == {FACE_DOWN[lang]}
        names = [name_of(card) for card in view.seat_panel.cards]
        assert strip_isolates(view.seat_name(0)) in names[0]
        assert strip_isolates(view.seat_name(1)) in names[1]
        if screens.has_points:
            assert name_of(screens.points_table) == (
                "Points after each round" if lang == "en" else "ラウンドごとの点数")


def test_point_sticks_say_their_number_and_sticks(qtbot) -> None:
    from ui.games.nincetkaik.cards import SticksView

    view = SticksView()
    qtbot.addWidget(view)
    view.set_points(36, "Pot")
    assert name_of(view) == "Pot 36"
    assert description_of(view) == "Point sticks: 1 black, 2 red, 1 white"
    language().set("ja")
    view.set_points(30, "場")
    assert name_of(view) == "場 30" and description_of(view) == "点棒: 黒 1 本、赤 1 本"
