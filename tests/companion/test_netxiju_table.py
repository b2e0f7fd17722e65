"""The 六裁 table companion: throws typed in, the engine keeps the tally; immutable steps for
undo/redo; the play for the history; the six-stick thrower."""

from __future__ import annotations

import random

import pytest

from companion.games.netxiju.table import (
    new_table,
    roll_die,
    state_of,
    tally,
    throw,
    thrower,
)
from companion.games.netxiju.texts import cups_word
from companion.history import PlayMode
from companion.table.log import TableError


def test_throws_move_the_mirrored_pieces_and_count_cups() -> None:
    log = new_table(2, ["Ann", "Bo"]).choose_first(1)
    log = throw(throw(log, 3), 6)  # Bo to 3 (2 cups), Ann to 6 (2 cups)
    rows = tally(log, "en")
    assert [(r.name, r.square, r.cups) for r in rows] == [("Ann", 6, 2), ("Bo", 3, 2)]
    assert rows[1].to_move and not rows[0].to_move


def test_each_step_is_a_new_value_and_undo_takes_back_one_throw() -> None:
    start = new_table(2).choose_first(0)
    after = throw(start, 4)
    assert state_of(start).positions == [0, 0]  # the old value is untouched
    assert state_of(after).positions == [4, 0]
    assert after.undo().undo() == start  # a throw is two entries: 'throw' and '=4'
    assert start.undo().entries == ()


def test_a_throw_outside_the_sticks_or_the_die_is_refused_with_a_sentence() -> None:
    log = new_table(2).choose_first(0)
    with pytest.raises(TableError, match="0 to 6, not 7"):
        throw(log, 7)
    die = new_table(2, options={"dice": "die"}).choose_first(0)
    with pytest.raises(TableError, match="1 to 6, not 0"):
        throw(die, 0)
    with pytest.raises(TableError, match="who begins"):
        throw(new_table(2), 3)


def test_a_step_the_rules_refuse_names_the_reason() -> None:
    log = new_table(2).choose_first(0)
    with pytest.raises(TableError, match="'throw' is the only move"):
        log.step("=3")
    with pytest.raises(TableError, match="cannot read move"):
        log.step("jump")


def test_the_finished_table_game_becomes_a_play_for_the_history() -> None:
    log = new_table(2, ["Ann", "花子"], {"tally": "drinks"}).choose_first(0)
    while not state_of(log).is_over():
        log = throw(log, 1 if state_of(log).to_move() == 1 else 5)
    play = log.to_play_record(location="club")
    assert play.mode is PlayMode.TABLE and play.game_id == "netxiju"
    assert play.is_finished and play.options["tally"] == "drinks"
    assert [s.player for s in play.seats] == ["Ann", "花子"]
    winner = [s for s in play.seats if s.winner]
    assert len(winner) == 1 and winner[0].rank == 1 and winner[0].breakdown["place"] == 1.0
    assert play.record is not None and play.record["moves"][0] == {"chance": "first 1"}


def test_an_unfinished_table_game_has_no_result_yet() -> None:
    play = throw(new_table(3).choose_first(2), 2).to_play_record()
    assert not play.is_finished and all(s.score is None for s in play.seats)


def test_the_first_player_can_be_drawn_by_the_app() -> None:
    seats = {state_of(new_table(3).draw_first(random.Random(seed))).first for seed in range(30)}
    assert seats == {0, 1, 2}


def test_the_thrower_has_six_sticks_and_the_die_six_faces() -> None:
    log = thrower()
    assert log.sticks == 6 and len(log.expected()) == 7
    assert log.expected()[3] == pytest.approx(20 / 64)
    rng = random.Random(1)
    assert {roll_die(rng) for _ in range(200)} == set(range(1, 7))


def test_the_tally_word_follows_the_option() -> None:
    assert cups_word({"tally": "penalty"}, "ja") == "罰点"
    assert cups_word({"tally": "drinks"}, "en") == "cups"


def test_ox_walk_chance_is_shown_while_it_is_still_possible() -> None:
    log = new_table(2).choose_first(0)
    log = throw(log, 3)
    assert tally(log)[0].ox_still_possible
    log = throw(throw(log, 0), 4)  # seat 0 goes from 3 to 7: square 6 is behind it unstopped
    assert not tally(log)[0].ox_still_possible
