"""The 連船之遊 table companion (ships, resources and points followed from the throws and
actions typed in), its sheets, the registry hooks and the command line."""

from __future__ import annotations

import io
import json
import random
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.core.record import Game
from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets, play_sheets
from companion.games.tudepijume.bots import playout_move
from companion.games.tudepijume.rules import TudeState
from companion.games.tudepijume.table import (
    act,
    choices,
    fleets,
    new_table,
    state_of,
    throw,
)
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.resources import rules_text
from companion.table.log import TableError
from ui import cli


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_the_tracker_follows_throws_and_actions() -> None:
    log = new_table(2, ["Ann", "Bo"]).choose_first(0)
    log = act(throw(log, 3), "move 1")
    log = act(throw(log, 2), "build 2")
    rows = fleets(log, "en")
    assert rows[0].ships[0].place == 3 and rows[0].ships[0].cargo == 2
    assert rows[1].start_stock == 15 and rows[1].ships[1].cargo == 5
    assert rows[0].to_move and rows[0].can_act


def test_the_tracker_offers_the_legal_actions_and_refuses_others() -> None:
    log = throw(new_table(2).choose_first(0), 1)
    assert choices(log) == ["move 1", "build 2", "build 3", "supply 1"]
    with pytest.raises(TableError, match="ship 2 holds 0, less than the 1"):
        act(log, "move 2")
    with pytest.raises(TableError, match="five sticks show 0 to 5, not 6"):
        throw(new_table(2).choose_first(0), 6)
    with pytest.raises(TableError, match="chooses an action"):
        throw(log, 2)


def test_undo_returns_the_previous_value() -> None:
    before = throw(new_table(3).choose_first(1), 2)
    after = act(before, "supply 1")
    assert after.undo() == before and state_of(before).load(1, 1) == 5


def test_a_tracked_game_becomes_a_play_for_the_history() -> None:
    log = new_table(2, ["Ann", "花子"], {"rounds": 10}).choose_first(0)
    rng = random.Random(1)
    while not state_of(log).is_over():
        state = state_of(log)
        if state.is_chance():
            log = throw(log, rng.randint(0, 5))
        else:
            log = act(log, str(playout_move(state, rng)))
    play = log.to_play_record()
    assert play.mode is PlayMode.TABLE and play.is_finished
    assert [s.breakdown["goal"] for s in play.seats] == [float(g) for g in state_of(log).goal]
    assert any(s.winner for s in play.seats)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_blank_sheets_are_the_board_and_a_score_sheet(lang: str) -> None:
    pages, text = pdf_text(pdf_bytes(blank_sheets("tudepijume", 3, ["Ann"], lang)))
    assert pages == 2 and "始" in text and "終" in text and "Ann" in text
    assert ("ゴールの資源" if lang == "ja" else "Goal stock") in text
    assert "15" in text and "19" in text


def test_the_result_sheet_of_a_play() -> None:
    game = Game.new("tudepijume", 2, {"rounds": 15}, 6)
    rng = random.Random(6)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(playout_move(game.state, rng))
    outcome = game.state.outcome()
    assert outcome is not None
    seats = [SeatResult(i, n, score=outcome.scores[i], winner=i in outcome.winners)
             for i, n in enumerate(("Ann", "花子"))]
    play = PlayRecord("tudepijume", PlayMode.DIGITAL, datetime(2026, 11, 22), seats,
                      finished_at=datetime(2026, 11, 22, 1), record=game.record.to_dict())
    sheets = play_sheets(play, "ja")
    assert sheets[0].subtitle == "結果シート"
    assert sheets[0].cells is not None
    assert isinstance(game.state, TudeState)
    assert sheets[0].cells[0] == [str(g) for g in game.state.goal]
    _, text = pdf_text(pdf_bytes(sheets))
    assert "花子" in text and "ゴールの資源" in text


def test_companion_play_and_pdf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["play", "tudepijume", "--bots", "random,greedy", "--players", "3",
                     "--options", "rounds=12", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["players"] == 3 and lines[0]["options"] == {"rounds": 12}
    assert lines[-1]["tally"]["games"] == 1
    out = tmp_path / "board.pdf"
    assert cli.main(["pdf", "--blank", "tudepijume", "--players", "2", "-o", str(out)]) == 0
    assert pdf_text(out.read_bytes())[0] == 2


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_has_the_decisions_and_the_notation(lang: str) -> None:
    text = rules_text("tudepijume", lang)
    assert ("## このアプリの決定" if lang == "ja" else "## How this companion decides") in text
    for notation in ("`move 2`", "`build 3`", "`supply 1`", "`plunder 1 2.3`", "`recall 2`",
                     "`=3`", "`first 2`"):
        assert notation in text
    assert "150" in text and "15" in text
