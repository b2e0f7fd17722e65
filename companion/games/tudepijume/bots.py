"""連船之遊 evaluation and playout policy for the shared bots."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.tudepijume.board import BUILD_COST, CARGO_CAP, GOAL
from companion.games.tudepijume.moves import Build, Plunder, Recall, Sail, Supply

#: A ship on its way is worth its cargo plus twice its progress (a square costs a resource to
#: sail and a turn to gain that resource back). A delivered resource is worth five: a trip is
#: worth ending only with a good load (a ship that arrives must be recalled and sail again).
GOAL_WEIGHT = 5.0
STOCK_WEIGHT = 0.5
STUCK = 60.0
WIN = 1000.0
RANDOM_SHARE = 0.05


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


def gain(state: Any, seat: int, move: Any, n: int) -> float:
    """How much `move` (with the throw `n`) changes `worth(state, seat)`, worked out without
    playing it (a plunder also lowers a rival's worth: it counts twice). It runs once per move
    in every playout step: plain indexing, no calls but the plunder's."""
    kind = type(move)
    if kind is Plunder:
        return 2.0 * state.plunder_amount(seat, move, n)
    i = move.ship - 1
    where, load = state.places[seat][i], state.cargo[seat][i]
    if kind is Sail:
        if where + n >= GOAL:
            return GOAL_WEIGHT * (load - n) - (load + 2.0 * where)
        if load == n:
            return -(load + 2.0 * where)  # it sails home empty
        return float(n)
    if kind is Supply:
        room = CARGO_CAP - load
        return float(n if n < room else room)
    if kind is Build:
        stuck = STUCK if state.stock[seat] == BUILD_COST else 0.0
        return BUILD_COST - STOCK_WEIGHT * BUILD_COST - stuck
    if kind is Recall:
        return STOCK_WEIGHT * load - (0.0 if where == GOAL else load + 2.0 * where)
    return 0.0


def playout_move(state: GameState, rng: Any) -> Any:
    """The greedy bot's choice, cheaply: the move with the best `gain` in worth (ties at
    random); now and then a random move."""
    tude: Any = state  # a TudeState: its cached moves are read without a copy
    moves = tude._legal if tude._legal is not None else tude.legal_moves()
    if len(moves) == 1 or rng.random() < RANDOM_SHARE:
        return moves[int(rng.random() * len(moves))]
    seat, n = tude.mover, tude.cast or 0
    best, chosen = -1e18, []
    for move in moves:
        value = gain(state, seat, move, n)
        if value > best + 1e-9:
            best, chosen = value, [move]
        elif value >= best - 1e-9:
            chosen.append(move)
    return chosen[0] if len(chosen) == 1 else chosen[int(rng.random() * len(chosen))]


__all__ = ["evaluate", "gain", "playout_move", "worth"]
