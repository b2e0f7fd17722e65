"""新遊 rules, one test per clause, and the expected-value table of the rules texts."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from companion.core.api import CHANCE, Termination
from companion.core.errors import IllegalMoveError
from companion.games import registry
from companion.games.sticks.moves import Bet, Sticks, Throw
from companion.games.sticks.shinyu import PAYOUT, ShinyuState, expected_values
from companion.resources import rules_text


def new(players: int = 3, **options: Any) -> ShinyuState:
    state = registry.get("shinyu").create(players, options)
    assert isinstance(state, ShinyuState)
    return state


def banker_throws(state: ShinyuState, face_up: int) -> None:
    assert state.legal_moves() == [Throw()]
    state.play(Throw())
    assert state.to_move() == CHANCE
    state.play(Sticks(face_up))


def test_banker_is_seat_one_first_and_the_others_bet_in_turn() -> None:
    state = new(3)
    assert state.banker == 0 and state.bettors == [1, 2]
    assert state.to_move() == 1
    state.play(Bet(3, 2))
    assert state.to_move() == 2 and state.pot == 2 and state.points[1] == 18


def test_bet_amount_is_one_to_min_of_points_and_max_bet() -> None:
    state = new(3, max_bet=3)
    amounts = {m.amount for m in state.legal_moves()}
    numbers = {m.number for m in state.legal_moves()}
    assert amounts == {1, 2, 3} and numbers == set(range(6))
    with pytest.raises(IllegalMoveError, match="1 to 3"):
        state.play(Bet(2, 4))
    poor = new(3, start_points=2, max_bet=3)
    assert {m.amount for m in poor.legal_moves()} == {1, 2}


@pytest.mark.parametrize(("number", "multiplier"), list(enumerate(PAYOUT)))
def test_payouts_by_number(number: int, multiplier: int) -> None:
    assert PAYOUT == (8, 4, 2, 2, 4, 8)
    state = new(2, laps=1)
    state.play(Bet(number, 2))
    banker_throws(state, number)
    # the bettor keeps the stake and gets stake × multiplier from the banker
    assert state.points[1] == 20 + 2 * multiplier
    assert state.points[0] == 20 - 2 * multiplier


def test_losing_bets_go_to_the_banker() -> None:
    state = new(3)
    state.play(Bet(0, 3))
    state.play(Bet(5, 1))
    banker_throws(state, 2)
    assert state.points == [24, 17, 19]
    assert state.last is not None and state.last.deltas == (4, -3, -1)


def test_banker_rotation() -> None:
    state = new(3)
    bankers = []
    for _ in range(4):
        bankers.append(state.banker)
        for _ in state.bettors:
            state.play(Bet(2, 1))
        banker_throws(state, 3)
    assert bankers == [0, 1, 2, 0]


def test_banker_stays_when_rotation_is_off() -> None:
    state = new(3, rotate_banker=False)
    for _ in range(3):
        assert state.banker == 0
        for _ in state.bettors:
            state.play(Bet(2, 1))
        banker_throws(state, 3)


def test_banker_who_cannot_cover_pays_what_it_has_in_turn_order() -> None:
    state = new(3, start_points=4, max_bet=4)
    state.play(Bet(0, 1))  # seat 1: owed 8
    state.play(Bet(0, 1))  # seat 2: owed 8
    banker_throws(state, 0)
    # banker had 4: seat 1 gets its stake back and the 4 points; seat 2 only its stake
    assert state.points == [0, 8, 4]
    assert state.last is not None and state.last.shortfall == 12
    assert not state.invariant_errors()


def test_bankrupt_seats_sit_out_and_a_broke_banker_passes_the_role_on() -> None:
    state = new(3, start_points=1)
    state.play(Bet(2, 1))
    state.play(Bet(2, 1))
    banker_throws(state, 3)  # banker (seat 0) takes both: [3, 0, 0]
    assert state.is_over()  # only one seat has points left
    state = new(4, start_points=1)
    state.play(Bet(2, 1))  # seat 1
    state.play(Bet(2, 1))  # seat 2
    state.play(Bet(1, 1))  # seat 3
    banker_throws(state, 1)  # seat 3 is owed 4; the banker holds 1 + 2 and pays those 3
    assert state.points == [0, 0, 0, 4] and state.is_over()
    state = new(4, start_points=2, max_bet=2)
    state.play(Bet(2, 2))  # seat 1 loses everything
    state.play(Bet(3, 1))
    state.play(Bet(3, 1))
    banker_throws(state, 4)
    assert state.points[1] == 0
    # round 2 would be seat 1's bank: it is broke, so seat 2 banks and seat 1 does not bet
    assert state.banker == 2 and state.bettors == [3, 0]


def test_session_ends_after_laps_times_players_rounds() -> None:
    state = new(2, laps=2)
    for _ in range(4):
        state.play(Bet(2, 1))
        banker_throws(state, 3)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.ROUND_LIMIT
    assert state.round == 4


def test_session_ends_when_one_seat_has_points() -> None:
    state = new(2, start_points=1)
    state.play(Bet(2, 1))
    banker_throws(state, 3)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.ELIMINATION
    assert outcome.winners == frozenset({0}) and outcome.scores == (2.0, 0.0)


def test_expected_values_are_exact() -> None:
    assert expected_values() == {
        0: Fraction(-23, 32), 1: Fraction(-7, 32), 2: Fraction(-1, 16),
        3: Fraction(-1, 16), 4: Fraction(-7, 32), 5: Fraction(-23, 32),
    }


def _table_values(text: str) -> dict[int, Fraction]:
    """The expected-value table of a rules text: rows `| n | ... | a/b |`, last cell a fraction."""
    values = {}
    for line in text.splitlines():
        match = re.fullmatch(r"\|\s*(\d)\s*\|.*\|\s*([−-]?\d+/\d+)\s*\|", line.strip())
        if match:
            values[int(match.group(1))] = Fraction(match.group(2).replace("−", "-"))
    return values


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_shows_the_expected_value_table(lang: str) -> None:
    assert _table_values(rules_text("shinyu", lang)) == expected_values()


def test_ledger_shows_banker_and_bets() -> None:
    state = new(3)
    state.play(Bet(4, 2))
    ledger = state.ledger()
    assert ledger.banker == 0 and ledger.bets == (None, (4, 2), None) and ledger.pot == 2
    assert ledger.seat == 2
    state.play(Bet(1, 1))
    banker_throws(state, 4)
    assert "the banker, seat 1, threw 4" in state.ledger().last_text("en")
    assert "the banker, Ann, threw 4" in state.ledger().last_text("en", ["Ann", "Bo", "Cy"])
    assert "親" in state.ledger().last_text("ja")
