"""`companion export / import / pdf` as a person runs them (against a stand-in database here;
tests/companion/test_export_db.py runs the same commands against the real one)."""

from __future__ import annotations

import dataclasses
import io
import json
import sys
import types
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.export import history_json
from companion.export.pdf import SheetSpec
from companion.games import registry
from companion.games.registry import GameInfo, Mode, OptionError
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.playdata import normalized, play_key
from ui import cli

START = datetime(2026, 11, 22, 19, 30)


class FakeDb(types.ModuleType):
    """The db functions the commands call, over a list (newest first, like the real one)."""

    class DatabaseError(Exception):
        message = ""

    def __init__(self) -> None:
        super().__init__("db")
        self.plays: list[PlayRecord] = []
        self.urls: list[str | None] = []

    def close(self) -> None:
        pass

    def open_database(self, url: str | None) -> FakeDb:
        self.urls.append(url)
        return self

    def add_plays(self, database: FakeDb, plays: list[PlayRecord]) -> list[int]:
        ids = []
        for play in plays:
            assert play.id is None
            play.id = len(self.plays) + 1
            self.plays.append(play)
            ids.append(play.id)
        return ids

    def list_plays(self, database: FakeDb, finished: bool = True) -> list[PlayRecord]:
        chosen = [p for p in self.plays if p.is_finished or not finished]
        return sorted(chosen, key=lambda p: p.started_at, reverse=True)

    def import_plays(self, database: FakeDb, plays: Iterable[PlayRecord],
                     skip_duplicates: bool = True) -> types.SimpleNamespace:
        plays = list(plays)
        present = {play_key(normalized(p)) for p in self.plays}
        fresh = []
        for play in plays:
            key = play_key(normalized(play))
            if not skip_duplicates or key not in present:
                present.add(key)
                fresh.append(dataclasses.replace(play, id=None))
        self.add_plays(database, fresh)
        return types.SimpleNamespace(imported=len(fresh), skipped=len(plays) - len(fresh),
                                     differing=())

    def get_play(self, database: FakeDb, play_id: int) -> PlayRecord | None:
        return next((play for play in self.plays if play.id == play_id), None)


def make_play(day: int, names: tuple[str, ...] = ("花子", "<b>&amp;", "Bot")) -> PlayRecord:
    start = START + timedelta(days=day)
    return PlayRecord(
        game_id="fake", mode=PlayMode.DIGITAL, started_at=start,
        finished_at=start + timedelta(minutes=15),
        seats=[SeatResult(i, name, score=10 - i, breakdown={"race": 10 - i}, rank=i + 1,
                          winner=i == 0) for i, name in enumerate(names)],
        record={"moves": [{"seat": 0, "move": "a1"}, {"chance": "2"}]},
        location="公民館",
    )


def fake_info(**extras: object) -> GameInfo:
    return GameInfo(id="fake", name_ja="偽ゲーム", name_en="Fake Game", min_players=2,
                    max_players=4, modes=frozenset({Mode.TABLE}),
                    score_categories=(("race", "競走", "Race"),), extras=extras)


@pytest.fixture
def fake_db(monkeypatch, tmp_path) -> FakeDb:
    import db.reading  # noqa: F401  (the real row checks the commands use, kept under the fake)

    fake = FakeDb()
    monkeypatch.setitem(sys.modules, "db", fake)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    mine = {"export", "import", "pdf"}
    monkeypatch.setattr(cli, "SUBCOMMANDS",
                        {k: v for k, v in cli.SUBCOMMANDS.items() if k in mine})
    return fake


@pytest.fixture
def fake_game(monkeypatch) -> dict[str, GameInfo]:
    games = {"fake": fake_info()}

    def get(game_id: str) -> GameInfo:
        if game_id not in games:
            raise OptionError(f"unknown game {game_id!r}; known games: fake")
        return games[game_id]

    monkeypatch.setattr(registry, "get", get)
    return games


def pdf_pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


# -- export ------------------------------------------------------------------------------------


def test_export_json_to_stdout_oldest_first(fake_db, capsys) -> None:
    fake_db.add_plays(fake_db, [make_play(2), make_play(1)])
    assert cli.main(["--db", "sqlite:///x.db", "export"]) == 0
    out = capsys.readouterr().out
    plays = history_json.plays_from_json(out)
    assert [p.started_at.day for p in plays] == [23, 24]
    assert plays[0].seats[1].player == "<b>&amp;"
    assert fake_db.urls == ["sqlite:///x.db"]


def test_export_csv_and_bgstats_to_files(fake_db, fake_game, tmp_path, capsys) -> None:
    fake_db.add_plays(fake_db, [make_play(1)])
    target = tmp_path / "h.csv"
    assert cli.main(["export", "--format", "csv", "--excel", "-o", str(target)]) == 0
    data = target.read_bytes()
    assert data.startswith("\ufeff".encode()) and "花子".encode() in data
    assert data.count(b"\r\n") == 4  # header + 3 seats
    assert "exported 1 plays" in capsys.readouterr().err
    target = tmp_path / "bg.json"
    assert cli.main(["export", "--format", "bgstats", "--game-names", "ja", "-o",
                     str(target)]) == 0
    exported = json.loads(target.read_text("utf-8"))
    assert exported["games"][0]["name"] == "偽ゲーム"
    assert [s["winner"] for s in exported["plays"][0]["playerScores"]] == [True, False, False]
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_export_to_an_unwritable_place_says_so(fake_db, tmp_path, capsys) -> None:
    assert cli.main(["export", "-o", str(tmp_path / "missing" / "h.json")]) == 1
    assert "cannot write" in capsys.readouterr().err


# -- import ------------------------------------------------------------------------------------


def test_import_writes_all_plays_and_skips_ones_already_there(fake_db, tmp_path,
                                                             capsys) -> None:
    plays = [make_play(1), make_play(2)]
    plays[0].id = 40  # ids in the file are not kept: the database numbers the plays
    source = tmp_path / "h.json"
    source.write_text(history_json.dumps(plays), "utf-8")
    assert cli.main(["import", str(source)]) == 0
    assert capsys.readouterr().out.strip() == "imported 2 plays"
    assert [p.id for p in fake_db.plays] == [1, 2]
    assert fake_db.plays[0].seats == plays[0].seats
    assert cli.main(["import", str(source)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == "imported 0 plays"
    assert "skipped 2 of 2 plays: already in the database" in captured.err
    assert cli.main(["import", "--allow-duplicates", str(source)]) == 0
    assert len(fake_db.plays) == 4


def test_import_of_a_bad_file_writes_nothing_and_exits_2(fake_db, tmp_path, capsys) -> None:
    data = history_json.plays_to_json([make_play(1), make_play(2)])
    data["plays"][1]["seats"][1]["score"] = "abc"
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(data), "utf-8")
    assert cli.main(["import", str(source)]) == 2
    err = capsys.readouterr().err
    assert "play 2 (2026-11-24 19:30, fake), seat 2, score: expected a number, got 'abc'" in err
    assert "nothing was imported" in err
    assert fake_db.plays == [] and fake_db.urls == []  # the database was not even opened


def test_import_reports_json_syntax_and_missing_files(fake_db, tmp_path, capsys,
                                                       monkeypatch) -> None:
    source = tmp_path / "broken.json"
    source.write_text('{"format": "tabletop-companion-history",\n "version": 1,,}', "utf-8")
    assert cli.main(["import", str(source)]) == 2
    assert "line 2, column 15" in capsys.readouterr().err
    assert cli.main(["import", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    stdin = io.TextIOWrapper(io.BytesIO(history_json.dumps([make_play(1)]).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert cli.main(["import", "-"]) == 0
    assert capsys.readouterr().out.strip() == "imported 1 plays"


# -- pdf ---------------------------------------------------------------------------------------


def test_pdf_blank_sheet_with_names(fake_db, fake_game, tmp_path) -> None:
    target = tmp_path / "blank.pdf"
    assert cli.main(["pdf", "--blank", "fake", "--players", "2", "--names", "太郎, <b>&amp;",
                     "-o", str(target)]) == 0
    (text,) = pdf_pages(target)
    assert "偽ゲーム" in text and "太郎" in text and "<b>&amp;" in text and "競走" in text
    assert "合計" in text


def test_pdf_uses_the_global_language_unless_given(fake_db, fake_game, tmp_path) -> None:
    target = tmp_path / "en.pdf"
    assert cli.main(["--lang", "en", "pdf", "--blank", "fake", "--players", "2", "-o",
                     str(target)]) == 0
    assert "Fake Game" in pdf_pages(target)[0] and "Total" in pdf_pages(target)[0]
    assert cli.main(["--lang", "en", "pdf", "--lang", "ja", "--blank", "fake", "--players",
                     "2", "-o", str(target)]) == 0
    assert "偽ゲーム" in pdf_pages(target)[0]


def test_pdf_blank_prefers_the_games_own_sheets(fake_db, fake_game, tmp_path) -> None:
    def own(players: int, names: list[str], lang: str) -> list[SheetSpec]:
        return [SheetSpec(title=f"自作 {i + 1}", columns=names or [""]) for i in range(players)]

    fake_game["fake"] = fake_info(blank_sheet=own)
    target = tmp_path / "own.pdf"
    assert cli.main(["pdf", "--blank", "fake", "--players", "2", "-o", str(target)]) == 0
    assert ["自作 1" in t for t in pdf_pages(target)] == [True, False]
    assert "自作 2" in pdf_pages(target)[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--blank", "nosuch", "--players", "2"], "unknown game 'nosuch'"),
        (["--blank", "fake"], "--blank needs --players N"),
        (["--blank", "fake", "--players", "9"], "Fake Game takes 2–4 players, not 9"),
        (["--blank", "fake", "--players", "2", "--names", "a,b,c"], "3 names given for 2"),
        (["--blank", "fake", "--players", "3", "--names", "a,b"], "2 names given for 3 "
         "players; give one name per player, or none"),
        (["--play", "99"], "there is no play with id 99"),
    ],
)
def test_pdf_mistakes_exit_2_with_a_message(fake_db, fake_game, tmp_path, capsys, argv,
                                            message) -> None:
    target = tmp_path / "x.pdf"
    assert cli.main(["pdf", *argv, "-o", str(target)]) == 2
    assert message in capsys.readouterr().err
    assert not target.exists()


def test_pdf_of_a_play_is_one_page_with_every_name(fake_db, fake_game, tmp_path) -> None:
    fake_db.add_plays(fake_db, [make_play(1)])
    target = tmp_path / "play.pdf"
    assert cli.main(["pdf", "--play", "1", "-o", str(target)]) == 0
    (text,) = pdf_pages(target)
    for expected in ("偽ゲーム", "花子", "<b>&amp;", "Bot", "公民館", "1. 花子 a1 → 2"):
        assert expected in text
