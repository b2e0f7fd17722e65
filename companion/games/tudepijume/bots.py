"""連船之遊 evaluation and playout policy for the shared bots, and what the MCTS judges where its
playouts stop (`horizon`, `estimate`): a race of the turns each seat still needs to have 20 at
the goal (`turns_left`), read as shares of victory. Whole playouts (a game runs some 120
turns) were too noisy to tell one move from another; a dozen steps and the race do."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.bots.estimate import logistic
from companion.core.api import GameState
from companion.games.tudepijume.board import BUILD_COST, CARGO_CAP, GOAL, START, WIN_GOAL
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


# --- the search's judgement: a race of turns left -----------------------------------------------
#: Mean sticks face up per throw (0–5 with odds 1, 5, 10, 10, 5, 1 / 32): pips a turn yields.
PIPS_PER_TURN = 2.5
#: What a trip can bring to the goal at most: a full hold (15) less the last move's throw.
TRIP_LOAD = 12
#: A trip from the start: 20 squares sailed, paid for with 20 of cargo.
FULL_TRIP = 2 * GOAL
#: Turns left for a seat that can never act again (it cannot deliver anything more).
NEVER = 1000.0
#: Spread of the race (in turns) that cannot be foreseen: the throws to come, and what the
#: count leaves out (plunder, overshooting the goal, a hold already full).
SPREAD_BASE, SPREAD_PER_ROOT_TURN = 2.0, 0.65
#: Logistic scale for a normal spread.
LOGISTIC = 1.7
#: Playout steps (throws and actions) before `estimate` judges the position.
HORIZON = 12


@dataclass(frozen=True)
class Trip:
    """One ship's way to the goal: the pips it costs whatever it brings (`fixed`), the cargo it
    already carries beyond its fare (`surplus`), and the turns that are not throws (`overhead`:
    building, recalling)."""

    fixed: float
    surplus: int
    overhead: int

    @property
    def price(self) -> float:
        return self.fixed + PIPS_PER_TURN * self.overhead


def trips(state: Any, seat: int) -> list[Trip]:
    """The trips `seat`'s ships may still make (a second one for each ship, from the start)."""
    stock = state.stock[seat]
    can_build = stock > BUILD_COST  # a build that leaves no stock ends the player's game
    again = [Trip(FULL_TRIP - BUILD_COST, 0, 2)] if can_build else []  # recall, build, sail
    found = []
    for where, load in zip(state.places[seat], state.cargo[seat], strict=True):
        if where == GOAL:
            found += again
        elif where == START and load == 0:
            if can_build:
                found += [Trip(FULL_TRIP - BUILD_COST, 0, 1), *again]
        else:
            distance = GOAL - where
            found += [Trip(distance + max(0, distance - load), max(0, load - distance), 0),
                      *again]
    return found


def turns_left(state: GameState, seat: int) -> float:
    """About how many turns `seat` needs to have 20 at the goal: the cheapest trips that can
    bring what is missing, each pip of sailing or loading a turn's share of a throw."""
    from companion.games.tudepijume.rules import TudeState

    assert isinstance(state, TudeState)
    missing = WIN_GOAL - state.goal[seat]
    if missing <= 0:
        return 0.0
    if not state.can_ever_act(seat):
        return NEVER
    pips, overhead = 0.0, 0
    for trip in sorted(trips(state, seat), key=lambda t: t.price):
        if missing <= 0:
            break
        load = min(missing, TRIP_LOAD)
        pips += trip.fixed + max(0, load - trip.surplus)
        overhead += trip.overhead
        missing -= load
    if missing > 0:
        return NEVER
    return pips / PIPS_PER_TURN + overhead


def race_share(state: GameState, seat: int) -> float:
    """`seat`'s chance of winning read from the race: the turns its rivals still need against
    its own (the seat to move is half a turn ahead), spread by the throws still to come."""
    from companion.games.tudepijume.rules import TudeState

    assert isinstance(state, TudeState)
    if state.closing or state.ended is not None:
        return _final_share(state, seat)
    mine = turns_left(state, seat) - (0.5 if state.mover == seat else 0.0)
    rival = min(turns_left(state, s) - (0.5 if state.mover == s else 0.0)
                for s in range(state.num_players) if s != seat)
    if mine >= NEVER / 2 and rival >= NEVER / 2:
        return _final_share(state, seat)
    spread = SPREAD_BASE + SPREAD_PER_ROOT_TURN * math.sqrt(max(1.0, min(mine, rival)))
    margin = (rival - mine) / spread * LOGISTIC
    return logistic(margin)


def _final_share(state: Any, seat: int) -> float:
    """Where the count cannot tell (the last round, or nobody can deliver): who leads now."""
    seats = range(state.num_players)
    best = max((state.goal[s], state.tie_break(s)) for s in seats)
    leaders = [s for s in seats if (state.goal[s], state.tie_break(s)) == best]
    return 1.0 / len(leaders) if seat in leaders else 0.0


def estimate(state: GameState) -> tuple[float, ...]:
    """Each seat's expected share of victory where a playout stopped (MCTS `estimate`): the
    race read for two seats; for more, each seat's race against the field, made to sum to 1."""
    outcome = state.outcome()
    if outcome is not None:
        return state.returns()
    shares = [race_share(state, s) for s in range(state.num_players)]
    total = sum(shares)
    if total <= 0:
        return tuple(1.0 / state.num_players for _ in shares)
    return tuple(share / total for share in shares)


def horizon(state: GameState) -> int:
    """Playout steps before `estimate` judges the position."""
    return HORIZON


__all__ = ["Trip", "estimate", "evaluate", "gain", "horizon", "playout_move", "race_share",
           "trips", "turns_left", "worth"]
