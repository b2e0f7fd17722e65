"""A server on another computer reached without TLS is warned about (the command line prints it
once per run, the app once per history); this computer, or TLS, is not."""

from __future__ import annotations

import socket

import pytest
from sqlalchemy.engine import make_url

import db
from db import transport
from ui import cli


@pytest.mark.parametrize(("host", "local"), [
    ("", True), ("/var/run/postgresql", True), ("localhost", True), ("127.0.0.1", True),
    ("127.1.2.3", True), ("::1", True), ("[::1]", True), (socket.gethostname(), True),
    ("club.example.org", False), ("192.0.2.10", False), ("2001:db8::1", False),
])
def test_what_counts_as_this_computer(host, local):
    assert transport.is_local_host(host) is local


def elsewhere(url: str) -> str:
    """The same server under another computer's name (libpq's hostaddr still reaches it
    here: the app judges by the host it was told to reach)."""
    parsed = make_url(url)
    return parsed.set(host="club.example.org").update_query_dict(
        {"hostaddr": parsed.host or "127.0.0.1", "sslmode": "disable"}
    ).render_as_string(hide_password=False)


@pytest.mark.postgres
def test_another_computer_without_tls_gets_a_warning(club):
    database = db.open_database(elsewhere(club.url("olga")))
    notice = database.notice
    database.close()
    assert notice is not None
    assert notice.message.startswith(f"The history {database.where} is reached over the network "
                                     "without encryption (TLS)")
    assert "club.example.org" in notice.message and "sslmode=verify-full" in notice.message
    assert "暗号化（TLS）なし" in notice.text("ja")
    assert club.roles.password not in notice.message + notice.text("ja")
    parsed = make_url(club.url("olga"))
    assert notice.key == (f"{parsed.username}@club.example.org:{parsed.port or 5432}/"
                          f"{parsed.database}")


@pytest.mark.postgres
def test_this_computer_or_tls_gets_none(club, monkeypatch):
    database = db.open_database(club.url("olga"))  # 127.0.0.1 without TLS: never leaves
    assert database.notice is None
    database.close()
    monkeypatch.setattr(transport, "reached_host", lambda conn: ("club.example.org", True))
    database = db.open_database(elsewhere(club.url("olga")))
    assert database.notice is None
    database.close()


@pytest.mark.postgres
def test_the_command_line_prints_the_warning_once(club, capsys):
    url = elsewhere(club.url("olga"))
    assert cli.main(["--db", url, "db", "check"]) == 0
    err = capsys.readouterr().err
    assert err.count("companion: warning: The history") == 1 and "without encryption" in err
    assert club.roles.password not in err
