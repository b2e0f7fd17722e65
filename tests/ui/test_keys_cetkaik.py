"""机戦 (and its education and old rule sets) played with the keyboard alone against the
fastest computer: Tab to the board, arrows and Enter for squares, digits for the move buttons
(issue 37)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from companion.games.cetkaik.moves import AfterCast, Declare, PieceMove, TamMove
from companion.games.cetkaik.rules import AFTER_CAST, DECLARE
from tests.ui.keyboard import (
    activate,
    choose,
    play_to_the_end,
    press,
    press_move_button,
    start_game,
    tab_to,
)
from tests.ui.screen_reader import name_of
from ui.games.cetkaik.play import CetkaikScreens, play_view
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons

protect_singletons()

pytestmark = pytest.mark.usefixtures("english", "quiet_games")


def started(qtbot, game_id: str, **options: Any) -> PlayFrame:
    return start_game(qtbot, play_view(None, game_id, animate=False), game_id, options)


def person_move(state: Any, rng: random.Random) -> Any:
    """Captures first, 終季 at once, go on after a good cast: the season ends soon."""
    if state.phase == DECLARE:
        return Declare(False)
    if state.phase == AFTER_CAST:
        return next(m for m in state.legal_moves() if isinstance(m, AfterCast) and m.dest)
    plain = [m for m in state.legal_moves() if isinstance(m, PieceMove) and not m.via]
    captures = [m for m in plain if state.piece_at(m.dest) is not None]
    return rng.choice(captures or plain)


def play_by_keys(qtbot, view: PlayFrame, move: Any) -> None:
    screens = view.screens
    assert isinstance(screens, CetkaikScreens) and view.controller is not None
    index = view.controller.state.tables.index
    keys = screens.keys
    if isinstance(move, Declare):
        press_move_button(qtbot, view, str(move))
        return
    if isinstance(move, AfterCast):
        choose(qtbot, keys, index[move.dest])
        return
    assert isinstance(move, (PieceMove, TamMove)) and not getattr(move, "via", "")
    choose(qtbot, keys, index[move.src])
    choose(qtbot, keys, index[move.dest])
    if screens.via == move.dest:  # a piece it may also step on: Enter once more takes it
        press(qtbot, Qt.Key.Key_Return)


def a_turn_by_keys(qtbot, view: PlayFrame, rng: random.Random) -> None:
    """The keyboard back on the board if a move took it away, then the person's move."""
    assert isinstance(view.screens, CetkaikScreens) and view.controller is not None
    if view.focusWidget() is not view.screens.board:
        tab_to(qtbot, view.screens.board)
    play_by_keys(qtbot, view, person_move(view.controller.state, rng))


@pytest.mark.parametrize(("game_id", "options"), [
    ("cetkaik", {"seasons": 1}),
    ("cetkaik_education", {"seasons": 1}),
    ("cetkaik_old", {"move_limit": 40}),
])
def test_a_whole_game_against_the_computer_by_keys_alone(qtbot, game_id, options) -> None:
    view = started(qtbot, game_id, **options)
    screens = view.screens
    assert isinstance(screens, CetkaikScreens)
    tab_to(qtbot, screens.board)
    rng = random.Random(5)
    controller = view.controller
    assert controller is not None
    play_to_the_end(qtbot, controller, lambda: a_turn_by_keys(qtbot, view, rng))
    assert controller.finished and view.result_panel.isVisible()
    # every rule set's result is named
    assert name_of(view.result_panel).startswith(("Winner", "Draw", "Shared"))
    assert all(": " in spot.name for spot in screens.spots())  # and its squares spoken


def test_a_captured_piece_is_put_down_by_keys_and_esc_gives_the_choice_up(qtbot) -> None:
    """Tab reaches the captured piece's button (named for a screen reader), Space chooses it,
    Esc on the board gives the choice up; chosen again, arrows and Enter put it down."""
    from companion.games.cetkaik.moves import Drop
    from tests.ui.test_cetkaik_play import before_a_new_hand, resumed

    game, capture = before_a_new_hand(seed=11)
    view = resumed(qtbot, game)
    activate(qtbot, view)
    screens = view.screens
    assert isinstance(screens, CetkaikScreens) and view.controller is not None
    tab_to(qtbot, screens.board)
    play_by_keys(qtbot, view, capture)
    press_move_button(qtbot, view, "再行")
    other = view.controller.state
    play_by_keys(qtbot, view, next(m for m in other.legal_moves() if isinstance(m, PieceMove)
                                   and not m.via and not other.casts_for(m)))
    state = view.controller.state
    drop = next(m for m in state.legal_moves() if isinstance(m, Drop))
    name = f"drop:{drop.colour.letter}{drop.profession.letter}:{state.mover}"

    def button() -> Any:  # the side panel rebuilds its buttons when the choice changes
        return next(b for b in screens.hand_boxes[state.mover].drop_buttons()
                    if b.objectName() == name)

    assert name_of(button()).startswith(f"Captured {drop.colour.name_in('en')} ")
    tab_to(qtbot, button())
    press(qtbot, Qt.Key.Key_Space)
    assert screens.drop == (drop.colour, drop.profession)
    assert view.focusWidget() is screens.board  # where the piece goes next
    press(qtbot, Qt.Key.Key_Escape)
    assert screens.drop is None
    tab_to(qtbot, button())
    press(qtbot, Qt.Key.Key_Space)
    choose(qtbot, screens.keys, state.tables.index[drop.dest])
    assert view.controller.game.record.entries[-1].move == str(drop)
