"""Hostile inputs to the commands: each is refused in one sentence with exit status 2, never a
traceback, and nothing from the file that cannot be shown (NUL, a 5000-digit number) is
echoed back."""

from __future__ import annotations

import io
import json
import os
import uuid
from pathlib import Path

import pytest

from ui import cli

PG_URL = os.environ.get("COMPANION_TEST_PG_URL", "")


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run the command; it must exit 2 with one line on standard error (returned)."""
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.fixture(autouse=True)
def default_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    monkeypatch.delenv("COMPANION_DB_WAIT", raising=False)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))


# -- companion score ---------------------------------------------------------------------------
def test_score_of_deeply_nested_json_is_a_sentence(tmp_path, capsys) -> None:
    sheet = tmp_path / "nested.json"
    sheet.write_text('{"players": ' + "[" * 100_000 + "]" * 100_000 + "}")
    err = refused(capsys, ["score", "sorani", str(sheet)])
    assert "nested too deeply" in err


class EndlessZeros(io.RawIOBase):
    """Standard input that never ends (like /dev/zero), failing the test past 8 MB."""

    served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        if self.served > 8 * 2**20:
            raise AssertionError("read on past any score sheet's size")
        buffer[:] = bytes(len(buffer))
        self.served += len(buffer)
        return len(buffer)


def test_score_reads_no_more_than_a_sheet_can_hold(tmp_path, capsys, monkeypatch) -> None:
    endless = io.BufferedReader(EndlessZeros())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(endless))
    err = refused(capsys, ["score", "sorani", "-"])
    assert "larger than 1 MB" in err
    big = tmp_path / "big.txt"
    big.write_text("\n" * (2**20 + 1))
    assert "larger than 1 MB" in refused(capsys, ["score", "alluvium", str(big)])


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_score_of_dev_zero_stops_at_the_limit(capsys) -> None:
    assert "larger than 1 MB" in refused(capsys, ["score", "sorani", "/dev/zero"])


@pytest.mark.parametrize(("game", "text"), [
    ("sorani", 'player Ann\x00Ben\nplanets 1 2\n'),
    ("sorani", '{"players": [{"name": "Ann\\u0000", "planets": [1]}]}'.replace(
        "\\u0000", "\x00")),
    ("alluvium", "sheet R Ann\x07\n"),
])
def test_control_characters_are_refused_not_echoed(game, text, tmp_path, capsys) -> None:
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(text)
    err = refused(capsys, ["score", game, str(sheet)])
    at = next(i for i, c in enumerate(text) if ord(c) < 32 and c != "\n")
    assert f"line 1, column {at + 1}: a control character (U+{ord(text[at]):04X})" in err
    assert "\x00" not in err and "\x07" not in err


@pytest.mark.parametrize(("game", "text"), [
    ("sorani", '{"players": [{"name": "Ann", "planets": [' + "9" * 5000 + "]}]}"),
    ("sorani", "player Ann\nplanets " + "9" * 5000 + "\n"),
    ("alluvium", "sheet R Ann\nareas " + "9" * 5000 + "\n"),
    ("alluvium", "sheet R Ann\ntrack Y " + "9" * 5000 + "\n"),
])
def test_a_number_too_long_for_a_sheet_is_named_briefly(game, text, tmp_path, capsys) -> None:
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(text)
    err = refused(capsys, ["score", game, str(sheet)])
    assert "digits" in err and len(err) < len(str(sheet)) + 150, err
    assert "set_int_max_str_digits" not in err and "9" * 30 not in err


@pytest.mark.parametrize("text", [
    '{"players": [{"name": "Ann", "planets": [1, 2, 0, 0], "name": "Ben"}]}',
    '{"players": [{"name": "Ann", "planets": [1, 2, 0, 0]}], "players": []}',
])
def test_a_key_given_twice_in_a_score_file_is_refused(text, tmp_path, capsys) -> None:
    sheet = tmp_path / "sheet.json"
    sheet.write_text(text)
    assert "appears twice" in refused(capsys, ["score", "sorani", str(sheet)])


# -- companion import --------------------------------------------------------------------------
def history_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "history.json"
    path.write_text(text)
    return str(path)


def test_a_json_message_says_at_once(tmp_path, capsys) -> None:
    path = history_file(tmp_path, '{"plays": [{"game": "a\x01b"}]}')
    assert cli.main(["import", path]) == 2
    err = capsys.readouterr().err
    assert "Invalid control character at line 1, column 23" in err and "at at" not in err


@pytest.mark.parametrize("text", [
    '{"format": "tabletop-companion-history", "version": 1, "plays": [], "plays": []}',
    '{"format": "tabletop-companion-history", "version": 1, "plays": [{"game": "juusai", '
    '"game": "shinyu"}]}',
])
def test_a_key_given_twice_in_a_history_file_is_refused(text, tmp_path, capsys) -> None:
    assert cli.main(["import", history_file(tmp_path, text)]) == 2
    err = capsys.readouterr().err
    assert "appears twice" in err and "nothing was imported" in err


# -- where the history is ----------------------------------------------------------------------
@pytest.mark.parametrize("as_url", [False, True])
def test_a_path_too_long_for_the_system_is_a_sentence(as_url, tmp_path, capsys) -> None:
    path = tmp_path / ("a" * 600 + ".db")
    location = f"sqlite:///{path}" if as_url else str(path)
    err = refused(capsys, ["--db", location, "db", "check"])
    assert err.startswith("companion db: No history can be kept at") and "too long" in err


@pytest.mark.parametrize(("parameter", "command"), [("timeout=abc", ["db", "check"]),
                                                    ("check_same_thread=maybe", ["export"])])
def test_a_sqlite_parameter_that_cannot_be_read_is_a_sentence(parameter, command, tmp_path,
                                                              capsys) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}?{parameter}"
    err = refused(capsys, ["--db", url, *command])
    assert f"The parameter “{parameter}”" in err
    assert not (tmp_path / "h.db").exists()


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_a_history_in_memory_is_refused_in_a_sentence(url, capsys) -> None:
    err = refused(capsys, ["--details", "--db", url, "db", "check"])
    assert "kept in memory only" in err and "pg_class" not in err


@pytest.mark.parametrize("wait", ["inf", "nan", "-1", "soon", "1e400"])
def test_a_wait_that_is_no_number_of_seconds_is_a_sentence(wait, tmp_path, capsys,
                                                            monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DB_WAIT", wait)
    err = refused(capsys, ["--db", str(tmp_path / "h.db"), "db", "check"])
    assert f"COMPANION_DB_WAIT is “{wait}”, not a number of seconds from 0 to 86400" in err


def test_a_wait_in_range_is_used(tmp_path, monkeypatch) -> None:
    import db

    monkeypatch.setenv("COMPANION_DB_WAIT", "2.5")
    database = db.open_database(str(tmp_path / "h.db"))
    try:
        assert database.wait == 2.5
    finally:
        database.close()


def newer_on(url: str) -> None:
    """Mark the history at `url` as written by a later version (an unknown revision)."""
    from sqlalchemy import create_engine, text

    import db

    db.open_database(url).close()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'f00000000001'"))
    engine.dispose()


def test_a_newer_history_file_is_given_the_move_aside_hint(tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}"
    newer_on(url)
    assert cli.main(["--db", url, "db", "check"]) == 2
    err = capsys.readouterr().err
    assert "newer version" in err and "db move-aside" in err


@pytest.mark.skipif(not PG_URL, reason="set COMPANION_TEST_PG_URL to run PostgreSQL tests")
def test_a_newer_history_on_a_server_is_not_told_to_move_aside(capsys) -> None:
    """`db move-aside` refuses servers: the hint would send the person to a dead end."""
    from sqlalchemy import create_engine, text

    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        url = f"{PG_URL}{'&' if '?' in PG_URL else '?'}options=-csearch_path%3D{schema}"
        newer_on(url)
        err = refused(capsys, ["--db", url, "db", "check"])
        assert "newer version" in err and "move-aside" not in err
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_json_module_still_reads_plain_files(tmp_path, capsys) -> None:
    """The stricter readers still take an ordinary sheet."""
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps({"players": [{"name": "Ann", "planets": [1, 2, 0, 0]}]}))
    assert cli.main(["score", "sorani", str(sheet)]) == 0
    assert capsys.readouterr().out.startswith("Ann: ")
