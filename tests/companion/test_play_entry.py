"""Logging and correcting a play by hand: winners follow the scores until chosen by hand, ranks
are competition ranks, co-operative games win or lose together, a correction keeps what was
not changed, and a play made in the app keeps its results."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from companion.games import registry
from companion.games.registry import GameInfo, Mode
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.play_entry import PlayEntry

WHEN = datetime(2026, 11, 20, 19, 0)


def test_winners_and_ranks_follow_the_scores() -> None:
    entry = PlayEntry.new("juusai", ["Ann", "Bo", "Cy", "Di"], WHEN)
    for i, score in enumerate([9, 7, 7, 3]):
        entry.set_score(i, score)
    assert [s.rank for s in entry.seats] == [1, 2, 2, 4]
    assert entry.winners() == ["Ann"]
    entry.set_score(1, 9)  # a tie for first: a shared victory
    assert entry.winners() == ["Ann", "Bo"]
    assert [s.rank for s in entry.seats] == [1, 1, 3, 4]


def test_a_winner_chosen_by_hand_stays() -> None:
    entry = PlayEntry.new("juusai", ["Ann", "Bo"], WHEN)
    entry.set_score(0, 10)
    entry.set_winner(0, False)
    entry.set_winner(1, True)  # e.g. the game's own tie-break
    entry.set_score(1, 2)
    assert entry.winners() == ["Bo"]


def test_no_scores_no_winner_until_ticked() -> None:
    entry = PlayEntry.new("other:Catan", ["Ann", "Bo"], WHEN)
    assert entry.winners() == []
    entry.set_winner(1, True)
    play = entry.to_play_record()
    assert [(s.player, s.score, s.rank, s.winner) for s in play.seats] == [
        ("Ann", None, None, False), ("Bo", None, None, True)]


def test_the_record_of_a_new_play() -> None:
    entry = PlayEntry.new("other:Catan", [" Ann ", "Bo"], WHEN)
    entry.set_score(0, 8)
    entry.set_score(1, 10)
    entry.duration_s = 75 * 60
    entry.location, entry.notes = " Club ", "close game"
    play = entry.to_play_record()
    assert (play.game_id, play.mode, play.started_at) == ("other:Catan", PlayMode.TABLE, WHEN)
    assert play.finished_at == WHEN + timedelta(minutes=75) and play.duration_s == 4500
    assert (play.location, play.notes) == ("Club", "close game")
    assert [(s.seat, s.player, s.score, s.rank, s.winner, s.breakdown) for s in play.seats] == [
        (0, "Ann", 8, 2, False, {"score": 8}), (1, "Bo", 10, 1, True, {"score": 10})]


def test_problems_in_both_languages() -> None:
    entry = PlayEntry.new("", ["Ann", "", "Ann"], WHEN)
    assert entry.problems() == ["Choose a game.", "Every player needs a name.",
                                "A name appears twice: Ann."]
    assert entry.problems("ja") == ["ゲームを選んでください。", "全員に名前を入れてください。",
                                    "同じ名前が2回あります: Ann。"]
    empty = PlayEntry.new("juusai", [], WHEN)
    assert empty.problems() == ["Add at least one player."]


def test_adding_and_removing_players() -> None:
    entry = PlayEntry.new("juusai", ["Ann"], WHEN)
    entry.set_score(0, 5)
    assert entry.add_seat("Bo") == 1
    entry.set_score(1, 6)
    assert entry.winners() == ["Bo"]
    entry.remove_seat(1)
    assert entry.winners() == ["Ann"] and len(entry.seats) == 1


@pytest.fixture
def coop(monkeypatch) -> str:
    info = GameInfo("coop", "協力", "Coop", 1, 4, frozenset({Mode.TABLE}),
                    extras={"cooperative": True})
    monkeypatch.setitem(registry._load(), "coop", info)
    return "coop"


def test_a_cooperative_game_is_won_or_lost_together(coop: str) -> None:
    entry = PlayEntry.new(coop, ["Ann", "Bo"], WHEN)
    entry.set_score(0, 30)  # a team score does not pick one winner
    assert entry.winners() == []
    entry.set_winner(1, True)  # ticking one seat is the team's result
    assert entry.winners() == ["Ann", "Bo"] and entry.team_won()
    entry.add_seat("Cy")
    assert entry.winners() == ["Ann", "Bo", "Cy"]
    entry.set_team_won(False)
    assert entry.winners() == []


def stored_table_play() -> PlayRecord:
    return PlayRecord("sorani", PlayMode.TABLE, WHEN, [
        SeatResult(0, "Ann", score=40, breakdown={"planets": 30, "cards": 10}, rank=1,
                   winner=True),
        SeatResult(1, "Bo", score=40, breakdown={"planets": 25, "cards": 15}, rank=2)],
        finished_at=WHEN, location="Club", id=12)


def test_a_correction_keeps_what_was_not_changed() -> None:
    entry = PlayEntry.from_play(stored_table_play())
    entry.set_name(1, "Bob")
    entry.started_at = WHEN - timedelta(days=1)
    entry.notes = "fixed the name"
    play = entry.to_play_record()
    assert play.id == 12 and play.started_at == WHEN - timedelta(days=1)
    # same totals: the tie-break ranks and the category scores stay
    assert [(s.player, s.rank, s.winner, s.breakdown["cards"]) for s in play.seats] == [
        ("Ann", 1, True, 10), ("Bob", 2, False, 15)]


def test_a_changed_total_reranks_and_drops_its_categories() -> None:
    entry = PlayEntry.from_play(stored_table_play())
    entry.set_score(1, 41)
    play = entry.to_play_record()
    assert [(s.player, s.rank, s.winner, s.breakdown) for s in play.seats] == [
        ("Ann", 2, False, {"planets": 30, "cards": 10}), ("Bo", 1, True, {"score": 41})]


def test_a_digital_play_keeps_its_results() -> None:
    start = WHEN
    digital = PlayRecord("juusai", PlayMode.DIGITAL, start, [
        SeatResult(0, "Player 1", score=5, rank=2),
        SeatResult(1, "Bot · Greedy", is_bot=True, bot_kind="greedy", score=9, rank=1,
                   winner=True)],
        finished_at=start + timedelta(minutes=20), seed=4, record={"moves": []}, id=3)
    entry = PlayEntry.from_play(digital)
    assert entry.is_digital and not entry.can_change_results()
    for change in (lambda: entry.set_score(0, 99), lambda: entry.set_winner(0, True),
                   lambda: entry.add_seat("X"), lambda: entry.remove_seat(0),
                   lambda: entry.set_name(1, "Not a bot")):
        with pytest.raises(ValueError):
            change()
    entry.set_name(0, "Ann")
    entry.started_at = start + timedelta(hours=1)
    play = entry.to_play_record()
    assert [s.player for s in play.seats] == ["Ann", "Bot · Greedy"]
    assert play.seats[1].winner and play.record == {"moves": []} and play.seed == 4
    assert play.finished_at == start + timedelta(hours=1, minutes=20)  # the same length
