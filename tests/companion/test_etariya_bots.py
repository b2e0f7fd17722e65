"""Etariya's own playout against the rules engine: from the start, from the middle of the
opening, mid-turn and in the middle of a draw, with forced setups and with E, the fast playout
ends in the very state the generic playout (`legal_moves`, `chance_outcomes`, `_apply`) reaches
from the same seed, in as many steps and with the same numbers drawn; its bag and map draws pick
what `sample_outcome` picks for every number, the odds' boundaries and the rounding below 1
included."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from companion.bots.playout import game_policy, generic_playout
from companion.core.record import sample_outcome
from companion.games.etariya import bots
from companion.games.etariya.rules import EtariyaState
from companion.games.etariya.setup import randomize_setup


def _start(options: dict[str, Any], seed: int, forced_setup: bool) -> EtariyaState:
    setup = randomize_setup(seed, options.get("expansions", ())) if forced_setup else None
    return EtariyaState.start(options, None, setup)


def _positions(state: EtariyaState, seed: int, every: int) -> list[EtariyaState]:
    """Positions along a random game through the engine, chance pending or a seat to move."""
    rng = random.Random(seed)
    found = []
    step = 0
    while not state.is_over():
        if step % every == 0:
            found.append(state.copy())
        move = sample_outcome(state, rng) if state.is_chance() else rng.choice(
            state.legal_moves())
        state.play(move)
        step += 1
    return found


def _both(position: EtariyaState, seed: int, use_policy: bool,
          max_steps: int = 5000) -> tuple[EtariyaState, EtariyaState]:
    slow, quick = position.copy(), position.copy()
    slow_rng, quick_rng = random.Random(seed), random.Random(seed)
    steps = generic_playout(slow, slow_rng, max_steps, game_policy(slow) if use_policy else None)
    assert bots.playout(quick, quick_rng, max_steps, use_policy) == steps
    assert quick_rng.getstate() == slow_rng.getstate()  # the same numbers drawn
    return slow, quick


@pytest.mark.parametrize(("options", "forced_setup"), [
    ({}, False), ({"expansions": ["E"]}, False), ({"first_faction": "dark"}, False),
    ({}, True), ({"expansions": ["E"]}, True)],
    ids=["base", "E", "first-dark", "setup", "E-setup"])
def test_the_fast_playout_reaches_the_engines_end_from_every_kind_of_position(
        options: dict[str, Any], forced_setup: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    def step_by_step(*_: Any) -> int:
        raise AssertionError("the fast playout fell back to the step-by-step loop")

    mid_draw = 0
    for seed, every in enumerate((5, 7, 11, 13, 17)):  # prime to a turn's six steps
        positions = _positions(_start(options, seed, forced_setup), seed, every)
        mid_draw += sum(1 for p in positions if p.turn and p.queue and p.queue[0][0] == "hand")
        for position in positions:
            for use_policy in (False, True):
                with monkeypatch.context() as patch:
                    patch.setattr(bots, "_generic", step_by_step)
                    slow, quick = _both(position, seed, use_policy)
                assert quick == slow and quick.is_over()  # every field, winner and reason
                assert quick.outcome() == slow.outcome()
                assert not quick.invariant_errors()
    assert mid_draw >= 5


@pytest.mark.parametrize("max_steps", [1, 7, 40, 80])
def test_a_playout_cut_short_stops_where_the_generic_playout_stops(max_steps: int) -> None:
    for seed in range(3):
        for position in _positions(_start({}, seed, False), seed, every=20):
            for use_policy in (False, True):
                slow, quick = _both(position, seed, use_policy, max_steps)
                assert quick == slow


class _Fixed:
    """An rng whose `random()` is a given number."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


def _edges(odds: list[float]) -> list[float]:
    """0, each running sum of `odds` and the numbers just below it, the number just below 1."""
    found, acc = [0.0, math.nextafter(1.0, 0.0)], 0.0
    for p in odds:
        acc += p
        found += [acc, math.nextafter(acc, 0.0)]
    return [u for u in found if 0.0 <= u < 1.0]


@pytest.mark.parametrize("bag", [
    {c: 7 for c in "ROYGBIV"}, {c: 1 for c in "ROYGBIV"},  # 1/7 seven times adds up below 1
    {"R": 0, "O": 3, "Y": 0, "G": 1, "B": 0, "I": 2, "V": 0}, {"R": 0, "V": 1}])
def test_a_bag_draw_picks_what_sample_outcome_picks(bag: dict[str, int]) -> None:
    state = EtariyaState.start({})
    state.queue, state.bag = [("hand", 0)], dict(bag)
    odds = [p for _, p in state.chance_outcomes()]
    for u in _edges(odds) + [random.Random(n).random() for n in range(50)]:
        left = dict(bag)
        expected = sample_outcome(state, _Fixed(u)).colour  # type: ignore[arg-type]
        assert bots._draw(left, sum(bag.values()), u) == expected
        assert left == {**bag, expected: bag[expected] - 1}


def test_a_map_draw_lays_what_sample_outcome_lays() -> None:
    state = EtariyaState.start({})
    state._apply(sample_outcome(state, random.Random(0)))  # the first faction
    while state.queue and state.queue[0][0] == "map":  # 16, 14 (adds up below 1), 12, 10
        slot = state.queue[0][1]
        odds = [p for _, p in state.chance_outcomes()]
        for u in _edges(odds):
            expected, quick = state.copy(), state.copy()
            expected._apply(sample_outcome(expected, _Fixed(u)))  # type: ignore[arg-type]
            bots._lay_map(quick, slot, u)
            quick.queue.pop(0)
            assert (quick.placements, quick.base, quick.faction) == (
                expected.placements, expected.base, expected.faction)
        state._apply(sample_outcome(state, random.Random(slot)))
