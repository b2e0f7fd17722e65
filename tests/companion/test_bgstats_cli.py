"""`companion import FILE` with a BG Stats export (issue 32.6): a summary of the players
matched and new and of the plays left out, then the plays stored once; `--dry-run` writes
nothing; the same file again adds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import db
from tests.companion.bgstats_sample import sample_text
from ui import cli


@pytest.fixture
def history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    url = f"sqlite:///{tmp_path / 'history.db'}"
    database = db.open_database(url)
    db.add_player(database, "Ann")
    database.close()
    return url


def stored(url: str) -> int:
    database = db.open_database(url)
    try:
        return db.count_plays(database)
    finally:
        database.close()


def test_import_a_bgstats_export_once(history: str, tmp_path: Path, capsys) -> None:
    path = tmp_path / "BGStatsExport.json"
    path.write_text(sample_text(), encoding="utf-8")
    assert cli.main(["--db", history, "import", "--dry-run", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ["BG Stats export: 4 plays to import",
                                "players already in the history: Ann",
                                "new players: Ben, Cy, Di",
                                "nothing was imported (--dry-run)"]
    assert err.splitlines()[0] == ("left out: Play 5 (2026-03-05 19:00, Golf): its player "
                                   "number 9 is not in the file's list of players")
    assert stored(history) == 0
    assert cli.main(["--db", history, "import", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "imported 4 plays"
    assert cli.main(["--db", history, "--lang", "ja", "import", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[:3] == ["BG Stats の書き出し: 読み込める対局 4 件",
                                    "履歴にいるプレイヤー: Ann、Ben、Cy、Di",
                                    "新しいプレイヤー: なし"]
    assert "6 件目の対局（yesterday, Pandemic）: 日付 'yesterday' を読めません" in err
    assert out.splitlines()[-1] == "imported 0 plays" and stored(history) == 4


def test_a_file_that_is_no_export_writes_nothing(history: str, tmp_path: Path,
                                                 capsys) -> None:
    path = tmp_path / "odd.json"
    path.write_text('{"players": [], "plays": "none"}', encoding="utf-8")
    assert cli.main(["--db", history, "import", str(path)]) == 2
    assert "nothing was imported" in capsys.readouterr().err
    assert stored(history) == 0
