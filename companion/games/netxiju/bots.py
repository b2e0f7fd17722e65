"""六裁 evaluation for the shared bots.

六裁 leaves nobody a choice (one piece, one move: ``throw``), so no bot can play it better than
another; the evaluation only says who is ahead (for the greedy bot's interface and the screens):
a finished piece is worth more than any piece on the board, earlier finishers more; a racing
piece is worth its square; the value is the seat's worth minus the best rival's.
"""

from __future__ import annotations

from companion.core.api import GameState
from companion.games.netxiju.board import GOAL


def worth(state: GameState, seat: int) -> float:
    """How far `seat` is in the race: its square, or more than the goal once finished."""
    from companion.games.netxiju.rules import NetxijuState

    assert isinstance(state, NetxijuState)
    place = state.place(seat)
    if place is not None:
        return 2.0 * GOAL + (state.num_players - place)
    return float(state.positions[seat])


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for `seat`: its worth minus the best rival's."""
    rivals = [worth(state, s) for s in range(state.num_players) if s != seat]
    return worth(state, seat) - max(rivals)
