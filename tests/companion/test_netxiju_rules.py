"""六裁 rules, one test per clause of the board sheet, the book's reconstruction and the
decisions in rules/lanerme-games.md §11 and §14.11. Each test name says the clause."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError, RecordError
from companion.core.record import Game, GameRecord
from companion.games.first_player import FirstPlayer
from companion.games.netxiju.board import (
    COLUMNS,
    GOAL,
    LINED,
    LINES,
    ROWS,
    SQUARES,
    START,
    TRACK,
    cell,
    index_at,
    square_name,
)
from companion.games.netxiju.bots import evaluate
from companion.games.netxiju.moves import Cast, parse_move
from companion.games.netxiju.record import game_document
from companion.games.netxiju.rules import OFF, NetxijuState, new_state
from companion.games.sticks.moves import Throw


def game(players: int = 2, first: int = 0, **options: str) -> NetxijuState:
    state = new_state(players, dict(options))
    state.play(FirstPlayer(first))
    return state


def throws(state: NetxijuState, *casts: int) -> NetxijuState:
    """Each value: the player to move throws and the sticks show it."""
    for value in casts:
        state.play(Throw())
        state.play(Cast(value))
    return state


def at(state: NetxijuState, seat: int, square: int) -> None:
    """Test set-up: put a seat's piece on a square (no rule applied)."""
    state.positions[seat] = square


# --- the board (sheet and p.19) ---------------------------------------------------------------
def test_board_is_eight_columns_by_four_rows_numbered_along_the_zigzag() -> None:
    assert (COLUMNS, ROWS, SQUARES) == (8, 4, 32)
    assert square_name(START) == "R4C8" and square_name(GOAL) == "R1C8"
    assert [square_name(i) for i in (7, 8, 15, 16, 23, 24)] == [
        "R4C1", "R3C1", "R3C8", "R2C8", "R2C1", "R1C1"]
    for a, b in pairwise(TRACK):  # every step goes to a neighbour square
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    assert all(index_at(*cell(i)) == i for i in range(SQUARES))


def test_board_lines_are_the_sheets_nine_squares_and_twenty_two_in_all() -> None:
    assert {square_name(i): LINES[i] for i in LINED} == {
        "R4C5": 2, "R4C2": 2, "R3C2": 2, "R3C5": 2, "R3C8": 2,
        "R2C5": 3, "R2C1": 3, "R1C4": 3, "R1C8": 3}
    assert LINED == (3, 6, 9, 12, 15, 19, 23, 27, 31)
    assert sum(LINES) == 22
    assert 1 not in LINES  # no square has a single line


# --- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 6])
def test_setup_every_piece_starts_on_the_start(players: int) -> None:
    state = new_state(players, {})
    assert state.positions == [START] * players and state.cups == [0] * players


def test_setup_player_count_is_two_to_six() -> None:
    for wrong in (1, 7):
        with pytest.raises(ValueError, match="2 to 6 players"):
            new_state(wrong, {})


def test_setup_the_first_player_is_drawn_at_random_and_begins() -> None:
    state = new_state(4, {})
    assert state.is_chance()
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [
        (f"first {s}", 0.25) for s in (1, 2, 3, 4)]
    state.play(FirstPlayer(2))
    assert state.to_move() == 2


# --- a turn -----------------------------------------------------------------------------------
def test_turn_throwing_is_the_only_move() -> None:
    state = game()
    assert state.legal_moves() == [Throw()]
    state.play(Throw())
    assert state.is_chance()


def test_turn_six_sticks_give_zero_to_six_with_binomial_odds() -> None:
    state = game()
    state.play(Throw())
    odds = {m.value: p for m, p in state.chance_outcomes()}
    assert odds == {k: pytest.approx(float(Fraction(n, 64)))
                    for k, n in enumerate((1, 6, 15, 20, 15, 6, 1))}


def test_turn_the_die_option_gives_one_to_six_evenly() -> None:
    state = game(dice="die")
    state.play(Throw())
    assert {m.value: p for m, p in state.chance_outcomes()} == {
        k: pytest.approx(1 / 6) for k in range(1, 7)}
    with pytest.raises(IllegalMoveError, match="1 to 6"):
        state.play(Cast(0))


def test_turn_the_piece_advances_as_many_squares_as_the_throw() -> None:
    state = throws(game(), 4)
    assert state.positions[0] == 4 and state.to_move() == 1


def test_turn_order_goes_round_the_table_from_the_first_player() -> None:
    state = game(3, first=2)
    order = []
    for _ in range(4):
        order.append(state.to_move())
        throws(state, 1)
    assert order == [2, 0, 1, 2]


# --- sending back -----------------------------------------------------------------------------
def test_landing_on_another_piece_sends_it_back_to_the_start() -> None:
    state = game()
    at(state, 1, 5)
    throws(state, 5)
    assert state.positions == [5, START] and state.sent_back == [0, 1]
    assert state.last is not None and state.last.sent_back == 1


def test_the_start_sends_nobody_back() -> None:
    state = game(3)
    throws(state, 0)  # seat 0 "lands" on the start where everybody stands
    assert state.positions == [START] * 3 and state.sent_back == [0, 0, 0]


def test_passing_over_a_piece_does_not_send_it_back() -> None:
    state = game()
    at(state, 1, 2)
    throws(state, 4)
    assert state.positions == [4, 2] and state.sent_back == [0, 0]


# --- cups -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("square", "cups"), [(3, 2), (19, 3), (4, 0)])
def test_stopping_on_a_lined_square_costs_a_cup_per_line(square: int, cups: int) -> None:
    state = game()
    at(state, 0, square - 3)
    throws(state, 3)
    assert state.cups == [cups, 0]


def test_a_zero_on_a_lined_square_costs_its_cups_again() -> None:
    state = game()
    throws(state, 3, 1, 0)  # seat 0 to 3 (2 cups), seat 1 to 1, seat 0 stays on 3
    assert state.positions[0] == 3 and state.cups[0] == 4


def test_passing_over_lines_costs_nothing() -> None:
    state = throws(game(), 5)
    assert state.cups == [0, 0]


# --- the goal ---------------------------------------------------------------------------------
def test_a_throw_past_the_goal_does_not_move_and_costs_nothing() -> None:
    state = game()
    at(state, 0, 27)  # a lined square: staying there by overshooting costs nothing
    throws(state, 5)
    assert state.positions[0] == 27 and state.cups[0] == 0
    assert state.last is not None and state.last.overshoot


def test_landing_exactly_on_the_goal_finishes_with_its_three_cups() -> None:
    state = game(3)
    at(state, 0, 28)
    throws(state, 3)
    assert state.positions[0] == OFF and state.finish == [0] and state.cups[0] == 3
    assert state.place(0) == 1 and not state.is_over()


def test_finished_players_are_skipped_and_their_square_is_free() -> None:
    state = game(3)
    at(state, 0, 28)
    throws(state, 3)
    assert state.to_move() == 1
    throws(state, 1, 1)  # seats 1 and 2
    assert state.to_move() == 1


def test_the_game_ends_when_one_player_is_left_who_is_last() -> None:
    state = game(3)
    at(state, 0, 28)
    at(state, 1, 27)
    throws(state, 3, 4)  # seat 0 then seat 1 finish
    assert state.is_over() and state.finish == [0, 1, 2]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (2.0, 1.0, 0.0) and outcome.winners == frozenset({0})
    assert outcome.ranks() == (1, 2, 3)
    assert [b["place"] for b in outcome.breakdown] == [1.0, 2.0, 3.0]


def test_two_players_end_with_the_first_finisher() -> None:
    state = game()
    at(state, 1, 30)
    throws(state, 2, 1)
    assert state.is_over() and state.finish == [1, 0]
    assert state.legal_moves() == []


# --- 牛行 -------------------------------------------------------------------------------------
OX_WALK = (3, 3, 3, 3, 3, 4, 4, 4, 4)  # stops on 3, 6, 9, 12, 15, 19, 23, 27, 31


def walk(state: NetxijuState, *casts: int) -> None:
    """Seat 0 throws `casts`; the others throw 0 in between."""
    for value in casts:
        while state.to_move() != 0:
            throws(state, 0)
        throws(state, value)


def test_ox_walk_is_finishing_after_every_lined_square_never_sent_back() -> None:
    state = game()
    walk(state, *OX_WALK)
    assert state.is_over() and state.ox == [True, False]
    assert state.cups[0] == 22  # the legend's twenty-two cups
    outcome = state.outcome()
    assert outcome is not None and outcome.breakdown[0]["ox"] == 1.0
    assert state.last is not None and state.last.ox


def test_ox_walk_is_lost_by_being_sent_back() -> None:
    state = throws(game(), 3)  # seat 0 stops on 3
    at(state, 1, 2)
    throws(state, 1)  # seat 1 lands on 3: seat 0 goes back
    assert state.positions[0] == START and state.sent_back[0] == 1
    at(state, 0, 3)  # put it back where it was: every lined square is still reached
    walk(state, *OX_WALK[1:])
    assert state.finish[0] == 0 and state.stopped_on(0) == LINED
    assert state.ox[0] is False


def test_ox_walk_needs_a_stop_on_every_lined_square() -> None:
    state = game()
    walk(state, 3, 3, 3, 3, 3, 4, 4, 5, 3)  # skips 27
    assert state.finish[0] == 0 and 27 not in state.stopped_on(0)
    assert state.ox[0] is False


# --- moves, notation, errors ------------------------------------------------------------------
def test_notation_round_trips_every_move_and_outcome() -> None:
    for text in ("throw", "=0", "=6", "first 1", "first 6"):
        assert str(parse_move(text)) == text
    for wrong in ("=7", "throw 2", "first 0", "first x", "go", ""):
        with pytest.raises(MoveParseError):
            parse_move(wrong)


def test_an_illegal_move_names_the_move_the_reason_and_the_position() -> None:
    state = game()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Cast(3))
    message = str(caught.value)
    assert "=3" in message and "'throw' is the only move" in message
    assert "pieces 0,0" in message
    state.play(Throw())
    with pytest.raises(IllegalMoveError, match="sticks are in the air"):
        state.play(Throw())


def test_a_record_with_an_illegal_step_is_refused_with_a_sentence() -> None:
    record = GameRecord("netxiju", 2, 1, {}, [])
    record = GameRecord.from_dict({**record.to_dict(), "moves": [
        {"chance": "first 1"}, {"seat": 0, "move": "throw"}, {"chance": "=9"}]})
    with pytest.raises(RecordError, match=r"move 3 \(=9\).*cannot read move"):
        Game.replay(record)
    wrong_seat = GameRecord.from_dict({**record.to_dict(), "moves": [
        {"chance": "first 1"}, {"seat": 1, "move": "throw"}]})
    with pytest.raises(RecordError, match="recorded for seat 1, but 0 is to move"):
        Game.replay(wrong_seat)
    with pytest.raises(RecordError, match="not a game record"):
        GameRecord.from_json("{\"game\": \"netxiju\"}")


def test_the_documented_record_carries_the_result() -> None:
    played = Game.new("netxiju", 3, seed=5)
    while not played.state.is_over():
        played.resolve_chance()
        if not played.state.is_over():
            played.play(Throw())
    document = json.loads(json.dumps(game_document(played.record)))
    state = played.state
    assert isinstance(state, NetxijuState)
    assert document["result"]["finish_order"] == state.finish
    assert document["result"]["cups"] == state.cups
    assert document["first_seat"] == state.first
    assert GameRecord.from_dict(document).to_json() == played.record.to_json()


def test_evaluation_prefers_the_piece_further_ahead_and_finishers_most() -> None:
    state = game(3)
    at(state, 0, 10)
    at(state, 1, 4)
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
    at(state, 1, 28)
    state.mover = 1
    throws(state, 3)
    assert evaluate(state, 1) > evaluate(state, 0)
