"""Evaluation hooks for the greedy bot: a seat's expected points at the end of this round."""

from __future__ import annotations

from functools import cache
from math import prod

from companion.core.api import GameState
from companion.core.chance import stick_distribution
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
    others = [_result_dist(state, s) for s in state.contenders if s != seat]
    if state.repeated and state.thrown and state.current_seat() == seat:
        return _best_continuation(state.running, others)
    return sum(p * _win_at(mine, others) for mine, p in _result_dist(state, seat).items())


def _win_at(result: int, others: list[Dist]) -> float:
    below = prod(sum(q for r, q in d.items() if r < result) for d in others)
    at_most = prod(sum(q for r, q in d.items() if r <= result) for d in others)
    return below + 0.5 * (at_most - below)


#: Running totals this high are banked in the continuation estimate (ends the recursion).
_CONTINUATION_CAP = 60


def _best_continuation(running: int, others: list[Dist]) -> float:
    """Win chance with a running total, choosing bank or again optimally from here on."""
    throws = stick_distribution()
    bust = sum(p for k, p in throws if k in LOSING_RETHROWS)
    lost = _win_at(0, others)
    values: dict[int, float] = {}
    for total in range(_CONTINUATION_CAP + 5, running - 1, -1):
        bank = _win_at(total, others)
        if total >= _CONTINUATION_CAP:
            values[total] = bank
            continue
        again = bust * lost + sum(
            p * values[total + k] for k, p in throws if k not in LOSING_RETHROWS)
        values[total] = max(bank, again)
    return values[running]


def evaluate_pot(state: GameState, seat: int) -> float:
    """獣裁 / 連撃獣裁: points held plus the pot times the chance of taking it."""
    assert isinstance(state, PotState)
    return state.points[seat] + state.pot * win_chance(state, seat)
