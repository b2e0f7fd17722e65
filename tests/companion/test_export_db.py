"""export → import through the real database: same plays, same statistics; a bad file writes
nothing. Skipped until the db package offers its repository functions."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

db = pytest.importorskip("db")
if not all(hasattr(db, name) for name in ("open_database", "add_plays", "list_plays",
                                          "get_play")):
    pytest.skip("db repository functions not available yet", allow_module_level=True)

from pypdf import PdfReader  # noqa: E402

from companion.export import history_json  # noqa: E402
from companion.history import PlayMode, PlayRecord, SeatResult  # noqa: E402
from ui import cli  # noqa: E402

START = datetime(2026, 11, 1, 19, 0)


def plays() -> list[PlayRecord]:
    result = []
    for day in range(4):
        start = START + timedelta(days=day)
        names = ["花子", "<b>&amp;", "Bot · MCTS"] if day % 2 else ["花子", "Ann"]
        seats = [SeatResult(i, name, is_bot=name.startswith("Bot"), score=float(10 + day - i),
                            breakdown={"race": float(10 + day - i)}, rank=i + 1,
                            winner=i == 0) for i, name in enumerate(names)]
        result.append(PlayRecord(
            game_id="juusai", mode=PlayMode.DIGITAL if day % 2 else PlayMode.TABLE,
            started_at=start, finished_at=start + timedelta(minutes=20), seats=seats,
            location="公民館" if day else "", notes=f"night {day}",
            record={"moves": [{"chance": "3"}, {"seat": 0, "move": "a1"}]} if day % 2 else None,
            seed=day if day % 2 else None,
        ))
    return result


@pytest.fixture
def urls(tmp_path, monkeypatch) -> tuple[str, str]:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    mine = {"export", "import", "pdf"}
    monkeypatch.setattr(cli, "SUBCOMMANDS",
                        {k: v for k, v in cli.SUBCOMMANDS.items() if k in mine})
    return f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"


def without_ids(records: list[PlayRecord]) -> list[PlayRecord]:
    return [dataclasses.replace(p, id=None) for p in records]


def stats(database: object) -> object:
    return sorted(db.player_stats(database), key=repr) if hasattr(db, "player_stats") else None


def test_export_then_import_into_an_empty_database_keeps_plays_and_stats(urls, tmp_path,
                                                                        capsys) -> None:
    source_url, target_url = urls
    source = db.open_database(source_url)
    db.add_plays(source, plays())
    file = tmp_path / "history.json"
    assert cli.main(["--db", source_url, "export", "-o", str(file)]) == 0
    assert cli.main(["--db", target_url, "import", str(file)]) == 0
    assert capsys.readouterr().out.strip() == "imported 4 plays"
    target = db.open_database(target_url)
    assert without_ids(db.list_plays(target, finished=True)) == without_ids(
        db.list_plays(source, finished=True))
    assert stats(target) == stats(source)


def test_a_bad_file_writes_nothing(urls, tmp_path, capsys) -> None:
    _, target_url = urls
    data = history_json.plays_to_json(plays())
    data["plays"][3]["seats"][1]["score"] = "abc"
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data), "utf-8")
    assert cli.main(["--db", target_url, "import", str(file)]) == 2
    assert ("play 4 (2026-11-04 19:00, Juusai (Foolish Sticks)), seat 2, score: expected a "
            "number, got 'abc'") in capsys.readouterr().err  # as a person finds the play
    assert db.list_plays(db.open_database(target_url), finished=True) == []


def test_pdf_of_a_stored_play_is_one_page(urls, tmp_path) -> None:
    source_url, _ = urls
    (play_id, *_) = db.add_plays(db.open_database(source_url), plays()[1:2])
    target = tmp_path / "play.pdf"
    assert cli.main(["--db", source_url, "pdf", "--play", str(play_id), "-o",
                     str(target)]) == 0
    pages = PdfReader(target).pages
    assert len(pages) == 1
    text = pages[0].extract_text()
    assert "花子" in text and "<b>&amp;" in text and "ボット · MCTS" in text  # a Japanese sheet


def test_default_database_lives_in_the_data_dir(urls, tmp_path: Path) -> None:
    assert cli.main(["export", "-o", str(tmp_path / "empty.json")]) == 0
    assert history_json.plays_from_json((tmp_path / "empty.json").read_text("utf-8")) == []
    assert any((tmp_path / "data").iterdir())
