"""The commands open the history the app opens: `--db`, else `COMPANION_DB_URL`, else the one
chosen in Settings (read from the app's own settings file), else the default file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

import db
from companion.history import PlayMode, PlayRecord, SeatResult
from ui import cli


def history_with_one_play(path: Path, player: str) -> str:
    url = f"sqlite:///{path}"
    database = db.open_database(url)
    db.add_play(database, PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 12, 1, 20),
                                     [SeatResult(0, player, score=5, winner=True),
                                      SeatResult(1, "Ben", score=2)],
                                     finished_at=datetime(2026, 12, 1, 21)))
    database.close()
    return url


@pytest.fixture
def app_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """The app's settings file (QSettings(organisation, application), as Settings writes it)
    in a folder of this test; no --db, no COMPANION_DB_URL, the default file elsewhere."""
    from PySide6.QtCore import QSettings

    from ui.app import make_settings

    before = Path(make_settings().fileName()).parent.parent
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "config"))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "default"))
    yield make_settings()
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(before))


def choose_in_settings(settings: object, url: str) -> None:
    from ui.app import KEY_DATABASE

    settings.setValue(KEY_DATABASE, url)  # type: ignore[attr-defined]
    settings.sync()  # type: ignore[attr-defined]


def test_db_check_counts_the_history_chosen_in_settings(app_settings, tmp_path, capsys) -> None:
    chosen = tmp_path / "club.db"
    choose_in_settings(app_settings, history_with_one_play(chosen, "Ann"))
    assert cli.main(["db", "check"]) == 0
    assert capsys.readouterr().out == f"{chosen}: 1 plays, 2 players\n"
    assert not (tmp_path / "default").exists()  # the default file was not made


def test_export_writes_the_history_chosen_in_settings(app_settings, tmp_path, capsys) -> None:
    choose_in_settings(app_settings, history_with_one_play(tmp_path / "club.db", "Ann"))
    assert cli.main(["export", "--format", "json"]) == 0
    plays = json.loads(capsys.readouterr().out)["plays"]
    assert [seat["player"] for seat in plays[0]["seats"]] == ["Ann", "Ben"]


def test_db_move_aside_moves_the_file_chosen_in_settings(app_settings, tmp_path,
                                                          capsys) -> None:
    chosen = tmp_path / "club.db"
    choose_in_settings(app_settings, history_with_one_play(chosen, "Ann"))
    assert cli.main(["db", "move-aside"]) == 0
    assert not chosen.exists() and list(tmp_path.glob("club.db.broken-*"))


def test_db_and_the_environment_still_come_first(app_settings, tmp_path, capsys,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    choose_in_settings(app_settings, history_with_one_play(tmp_path / "club.db", "Ann"))
    given = tmp_path / "given.db"
    url = history_with_one_play(given, "Cy")
    assert cli.main(["--db", url, "db", "check"]) == 0
    assert capsys.readouterr().out.startswith(f"{given}: 1 plays")
    monkeypatch.setenv("COMPANION_DB_URL", url)
    assert cli.main(["db", "check"]) == 0
    assert capsys.readouterr().out.startswith(f"{given}: 1 plays")


def test_without_a_choice_the_default_file_is_used(app_settings, tmp_path, capsys) -> None:
    assert cli.main(["db", "check"]) == 0
    assert capsys.readouterr().out == f"{tmp_path / 'default' / 'companion.db'}: 0 plays, " \
                                      "0 players\n"
