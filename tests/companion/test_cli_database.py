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
