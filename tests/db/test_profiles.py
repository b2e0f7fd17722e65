"""The player page's aggregates: per game and head to head, co-operative games as shared
results, only finished plays, bots never rivals. Known values from a small hand-made history."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

import db
from companion.games import registry
from companion.games.registry import GameInfo, Mode
from companion.history import PlayMode, PlayRecord, SeatResult

DAY = datetime(2026, 5, 1, 19, 0)


def seat(i: int, name: str, score: float | None, rank: int | None, winner: bool,
         bot: bool = False) -> SeatResult:
    return SeatResult(i, name, is_bot=bot, score=score, rank=rank, winner=winner)


def played(day: int, game: str, *seats: SeatResult, finished: bool = True) -> PlayRecord:
    start = DAY + timedelta(days=day)
    return PlayRecord(game, PlayMode.TABLE if finished else PlayMode.DIGITAL, start,
                      list(seats), finished_at=start + timedelta(hours=1) if finished else None)


HISTORY = [
    # Ann first; Bo and Cy tie for second (neither ahead of the other)
    played(0, "juusai", seat(0, "Ann", 10, 1, True), seat(1, "Bo", 5, 2, False),
           seat(2, "Cy", 5, 2, False)),
    played(1, "juusai", seat(0, "Ann", 3, 2, False), seat(1, "Bo", 8, 1, True)),
    # co-operative: won together, then lost together (ranks differ, still shared)
    played(2, "coop", seat(0, "Ann", 20, 1, True), seat(1, "Bo", 20, 1, True)),
    played(3, "coop", seat(0, "Ann", 4, 1, False), seat(1, "Bo", 2, 2, False)),
    # no ranks: the winner is ahead of the seat that did not win
    played(4, "juusai", seat(0, "Ann", None, None, True), seat(1, "Bo", None, None, False),
           seat(2, "Bot · Greedy", None, None, False, bot=True)),
    # unfinished: not counted
    played(5, "juusai", seat(0, "Ann", 1, None, False), seat(1, "Cy", 9, None, False),
           finished=False),
]


def test_per_game_and_head_to_head_known_values(database) -> None:
    db.add_plays(database, HISTORY)
    ann = db.player_profile(database, "Ann", cooperative=["coop"])
    assert ann is not None
    juusai, coop = ann.games
    assert (juusai.game_id, juusai.plays, juusai.wins, juusai.best_score) == ("juusai", 3, 2, 10)
    assert juusai.last_played == DAY + timedelta(days=4, hours=1)
    assert not juusai.cooperative
    assert (coop.game_id, coop.plays, coop.wins, coop.best_score, coop.cooperative) == (
        "coop", 2, 1, 20, True)
    assert (ann.plays, ann.wins, ann.last_played) == (5, 3, DAY + timedelta(days=4, hours=1))
    bo, cy = ann.rivals  # most plays together first; the bot is nobody's rival
    assert (bo.opponent, bo.plays, bo.wins, bo.losses, bo.shared) == ("Bo", 5, 2, 1, 2)
    assert (cy.opponent, cy.plays, cy.wins, cy.losses, cy.shared) == ("Cy", 1, 1, 0, 0)


def test_the_other_side_and_a_tie(database) -> None:
    db.add_plays(database, HISTORY)
    bo = db.player_profile(database, "Bo", cooperative=["coop"])
    assert {(h.opponent, h.wins, h.losses, h.shared) for h in bo.rivals} == {
        ("Ann", 1, 2, 2), ("Cy", 0, 0, 1)}


def test_one_game_only(database) -> None:
    db.add_plays(database, HISTORY)
    ann = db.player_profile(database, "Ann", game_id="coop", cooperative=["coop"])
    assert [g.game_id for g in ann.games] == ["coop"]
    assert [(h.opponent, h.plays, h.shared) for h in ann.rivals] == [("Bo", 2, 2)]


def test_without_the_cooperative_mark_a_better_rank_is_ahead(database) -> None:
    db.add_plays(database, HISTORY)
    ann = db.player_profile(database, "Ann", game_id="coop", cooperative=[])
    assert [(h.wins, h.losses, h.shared) for h in ann.rivals] == [(1, 0, 1)]


def test_cooperative_games_come_from_the_registry(database, monkeypatch) -> None:
    info = GameInfo("coop", "協力", "Coop", 1, 4, frozenset({Mode.TABLE}),
                    extras={"cooperative": True})
    monkeypatch.setitem(registry._load(), "coop", info)
    db.add_plays(database, HISTORY)
    ann = db.player_profile(database, "Ann", game_id="coop")
    assert ann.games[0].cooperative
    assert [(h.wins, h.losses, h.shared) for h in ann.rivals] == [(0, 0, 2)]


def test_unknown_player_and_a_player_without_finished_plays(database) -> None:
    assert db.player_profile(database, "Nobody") is None
    db.add_play(database, HISTORY[-1])
    ann = db.player_profile(database, "Ann")
    assert ann is not None and ann.games == () and ann.rivals == () and ann.win_rate == 0.0


@pytest.mark.parametrize("game", ["other:Catan", "other:カタン 拡張セット"])
def test_other_games_are_games_of_their_own(database, game) -> None:
    db.add_plays(database, [played(0, game, seat(0, "Ann", 7, 1, True)),
                            played(1, "other:Azul", seat(0, "Ann", 3, 1, True))])
    assert db.other_game_ids(database) == sorted(["other:Azul", game], key=str.casefold)
    assert [p.game_id for p in db.list_plays(database, game_id=game)] == [game]
    assert {s.game_id: s.plays for s in db.player_stats(database)} == {game: 1, "other:Azul": 1}


@pytest.mark.organiser
def test_a_duration_is_stored_and_edited(database) -> None:
    play = played(0, "juusai", seat(0, "Ann", 7, 1, True))
    play.duration_s = 25 * 60 + 40
    play_id = db.add_play(database, play)
    stored = db.get_play(database, play_id)
    assert stored.duration_s == 1540 and stored.duration_minutes() == 26
    stored.duration_s = None
    db.update_play(database, stored)
    assert db.get_play(database, play_id).duration_s is None
