"""連船之遊 rules, one test per clause of the book (p.19–20) and of the decisions in
rules/lanerme-games.md §12. Each test name says the clause."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

from companion.core.api import Termination
from companion.core.errors import IllegalMoveError, MoveParseError, RecordError
from companion.core.record import Game, GameRecord
from companion.games.first_player import FirstPlayer
from companion.games.sticks.moves import Sticks
from companion.games.tudepijume.board import GOAL, SQUARES, START, place_rect, square_cell
from companion.games.tudepijume.bots import evaluate, gain, playout_move, worth
from companion.games.tudepijume.moves import Build, Plunder, Recall, Sail, Supply, parse_move
from companion.games.tudepijume.record import game_document
from companion.games.tudepijume.rules import TudeState, new_state


def game(players: int = 2, first: int = 0, rounds: int = 150) -> TudeState:
    state = new_state(players, {"rounds": rounds})
    state.play(FirstPlayer(first))
    return state


def ship(state: TudeState, seat: int, number: int, place: int, cargo: int) -> None:
    """Test set-up: put a ship somewhere with some cargo (no rule applied)."""
    state.places[seat][number - 1] = place
    state.cargo[seat][number - 1] = cargo
    state._legal = None


def texts(state: TudeState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# --- the board --------------------------------------------------------------------------------
def test_board_has_a_start_nineteen_squares_and_a_goal_in_a_ring() -> None:
    assert (START, SQUARES, GOAL) == (0, 19, 20)
    assert [square_cell(i) for i in (1, 8, 9, 11, 12, 19)] == [
        (1, 0), (8, 0), (8, 1), (8, 3), (8, 4), (1, 4)]
    for a, b in pairwise(range(1, SQUARES + 1)):  # each square touches the next one
        (ca, ra), (cb, rb) = square_cell(a), square_cell(b)
        assert abs(ca - cb) + abs(ra - rb) == 1
    start, goal = place_rect(START), place_rect(GOAL)
    assert start[0] == goal[0] == 0 and start[1] < goal[1]  # start above the goal, left


# --- setup ------------------------------------------------------------------------------------
def test_setup_ships_on_the_start_stock_twenty_one_ship_loaded_with_five() -> None:
    state = new_state(3, {})
    assert state.places == [[0, 0, 0]] * 3
    assert state.cargo == [[5, 0, 0]] * 3
    assert state.stock == [20] * 3 and state.goal == [0] * 3


def test_setup_the_first_player_is_drawn_and_throws_first() -> None:
    state = new_state(4, {})
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [
        (f"first {s}", 0.25) for s in (1, 2, 3, 4)]
    state.play(FirstPlayer(3))
    assert state.mover == 3 and state.is_chance()


def test_setup_player_count_is_two_to_four() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_state(5, {})


# --- the throw --------------------------------------------------------------------------------
def test_turn_begins_with_five_sticks() -> None:
    state = game()
    assert {m.face_up: p for m, p in state.chance_outcomes()} == {
        k: pytest.approx(c / 32) for k, c in enumerate((1, 5, 10, 10, 5, 1))}


def test_a_throw_of_zero_passes_the_turn() -> None:
    state = game()
    state.play(Sticks(0))
    assert state.mover == 1 and state.is_chance()
    assert state.last is not None and state.last.reason == "threw 0"


def test_an_empty_start_stock_passes_without_throwing() -> None:
    state = game(3)
    state.stock[1] = 0
    state.play(Sticks(2))
    state.play(Supply(1))
    assert state.mover == 2 and state.is_chance()  # seat 1 was passed over
    assert state.last is not None and state.last.reason == "start stock is empty"


# --- actions ----------------------------------------------------------------------------------
def test_move_pays_the_throw_from_the_ships_cargo_and_sails_as_far() -> None:
    state = game()
    state.play(Sticks(3))
    state.play(Sail(1))
    assert state.place(0, 1) == 3 and state.load(0, 1) == 2


def test_move_needs_the_ship_to_hold_the_throw() -> None:
    state = game()
    ship(state, 0, 1, 0, 2)
    state.play(Sticks(3))
    assert "move 1" not in texts(state)
    with pytest.raises(IllegalMoveError, match="ship 1 holds 2, less than the 3"):
        state.play(Sail(1))


def test_a_ship_whose_cargo_drops_to_zero_returns_to_the_start() -> None:
    state = game()
    ship(state, 0, 1, 4, 3)
    state.play(Sticks(3))
    state.play(Sail(1))
    assert (state.place(0, 1), state.load(0, 1)) == (START, 0)


def test_arriving_unloads_into_the_goal_stock_and_a_move_may_overshoot() -> None:
    state = game()
    ship(state, 0, 1, 18, 10)
    state.play(Sticks(4))  # two squares would do: it stops on the goal
    state.play(Sail(1))
    assert state.place(0, 1) == GOAL and state.load(0, 1) == 0 and state.goal[0] == 6
    assert state.last is not None and state.last.delivered == 6


def test_a_ship_on_the_goal_can_only_be_recalled() -> None:
    state = game()
    ship(state, 0, 1, GOAL, 0)
    ship(state, 0, 2, 5, 4)
    state.play(Sticks(2))
    moves = texts(state)
    assert "recall 1" in moves
    assert not {"move 1", "supply 1"} & set(moves)
    with pytest.raises(IllegalMoveError, match="at the goal: it can only be recalled"):
        state.play(Supply(1))


def test_build_pays_five_from_the_stock_for_an_empty_ship_on_the_start() -> None:
    state = game()
    state.play(Sticks(1))
    state.play(Build(2))
    assert state.stock[0] == 15 and state.load(0, 2) == 5 and state.place(0, 2) == START


def test_build_needs_five_in_stock_and_an_empty_ship() -> None:
    state = game()
    state.stock[0] = 4
    state.play(Sticks(1))
    assert not any(t.startswith("build") for t in texts(state))
    with pytest.raises(IllegalMoveError, match="holds 4"):
        state.play(Build(2))
    with pytest.raises(IllegalMoveError, match="already built"):
        state.play(Build(1))


def test_an_unbuilt_ship_cannot_sail_or_take_supplies() -> None:
    state = game()
    state.play(Sticks(1))
    assert {"move 2", "supply 2", "move 3", "supply 3"}.isdisjoint(texts(state))
    with pytest.raises(IllegalMoveError, match="not built yet"):
        state.play(Supply(2))


def test_supply_loads_the_throw_and_cargo_above_fifteen_is_lost() -> None:
    state = game()
    ship(state, 0, 1, 6, 13)
    state.play(Sticks(4))
    state.play(Supply(1))
    assert state.load(0, 1) == 15


def test_plunder_takes_throw_minus_one_from_a_ship_on_the_same_square() -> None:
    state = game()
    ship(state, 0, 1, 7, 5)
    ship(state, 1, 2, 7, 9)
    state.play(Sticks(4))
    state.play(Plunder(1, 1, 2))
    assert state.load(0, 1) == 8 and state.load(1, 2) == 6


def test_plunder_is_limited_by_the_victims_cargo_and_the_room_left() -> None:
    state = game()
    ship(state, 0, 1, 7, 5)
    ship(state, 1, 2, 7, 2)
    state.play(Sticks(5))
    state.play(Plunder(1, 1, 2))  # only 2 to take: the victim is empty and goes home
    assert state.load(0, 1) == 7 and (state.place(1, 2), state.load(1, 2)) == (START, 0)
    state = game()
    ship(state, 0, 1, 7, 13)
    ship(state, 1, 2, 7, 9)
    state.play(Sticks(5))
    state.play(Plunder(1, 1, 2))  # room for 2 only
    assert state.load(0, 1) == 15 and state.load(1, 2) == 7


def test_plunder_needs_two_or_more_and_another_players_ship_on_a_square() -> None:
    state = game()
    ship(state, 0, 1, 7, 5)
    ship(state, 0, 2, 7, 5)  # own ship: never plundered
    ship(state, 1, 1, START, 5)
    ship(state, 1, 2, 7, 4)
    state.play(Sticks(1))
    assert not any(t.startswith("plunder") for t in texts(state))
    with pytest.raises(IllegalMoveError, match="2 or more"):
        state.play(Plunder(1, 1, 2))
    state = game()
    ship(state, 0, 1, START, 5)
    ship(state, 1, 1, START, 5)
    state.play(Sticks(3))
    assert not any(t.startswith("plunder") for t in texts(state))  # not on the start


def test_recall_brings_a_ship_home_and_unloads_into_the_start_stock() -> None:
    state = game()
    ship(state, 0, 1, 9, 6)
    state.play(Sticks(2))
    state.play(Recall(1))
    assert (state.place(0, 1), state.load(0, 1), state.stock[0]) == (START, 0, 26)


def test_recall_is_for_ships_away_from_the_start() -> None:
    state = game()
    state.play(Sticks(2))
    assert not any(t.startswith("recall") for t in texts(state))
    with pytest.raises(IllegalMoveError, match="already at the start"):
        state.play(Recall(1))


def test_ships_may_share_a_square_without_harm() -> None:
    state = game()
    ship(state, 1, 1, 3, 5)
    state.play(Sticks(3))
    state.play(Sail(1))
    assert state.place(0, 1) == state.place(1, 1) == 3 and state.load(1, 1) == 5


# --- the end ----------------------------------------------------------------------------------
def test_twenty_at_the_goal_finishes_the_round_then_most_goal_wins() -> None:
    state = game(3)
    state.goal[0] = 8
    ship(state, 0, 1, 17, 15)
    state.play(Sticks(3))
    state.play(Sail(1))
    assert state.goal[0] == 20 and state.closing
    assert not state.is_over()  # seats 1 and 2 still play this round
    state.play(Sticks(0))
    state.goal[2] = 25
    state.play(Sticks(0))
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({2})
    assert outcome.termination is Termination.NORMAL


def test_reaching_twenty_triggers_the_last_round() -> None:
    state = game(2, first=1)
    ship(state, 0, 1, 18, 15)
    state.goal[0] = 10
    state.play(Sticks(0))  # seat 1 (first) passes
    state.play(Sticks(2))
    state.play(Sail(1))  # seat 0 delivers 13: 23, last of the round
    assert state.goal[0] == 23 and state.is_over()


def test_equal_goal_stocks_are_decided_by_start_stock_and_cargo_then_shared() -> None:
    state = game()
    state.goal = [20, 20]
    state.stock = [10, 12]
    state.cargo = [[5, 0, 0], [0, 0, 0]]
    state.ended = Termination.NORMAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})
    state.stock = [7, 12]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0, 1})


def test_the_game_ends_after_the_round_limit() -> None:
    state = game(2, rounds=10)
    rng = random.Random(2)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    assert state.round == 10 and state.ended in (Termination.ROUND_LIMIT,
                                                 Termination.ELIMINATION)


def test_the_game_ends_when_nobody_can_act_any_more() -> None:
    state = game()
    state.stock = [3, 0]  # seat 1 can never act again; seat 0 still can
    ship(state, 0, 1, 5, 2)
    state.play(Sticks(2))
    state.play(Sail(1))  # ship 1 runs empty and goes home: only unbuilt ships, stock 3
    assert state.ended is Termination.ELIMINATION
    outcome = state.outcome()
    assert outcome is not None and outcome.detail == "nobody could act any more"


# --- notation, records, bots ------------------------------------------------------------------
def test_notation_round_trips_every_move_and_outcome() -> None:
    for text in ("move 1", "build 3", "supply 2", "recall 1", "plunder 1 4.3", "=0", "=5",
                 "first 2"):
        assert str(parse_move(text)) == text
    for wrong in ("move 4", "plunder 1 2", "plunder 1 0.1", "=6", "throw", "sail 1", ""):
        with pytest.raises(MoveParseError):
            parse_move(wrong)


def test_an_illegal_move_names_the_reason_and_the_position() -> None:
    state = game()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Supply(1))
    assert "the sticks are thrown at the start of a turn" in str(caught.value)
    assert "1: stock 20 goal 0 ships 0/5,0/0,0/0" in str(caught.value)


def test_a_record_with_an_illegal_step_is_refused_with_a_sentence() -> None:
    record = GameRecord.from_dict({"game": "tudepijume", "players": 2, "seed": 1, "moves": [
        {"chance": "first 1"}, {"chance": "=2"}, {"seat": 0, "move": "move 2"}]})
    with pytest.raises(RecordError, match=r"move 3 \(move 2\).*ship 2 holds 0"):
        Game.replay(record)


def test_the_documented_record_carries_the_result() -> None:
    played = Game.new("tudepijume", 2, {"rounds": 12}, seed=4)
    rng = random.Random(4)
    while not played.state.is_over():
        played.resolve_chance()
        if not played.state.is_over():
            played.play(rng.choice(played.state.legal_moves()))
    document = json.loads(json.dumps(game_document(played.record)))
    state = played.state
    assert isinstance(state, TudeState)
    assert document["result"]["goal"] == state.goal and document["result"]["finished"]
    assert document["result"]["ships"][0][0] == {"ship": 1, "place": state.place(0, 1),
                                                 "cargo": state.load(0, 1)}
    assert GameRecord.from_dict(document).to_json() == played.record.to_json()


def test_evaluation_values_goal_resources_and_progress() -> None:
    state = game()
    base = evaluate(state, 0)
    ship(state, 0, 1, 6, 5)
    assert evaluate(state, 0) > base
    state.goal[0] = 5
    assert evaluate(state, 0) > evaluate(state, 1)


def test_the_playout_policy_takes_a_well_loaded_ship_into_the_goal() -> None:
    state = game()
    ship(state, 0, 2, 17, 15)
    ship(state, 0, 1, 3, 5)
    state.play(Sticks(3))
    rng = random.Random(0)
    chosen = [str(playout_move(state, rng)) for _ in range(20)]
    assert chosen.count("move 2") >= 12
    assert all(text in texts(state) for text in chosen)


def test_the_playout_policys_gain_is_the_change_in_the_evaluations_worth() -> None:
    game = Game.new("tudepijume", 3, seed=9)
    rng = random.Random(9)
    checked = 0
    while not game.state.is_over() and checked < 200:
        game.resolve_chance()
        state = game.state
        if not isinstance(state, TudeState) or state.is_over():
            break
        seat, n = state.mover, state.cast or 0
        for move in state.legal_moves():
            if isinstance(move, Plunder):
                continue
            after = state.copy()
            after.play(move)
            if after.is_over() or after.can_ever_act(seat) != state.can_ever_act(seat):
                continue
            assert gain(state, seat, move, n) == pytest.approx(
                worth(after, seat) - worth(state, seat)), str(move)
            checked += 1
        game.play(playout_move(state, rng))
    assert checked >= 100
