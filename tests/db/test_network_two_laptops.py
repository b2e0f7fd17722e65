"""The issue 38 check: two app processes, as two member logins of a club, play whole games of
机戦 and 終季 through `companion table` against PostgreSQL; one is killed mid-game and started
again; both finish; the history holds the one finished play, seen alike from both logins; a
member's SQL cannot read the other seat's hand or the deck, nor write a row for the other seat.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import DBAPIError

import db
from tests.db.club import Club

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
#: Longest a whole game between the two processes may take.
GAME_S = 60.0



@pytest.fixture(scope="module")
def sql(ready: Club) -> Iterator[dict[str, Engine]]:
    """Plain SQL as each login (what a member could type into psql)."""
    engines = {person: create_engine(ready.url(person)) for person in ("ann", "ben", "olga")}
    yield engines
    for engine in engines.values():
        engine.dispose()


def companion(club: Club, person: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "ui.cli", "--db", club.url(person), "--lang", "en",
            "table", *args]


def run(club: Club, person: str, *args: str) -> str:
    done = subprocess.run(companion(club, person, *args), cwd=ROOT, capture_output=True,
                          text=True, timeout=GAME_S, env={**os.environ, "LANG": "C"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def start_play(club: Club, person: str, code: str, seat: int) -> subprocess.Popen[str]:
    return subprocess.Popen(companion(club, person, "play", code, "--seat", str(seat), "--bot",
                                      "random", "--seed", str(seat), "--timeout", str(GAME_S),
                                      "--verbose"),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "LANG": "C"})


def table_row(engine: Engine, code: str) -> Any:
    with engine.connect() as conn:
        return conn.execute(text("SELECT id, uid::text AS uid, status FROM net_tables "
                                 "WHERE code = :code"), {"code": code}).one()


def rows_written(engine: Engine, table_id: int) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(text("SELECT count(*) FROM net_moves WHERE table_id = :id"),
                               {"id": table_id}))


def wait_rows(engine: Engine, table_id: int, count: int) -> None:
    deadline = time.monotonic() + GAME_S
    while rows_written(engine, table_id) < count:
        assert time.monotonic() < deadline, "the game did not get going"
        time.sleep(0.05)


def refused(engine: Engine, statement: str, **params: object) -> str:
    with pytest.raises(DBAPIError) as caught, engine.begin() as conn:
        conn.execute(text(statement), params)
    return str(caught.value.orig)


def finish(process: subprocess.Popen[str]) -> str:
    out, err = process.communicate(timeout=GAME_S)
    assert process.returncode == 0, err
    return out


def check_secrets_mid_game(sql: dict[str, Engine], table_id: int) -> None:
    """As ben (seat 2): no row of ann's hand nor of the deck, though they exist."""
    with sql["ben"].connect() as conn:
        seen = conn.execute(text("SELECT seat, zone FROM net_hidden WHERE table_id = :id"),
                            {"id": table_id}).all()
    assert seen and all(seat == 1 for seat, _ in seen), seen
    assert "permission denied" in refused(
        sql["ben"], "INSERT INTO net_hidden (table_id, n, zone, seat, items) "
                    "VALUES (:id, 999, 'x', 1, '[]')", id=table_id)


def check_forged_row(sql: dict[str, Engine], table_id: int) -> None:
    """ben writes a row for ann's seat: through the function and straight into the table.
    (ann's laptop goes on meanwhile: a row number it took first is tried again.)"""
    for _ in range(20):
        n = rows_written(sql["ben"], table_id)  # row 0 counts: the next row's number
        message = refused(sql["ben"], "SELECT net_play(:id, :n, 0, CAST(:p AS jsonb), "
                                      "CAST(:next AS integer[]), 'move')",
                          id=table_id, n=n, p=json.dumps({"move": "pass"}), next=[1])
        if "is not next" not in message:
            break
    assert "is not played by" in message, message
    assert "permission denied" in refused(
        sql["ben"], "INSERT INTO net_moves (table_id, n, kind, seat, payload, next_seats) "
                    "VALUES (:id, :n, 'move', 0, '{}', '{1}')", id=table_id, n=n)


def open_and_join(club: Club, game: str, options: str, by_command: bool) -> str:
    """ann opens a table with a free seat, ben takes it; the table's code. By the commands,
    or (quicker: no process to start) by the same functions in this process."""
    ann = club.roles.login("ann")
    if by_command:
        code = run(club, "ann", "open", game, "--seats", f"{ann},open", "--options",
                   options).split()[-1]
        run(club, "ben", "join", code, "--seat", "2")
        return code
    from db import network
    from ui.commands.play import parse_options

    hosts, joins = (db.open_database(club.url(person)) for person in ("ann", "ben"))
    try:
        table = network.open_table(hosts, game, parse_options(options),
                                   [{"kind": "person", "login": ann}, {"kind": "open"}])
        network.join_table(joins, table.code, 1)
    finally:
        hosts.close()
        joins.close()
    return table.code


@pytest.mark.parametrize(("game", "options", "by_command"), [("cetkaik", "seasons=2", True),
                                                             ("taxot", "seasons=2", False)])
def test_two_member_processes_play_a_whole_game_one_killed_and_restarted(
        ready: Club, sql: dict[str, Engine], game: str, options: str,
        by_command: bool) -> None:
    ann, ben = ready.roles.login("ann"), ready.roles.login("ben")
    code = open_and_join(ready, game, options, by_command)
    table = table_row(sql["ann"], code)
    first = start_play(ready, "ann", code, 1)
    second = start_play(ready, "ben", code, 2)
    wait_rows(sql["ann"], table.id, 6)
    second.send_signal(signal.SIGKILL)
    second.wait(timeout=10)
    assert table_row(sql["ann"], code).status == "playing"  # killed mid-game
    if game == "taxot":
        check_secrets_mid_game(sql, table.id)
    check_forged_row(sql, table.id)
    second = start_play(ready, "ben", code, 2)
    out_ann, out_ben = finish(first), finish(second)
    assert "the whole game replayed and agrees" in out_ann
    assert "the whole game replayed and agrees" in out_ben
    assert "in the history as play" in out_ann  # the host writes it
    assert "\n1. chance: " in out_ann  # every row shown as it is applied
    if game == "taxot":  # ben's draws reach ann as a count, never as cards
        assert "seat 2 draws 1 card\n" in out_ann and "seat 1 draws 1 card\n" in out_ben
    seen = []
    for person in ("ann", "ben"):
        database = db.open_database(ready.url(person))
        try:
            plays = [p for p in db.list_plays(database) if str(p.uid) == table.uid]
        finally:
            database.close()
        assert len(plays) == 1 and plays[0].is_finished
        seen.append((plays[0].record, [(s.player, s.score, s.winner) for s in plays[0].seats]))
    assert seen[0] == seen[1]
    assert seen[0][1][0][0] == ann and seen[0][1][1][0] == ben
    from companion.core.replay import Replay

    assert Replay.of_dict(seen[0][0]).is_finished()


def test_the_bench_measures_rows_reaching_the_other_laptop() -> None:
    from tests.db.conftest import PG_URL
    from ui.commands.table_bench import measure_delays

    if not PG_URL:
        pytest.skip("needs COMPANION_TEST_PG_URL")
    delays = measure_delays(PG_URL, 1)
    assert delays and all(0 <= delay < GAME_S * 1000 for delay in delays)


@pytest.mark.parametrize(("game", "players", "options"), [
    ("netxiju", 2, {}),  # a throw may end the game: the seat it names writes the end row
    ("tudepijume", 2, {}),  # a throw gives chance again or a seat
    ("taxot", 3, {"seasons": 1, "light": True}),  # a bot seat on the host's laptop, lights
    ("nanto", 2, {"deals": 4, "stock": 5}),  # showdowns: hand zones revealed to everyone
    ("nine", 2, {}),  # a seat's draws reach only it, the table taken into a hand
    ("neki", 3, {}),  # a 将's removal: each seat shows its cards of that strength
    ("mokaik", 3, {"seasons": 1}),  # face-down cards sealed with keys the server dealt
    ("makaik", 2, {"hands": 3}),  # a kept draw sealed; the seats still in show their hands
    ("mokzo", 3, {"rounds": 10}),  # the draw pile a server zone, dealt again when it runs out
    ("sorani", 3, {}),  # the reserve a zone of nobody; drawn cards dealt to the drawing seat
])
def test_two_laptops_finish_other_games_through_the_server(
        game: str, players: int, options: dict[str, Any]) -> None:
    from tests.db.conftest import PG_URL
    from ui.commands.table_bench import play_two_laptops, two_laptops

    if not PG_URL:
        pytest.skip("needs COMPANION_TEST_PG_URL")
    with two_laptops(PG_URL) as (first, second):
        assert play_two_laptops(first, second, game, players, options, seed=3)


def test_a_seat_away_past_the_hosts_time_is_handed_to_the_hosts_bot(
        ready: Club, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from db import network
    from ui.commands.table_run import play_table

    ann, ben = (db.open_database(ready.url(person)) for person in ("ann", "ben"))
    try:
        table = network.open_table(ann, "taxot", {"seasons": 2},
                                   [{"kind": "person", "login": ready.roles.login("ann")},
                                    {"kind": "open"}], away_after_s=1)
        network.join_table(ben, table.code, 1)  # and ben's laptop never plays (two seasons:
        # ben is surely asked something, even if ann's first draw ends a season)
        args = argparse.Namespace(code=table.code, seat=1, bot="random", seed=1,
                                  timeout=GAME_S, verbose=False, lang="en")
        assert play_table(args, ann, "random") == 0
    finally:
        ann.close()
        ben.close()
    out = capsys.readouterr().out
    assert f"seat 2 ({ready.roles.login('ben')}) was away longer than 1 s" in out
    assert "the whole game replayed and agrees" in out and "in the history as play" in out


def test_while_the_host_pauses_a_table_nobody_moves_and_it_finishes_after_the_resume(
        ready: Club, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import threading

    from db import network
    from ui.cli import main
    from ui.commands.table import _start
    from ui.commands.table_run import play_table

    ann = db.open_database(ready.url("ann"))
    try:
        table = network.open_table(ann, "netxiju", {},
                                   [{"kind": "person", "login": ready.roles.login("ann")},
                                    {"kind": "bot"}])
        args = argparse.Namespace(code=table.code, seat=None, bot="random", seed=1,
                                  timeout=GAME_S, verbose=False, lang="en")
        _start(ann, table.id)
        assert main(["--db", ready.url("ann"), "--lang", "en", "table", "pause",
                     table.code]) == 0
        codes: list[int] = []
        player = threading.Thread(target=lambda: codes.append(play_table(args, ann, "random")))
        player.start()
        time.sleep(1.5)
        with ann.engine.connect() as conn:
            kinds = conn.execute(text("SELECT kind FROM net_moves WHERE table_id = :id "
                                      "ORDER BY n"), {"id": table.id}).scalars().all()
        assert kinds == ["start", "pause"]  # nothing was played while paused
        assert main(["--db", ready.url("ann"), "--lang", "ja", "table", "resume",
                     table.code]) == 0
        player.join(GAME_S)
        assert codes == [0]
    finally:
        ann.close()
    out = capsys.readouterr().out
    assert "paused" in out and "再開しました" in out and "in the history as play" in out


def watchers(database: db.Database, table_id: int) -> int:
    with database.engine.connect() as conn:
        return int(conn.scalar(text("SELECT count(*) FROM net_watchers WHERE table_id = :id"),
                               {"id": table_id}))


def test_a_spectator_follows_a_table_to_its_end_seeing_no_hand(
        ready: Club, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import threading

    from db import network
    from ui.cli import main
    from ui.commands.table import _start
    from ui.commands.table_run import play_table

    ann = db.open_database(ready.url("ann"))
    try:
        table = network.open_table(ann, "taxot", {"seasons": 1},
                                   [{"kind": "person", "login": ready.roles.login("ann")},
                                    {"kind": "bot"}])
        _start(ann, table.id)
        codes: list[int] = []
        watcher = threading.Thread(target=lambda: codes.append(main(
            ["--db", ready.url("ben"), "--lang", "en", "table", "watch", table.code,
             "--timeout", str(GAME_S)])))
        watcher.start()
        deadline = time.monotonic() + GAME_S  # the spectator is in before the first row
        while not watchers(ann, table.id):
            assert time.monotonic() < deadline, "the spectator never came in"
            time.sleep(0.05)
        args = argparse.Namespace(code=table.code, seat=None, bot="random", seed=2,
                                  timeout=GAME_S, verbose=False, lang="en")
        assert play_table(args, ann, "random") == 0
        watcher.join(GAME_S)
        assert codes == [0]
    finally:
        ann.close()
    out = capsys.readouterr().out
    assert f"table {table.code}: watching" in out and "deal: hand0 5, hand1 5" in out
    draws = [line for line in out.splitlines() if " draws " in line]
    assert draws and all(re.fullmatch(r"\d+\. seat [12] draws 1 card", line)
                         for line in draws)  # a count, never the card
    assert out.count("finished: scores") == 2  # the host's and the spectator's
