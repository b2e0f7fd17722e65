"""Plays per month count plays, not seats: three plays of three people are three plays."""

from __future__ import annotations

import db
from db.stats import plays_counted_per_period
from tests.db.helpers import play


def test_three_plays_of_three_players_are_three_plays(database):
    db.add_plays(database, [play(["Ann", "Bo", "Cy"], [3, 2, 1], day=d) for d in (0, 1, 2)])
    assert plays_counted_per_period(database) == [("2026-03", 3)]
    seats = sum(p.plays for p in db.plays_per_period(database))
    assert seats == 9  # the per-player breakdown still counts each player's plays


def test_only_finished_plays_with_a_person_count_by_month_game_and_year(database):
    db.add_plays(database, [
        play(["Ann", "Bo"], [1, 2], day=0),
        play(["Ann", "Bot"], [1, 2], day=1, bots=("Bot",)),  # a person and a bot: counted
        play(["Bot"], [5], day=2, bots=("Bot",)),  # computers alone: not a play of people
        play(["Ann", "Bo"], [None, None], day=3, finished=False),  # unfinished
        play(["Ann", "Cy"], [3, 9], game="shinyu", day=40),  # April
    ])
    assert plays_counted_per_period(database) == [("2026-03", 2), ("2026-04", 1)]
    assert plays_counted_per_period(database, game_id="shinyu") == [("2026-04", 1)]
    assert plays_counted_per_period(database, period="year") == [("2026", 3)]


def test_since_keeps_the_recent_months(database):
    from datetime import datetime

    db.add_plays(database, [play(["Ann"], [1], day=0), play(["Ann"], [1], day=40)])
    assert plays_counted_per_period(database, since=datetime(2026, 4, 1)) == [("2026-04", 1)]
