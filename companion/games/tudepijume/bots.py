"""連船之遊 evaluation and playout policy for the shared bots."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.tudepijume.board import BUILD_COST, CARGO_CAP, GOAL, START
from companion.games.tudepijume.moves import Build, Plunder, Recall, Sail, Supply

#: A resource in the goal stock, against one on a ship: a ship's worth is its cargo plus
#: twice its progress (a square costs a resource to sail and a turn to gain it back), and a
#: delivered resource must outweigh the whole trip that brought it.
GOAL_WEIGHT = 5.0
STOCK_WEIGHT = 0.5
STUCK = 60.0
WIN = 1000.0
RANDOM_SHARE = 0.2


def worth(state: GameState, seat: int) -> float:
    """How well `seat` stands, in cargo-equivalents."""
    from companion.games.tudepijume.rules import SHIP_NUMBERS, TudeState

    assert isinstance(state, TudeState)
    value = GOAL_WEIGHT * state.goal[seat] + STOCK_WEIGHT * state.stock[seat]
    for ship in SHIP_NUMBERS:
        where = state.place(seat, ship)
        if where != GOAL:
            value += state.load(seat, ship) + 2.0 * where
    if not state.can_ever_act(seat):
        value -= STUCK
    return value


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for `seat`: its worth minus the best rival's (±1000 once decided)."""
    outcome = state.outcome()
    if outcome is not None:
        if seat in outcome.winners:
            return WIN / len(outcome.winners)
        return -WIN
    rivals = [worth(state, s) for s in range(state.num_players) if s != seat]
    return worth(state, seat) - max(rivals)


def _lead_ship(state: Any, seat: int) -> int:
    """The built ship furthest on (not yet at the goal), 0 when there is none."""
    from companion.games.tudepijume.rules import SHIP_NUMBERS

    best, lead = -1, 0
    for ship in SHIP_NUMBERS:
        where = state.place(seat, ship)
        if where != GOAL and state.is_built(seat, ship) and where > best:
            best, lead = where, ship
    return lead


def _score(state: Any, seat: int, move: Any, n: int, lead: int) -> float:
    kind = type(move)
    load = state.load(seat, move.ship)
    if kind is Sail:
        if state.place(seat, move.ship) + n >= GOAL:
            return 100.0 + load - n
        if load - n < 2:
            return -10.0  # it would come back (nearly) empty
        return 9.0 if move.ship == lead else 1.0
    if kind is Plunder:
        return 20.0 + state.plunder_amount(seat, move, n)
    if kind is Supply:
        room = CARGO_CAP - load
        return (8.0 + n if room >= n else 0.0) - (0.0 if move.ship == lead else 6.0)
    if kind is Build:
        return 10.0 if state.stock[seat] >= 2 * BUILD_COST else -5.0
    if kind is Recall:
        return 7.0 if state.place(seat, move.ship) == GOAL else -20.0
    return 0.0


def playout_move(state: GameState, rng: Any) -> Any:
    """A quick, sensible move for playouts: arrive at the goal, plunder, build while the stock
    allows, bring the lead ship (the one furthest on) forward by sailing it while it keeps a
    reserve and supplying it otherwise, recall ships idle at the goal; now and then a random
    move."""
    from companion.games.tudepijume.rules import TudeState

    assert isinstance(state, TudeState)
    moves = state.legal_moves()
    if len(moves) == 1 or rng.random() < RANDOM_SHARE:
        return rng.choice(moves)
    seat, n = state.mover, state.cast or 0
    lead = _lead_ship(state, seat)
    return max(moves, key=lambda m: _score(state, seat, m, n, lead))


__all__ = ["START", "evaluate", "playout_move", "worth"]
