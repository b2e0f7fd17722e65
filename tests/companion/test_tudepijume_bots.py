"""連船之遊's search judgement: the race of turns left (`turns_left`), read as shares of victory
where an MCTS playout stops (`estimate`, `horizon`)."""

from __future__ import annotations

import pytest

from companion.bots.playout import game_extra
from companion.games.tudepijume.bots import (
    HORIZON,
    NEVER,
    estimate,
    race_share,
    turns_left,
)
from tests.companion.test_tudepijume_rules import game, ship


def test_turns_left_at_the_start_counts_two_trips_and_one_build() -> None:
    # ship 1 (5 aboard) sails 20 squares on 20 of cargo and brings 12: 20 + 15 + 12 pips;
    # a built ship (5 aboard) brings the other 8: 20 + 15 + 8 pips and a turn to build it.
    assert turns_left(game(), 0) == pytest.approx((47 + 43) / 2.5 + 1)


def test_turns_left_falls_as_a_ship_sails_on_and_as_the_goal_fills() -> None:
    state = game()
    before = turns_left(state, 0)
    ship(state, 0, 1, 10, 12)
    under_way = turns_left(state, 0)
    assert under_way < before
    ship(state, 0, 1, 18, 12)
    assert turns_left(state, 0) < under_way
    state.goal[0] = 20
    assert turns_left(state, 0) == 0.0


def test_a_seat_that_can_never_act_again_never_gets_there() -> None:
    state = game()
    state.stock[1] = 0
    assert turns_left(state, 1) == NEVER
    assert race_share(state, 1) == pytest.approx(0.0, abs=1e-9)
    assert race_share(state, 0) == pytest.approx(1.0, abs=1e-9)


def test_a_build_that_would_empty_the_stock_is_not_counted_on() -> None:
    state = game()
    state.stock[0] = 5  # building would leave nothing: only ship 1 (5 aboard) may deliver
    ship(state, 0, 1, 0, 5)
    alone = turns_left(state, 0)
    state.stock[0] = 10
    assert turns_left(state, 0) < alone


def test_estimate_favours_the_seat_ahead_and_sums_to_one() -> None:
    state = game(3)
    ship(state, 1, 1, 15, 14)
    shares = estimate(state)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[1] == max(shares) and shares[1] > 0.5


def test_in_an_even_race_the_seat_to_move_is_half_a_turn_ahead() -> None:
    state = game(2, first=1)
    state.play(state.chance_outcomes()[2][0])  # seat 2 threw: it acts first
    assert state.mover == 1
    mover, other = race_share(state, 1), race_share(state, 0)
    assert 0.5 < mover < 0.6 and other == pytest.approx(1 - mover)


def test_in_the_last_round_the_goal_stocks_decide() -> None:
    state = game()
    state.goal = [21, 12]
    state.closing = True
    assert estimate(state) == (1.0, 0.0)
    state.goal = [20, 20]
    state.stock = [5, 5]
    assert estimate(state) == (0.5, 0.5)


def test_the_search_hooks_are_registered() -> None:
    state = game()
    assert game_extra(state, "horizon")(state) == HORIZON
    assert game_extra(state, "estimate")(state) == estimate(state)
