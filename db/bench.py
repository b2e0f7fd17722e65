"""Benchmark helpers: a generated history and the statistics page's queries timed on it."""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select

from companion.history import PlayMode, PlayRecord, SeatResult
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
                     "notes": "", "updated_at": when,
                     "uid": str(uuid.UUID(int=rng.getrandbits(128), version=4))})
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


# ---------------------------------------------------------------- concurrent writers

CLUB = ("Ann", "Bo", "Cy", "花子", "太郎", "Dee")


def club_play(rng: random.Random, worker: int, index: int) -> PlayRecord:
    """A finished table play among the club and a guest that every worker creates at about
    the same moment (so writers collide on new players and on statistics cells)."""
    people = [*rng.sample(CLUB, rng.randint(1, 3)), f"Guest {index // 10}"]
    scores = [float(rng.randint(0, 30)) for _ in people]
    best = max(scores)
    when = datetime(2026, 1 + index % 3, 1 + worker, 19, 0) + timedelta(minutes=index)
    return PlayRecord(
        game_id=GAMES[index % 2], mode=PlayMode.TABLE, started_at=when,
        finished_at=when + timedelta(minutes=30),
        seats=[SeatResult(seat=i, player=name, score=score, winner=score == best,
                          rank=1 + sum(s > score for s in scores))
               for i, (name, score) in enumerate(zip(people, scores, strict=True))],
        notes=f"worker {worker} save {index}")


def save_worker(url: str, worker: int, saves: int, wait: float = 15.0) -> dict[str, Any]:
    """Save `saves` plays as fast as possible (every fifth as an autosave that is then
    finished, like a digital game); the figures of this writer."""
    from db.engine import open_database
    from db.errors import DatabaseError
    from db.repository import add_play, save_autosave, update_play

    database = open_database(url, wait=wait)
    rng = random.Random(worker)
    landed, failures = 0, []
    for index in range(saves):
        play = club_play(rng, worker, index)
        try:
            if index % 5 == 0:
                finished_at, play.finished_at = play.finished_at, None
                play.mode = PlayMode.DIGITAL
                play.id = save_autosave(database, play)
                play.finished_at = finished_at
                update_play(database, play)
            else:
                add_play(database, play)
            landed += 1
        except DatabaseError as exc:
            failures.append(exc.message)
    database.close()
    return {"worker": worker, "attempted": saves, "landed": landed,
            "retried": database.retries, "failures": failures[:3]}


def main(argv: list[str]) -> int:
    """`python -m db.bench save-worker URL WORKER SAVES`: prints "ready", waits for a line on
    standard input (so that all workers start together), saves, prints its figures (JSON)."""
    import json
    import sys

    url, worker, saves = argv[1], int(argv[2]), int(argv[3])
    print("ready", flush=True)
    sys.stdin.readline()
    print(json.dumps(save_worker(url, worker, saves)), flush=True)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
