"""Statistics: known values, and the SQL aggregates agree with counting by hand."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

import pytest

import db
from db.bench import generate_history, time_pages
from tests.db.helpers import play


def seed_history(database) -> None:
    db.add_plays(database, [
        play(["Ann", "Bo", "Bot"], [10, 6, 12], bots=("Bot",), day=0),  # the bot wins
        play(["Ann", "Bo"], [8, 8], day=1),  # shared win
        play(["Ann", "Cy"], [3, 9], game="shinyu", day=40),
        play(["Ann", "Bo"], [None, None], day=41, finished=False),  # not counted
    ])


def test_player_stats_per_game_known_values(database):
    seed_history(database)
    rows = {(s.player, s.game_id): s for s in db.player_stats(database)}
    assert set(rows) == {("Ann", "juusai"), ("Bo", "juusai"), ("Ann", "shinyu"),
                         ("Cy", "shinyu")}
    ann = rows["Ann", "juusai"]
    assert (ann.plays, ann.wins, ann.average_score, ann.best_score) == (2, 1, 9.0, 10.0)
    assert ann.win_rate == 0.5
    bo = rows["Bo", "juusai"]
    assert (bo.plays, bo.wins, bo.average_score, bo.best_score) == (2, 1, 7.0, 8.0)


def test_player_stats_overall_and_for_one_game(database):
    seed_history(database)
    overall = {s.player: s for s in db.player_stats(database, "")}
    assert (overall["Ann"].plays, overall["Ann"].wins, overall["Ann"].game_id) == (3, 1, "")
    assert [s.player for s in db.player_stats(database, "shinyu")] == ["Ann", "Cy"]


def test_plays_per_month_and_year(database):
    seed_history(database)
    months = [(p.period, p.player, p.plays, p.wins) for p in db.plays_per_period(database)]
    assert months == [("2026-03", "Ann", 2, 1), ("2026-03", "Bo", 2, 1),
                      ("2026-04", "Ann", 1, 0), ("2026-04", "Cy", 1, 1)]
    years = db.plays_per_period(database, period="year")
    assert [(p.period, p.player, p.plays) for p in years] == [
        ("2026", "Ann", 3), ("2026", "Bo", 2), ("2026", "Cy", 1)]


def test_scores_over_time_oldest_first(database):
    seed_history(database)
    points = db.scores_over_time(database, "juusai")
    assert [(p.player, p.score) for p in points] == [("Ann", 10), ("Bo", 6), ("Ann", 8),
                                                     ("Bo", 8)]
    assert [p.score for p in db.scores_over_time(database, "juusai", "Bo")] == [6, 8]


def test_game_play_counts_only_finished(database):
    seed_history(database)
    assert db.game_play_counts(database) == {"juusai": 2, "shinyu": 1}


def brute_force(plays) -> dict[tuple[str, str], tuple[int, int, float | None, float | None]]:
    cells: dict[tuple[str, str], list] = defaultdict(list)
    for p in plays:
        if p.finished_at is None:
            continue
        for s in p.seats:
            if not s.is_bot:
                cells[s.player, p.game_id].append(s)
    result = {}
    for key, seats in cells.items():
        scores = [s.score for s in seats if s.score is not None]
        result[key] = (len(seats), sum(s.winner for s in seats),
                       sum(scores) / len(scores) if scores else None,
                       max(scores) if scores else None)
    return result


@pytest.mark.organiser
def test_statistics_stay_right_through_adds_updates_deletes_and_merges(database):
    rng = random.Random(5)
    names = ["Ann", "Bo", "Cy", "Dee", "Bot"]
    for step in range(40):
        action = rng.random()
        stored = db.list_plays(database)
        if action < 0.5 or not stored:
            people = rng.sample(names, rng.randint(2, 4))
            db.add_play(database, play(people, [float(rng.randint(0, 9)) for _ in people],
                                       game=rng.choice(["juusai", "shinyu"]), day=step,
                                       finished=rng.random() < 0.8, bots=("Bot",)))
        elif action < 0.75:
            target = rng.choice(stored)
            people = rng.sample(names, 2)
            db.update_play(database, dataclasses.replace(
                play(people, [float(rng.randint(0, 9)), 1.0], day=step), id=target.id))
        else:
            db.delete_play(database, rng.choice(stored).id)
    expected = brute_force(db.list_plays(database))
    got = {(s.player, s.game_id): (s.plays, s.wins, s.average_score, s.best_score)
           for s in db.player_stats(database)}
    assert got == expected
    players = {p.name: p.id for p in db.list_players(database)}
    db.merge_players(database, players["Ann"], players["Bo"])
    expected = brute_force(db.list_plays(database))
    got = {(s.player, s.game_id): (s.plays, s.wins, s.average_score, s.best_score)
           for s in db.player_stats(database)}
    assert got == expected


@pytest.mark.organiser
def test_generated_history_statistics_match_a_count_by_hand(database):
    generate_history(database, 300, players=6, seed=3)
    assert db.count_plays(database) == 300
    expected = brute_force(db.list_plays(database))
    got = {(s.player, s.game_id): (s.plays, s.wins, s.average_score, s.best_score)
           for s in db.player_stats(database)}
    assert got.keys() == expected.keys()
    for key, (plays, wins, average, best) in got.items():
        e_plays, e_wins, e_average, e_best = expected[key]
        assert (plays, wins, best) == (e_plays, e_wins, e_best)
        assert abs(average - e_average) < 1e-9
    timings = time_pages(database, repeats=1)
    assert set(timings) >= {"player_stats_by_game", "plays_per_month", "statistics_page",
                            "history_page", "player_page"}


@pytest.mark.organiser  # writes old rows with SQL that a member may not run
def test_a_person_seated_twice_in_one_old_play_counts_it_once(database):
    """Older histories may hold one person in two seats of a play (stored before that was
    refused): Statistics and the player page count the play once, and its win once."""
    from sqlalchemy import select, update

    from db.models import PlayerRow, SeatRow

    db.add_plays(database, [play(["Ann", "Bo"], [8, 8], day=0),  # both seats win
                            play(["Ann", "Cy"], [3, 9], day=1)])
    with database.engine.begin() as conn:
        ids = dict(conn.execute(select(PlayerRow.name, PlayerRow.id)).all())
        conn.execute(update(SeatRow).where(SeatRow.player_id == ids["Bo"])
                     .values(player_id=ids["Ann"]))
    db.recount_statistics(database)
    ann = {s.player: s for s in db.player_stats(database, "")}["Ann"]
    assert (ann.plays, ann.wins) == (2, 1)
    assert [(c.player, c.plays, c.wins) for c in db.plays_per_period(database)] == [
        ("Ann", 2, 1), ("Cy", 1, 1)]
    (tally,) = db.player_profile(database, "Ann").games
    assert (tally.plays, tally.wins) == (2, 1)
