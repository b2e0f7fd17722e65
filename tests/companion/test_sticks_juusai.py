"""獣裁 rules, one test per clause, on constructed positions (chance outcomes played directly)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.api import CHANCE, TERMINAL, Termination
from companion.core.chance import stick_distribution, stick_probability
from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import Game
from companion.games import registry
from companion.games.sticks.moves import Sticks, Throw, parse_move
from companion.games.sticks.pot import JuusaiState


def new(players: int = 3, **options: int) -> JuusaiState:
    state = registry.get("juusai").create(players, options)
    assert isinstance(state, JuusaiState)
    return state


def throw(state: JuusaiState, face_up: int) -> None:
    state.play(Throw())
    assert state.to_move() == CHANCE
    state.play(Sticks(face_up))


def test_stick_distribution_sums_to_one_and_matches_binomial() -> None:
    probabilities = [stick_probability(k) for k in range(6)]
    assert sum(probabilities) == 1
    assert probabilities == [Fraction(n, 32) for n in (1, 5, 10, 10, 5, 1)]
    assert [p for _, p in stick_distribution()] == [float(p) for p in probabilities]


def test_every_seat_stakes_into_the_pot_at_round_start() -> None:
    state = new(3, stake=2)
    assert state.pot == 6
    assert state.points == [18, 18, 18]


def test_the_only_move_is_throw_then_chance_gives_the_odds() -> None:
    state = new()
    assert state.legal_moves() == [Throw()]
    state.play(Throw())
    assert state.to_move() == CHANCE
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [
        (f"={k}", p) for k, p in stick_distribution()
    ]


def test_pot_goes_to_highest() -> None:
    state = new(3, rounds=1)
    for face_up in (2, 4, 1):
        throw(state, face_up)
    assert state.is_over() and state.pot == 0
    assert state.points == [19, 22, 19]


def test_points_after_a_round_with_next_stake() -> None:
    state = new(3)
    for face_up in (2, 4, 1):
        throw(state, face_up)
    assert state.pot == 3
    assert state.points == [18, 21, 18]
    assert state.last is not None and state.last.winner == 1 and state.last.amount == 3


def test_tie_only_tied_seats_restake_and_rethrow() -> None:
    state = new(3)
    for face_up in (4, 4, 1):
        throw(state, face_up)
    assert state.contenders == [0, 1]
    assert state.pot == 5  # 3 first stakes + 2 new stakes of the tied seats
    assert state.points == [18, 18, 19]
    assert state.to_move() == 0
    throw(state, 2)
    throw(state, 3)
    assert state.points[1] == 18 + 5 - 1  # took the pot, then staked for round 2
    assert state.round == 2


def test_tie_repeats_until_one_wins() -> None:
    state = new(2)
    for face_up in (3, 3, 2, 2, 5, 0):
        throw(state, face_up)
    assert state.last is not None and state.last.winner == 0 and state.last.throwoff == 2
    assert state.points == [20 + 3 - 1, 20 - 3 - 1]


def test_tied_seat_that_cannot_pay_throws_without_staking() -> None:
    state = new(2, start_points=1)
    assert state.points == [0, 0] and state.pot == 2
    throw(state, 3)
    throw(state, 3)
    assert state.contenders == [0, 1] and state.pot == 2
    throw(state, 1)
    throw(state, 2)
    assert state.is_over()
    assert state.points == [0, 2]


def test_seat_short_of_the_stake_stakes_all_it_has() -> None:
    state = new(2, start_points=3, stake=2)
    throw(state, 5)
    throw(state, 0)  # seat 1 now holds 1 < stake
    assert state.round == 2
    assert state.points == [3, 0] and state.pot == 3


def test_bankrupt_seats_sit_out() -> None:
    state = new(3, start_points=1)
    throw(state, 5)
    throw(state, 0)
    throw(state, 0)
    # only seat 0 has points: the session is over
    assert state.is_over()
    state = new(3, start_points=2)
    throw(state, 5)
    throw(state, 0)
    throw(state, 0)
    # round 2 starts with seat 1; all still solvent (1 point each for seats 1 and 2)
    assert state.round == 2 and state.contenders == [1, 2, 0]
    throw(state, 5)
    throw(state, 0)
    throw(state, 0)
    # seat 2 is bankrupt: round 3 starts with seat 2, who is skipped
    assert state.round == 3 and state.contenders == [0, 1]
    assert state.points[2] == 0


def test_session_ends_after_the_agreed_rounds() -> None:
    state = new(2, rounds=2)
    for face_up in (1, 2, 3, 4):
        throw(state, face_up)
    assert state.to_move() == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.ROUND_LIMIT
    assert outcome.scores == (20.0, 20.0)
    assert outcome.winners == frozenset({0, 1})  # shared victory


def test_session_ends_early_when_one_seat_has_points() -> None:
    state = new(2, start_points=1)
    throw(state, 4)
    throw(state, 2)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.ELIMINATION
    assert outcome.scores == (2.0, 0.0) and outcome.winners == frozenset({0})


def test_first_thrower_moves_on_each_round() -> None:
    state = new(3)
    assert state.to_move() == 0
    for face_up in (1, 2, 3):
        throw(state, face_up)
    assert state.to_move() == 1


def test_illegal_move_message_names_the_move_and_keeps_the_position() -> None:
    state = new()
    before = state.describe()
    with pytest.raises(IllegalMoveError, match="again"):
        state.play(parse_move("again"))
    with pytest.raises(IllegalMoveError):
        state.play(Sticks(3))
    assert state.describe() == before


def test_notation_round_trips_and_rejects_junk() -> None:
    for text in ("throw", "again", "bank", "=0", "=5", "bet 3x2"):
        assert str(parse_move(text)) == text
    for junk in ("=6", "bet 6x1", "throws", ""):
        with pytest.raises(MoveParseError):
            parse_move(junk)


def test_ledger_shows_pot_points_turn_and_last_result() -> None:
    state = new(2)
    throw(state, 4)
    ledger = state.ledger()
    assert ledger.pot == 2 and ledger.points == (19, 19)
    assert ledger.results == (4, None) and ledger.seat == 1 and ledger.last_throw == 4
    throw(state, 1)
    ledger = state.ledger()
    assert "seat 1 takes the pot of 2" in ledger.last_text("en")
    assert "席 1" in ledger.last_text("ja")
    assert "花子 takes the pot of 2" in ledger.last_text("en", ["花子", "Ben"])
    assert "花子 が場の 2 点" in ledger.last_text("ja", ["花子", "Ben"])


def test_points_are_conserved_in_a_seeded_game() -> None:
    game = Game.new("juusai", 4, seed=7)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(Throw())
        assert not game.state.invariant_errors()
    outcome = game.state.outcome()
    assert outcome is not None and sum(outcome.scores) == 80
