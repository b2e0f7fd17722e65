"""Command-line tools on a real database: a game's own filled sheets, and a damaged file
reported in a sentence without being touched."""

from __future__ import annotations

import random
from datetime import datetime

from pypdf import PdfReader

import db
from companion.core.record import Game
from companion.history import PlayMode, PlayRecord, SeatResult
from ui import cli


def finished_alluvium_play() -> PlayRecord:
    game = Game.new("alluvium", 3, seed=5)
    rng = random.Random(5)
    while not game.state.is_over():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(rng.choice(game.state.legal_moves()))
    return PlayRecord("alluvium", PlayMode.DIGITAL, datetime(2026, 11, 22, 20),
                      [SeatResult(i, n) for i, n in enumerate(["Ann", "Ben", "Cy"])],
                      finished_at=datetime(2026, 11, 22, 21), record=game.record.to_dict())


def test_pdf_of_a_play_uses_the_games_own_sheets(tmp_path):
    url = f"sqlite:///{tmp_path / 'h.db'}"
    database = db.open_database(url)
    alluvium = db.add_play(database, finished_alluvium_play())
    table = db.add_play(database, PlayRecord(
        "juusai", PlayMode.TABLE, datetime(2026, 11, 22),
        [SeatResult(0, "<b>&amp;", score=5, winner=True), SeatResult(1, "花子", score=2)],
        finished_at=datetime(2026, 11, 22, 1)))
    database.close()
    out = tmp_path / "a.pdf"
    assert cli.main(["--db", url, "pdf", "--play", str(alluvium), "--lang", "en", "-o",
                     str(out)]) == 0
    assert len(PdfReader(out).pages) == 4  # the score table and one map per player
    assert cli.main(["--db", url, "pdf", "--play", str(table), "-o", str(out)]) == 0
    (page,) = PdfReader(out).pages
    assert "<b>&amp;" in page.extract_text() and "花子" in page.extract_text()


def test_a_damaged_database_is_reported_and_left_alone(tmp_path, capsys):
    path = tmp_path / "broken.db"
    path.write_bytes(b"not a database " * 100)
    before = path.read_bytes()
    assert cli.main(["--db", f"sqlite:///{path}", "export", "--format", "json"]) == 2
    assert "is damaged" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_a_missing_play_is_named(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'h.db'}"
    assert cli.main(["--db", url, "pdf", "--play", "42", "-o", str(tmp_path / "x.pdf")]) == 2
    assert "no play with id 42" in capsys.readouterr().err


def test_every_command_has_help(capsys):
    import pytest

    for argv in (["--help"], *([name, "--help"] for name in cli.SUBCOMMANDS)):
        with pytest.raises(SystemExit) as done:
            cli.main(argv)
        assert done.value.code == 0
        text = capsys.readouterr().out
        assert text.startswith("usage: companion")
        if argv == ["--help"]:
            assert all(name in text for name in cli.SUBCOMMANDS) and "--db URL" in text
        if argv == ["pdf", "--help"]:
            from companion.games import registry

            flat = " ".join(text.split())
            assert all(info.id in flat for info in registry.all_games())


def test_a_mistyped_database_location_is_a_sentence_not_a_new_history(tmp_path, capsys):
    missing = tmp_path / "no" / "such" / "dir" / "x.db"
    for url, sentence in (
        (f"sqlite:///{missing}", f"The folder {missing.parent} does not exist, so no history "
                                 f"can be kept at {missing} (is the location mistyped?)."),
        ("nosuchdb://host/x", "nosuchdb://host/x names a database this app does not use "
                              "(nosuchdb); use a file, sqlite:///path or postgresql://host/db."),
        ("postgresql+nosuchdriver://h/x", "postgresql+nosuchdriver://h/x names a database this "
                                          "app does not use (postgresql+nosuchdriver)"),
        ("not a url ::", "“not a url ::” is neither a file path"),
    ):
        assert cli.main(["--db", url, "export"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"companion export: {sentence}") and "Error" not in err
    assert not (tmp_path / "no").exists()


def test_db_move_aside_keeps_the_bytes_and_the_next_start_is_empty(tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    path = tmp_path / "companion.db"
    path.write_bytes(b"not a database " * 100)
    assert cli.main(["export"]) == 2
    err = capsys.readouterr().err
    assert "is damaged" in err and "hint: `companion db move-aside`" in err
    assert cli.main(["db", "move-aside"]) == 0
    (kept,) = [p for p in tmp_path.iterdir() if p.name.startswith("companion.db.broken-")]
    assert capsys.readouterr().out == (f"moved {path} to {kept}; the next start begins with an "
                                       "empty history\n")
    assert kept.read_bytes() == b"not a database " * 100 and not path.exists()
    assert cli.main(["db", "check"]) == 0
    assert capsys.readouterr().out == f"{path}: 0 plays, 0 players\n"
    assert cli.main(["db", "move-aside"]) == 0  # a healthy history may be put aside too
    capsys.readouterr()
    assert cli.main(["db", "move-aside"]) == 2
    assert capsys.readouterr().err == (f"companion db: there is no history file at {path}; "
                                       "nothing was moved.\n")
    assert cli.main(["--db", "postgresql+psycopg://h/x", "db", "move-aside"]) == 2
    assert "only a history file can be moved aside" in capsys.readouterr().err


def test_the_detail_of_a_database_problem_on_request(tmp_path, capsys):
    path = tmp_path / "broken.db"
    path.write_bytes(b"not a database " * 100)
    assert cli.main(["--db", f"sqlite:///{path}", "export"]) == 2
    assert "detail:" not in capsys.readouterr().err
    assert cli.main(["--details", "--db", f"sqlite:///{path}", "export"]) == 2
    assert "detail: file is not a database" in capsys.readouterr().err
