"""連撃獣裁 rules, one test per clause."""

from __future__ import annotations

import pytest

from companion.core.api import CHANCE
from companion.core.errors import IllegalMoveError
from companion.games import registry
from companion.games.sticks.moves import Again, Bank, Sticks, Throw
from companion.games.sticks.pot import RengekiState


def new(players: int = 2, **options: int) -> RengekiState:
    state = registry.get("rengeki").create(players, options)
    assert isinstance(state, RengekiState)
    return state


def do(state: RengekiState, move: Throw | Again, face_up: int) -> None:
    state.play(move)
    assert state.to_move() == CHANCE
    state.play(Sticks(face_up))


def test_first_move_is_throw_then_again_or_bank() -> None:
    state = new()
    assert state.legal_moves() == [Throw()]
    with pytest.raises(IllegalMoveError, match="throw first"):
        state.play(Bank())
    do(state, Throw(), 3)
    assert state.legal_moves() == [Again(), Bank()]
    assert state.to_move() == 0 and state.running == 3


def test_again_adds_the_throw_to_the_running_total() -> None:
    state = new()
    do(state, Throw(), 3)
    do(state, Again(), 4)
    do(state, Again(), 2)
    assert state.running == 9 and state.to_move() == 0


def test_bank_fixes_the_total_and_ends_the_turn() -> None:
    state = new()
    do(state, Throw(), 3)
    do(state, Again(), 2)
    state.play(Bank())
    assert state.results[0] == 5
    assert state.to_move() == 1 and state.legal_moves() == [Throw()]


@pytest.mark.parametrize("bust", [0, 1])
def test_zero_or_one_on_a_rethrow_loses_the_total(bust: int) -> None:
    state = new()
    do(state, Throw(), 4)
    do(state, Again(), 3)
    do(state, Again(), bust)
    assert state.results[0] == 0
    assert state.to_move() == 1  # the turn ended


@pytest.mark.parametrize("first", [0, 1])
def test_first_throw_of_zero_or_one_is_not_lost(first: int) -> None:
    state = new()
    do(state, Throw(), first)
    assert state.to_move() == 0 and state.running == first
    assert state.legal_moves() == [Again(), Bank()]
    state.play(Bank())
    assert state.results[0] == first


def test_highest_fixed_total_takes_the_pot() -> None:
    state = new(3, rounds=1)
    do(state, Throw(), 2)
    do(state, Again(), 3)
    state.play(Bank())  # seat 0: 5
    do(state, Throw(), 4)
    state.play(Bank())  # seat 1: 4
    do(state, Throw(), 5)
    do(state, Again(), 0)  # seat 2 busts: 0
    assert state.is_over()
    assert state.points == [22, 19, 19]


def test_tie_only_tied_seats_stake_and_play_again() -> None:
    state = new(3)
    for seat_throw in (3, 3, 2):
        do(state, Throw(), seat_throw)
        state.play(Bank())
    assert state.contenders == [0, 1]
    assert state.pot == 5 and state.points == [18, 18, 19]
    do(state, Throw(), 2)
    state.play(Bank())
    do(state, Throw(), 2)
    do(state, Again(), 2)
    state.play(Bank())
    assert state.last is not None and state.last.winner == 1 and state.last.amount == 5


def test_two_busts_tie_at_zero_and_play_again() -> None:
    state = new(2)
    for _ in range(2):
        do(state, Throw(), 3)
        do(state, Again(), 1)
    assert state.contenders == [0, 1] and state.throwoff == 1


def test_ledger_shows_the_running_total() -> None:
    state = new()
    do(state, Throw(), 3)
    do(state, Again(), 4)
    ledger = state.ledger()
    assert ledger.running == 7 and ledger.seat == 0 and ledger.last_throw == 4
    assert "running 7" in state.describe()
