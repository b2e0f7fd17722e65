"""A club sharing one history: four processes saving 200 plays each at the same moment, for
the same players (and a new guest they all create at once), on SQLite and on PostgreSQL.
Every save lands, and the statistics equal a recount of the stored plays."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from sqlalchemy import select

import db
from db.models import StatCellRow
from db.stats import _cells_select

WORKERS = 4
SAVES = 200
ROOT = Path(__file__).resolve().parents[2]


def run_workers(url: str, workers: int = WORKERS, saves: int = SAVES) -> list[dict]:
    """Start the writers, let them all begin together, and collect their figures."""
    procs = [subprocess.Popen([sys.executable, "-m", "db.bench", "save-worker", url,
                               str(worker), str(saves)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
             for worker in range(workers)]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        return [json.loads(proc.communicate(timeout=900)[0]) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


def recount(database: db.Database) -> dict[tuple[str, str], tuple]:
    """(player, game) -> plays, wins, average, best, counted from the stored plays."""
    seats: dict[tuple[str, str], list] = defaultdict(list)
    for play in db.list_plays(database, finished=True):
        for seat in play.seats:
            if not seat.is_bot:
                seats[seat.player, play.game_id].append(seat)
    return {key: (len(found), sum(s.winner for s in found),
                  sum(s.score for s in found) / len(found), max(s.score for s in found))
            for key, found in seats.items()}


def cells(database: db.Database) -> list[tuple]:
    with database.engine.connect() as conn:
        return sorted(tuple(row) for row in conn.execute(select(StatCellRow)))


def rebuilt_cells(database: db.Database) -> list[tuple]:
    """The cells a rebuild would write (read only: a club member's login may run it)."""
    with database.engine.connect() as conn:
        return sorted(tuple(row) for row in conn.execute(_cells_select(conn.dialect.name, None)))


@pytest.mark.slow
def test_four_writers_save_every_play_and_the_statistics_add_up(db_url, capsys):
    figures = run_workers(db_url)  # all four open a new history: one creates it, and waits
    database = db.open_database(db_url)
    try:
        assert [f["failures"] for f in figures] == [[]] * WORKERS
        assert sum(f["landed"] for f in figures) == WORKERS * SAVES
        assert db.count_plays(database) == WORKERS * SAVES
        assert len({p.name for p in db.list_players(database)}) == len(db.list_players(database))
        stats = {(s.player, s.game_id): (s.plays, s.wins, s.average_score, s.best_score)
                 for s in db.player_stats(database)}
        expected = recount(database)
        assert stats.keys() == expected.keys()
        for key, (plays, wins, average, best) in expected.items():
            assert stats[key][:2] == (plays, wins) and stats[key][3] == best
            assert stats[key][2] == pytest.approx(average)
        assert cells(database) == rebuilt_cells(database)
    finally:
        database.close()
    with capsys.disabled():
        backend = db_url.split(":", 1)[0]
        print(f"\n{backend}: attempted {sum(f['attempted'] for f in figures)}, landed "
              f"{sum(f['landed'] for f in figures)}, retried {sum(f['retried'] for f in figures)}")
