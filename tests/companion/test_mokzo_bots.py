"""行山's search hooks: the fast playout (the same moves and chance as the generic playout with
the same rng, so only legal moves at the right odds), the estimate where playouts stop."""

from __future__ import annotations

import random

import pytest

from companion.bots.playout import game_extra, game_policy, generic_playout
from companion.core.record import Game
from companion.games.mokzo.bots import HORIZON, _main_choice, estimate, playout, playout_move
from companion.games.mokzo.rules import MAIN, MokzoState


def positions(count: int = 6) -> list[MokzoState]:
    """Full positions (hands dealt) after some random moves of seeded games."""
    found = []
    for seed in range(count):
        game = Game.new("mokzo", 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(30 + 25 * seed):
            game.resolve_chance()
            if game.state.is_over():
                break
            game.play(rng.choice(game.state.legal_moves()))
        state = game.state
        assert isinstance(state, MokzoState) and not state.is_over()
        found.append(state.copy())
    return found


@pytest.mark.parametrize("use_policy", [True, False])
def test_the_fast_playout_plays_as_the_generic_playout_does(use_policy: bool) -> None:
    policy = game_policy(positions(1)[0]) if use_policy else None
    for index, start in enumerate(positions()):
        fast, generic = start.copy(), start.copy()
        steps = playout(fast, random.Random(index), 2000, use_policy)
        assert steps == generic_playout(generic, random.Random(index), 2000, policy)
        assert fast.describe() == generic.describe()
        assert fast.outcome() == generic.outcome()
        assert not fast.invariant_errors()


def test_each_step_of_the_fast_playout_is_a_legal_move_or_a_chance_outcome() -> None:
    state = positions(2)[1]
    rng = random.Random(7)
    for _ in range(150):
        if state.is_over():
            break
        before = state.copy()
        playout(state, rng, 1, True)
        options = [m for m, _ in before.chance_outcomes()] if before.is_chance() \
            else before.legal_moves()
        matches = []
        for move in options:
            after = before.copy()
            after.play(move)  # checks the move against the rules
            if after.describe() == state.describe():
                matches.append(move)
        assert matches, before.describe()


def test_the_main_phase_choice_is_the_policys_without_its_move_list() -> None:
    checked = 0
    for start in positions():
        state = start.copy()
        rng = random.Random(3)
        while not state.is_over() and checked < 400:
            if state.phase == MAIN:
                for seed in range(4):
                    assert _main_choice(state, random.Random(seed).random) == \
                        playout_move(state, random.Random(seed))
                checked += 1
            playout(state, rng, 1, True)
    assert checked >= 200


def test_the_estimate_favours_the_seat_further_on_and_shares_out_one() -> None:
    state = positions(1)[0]
    state.square[:] = [3, 12]
    shares = estimate(state)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[1] > 0.8 > 0.2 > shares[0]
    state.square[:] = [12, 12]
    state.rice[:] = [20, 20]
    state.money[:] = [0, 0]
    state.hands = [list(state.hands[1]), list(state.hands[1])]
    state.rows = [list(state.rows[1]), list(state.rows[1])]
    assert estimate(state) == pytest.approx((0.5, 0.5))


def test_a_finished_game_is_estimated_by_its_result_and_the_hooks_are_registered() -> None:
    state = positions(1)[0]
    assert game_extra(state, "horizon")(state) == HORIZON
    assert game_extra(state, "playout") is not None
    playout(state, random.Random(1), 5000, True)
    assert state.is_over()
    assert estimate(state) == tuple(state.returns())
    assert game_extra(state, "estimate")(state) == estimate(state)
