"""The Equilibrium table tracker (immutable steps for undo/redo) and the result sheet that
becomes a co-operative play in the history."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from companion.core.record import Game
from companion.games.equilibrium.bots import playout_move
from companion.games.equilibrium.setup import randomize_setup
from companion.games.equilibrium.tracker import (
    ResultSheet,
    TableTracker,
    TrackerError,
    expected_deck,
    penalty_reminder,
)
from companion.history import PlayMode


def test_expected_deck_after_the_setup() -> None:
    assert expected_deck(1) == 72 - 8 - 4
    assert expected_deck(2, ("squares",)) == 80 - 8 - 8
    assert expected_deck(1, ("books",), books=3, book_cost=3) == 72 - 9 - 8 - 4


def test_tracker_from_a_setup_counts_cities_out_of_12_or_16() -> None:
    tracker = TableTracker.from_setup(randomize_setup(1, ["books", "squares"], 2, books=2))
    assert (tracker.players, tracker.total, tracker.deck) == (2, 16, 80 - 4 - 8 - 8)
    assert TableTracker.start(1, deck=50).deck == 50


def test_a_turn_phase_one_then_draws_then_the_next_seat() -> None:
    tracker = TableTracker.start(2)
    assert tracker.status() == "Turn 1, seat 1, phase I (play or discard a card); deck 56; " \
                               "cities 0/12"
    with pytest.raises(TrackerError, match="drawn in phase II"):
        tracker.draw()
    after = tracker.end_phase().draw().end_turn()
    assert (after.turn, after.seat, after.phase, after.deck) == (2, 1, 1, 55)
    assert tracker.deck == 56 and tracker.phase == 1  # every step is a new value: undo is free
    assert after.status("ja") == "ターン2・2人目・フェイズI(1枚プレイか捨てる)・山札55枚・都市0/12"


def test_a_chaos_card_shows_the_penalty_reminder_until_it_is_resolved() -> None:
    tracker = TableTracker.start(1).end_phase().draw_chaos()
    assert tracker.needs_penalty() and tracker.deck == expected_deck(1) - 1
    with pytest.raises(TrackerError, match="choose its penalty first"):
        tracker.draw()
    with pytest.raises(TrackerError, match="choose its penalty first"):
        tracker.end_turn()
    assert not tracker.penalty(1).needs_penalty()
    assert len(penalty_reminder("en")) == 3 and penalty_reminder("ja")[1].startswith("2. ")


def test_penalty_three_takes_up_to_four_cards_and_may_find_more_chaos() -> None:
    tracker = TableTracker.start(1, deck=3).end_phase().draw_chaos()
    revealed = tracker.penalty(3, chaos_found=1)
    assert revealed.deck == 0 and revealed.chaos == 1
    with pytest.raises(TrackerError, match="at most 2 of them"):
        tracker.penalty(3, chaos_found=3)
    with pytest.raises(TrackerError, match="penalties are 1, 2 and 3"):
        tracker.penalty(4)


def test_penalty_three_with_an_empty_deck_turns_up_nothing_then_the_draw_loses() -> None:
    tracker = TableTracker.start(1, deck=1).end_phase().draw_chaos()
    assert tracker.deck == 0 and tracker.needs_penalty()
    resolved = tracker.penalty(3)
    assert resolved.deck == 0 and not resolved.needs_penalty() and not resolved.is_over()
    with pytest.raises(TrackerError, match="0 cards were turned up"):
        tracker.penalty(3, chaos_found=1)
    assert resolved.draw().result == "lost"
    assert "even none" in penalty_reminder("en")[2] and "0枚でもよい" in penalty_reminder("ja")[2]


def test_claiming_every_city_wins_and_ends_the_tracker() -> None:
    tracker = TableTracker.start(1).claim(4).claim(8)
    assert tracker.result == "won" and tracker.status() == "won (12/12)"
    with pytest.raises(TrackerError, match="game is over"):
        tracker.claim()
    with pytest.raises(TrackerError, match="Only 8 cities are left"):
        TableTracker.start(1).claim(4).claim(9)


def test_drawing_from_an_empty_deck_loses() -> None:
    tracker = TableTracker.start(1, deck=1).end_phase().draw()
    lost = tracker.draw()
    assert lost.result == "lost" and lost.status("ja") == "敗北 (0/12)"


def test_seeding_and_corrections_change_the_deck_count() -> None:
    tracker = TableTracker.start(1, deck=10).take(2).set_deck(7)
    assert tracker.deck == 7
    with pytest.raises(TrackerError, match="cannot be taken"):
        tracker.take(8)
    with pytest.raises(TrackerError, match="cannot hold -1"):
        tracker.set_deck(-1)


# --- the result sheet -----------------------------------------------------------------------------
def test_result_sheet_becomes_a_cooperative_play_every_seat_wins_or_none() -> None:
    setup = randomize_setup(3, ["books"], 2, books=2)
    tracker = TableTracker.from_setup(setup).claim(9)
    sheet = ResultSheet.from_tracker(tracker, ["Ann", "花子"], setup, location="Club")
    assert sheet.result_text() == "lost (9/12)" and sheet.result_text("ja") == "敗北 (9/12)"
    play = sheet.to_play_record(finished_at=datetime(2026, 1, 1, 21, 0))
    assert play.game_id == "equilibrium" and play.mode is PlayMode.TABLE
    assert [s.winner for s in play.seats] == [False, False]
    assert [s.score for s in play.seats] == [9.0, 9.0]
    assert [s.faction for s in play.seats] == ["sognae", "incubi"]
    assert play.seats[0].breakdown == {"cities": 9.0, "total": 12.0,
                                       "deck_left": float(tracker.deck)}
    assert play.options == {"expansions": ["books"], "books": list(setup.books),
                            "book_cost": 2}
    assert ResultSheet.from_play(play).result_text() == "lost (9/12)"
    won = ResultSheet(("Solo",), True, 16, 16).to_play_record()
    assert [s.winner for s in won.seats] == [True] and won.seats[0].rank == 1


@pytest.mark.parametrize(("sheet", "sentence"), [
    (ResultSheet(("Ann", ""), False, 3), "Every player needs a name."),
    (ResultSheet(("Ann", "Ann"), False, 3), "The two players have the same name."),
    (ResultSheet(("Ann",), True, 11), "A won game has all 12 cities claimed."),
    (ResultSheet(("Ann",), False, 12), "With every city claimed the game is won, not lost."),
    (ResultSheet(("Ann",), False, 13), "Cities claimed must be between 0 and 12."),
    (ResultSheet(("Ann",), False, 2, deck_left=-1), "cannot be fewer than 0"),
    (ResultSheet(("Ann",), False, 2, books=("prophecy-1",)), "only with the Book of Powers"),
    (ResultSheet(("Ann",), False, 2, expansions=("books",), books=("magic",)),
     "Unknown book(s): magic."),
])
def test_a_sheet_that_cannot_be_saved_says_why(sheet: ResultSheet, sentence: str) -> None:
    assert any(sentence in problem for problem in sheet.problems())
    with pytest.raises(TrackerError, match=sentence.replace("(", r"\(").replace(")", r"\)")):
        sheet.to_play_record()


def test_result_sheet_of_a_finished_digital_game() -> None:
    game = Game.new("equilibrium", 1, {"expansions": ["squares"]}, seed=2)
    rng = random.Random(2)
    while not game.state.is_over():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(playout_move(game.state, rng))
    sheet = ResultSheet.from_state(game.state, ["Ann"])
    assert sheet.total == 16 and sheet.claimed == len(game.state.claimed)
    play = sheet.to_play_record(mode=PlayMode.DIGITAL, record=game.record.to_dict(), seed=2)
    assert play.record is not None and play.seats[0].score == float(sheet.claimed)
