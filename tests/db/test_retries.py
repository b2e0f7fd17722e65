"""Writers in each other's way: a commit refused as a serialization failure or a deadlock (the
PostgreSQL SQLSTATEs 40001 and 40P01, forced on SQLite too) is tried again, a bounded number of
times, and then said in a sentence with nothing written; and two processes importing at once
(`db.import_plays`, what `companion import` runs) that create the same new player both land,
with one row for that player."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

import db
from companion.export.history_json import dumps
from companion.history import PlayMode, PlayRecord, SeatResult

ROOT = Path(__file__).resolve().parents[2]
START = datetime(2026, 11, 21, 19, 0)


class DriverRefusal(Exception):
    """What the PostgreSQL driver raises when the server cancels a transaction."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"SQLSTATE {sqlstate}: could not serialize access")
        self.sqlstate = sqlstate


def play(names: tuple[str, ...], start: datetime) -> PlayRecord:
    return PlayRecord("other:Catan", PlayMode.TABLE, start,
                      [SeatResult(i, name, score=10 - i, rank=i + 1, winner=i == 0)
                       for i, name in enumerate(names)], finished_at=start)


def refuse_commits(database: db.Database, sqlstate: str, times: int | None) -> list[int]:
    """Make the next `times` commits of `database`'s writes fail with `sqlstate` (None: every
    commit); the list counts the commits tried."""
    tried: list[int] = []

    def refuse(_session: object) -> None:
        tried.append(1)
        if times is None or len(tried) <= times:
            raise OperationalError("COMMIT", None, DriverRefusal(sqlstate))

    event.listen(database.writes, "before_commit", refuse)
    return tried


@pytest.mark.parametrize("sqlstate", ["40001", "40P01"])
def test_a_refused_commit_is_tried_again_and_lands_once(database, sqlstate) -> None:
    tried = refuse_commits(database, sqlstate, times=2)
    before = database.retries
    play_id = db.add_play(database, play(("Ann", "Ben"), START))
    assert len(tried) == 3 and database.retries - before == 2
    assert [p.id for p in db.list_plays(database)] == [play_id]
    assert sorted(p.name for p in db.list_players(database)) == ["Ann", "Ben"]


def test_a_commit_refused_every_time_ends_in_a_sentence_and_writes_nothing(database) -> None:
    database.wait = 1.0
    tried = refuse_commits(database, "40001", times=None)
    before = database.retries
    with pytest.raises(db.HistoryBusyError) as caught:
        db.add_play(database, play(("Ann", "Ben"), START))
    # tried again, but not without end: the pauses double up to the wait (1 s)
    assert 2 <= len(tried) <= 12 and database.retries - before == len(tried) - 1
    sentence = caught.value.message  # "more than 1 seconds" or so, as long as it waited
    assert sentence.startswith(f"The history {database.where} is in use by another program, "
                               "which kept it locked for more than 1")
    assert sentence.endswith(" seconds; nothing was saved, so try again in a moment.")
    assert "40001" in caught.value.detail
    assert db.count_plays(database) == 0 and db.list_players(database) == []


# --- two imports at once ----------------------------------------------------------------------
IMPORTER = """
import sys
import db
from companion.export.history_json import iter_plays
database = db.open_database(sys.argv[1])
with open(sys.argv[2], encoding="utf-8") as file:
    text = file.read()
print("ready", flush=True)
sys.stdin.readline()
print(db.import_plays(database, iter_plays(text)).imported, flush=True)
"""


def history_file(folder: Path, name: str, hour: int, plays: int = 200) -> Path:
    """`plays` plays of the old hand Ann with the newcomer Zoë, on days of their own (enough
    that the other import's first step runs while this one's does)."""
    path = folder / f"{name}.json"
    path.write_text(dumps([play(("Ann", "Zoë Neu"), START + timedelta(days=d, hours=hour))
                           for d in range(plays)]), encoding="utf-8")
    return path


@pytest.mark.organiser
def test_two_imports_at_once_create_the_same_new_player_once(db_url, tmp_path) -> None:
    database = db.open_database(db_url)  # an existing history, Ann already in it
    db.add_play(database, play(("Ann", "Ben"), START - timedelta(days=1)))
    files = [history_file(tmp_path, "first", 1), history_file(tmp_path, "second", 2)]
    procs = [subprocess.Popen([sys.executable, "-c", IMPORTER, db_url, str(path)], cwd=ROOT,
                              text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for path in files]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        for proc in procs:  # both begin together
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        finished = [proc.communicate(timeout=300) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    try:
        assert [(proc.returncode, out, err) for proc, (out, err) in zip(procs, finished,
                                                                         strict=True)] == [
            (0, "200\n", "")] * 2
        assert db.count_plays(database) == 401
        assert sorted(p.name for p in db.list_players(database)) == ["Ann", "Ben", "Zoë Neu"]
        zoe = {s.player for p in db.list_plays(database) for s in p.seats if s.seat == 1}
        assert zoe == {"Ben", "Zoë Neu"}
    finally:
        database.close()
