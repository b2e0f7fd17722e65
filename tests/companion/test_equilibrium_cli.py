"""`companion play equilibrium …` (records, the co-operative win rate) and `companion pdf` for
Equilibrium (the blank result log, and the result sheet of a play in a real history)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.core.record import Game, GameRecord
from companion.games.equilibrium.tracker import ResultSheet
from ui import cli


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_play_prints_every_record_and_a_tally_with_the_win_rate(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "equilibrium", "--bots", "greedy", "--players", "1", "--games", "2",
            "--seed", "1", "--json"]
    assert cli.main(argv) == 0
    lines = _lines(capsys)
    games, tally = lines[:-1], lines[-1]["tally"]
    assert [g["seed"] for g in games] == [1, 2]
    for line in games:
        game = Game.replay(GameRecord.from_dict(line))
        outcome = game.state.outcome()
        assert outcome is not None and line["outcome"]["detail"] == outcome.detail
        assert line["outcome"]["detail"].startswith(("won (", "lost ("))
    won = sum(bool(g["outcome"]["winners"]) for g in games)
    assert tally["games"] == 2 and tally["games_won"] == won
    assert tally["win_rate"] == won / 2


def test_play_with_expansions_by_name_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "equilibrium", "--bots", "random", "--expansions", "Books,SQUARES",
                     "--json"]) == 0
    first = _lines(capsys)[0]
    assert first["options"]["expansions"] == ["books", "squares"]
    assert any(m.get("move") in ("books more", "books done") for m in first["moves"])
    assert cli.main(["play", "equilibrium", "--options", "expansions=books+squares,book_cost=3",
                     "--json"]) == 0
    assert _lines(capsys)[0]["options"]["book_cost"] == 3


def test_two_seat_cooperative_games_count_once_per_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "equilibrium", "--bots", "random", "--players", "2", "--games",
                     "2"]) == 0
    out = capsys.readouterr().out
    assert "co-operative: the team won 0 of 2 game(s), win rate 0.0%" in out
    assert "(lost (" in out


def test_play_refuses_books_without_the_book_of_powers(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "equilibrium", "--options", "books=prophecy-1+plaza-lover"]) == 2
    assert "needs the Book of Powers" in capsys.readouterr().err


def test_pdf_blank_result_log(tmp_path: Path) -> None:
    out = tmp_path / "log.pdf"
    assert cli.main(["pdf", "--blank", "equilibrium", "--players", "2", "--names", "Ann,Ben",
                     "--lang", "en", "-o", str(out)]) == 0
    text = PdfReader(out).pages[0].extract_text()
    assert "Result log for games at the table" in text and "Ann, Ben" in text


def test_pdf_of_a_table_play_in_the_history(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import db

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    url = f"sqlite:///{tmp_path / 'history.db'}"
    database = db.open_database(url)
    sheet = ResultSheet(("Ann", "花子"), False, 9, 12, 0, started_at=datetime(2026, 3, 1, 20))
    play_id = db.add_play(database, sheet.to_play_record(datetime(2026, 3, 1, 20, 30)))
    database.close()
    out = tmp_path / "play.pdf"
    assert cli.main(["--db", url, "pdf", "--play", str(play_id), "--lang", "en", "-o",
                     str(out)]) == 0
    text = PdfReader(out).pages[0].extract_text()
    assert "Result sheet" in text and "9 / 12" in text and "lost" in text and "花子" in text


def test_play_takes_the_expansions_as_bare_words_in_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "equilibrium", "--bots", "random", "--players", "1", "--json", "--options"]
    assert cli.main([*argv, "books,Squares,book_cost=3"]) == 0
    options = _lines(capsys)[0]["options"]
    assert options["expansions"] == ["books", "squares"] and options["book_cost"] == 3
    assert cli.main([*argv, "squares"]) == 0
    assert _lines(capsys)[0]["options"]["expansions"] == ["squares"]


def test_play_names_the_expansions_for_an_unknown_bare_word(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "equilibrium", "--options", "books,dragons"]) == 2
    err = capsys.readouterr().err
    assert "'dragons'" in err and "books, squares" in err and "Traceback" not in err
