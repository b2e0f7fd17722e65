"""The stick games' bots: the greedy bot's evaluation (a seat's expected points at the end of
this round), and 連撃獣裁's search hooks (`rengeki_playout_move`, `pot_horizon`,
`pot_estimate`): the search's playouts bank or throw again as greedy does and stop soon after
the decision, where the points each seat can expect are read as a share of victory."""

from __future__ import annotations

import random
from functools import cache
from math import erf, prod, sqrt
from typing import Any

from companion.core.api import GameState
from companion.core.chance import stick_distribution
from companion.games.sticks.moves import Again, Bank
from companion.games.sticks.pot import LOSING_RETHROWS, PotState

Dist = dict[int, float]

#: The threshold a typical 連撃獣裁 player banks at (used to guess unplayed seats' totals).
TYPICAL_BANK_AT = 7


def single_throw() -> Dist:
    return dict(stick_distribution())


@cache
def _rengeki_prior() -> tuple[tuple[int, float], ...]:
    """Final total of a seat that keeps throwing while its total is below TYPICAL_BANK_AT."""
    final: Dist = {}
    frontier: Dist = single_throw()  # running totals still deciding (after the first throw)
    while frontier:
        nxt: Dist = {}
        for total, p in frontier.items():
            if total >= TYPICAL_BANK_AT:
                final[total] = final.get(total, 0.0) + p
                continue
            for k, q in stick_distribution():
                if k in LOSING_RETHROWS:
                    final[0] = final.get(0, 0.0) + p * q
                else:
                    nxt[total + k] = nxt.get(total + k, 0.0) + p * q
        frontier = nxt
    return tuple(sorted(final.items()))


def _result_dist(state: PotState, seat: int) -> Dist:
    fixed = state.results[seat]
    if fixed is not None:
        return {fixed: 1.0}
    if state.repeated and state.thrown and state.current_seat() == seat:
        return {state.running: 1.0}
    return dict(_rengeki_prior()) if state.repeated else single_throw()


def win_chance(state: PotState, seat: int) -> float:
    """Chance that `seat` takes this round's pot (a tie counts as an even share of two).

    A 連撃獣裁 seat still deciding is valued as if it went on playing as well as it can
    against the others' (known or typical) results.
    """
    if state.ended is not None or seat not in state.contenders:
        return 0.0
    if state.repeated and state.thrown and state.current_seat() == seat:
        return _continuation(_others(state, seat))[1][min(state.running, _TABLE_TOP)]
    others = [_result_dist(state, s) for s in state.contenders if s != seat]
    return sum(p * _win_at(mine, others) for mine, p in _result_dist(state, seat).items())


def bank_is_best(state: PotState) -> bool:
    """Whether the 連撃獣裁 seat at turn, having thrown, wins at least as often by banking its
    running total as by throwing again and playing on as well as it can (greedy's choice)."""
    seat = state.current_seat()
    assert seat is not None and state.repeated and state.thrown
    bank, best = _continuation(_others(state, seat))
    running = min(state.running, _TABLE_TOP)
    return bank[running] >= best[running]


def _others(state: PotState, seat: int) -> tuple[int, ...]:
    """The other contenders' results as `_continuation` reads them: -1 for a seat still to
    throw (a typical player's final total), sorted (their order does not matter)."""
    return tuple(sorted(-1 if state.results[s] is None else int(state.results[s] or 0)
                        for s in state.contenders if s != seat))


def _win_at(result: int, others: list[Dist]) -> float:
    below = prod(sum(q for r, q in d.items() if r < result) for d in others)
    at_most = prod(sum(q for r, q in d.items() if r <= result) for d in others)
    return below + 0.5 * (at_most - below)


#: Running totals this high are banked in the continuation estimate (ends the recursion).
_CONTINUATION_CAP = 60
#: The highest running total the continuation tables hold.
_TABLE_TOP = _CONTINUATION_CAP + 4


@cache
def _continuation(others: tuple[int, ...]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per running total 0 .. `_TABLE_TOP`, against the others' results (`_others`): the win
    chance banking it, and choosing bank or again optimally from there on. Worked out once
    per set of results: a search asks at every decision of every playout."""
    dists = [dict(_rengeki_prior()) if r < 0 else {r: 1.0} for r in others]
    throws = stick_distribution()
    bust = sum(p for k, p in throws if k in LOSING_RETHROWS)
    lost = _win_at(0, dists)
    bank = [_win_at(total, dists) for total in range(_TABLE_TOP + 1)]
    best = list(bank)
    for total in range(_CONTINUATION_CAP - 1, -1, -1):
        again = bust * lost + sum(p * best[min(total + k, _TABLE_TOP)]
                                  for k, p in throws if k not in LOSING_RETHROWS)
        best[total] = max(bank[total], again)
    return tuple(bank), tuple(best)


def evaluate_pot(state: GameState, seat: int) -> float:
    """獣裁 / 連撃獣裁: points held plus the pot times the chance of taking it."""
    assert isinstance(state, PotState)
    return state.points[seat] + state.pot * win_chance(state, seat)


# --- 連撃獣裁's search ------------------------------------------------------------------------
# Random playouts to the end of a ten-round session drown the one thing a decision changes
# (this round's chance) in the luck of the rounds after it: the search lost to greedy (38%).
# Its playouts now decide as greedy does and stop after `HORIZON` steps; `pot_estimate` reads
# the points each seat can then expect as its chance to end the session ahead.

#: Playout steps before `pot_estimate` judges (a round of two seats takes about eight).
HORIZON = 8


def rengeki_playout_move(state: GameState, rng: random.Random) -> Any:
    """A playout's move: throw when that is all there is, else bank or throw again as
    greedy would (`bank_is_best`)."""
    assert isinstance(state, PotState)
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return Bank() if bank_is_best(state) else Again()


def pot_horizon(state: GameState) -> int:
    """Playout steps before `pot_estimate` judges the position."""
    return HORIZON


def pot_estimate(state: GameState) -> tuple[float, ...]:
    """Each seat's share of victory where a playout stopped: its points once this round's pot
    is taken (by the chance each seat has of taking it), against every other seat's, with
    the luck of this round and the rounds left (each won by any seat still playing alike)
    as a normal spread; the pairwise chances of ending ahead, multiplied, made to sum to 1."""
    assert isinstance(state, PotState)
    if state.is_over():
        return tuple(state.returns())
    seats = range(state.num_players)
    chance = [win_chance(state, s) for s in seats]
    expected = [state.points[s] + state.pot * chance[s] for s in seats]
    playing = max(2, sum(1 for e in expected if e > 0))
    rounds_left = max(0, state.rounds - state.round)
    luck = 2.0 * state.stake ** 2 * playing * rounds_left  # variance of a difference

    def ahead(i: int, j: int) -> float:
        this_round = state.pot ** 2 * (chance[i] + chance[j] - (chance[i] - chance[j]) ** 2)
        spread = sqrt(luck + this_round)
        lead = expected[i] - expected[j]
        if spread == 0:
            return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        return 0.5 * (1.0 + erf(lead / (spread * sqrt(2.0))))

    shares = [prod(ahead(i, j) for j in seats if j != i) for i in seats]
    total = sum(shares)
    if total <= 0:
        return tuple(1.0 / state.num_players for _ in seats)
    return tuple(share / total for share in shares)
