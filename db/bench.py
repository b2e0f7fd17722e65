"""Benchmark helpers: a generated history and the statistics page's queries timed on it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select

from db.engine import Database
from db.models import PlayerRow, PlayRow, SeatRow
from db.stats import (
    game_play_counts,
    player_stats,
    plays_per_period,
    rebuild_stat_cells,
    scores_over_time,
)

GAMES = ("juusai", "rengeki", "shinyu", "etariya", "alluvium", "sorani")
CHUNK = 5000


def generate_history(database: Database, plays: int, *, players: int = 40, seed: int = 1) -> None:
    """Insert `plays` finished table plays of 2–5 seats among `players` people (bulk inserts)."""
    rng = random.Random(seed)
    start = datetime(2020, 1, 1, 19, 0)
    with database.engine.begin() as conn:
        conn.execute(insert(PlayerRow), [{"name": f"Player {i:03d}", "created_at": start}
                                         for i in range(players)])
        ids = list(conn.scalars(select(PlayerRow.id)))
        first = (conn.scalar(select(PlayRow.id).order_by(PlayRow.id.desc()).limit(1)) or 0) + 1
        for base in range(0, plays, CHUNK):
            rows, seats = _chunk(rng, first + base, min(CHUNK, plays - base), start, ids)
            conn.execute(insert(PlayRow), rows)
            conn.execute(insert(SeatRow), seats)
        rebuild_stat_cells(conn)


def _chunk(rng: random.Random, first_id: int, count: int, start: datetime,
           player_ids: list[int]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rows: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for k in range(count):
        play_id = first_id + k
        when = start + timedelta(hours=rng.randrange(6 * 365 * 24))
        rows.append({"id": play_id, "game_id": rng.choice(GAMES), "mode": "table",
                     "started_at": when, "finished_at": when + timedelta(minutes=45),
                     "options": {}, "seed": None, "record": None, "location": "",
                     "notes": "", "updated_at": when})
        people = rng.sample(player_ids, rng.randint(2, 5))
        scores = [rng.randint(0, 100) for _ in people]
        best = max(scores)
        seats.extend({"play_id": play_id, "seat": i, "player_id": pid, "bot_name": "",
                      "bot_kind": "", "faction": "", "score": float(s), "breakdown": {},
                      "rank": 1 + sum(o > s for o in scores), "winner": s == best,
                      "start_player": i == 0}
                     for i, (pid, s) in enumerate(zip(people, scores, strict=True)))
    return rows, seats


def statistics_queries(database: Database) -> dict[str, Callable[[], object]]:
    """The queries the Statistics page runs when it opens (one player's score chart)."""
    return {
        "player_stats_by_game": lambda: player_stats(database),
        "player_stats_overall": lambda: player_stats(database, ""),
        "plays_per_month": lambda: plays_per_period(database),
        "game_play_counts": lambda: game_play_counts(database),
        "scores_over_time": lambda: scores_over_time(database, GAMES[0], "Player 000"),
    }


def time_history_page(database: Database, limit: int = 500, repeats: int = 3) -> float:
    """Best-of-`repeats` milliseconds to read the newest `limit` plays and count them all
    (what the History page shows first)."""
    from db.repository import count_plays, list_plays

    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        list_plays(database, limit=limit)
        count_plays(database)
        best = min(best, time.perf_counter() - t0)
    return round(best * 1000, 1)


def time_statistics_queries(database: Database, repeats: int = 3) -> dict[str, float]:
    """Best-of-`repeats` milliseconds of each statistics query, and their total."""
    result: dict[str, float] = {}
    for name, query in statistics_queries(database).items():
        best = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            query()
            best = min(best, time.perf_counter() - t0)
        result[name] = round(best * 1000, 1)
    result["total"] = round(sum(result.values()), 1)
    return result
