"""Issue 38: nothing is lost if the server restarts mid-game. A PostgreSQL server of the test's
own (initdb in a temporary folder, a free port on loopback; the shared test server is left
alone) holds a club history; two `companion table play` processes, as two member logins,
play 終季; mid-game the server is stopped as by a crash (`pg_ctl stop -m immediate`: no
clean shutdown, the committed rows survive through the write-ahead log) and started again.
Both laptops reconnect, catch up from the rows, finish, and the history holds the one play.
Skipped where PostgreSQL's server programs are not installed."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

import db
from tests.db.club import Club, ClubRoles
from tests.db.test_network_two_laptops import GAME_S, ROOT

#: Longest the server may be down (it comes back at once; this is what the laptops ride out).
DOWN_S = 2.0


def server_programs() -> Path | None:
    """The folder of `initdb` and `pg_ctl` (Debian keeps them out of the PATH)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    return versions[-1].parent if versions else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivateServer:
    """A PostgreSQL server in `folder` on `port`, run by the `postgres` user when the tests
    run as root (the server refuses to run as root)."""

    def __init__(self, programs: Path, folder: Path, port: int) -> None:
        self.programs, self.folder, self.port = programs, folder, port
        self.data = folder / "data"

    def _run(self, *argv: str) -> None:
        command = [str(self.programs / argv[0]), *argv[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "companion", "-A", "trust",
                  "--no-sync", "-E", "UTF8", "--locale", "C")

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "-l",
                  str(self.folder / "log"), "-o",
                  f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1", "start")

    def crash(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://companion@127.0.0.1:{self.port}/{database}"


@pytest.fixture
def server() -> Iterator[PrivateServer]:
    programs = server_programs()
    if programs is None or (os.geteuid() == 0 and shutil.which("runuser") is None):
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
    folder.chmod(0o755)
    made = PrivateServer(programs, folder, free_port())
    try:
        made.init()
        made.start()
        engine = create_engine(made.url("postgres"), isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(text("CREATE DATABASE club"))
        engine.dispose()
        yield made
    finally:
        if (made.data / "postmaster.pid").exists():
            made.crash()
        shutil.rmtree(folder, ignore_errors=True)


def play(club: Club, person: str, code: str, seat: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "--db", club.url(person), "--lang", "en", "table",
         "play", code, "--seat", str(seat), "--bot", "random", "--seed", str(seat),
         "--timeout", str(GAME_S), "--verbose"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "LANG": "C"})


def rows(url: str, table_id: int) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.scalar(text("SELECT count(*) FROM net_moves WHERE table_id = :id"),
                                   {"id": table_id}))
    finally:
        engine.dispose()


def status(url: str, table_id: int) -> str:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return str(conn.scalar(text("SELECT status FROM net_tables WHERE id = :id"),
                                   {"id": table_id}))
    finally:
        engine.dispose()


def test_a_server_crash_and_restart_mid_game_loses_nothing(server: PrivateServer) -> None:
    from db import network

    roles = ClubRoles.made(server.url("club"))
    club = Club(roles, "club")
    club.create_schema()
    club.prepare()
    ann = db.open_database(club.url("ann"))
    ben = db.open_database(club.url("ben"))
    try:
        table = network.open_table(ann, "taxot", {"seasons": 2},
                                   [{"kind": "person", "login": roles.login("ann")},
                                    {"kind": "open"}])
        network.join_table(ben, table.code, 1)
    finally:
        ann.close()
        ben.close()
    laptops = [play(club, "ann", table.code, 1), play(club, "ben", table.code, 2)]
    deadline = time.monotonic() + GAME_S
    while rows(club.url("olga"), table.id) < 8:
        assert time.monotonic() < deadline, "the game did not get going"
        assert all(p.poll() is None for p in laptops), "a laptop ended before the crash"
        time.sleep(0.05)
    before = rows(club.url("olga"), table.id)
    assert status(club.url("olga"), table.id) == "playing"
    server.crash()
    time.sleep(DOWN_S)
    server.start()
    assert rows(club.url("olga"), table.id) >= before  # every committed row came back
    outputs = [p.communicate(timeout=GAME_S * 2) for p in laptops]
    for process, (out, err) in zip(laptops, outputs, strict=True):
        assert process.returncode == 0, err + out[-4000:]
        assert "the whole game replayed and agrees" in out
    assert "in the history as play" in outputs[0][0]
    assert rows(club.url("olga"), table.id) > before + 8  # most of the game came after it
    for person in ("ann", "ben"):
        database = db.open_database(club.url(person))
        try:
            plays = [p for p in db.list_plays(database) if str(p.uid) == table.uid]
        finally:
            database.close()
        assert len(plays) == 1 and plays[0].is_finished
