"""The README's "Club history" section works as written against the test server: its
administrator's SQL runs through psql exactly as printed (the `\\password` prompts answered on
standard input), the organiser starts the app once through a service file and a password file
like the README's, runs the README's grants through psql, and then a member logs and plays
but may not delete. No command in the section carries a password.

The roles and the database are the README's own (club_organiser, club_member, olga, ann,
club): the test does not run where any of them exists already, and drops them afterwards.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

import db
from tests.db.club import readme_blocks, readme_section, readme_sql
from tests.db.conftest import PG_URL
from tests.db.helpers import play
from ui import cli

pytestmark = pytest.mark.postgres
ROLES = ("olga", "ann", "club_member", "club_organiser")
PASSWORDS = {"olga": "olga-Pw-7431", "ann": "ann-Pw-9902"}


def test_no_command_in_the_section_carries_a_password():
    for lang, body in readme_blocks():
        if lang == "sql":
            assert not re.search(r"PASSWORD\s+'", body, re.I)
        assert db.redact(body) == body  # no user:password@ nor password=
    assert db.redact(readme_section()) == readme_section()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The test server's address and administrator login; the README's names are dropped
    afterwards."""
    if not PG_URL:
        pytest.skip("set COMPANION_TEST_PG_URL")
    if shutil.which("psql") is None:
        pytest.skip("psql (postgresql-client) is not installed")
    url = make_url(PG_URL)
    admin = create_engine(PG_URL)
    with admin.connect() as conn:
        taken = conn.scalar(text("SELECT count(*) FROM pg_roles WHERE rolname = ANY(:names)"),
                            {"names": list(ROLES)})
        taken += conn.scalar(text("SELECT count(*) FROM pg_database WHERE datname = 'club'"))
        tls = conn.scalar(text("SHOW ssl")) == "on"
    if taken:
        pytest.skip("the README's roles or database exist on this server: not touched")
    try:
        yield {"host": url.host or "127.0.0.1", "port": str(url.port or 5432),
               "user": url.username or "", "password": url.password or "",
               "dbname": url.database or "", "tls": "on" if tls else "off"}
    finally:
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("DROP DATABASE IF EXISTS club WITH (FORCE)"))
            for role in ROLES:
                conn.execute(text(f"DROP ROLE IF EXISTS {role}"))
        admin.dispose()


def psql(script: Path, env: dict[str, str], *target: str, answers: str = "") -> None:
    """Run the SQL file through psql as a person would; `answers` go to its prompts (without
    a terminal, psql asks on standard input)."""
    done = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", *target, "-f",
                           str(script)], input=answers, text=True, capture_output=True, env=env,
                          start_new_session=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr


def client_files(folder: Path, server: dict[str, str], person: str) -> dict[str, str]:
    """The README's service file and password file for `person`, pointed at the test server;
    the environment that uses them."""
    ini = next(body for lang, body in readme_blocks() if lang == "ini")
    line = next(body for lang, body in readme_blocks() if lang == "text")
    service = (ini.replace("club.example.org", server["host"])
               .replace("user=ann", f"user={person}")
               .replace("dbname=club", f"dbname=club\nport={server['port']}"))
    if server["tls"] == "off":  # this server offers no TLS: the only change to the README
        service = service.replace("sslmode=verify-full", "sslmode=disable")
    pgpass = (line.replace("club.example.org:5432", f"{server['host']}:{server['port']}")
              .replace(":ann:your-password", f":{person}:{PASSWORDS[person]}"))
    folder.mkdir()
    (folder / "pg_service.conf").write_text(service)
    (folder / "pgpass").write_text(pgpass)
    (folder / "pgpass").chmod(0o600)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    return {**env, "PGSERVICEFILE": str(folder / "pg_service.conf"),
            "PGPASSFILE": str(folder / "pgpass")}


def test_the_club_set_up_works_as_written(server, tmp_path, monkeypatch, capsys):
    administrator, grants = readme_sql()
    (tmp_path / "server.sql").write_text(administrator)
    (tmp_path / "grants.sql").write_text(grants)
    admin_env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    admin_env["PGPASSWORD"] = server["password"]  # the administrator's own login, not the README's
    # \password olga, then \password ann: each asks twice
    answers = "".join(f"{PASSWORDS[p]}\n{PASSWORDS[p]}\n" for p in ("olga", "ann"))
    psql(tmp_path / "server.sql", admin_env, "-h", server["host"], "-p", server["port"], "-U",
         server["user"], "-d", server["dbname"], answers=answers)

    organiser = client_files(tmp_path / "olga", server, "olga")
    for name, value in organiser.items():
        if name.startswith("PG"):
            monkeypatch.setenv(name, value)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    assert cli.main(["--db", "postgresql+psycopg:///?service=club", "db", "check"]) == 0
    assert capsys.readouterr().out == "postgresql+psycopg:///?service=club: 0 plays, 0 players\n"
    psql(tmp_path / "grants.sql", organiser, "service=club")

    for name, value in client_files(tmp_path / "ann", server, "ann").items():
        if name.startswith("PG"):
            monkeypatch.setenv(name, value)
    member = db.open_database("postgresql+psycopg:///?service=club")
    try:
        assert member.access is not None and not member.is_organiser
        assert member.access.organiser == "club_organiser"
        logged = db.add_play(member, play(["Ann", "Bo"], [3, 1]))
        game = play(["Ann", "Bo"], [None, None], finished=False, day=1)
        game.id = db.save_autosave(member, game)
        game.notes = "move 2"
        db.save_autosave(member, game)
        game.finished_at = datetime(2026, 3, 15, 21, 0)
        db.update_play(member, game)
        assert db.count_plays(member, finished=True) == 2
        with pytest.raises(db.OrganiserOnlyError, match="“club_organiser” may delete plays"):
            db.delete_play(member, logged)
        with pytest.raises(DBAPIError, match="permission denied"), \
                member.engine.begin() as conn:
            conn.execute(text("DELETE FROM plays"))
    finally:
        member.close()
    assert PASSWORDS["ann"] not in capsys.readouterr().err
