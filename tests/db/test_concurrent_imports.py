"""The same file imported from four processes at the same moment stores each play once
(issue 33 item 1), on SQLite and on PostgreSQL: the database's unique play identity decides,
not a check that cannot see another import's plays before they are published."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest

import db
from companion.export import history_json
from companion.history import PlayRecord
from tests.db.helpers import play

WORKERS = 4
PLAYS = 240
ROOT = Path(__file__).resolve().parents[2]


def worker() -> None:
    """A process that opens the history, reads the file, says "ready", waits for "go" and
    imports in small steps (so that the imports interleave); prints its result."""
    url, source = sys.argv[1], sys.argv[2]
    database = db.open_database(url, wait=120)
    text = Path(source).read_text("utf-8")
    print("ready", flush=True)
    sys.stdin.readline()
    result = db.import_plays(database, history_json.iter_plays(text), chunk=20)
    database.close()
    print(json.dumps({"imported": result.imported, "skipped": result.skipped}), flush=True)


def plays(first: int, count: int) -> list[PlayRecord]:
    made = []
    for i in range(first, first + count):
        one = play([f"P{i % 7}", f"Q{i % 5}", "Guest"], [i % 9, 3, 1], day=i % 50)
        one.started_at += timedelta(minutes=i)
        one.finished_at = one.started_at + timedelta(minutes=30)
        made.append(one)
    return made


def run_imports(url: str, sources: list[Path]) -> list[dict]:
    code = "from tests.db.test_concurrent_imports import worker; worker()"
    procs = [subprocess.Popen([sys.executable, "-c", code, url, str(source)], cwd=ROOT,
                              text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
             for source in sources]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        results = []
        for proc in procs:
            out, _ = proc.communicate(timeout=600)
            assert proc.returncode == 0
            results.append(json.loads(out.strip().splitlines()[-1]))
        return results
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


def stored_once(url: str) -> Counter[tuple]:
    """How often each play (game, start, people) is stored."""
    database = db.open_database(url)
    try:
        return Counter((p.game_id, p.started_at, tuple(s.player for s in p.seats))
                       for p in db.list_plays(database))
    finally:
        database.close()


def write(path: Path, made: list[PlayRecord]) -> Path:
    path.write_text(history_json.dumps(made), "utf-8")
    return path


@pytest.mark.slow
@pytest.mark.organiser
def test_one_file_imported_by_four_processes_at_once_lands_once(db_url, tmp_path):
    db.open_database(db_url).close()  # the tables exist before the race
    source = write(tmp_path / "plays.json", plays(0, PLAYS))
    results = run_imports(db_url, [source] * WORKERS)
    counts = stored_once(db_url)
    assert len(counts) == PLAYS and set(counts.values()) == {1}
    assert sum(r["imported"] for r in results) == PLAYS
    assert sum(r["skipped"] for r in results) == (WORKERS - 1) * PLAYS


@pytest.mark.slow
@pytest.mark.organiser
def test_overlapping_files_imported_at_once_land_each_play_once(db_url, tmp_path):
    db.open_database(db_url).close()
    every = plays(0, 200)
    sources = [write(tmp_path / f"part{k}.json", every[k * 40:k * 40 + 80])
               for k in range(WORKERS)]  # each file shares 40 plays with the next
    run_imports(db_url, sources)
    counts = stored_once(db_url)
    assert len(counts) == 200 and set(counts.values()) == {1}


@pytest.mark.slow
@pytest.mark.organiser
def test_an_older_file_without_identities_imported_at_once_lands_once(db_url, tmp_path):
    db.open_database(db_url).close()
    data = json.loads(history_json.dumps(plays(0, 120)))
    for entry in data["plays"]:
        del entry["uid"]
    source = tmp_path / "old.json"
    source.write_text(json.dumps(data), "utf-8")
    run_imports(db_url, [source] * WORKERS)
    counts = stored_once(db_url)
    assert len(counts) == 120 and set(counts.values()) == {1}
