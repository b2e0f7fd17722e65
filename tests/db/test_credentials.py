"""Database passwords: never in a sentence, a detail, a log line or the open history's URL;
taken from the URL, the keyring, PGPASSWORD, the password file or the service file; and the
URL's other libpq parameters reach the server unchanged."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

import db
from db import credentials
from tests.db.club import Club
from tests.db.helpers import play
from ui import cli

SECRET = "S3cret-pw"


@pytest.mark.parametrize("shown", [
    f"postgresql+psycopg://ann:{SECRET}@club.example/games",
    f"postgresql://ann:{SECRET}@club.example:5433/games?sslmode=require",
    f"postgresql+psycopg://ann@club.example/games?password={SECRET}&sslmode=require",
    f"host=club.example user=ann password={SECRET} dbname=games",
    f"host=club.example password='{SECRET}' dbname=games",
    f"“ann:{SECRET}@club.example/games” is not a database URL.",
    f"postgresql://ann:{SECRET}@bad@club.example/games",
])
def test_redact_masks_a_password_wherever_it_stands(shown):
    masked = db.redact(shown)
    assert SECRET not in masked and "***" in masked
    assert "club.example" in masked  # the rest is kept: the person still sees where


def test_split_password_keeps_everything_else():
    assert db.split_password(f"postgresql://ann:{SECRET}@h/games") == ("postgresql://ann@h/games",
                                                                       SECRET)
    assert db.split_password("postgresql://ann@h/games") == ("postgresql://ann@h/games", None)
    assert db.redact("the history companion.db of ann") == "the history companion.db of ann"


def test_a_password_in_the_query_wins_as_in_libpq_and_is_taken_out_too():
    url, password = db.split_password("postgresql+psycopg://ann:one@h/g?password=two&sslmode=require")
    assert password == "two"
    assert make_url(url).password is None and dict(make_url(url).query) == {"sslmode": "require"}


@pytest.mark.parametrize("typed", [
    f"ann:{SECRET}@club.example/games",
    f"postgresql+nosuchdriver://ann:{SECRET}@club.example/games",
    f"nosuchdb://ann:{SECRET}@club.example/games",
    f"postgresql://ann:{SECRET}@club.example:port/games",
])
def test_a_mistyped_location_with_a_password_is_refused_without_showing_it(typed):
    with pytest.raises(db.DatabaseLocationError) as info:
        db.check_location(typed)
    error = info.value
    for shown in (error.message, error.text("ja"), error.detail, str(error)):
        assert SECRET not in shown


#: Passwords whose characters end a URL's user part for a simple reader: / ? # and spaces.
ODD_SECRETS = ["Xq9/Zr7", "Xq9?Zr7", "Xq9#Zr7", "Xq9 Zr7", "Xq9:/?#Zr7"]


def shown_parts(error: db.DatabaseError) -> str:
    return " ".join((error.message, error.text("ja"), error.detail, str(error)))


@pytest.mark.parametrize("secret", ODD_SECRETS)
@pytest.mark.parametrize("form", [
    "postgresql+psycopg://olga:{}@club.example:port/games",  # the port: cannot be read
    "nosuchdb://olga:{}@club.example/games",
    "postgresql+nosuchdriver://olga:{}@club.example/games",
    "olga:{}@club.example/games",  # no scheme
])
def test_a_password_with_odd_characters_in_a_refused_location_is_never_shown(secret, form):
    with pytest.raises(db.DatabaseLocationError) as info:
        db.check_location(form.format(secret))
    shown = shown_parts(info.value)
    assert "Xq9" not in shown and "Zr7" not in shown and "***" in shown


def test_the_whole_authority_of_a_url_that_cannot_be_read_is_masked():
    with pytest.raises(db.DatabaseLocationError) as info:
        db.check_location("postgresql+psycopg://olga:Xq9 Zr7@club.example:port/games")
    assert info.value.message == ("“postgresql+psycopg://***/games” is not a database URL such "
                                  "as postgresql://host/db.")


@pytest.mark.parametrize("secret", ODD_SECRETS)
def test_sentences_about_a_readable_url_mask_a_password_with_odd_characters(secret):
    url = f"postgresql+psycopg://olga:{secret}@club.example/games"
    assert db.split_password(url) == ("postgresql+psycopg://olga@club.example/games", secret)
    if " " not in secret:  # in running text a space ends a URL
        masked = db.redact(f"the history {url} failed")
        assert masked == "the history postgresql+psycopg://olga:***@club.example/games failed"
    assert credentials.mask_location(url) == "postgresql+psycopg://olga:***@club.example/games"


@pytest.mark.parametrize("typed", [
    "postgresql+psycopg://olga:Xq9@Zr7@club.example/games",
    "postgresql+psycopg://olga@home:Xq9Zr7@club.example/games",
    "postgresql+psycopg://olga:Xq9@Zr7/x@club.example/games",
    "postgresql+psycopg://olga:Xq9?a@Zr7@club.example/games",
])
def test_an_ambiguous_at_sign_is_refused_with_a_sentence_on_percent_encoding(typed):
    with pytest.raises(db.DatabaseLocationError) as info:
        db.check_location(typed)
    error = info.value
    assert error.message.startswith("The address postgresql+psycopg://***/")
    assert "more than one “@”" in error.message and "%40" in error.message
    assert "「@」が複数" in error.text("ja") and "%40" in error.text("ja")
    assert "Xq9" not in shown_parts(error) and "Zr7" not in shown_parts(error)
    with pytest.raises(db.DatabaseLocationError):
        db.open_database(typed)  # never sent to a server


def test_an_encoded_at_sign_and_an_at_sign_in_the_query_are_not_ambiguous():
    url = "postgresql+psycopg://olga:Xq9%40Zr7@club.example/games?application_name=a@b"
    assert db.check_location(url) == url
    assert db.split_password(url)[1] == "Xq9@Zr7"
    from db.location import sqlite_path

    assert sqlite_path(db.check_location("sqlite:////tmp/a@b@c.db")) == Path("/tmp/a@b@c.db")


def test_an_unreachable_server_never_shows_the_password(caplog):
    caplog.set_level(logging.DEBUG)
    for url in (f"postgresql+psycopg://ann:{SECRET}@127.0.0.1:1/none",
                f"postgresql+psycopg://ann@127.0.0.1:1/none?password={SECRET}"):
        with pytest.raises(db.DatabaseError) as info:
            db.open_database(url)
        error = info.value
        assert "ann@127.0.0.1:1/none" in error.message
        for shown in (error.message, error.text("ja"), error.detail, str(error), caplog.text):
            assert SECRET not in shown


def test_without_a_usable_keyring_nothing_is_stored_and_nothing_breaks(monkeypatch):
    assert db.keyring_name() is None  # keyring's "fail" backend: a headless machine
    assert not db.store_password("postgresql://ann@h/g", SECRET)
    assert credentials.keyring_password("postgresql://ann@h/g") is None
    monkeypatch.setitem(sys.modules, "keyring", None)  # the optional package is missing
    assert db.keyring_name() is None and not db.store_password("postgresql://ann@h/g", SECRET)


def test_the_keyring_keeps_one_password_per_login_and_server(memory_keyring):
    assert db.keyring_name() == "memory keyring"
    assert db.store_password("postgresql+psycopg://ann@club.example/games?sslmode=require", "a1")
    assert db.store_password("postgresql+psycopg:///?service=club", "b2")
    assert credentials.keyring_password("postgresql://ann@club.example:5432/games") == "a1"
    assert credentials.keyring_password("postgresql+psycopg:///?service=club") == "b2"
    assert credentials.keyring_password("postgresql://bo@club.example/games") is None
    assert credentials.keyring_password("sqlite:////tmp/x.db") is None
    assert set(memory_keyring.stored) == {("Tabletop Companion", "ann@club.example:5432/games"),
                                          ("Tabletop Companion", "service=club")}


# -- against the test server (a login of the README's club set-up, with a password of its own) --


def _parts(club: Club, person: str = "olga") -> dict[str, str]:
    parsed = make_url(club.url(person))
    return {"host": parsed.host or "127.0.0.1", "port": str(parsed.port or 5432),
            "dbname": parsed.database or "", "user": parsed.username or "",
            "password": parsed.password or ""}


def _bare(club: Club, person: str = "olga") -> str:
    """The URL without its password."""
    return db.split_password(club.url(person))[0]


def _schema_of(database: db.Database) -> str:
    with database.engine.connect() as conn:
        return str(conn.scalar(text("SELECT current_schema()")))


@pytest.fixture
def no_password_elsewhere(monkeypatch):
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", "/nonexistent")


@pytest.mark.postgres
def test_the_open_history_keeps_no_password(club, caplog):
    caplog.set_level(logging.DEBUG)
    loggers = [logging.getLogger(name) for name in ("sqlalchemy.engine", "sqlalchemy.pool")]
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
    try:
        database = db.open_database(club.url("olga"))
        db.add_play(database, play(["Ann", "Bo"], [3, 1]))
        db.list_plays(database)
    finally:
        for logger in loggers:
            logger.setLevel(logging.WARNING)
    password = club.roles.password
    assert make_url(database.url).password is None and "olga" in caplog.text
    for shown in (database.url, database.where, repr(database), caplog.text):
        assert password not in shown
    database.close()


@pytest.mark.postgres
def test_the_password_from_pgpassword(club, monkeypatch, no_password_elsewhere):
    with pytest.raises(db.DatabaseError):
        db.open_database(_bare(club))  # no password anywhere
    monkeypatch.setenv("PGPASSWORD", club.roles.password)
    database = db.open_database(_bare(club))
    assert db.list_plays(database) == []
    database.close()


@pytest.mark.postgres
def test_the_password_from_the_keyring(club, memory_keyring, no_password_elsewhere):
    assert db.store_password(_bare(club), club.roles.password)
    database = db.open_database(_bare(club))
    assert db.list_plays(database) == []
    database.close()


@pytest.mark.postgres
def test_a_password_typed_in_this_run_without_a_keyring(club, no_password_elsewhere,
                                                        monkeypatch):
    monkeypatch.setattr(credentials, "_TYPED_THIS_RUN", {})
    assert db.keyring_name() is None
    with pytest.raises(db.DatabaseError):
        db.open_database(_bare(club))  # no password anywhere
    credentials.remember_password(_bare(club), club.roles.password)
    database = db.open_database(_bare(club))
    assert db.list_plays(database) == [] and club.roles.password not in database.url
    database.close()


def test_the_password_file_line_of_a_history():
    assert credentials.pgpass_line("postgresql+psycopg://ann@club.example/games") == (
        "club.example:5432:games:ann:PASSWORD")
    assert credentials.pgpass_line("postgresql://bo@h:5433/g?sslmode=require") == (
        "h:5433:g:bo:PASSWORD")


@pytest.mark.postgres
def test_the_service_file_and_the_password_file(club, tmp_path, monkeypatch,
                                                no_password_elsewhere):
    parts = _parts(club)
    service = tmp_path / "pg_service.conf"
    service.write_text(f"[club_test]\nhost={parts['host']}\nport={parts['port']}\n"
                       f"dbname={parts['dbname']}\nuser={parts['user']}\n"
                       f"options=-csearch_path={club.schema}\n")
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"{parts['host']}:{parts['port']}:{parts['dbname']}:{parts['user']}:"
                        f"{parts['password']}\n")
    passfile.chmod(0o600)  # libpq ignores a password file others can read
    monkeypatch.setenv("PGSERVICEFILE", str(service))
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    database = db.open_database("postgresql+psycopg:///?service=club_test")
    assert _schema_of(database) == club.schema and db.list_plays(database) == []
    assert database.where == "postgresql+psycopg:///?service=club_test"
    database.close()


@pytest.mark.postgres
def test_sslmode_and_the_other_libpq_parameters_pass_through(club):
    url = f"{club.url('olga')}&sslmode=disable&application_name=club-laptop&connect_timeout=7"
    database = db.open_database(url)
    with database.engine.connect() as conn:
        assert conn.scalar(text("SHOW application_name")) == "club-laptop"
        info = conn.connection.dbapi_connection.info  # type: ignore[union-attr]
        assert info.get_parameters()["connect_timeout"] == "7"
        assert info.get_parameters()["sslmode"] == "disable"
    database.close()


def test_a_sqlite_history_is_untouched_by_all_this(tmp_path: Path):
    database = db.open_database(f"sqlite:///{tmp_path / 'h.db'}")
    assert database.where == str(tmp_path / "h.db")
    database.close()


# -- the command line ----------------------------------------------------------------------------


def test_help_never_shows_the_password_of_companion_db_url(monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_DB_URL", f"postgresql+psycopg://ann:{SECRET}@127.0.0.1:1/g")
    for argv in (["--help"], *([name, "--help"] for name in cli.SUBCOMMANDS)):
        with pytest.raises(SystemExit):
            cli.main(argv)
        shown = capsys.readouterr()
        assert "usage: companion" in shown.out and SECRET not in shown.out + shown.err


@pytest.mark.parametrize("argv", [
    ["db", "check"], ["--details", "db", "check"], ["export"], ["--details", "import", "x.json"],
    ["pdf", "--play", "1", "-o", "x.pdf"], ["db", "move-aside"], ["db", "recount"],
])
def test_command_line_messages_never_show_the_password(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text('{"format": "tabletop-companion-history", "version": 1, '
                                     '"plays": []}')
    for url in (f"postgresql+psycopg://ann:{SECRET}@127.0.0.1:1/none",
                f"postgresql+psycopg://ann@127.0.0.1:1/none?password={SECRET}",
                f"ann:{SECRET}@127.0.0.1/none"):
        assert cli.main(["--db", url, *argv]) == 2
        shown = capsys.readouterr()
        assert shown.err.startswith("companion ") and "Traceback" not in shown.err
        assert SECRET not in shown.out + shown.err


@pytest.mark.postgres
@pytest.mark.parametrize("form", ["json", "csv", "bgstats"])
def test_exports_carry_no_password(club, capsys, form):
    database = db.open_database(club.url("olga"))
    db.add_play(database, play(["Ann", "Bo"], [3, 1]))
    database.close()
    assert cli.main(["--db", club.url("olga"), "export", "--format", form]) == 0
    shown = capsys.readouterr()
    assert "Ann" in shown.out and club.roles.password not in shown.out + shown.err
    assert cli.main(["--db", club.url("olga"), "db", "check"]) == 0
    shown = capsys.readouterr()
    assert shown.out.startswith(f"{db.split_password(club.url('olga'))[0]}: 1 plays")
    assert club.roles.password not in shown.out + shown.err
