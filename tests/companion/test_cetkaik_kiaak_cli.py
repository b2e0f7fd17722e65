"""`companion import FILE` with a Cerke Online record (棋譜) and `companion export --play ID
--format cerke-online` (issue 36). The records are real Cerke Online games from the public
repository cetkaik/cerke_online_kiaak_parser (src/index.test.ts; see tests/data/kiaak/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import db
from companion.core.record import GameRecord
from ui import cli

DATA = Path(__file__).resolve().parents[1] / "data" / "kiaak"


@pytest.fixture
def history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    url = f"sqlite:///{tmp_path / 'history.db'}"
    db.open_database(url).close()
    return url


def plays(url: str) -> list:
    database = db.open_database(url)
    try:
        return db.list_plays(database)
    finally:
        database.close()


def test_import_a_record_once_then_export_it_back(history: str, tmp_path: Path,
                                                  capsys) -> None:
    path = DATA / "case1_2022-05-31.txt"
    assert cli.main(["--db", history, "import", "--players", "Ann,Ben", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["Cerke Online record: 3 seasons, 59 moves, Ann 40 – Ben 0", "imported 1 play"]
    [play] = plays(history)
    assert play.game_id == "cetkaik" and play.is_finished
    assert [(s.player, s.score, s.winner) for s in play.seats] == [("Ann", 40.0, True),
                                                                   ("Ben", 0.0, False)]
    assert cli.main(["--db", history, "--lang", "ja", "import", str(path)]) == 0
    _, err = capsys.readouterr()
    assert "この棋譜の対局はすでに履歴にあります" in err and len(plays(history)) == 1
    out_path = tmp_path / "out.txt"
    assert cli.main(["--db", history, "export", "--play", str(play.id), "--format",
                     "cerke-online", "-o", str(out_path)]) == 0
    assert out_path.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    assert cli.main(["--db", history, "import", str(out_path)]) == 0  # the same play: nothing
    assert len(plays(history)) == 1


def test_a_faulty_record_writes_nothing(history: str, tmp_path: Path, capsys) -> None:
    text = (DATA / "case3_2022-04-01.txt").read_text(encoding="utf-8")
    path = tmp_path / "bad.txt"
    path.write_text(text.replace("或為王而手五", "或為王而手六"), encoding="utf-8")
    assert cli.main(["--db", history, "--lang", "ja", "import", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"companion import: {path}: 20 手目（春）: 或為王而手六: 終季の支払い")
    assert err[1] == "何も読み込んでいません"
    assert plays(history) == []


def test_dry_run_and_names_from_the_file(history: str, tmp_path: Path, capsys) -> None:
    path = DATA / "old_2021-10-02.txt"
    assert cli.main(["--db", history, "import", "--dry-run", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Cerke Online record: 4 seasons, 12 moves, 黒 30 – 赤 10",
        "nothing was imported (--dry-run)"]
    assert plays(history) == []


def test_export_refuses_a_rule_set_the_format_cannot_hold(history: str, capsys) -> None:
    from companion.core.record import Game
    from companion.history import PlayMode, PlayRecord, SeatResult

    game = Game.new("cetkaik_education", 2, {}, seed=1)
    game.resolve_chance()
    database = db.open_database(history)
    try:
        play = db.add_play(database, PlayRecord(
            "cetkaik_education", PlayMode.DIGITAL, game_started(),
            [SeatResult(0, "Ann"), SeatResult(1, "Ben")], record=game.record.to_dict()))
    finally:
        database.close()
    assert cli.main(["--db", history, "export", "--play", str(play), "--format",
                     "cerke-online"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"companion export: play #{play} cannot be written as a Cerke Online record: 教育机戦 "
        "(the 5 × 7 board) has no place in Cerke Online's record format")
    assert cli.main(["--db", history, "export", "--format", "cerke-online"]) == 2
    assert "give --play ID" in capsys.readouterr().err
    assert GameRecord.from_dict(game.record.to_dict()).game_id == "cetkaik_education"


def game_started():
    from datetime import datetime

    return datetime(2026, 11, 7, 19, 0)
