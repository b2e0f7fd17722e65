"""Printed 六裁 sheets: the board at playing size, the tally, the result of a play; the
registry hooks and the `companion pdf` / `companion play` commands."""

from __future__ import annotations

import io
import json
import random
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from companion.core.record import Game, GameRecord
from companion.export.pdf import Rect, pdf_bytes
from companion.export.sheets import blank_sheets, play_sheets
from companion.games.netxiju.printing import SQUARE, draw_board
from companion.games.netxiju.rules import NetxijuState
from companion.history import PlayMode, PlayRecord, SeatResult
from ui import cli


def pdf_text(data: bytes) -> tuple[list[tuple[float, float]], str]:
    reader = PdfReader(io.BytesIO(data))
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    return sizes, "\n".join(page.extract_text() for page in reader.pages)


class RecordingCanvas(Canvas):
    """A canvas that remembers the rectangles it draws."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.rects: list[tuple[float, float]] = []

    def rect(self, x: float, y: float, width: float, height: float, *args: object,
             **kwargs: object) -> None:
        self.rects.append((round(width, 2), round(height, 2)))
        super().rect(x, y, width, height, *args, **kwargs)


def test_the_board_is_drawn_at_playing_size_three_centimetre_squares() -> None:
    canvas = RecordingCanvas()
    width, height = landscape(A4)
    draw_board(canvas, Rect(40, 60, width - 80, height - 120))
    squares = [r for r in canvas.rects if r == (round(SQUARE, 2), round(SQUARE, 2))]
    assert len(squares) == 32
    assert pytest.approx(30 / 25.4 * 72) == SQUARE


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_blank_sheets_are_the_board_in_landscape_then_the_tally(lang: str) -> None:
    sizes, text = pdf_text(pdf_bytes(blank_sheets("netxiju", 3, ["Ann"], lang)))
    assert sizes[0][0] > sizes[0][1] and sizes[-1][0] < sizes[-1][1]
    assert "Ann" in text and "31" in text
    if lang == "ja":
        assert "ゴール" in text and "スタート" in text and "牛行" in text and "罰点" in text
    else:
        assert "Goal" in text and "Start" in text and "Penalty points" in text


def finished_play(seed: int = 4) -> PlayRecord:
    game = Game.new("netxiju", 3, {"tally": "drinks"}, seed)
    rng = random.Random(seed)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(rng.choice(game.state.legal_moves()))
    outcome = game.state.outcome()
    assert outcome is not None
    seats = [SeatResult(i, name, score=outcome.scores[i], winner=i in outcome.winners)
             for i, name in enumerate(("Ann", "花子", "<b>&amp;"))]
    return PlayRecord("netxiju", PlayMode.DIGITAL, datetime(2026, 11, 22, 20, 0), seats,
                      finished_at=datetime(2026, 11, 22, 20, 10), seed=seed,
                      options=dict(game.record.options), record=game.record.to_dict(), id=3)


def test_the_result_sheet_of_a_play_has_places_cups_and_the_throws() -> None:
    play = finished_play()
    state = Game.replay(GameRecord.from_dict(play.record or {})).state
    assert isinstance(state, NetxijuState)
    sheets = play_sheets(play, "ja")
    assert len(sheets) == 1 and sheets[0].subtitle == "結果シート"
    _, text = pdf_text(pdf_bytes(sheets))
    assert "花子" in text and "<b>&amp;" in text and "杯数" in text and "着順" in text
    cups_row = sheets[0].cells[1] if sheets[0].cells else []
    assert cups_row == [str(c) for c in state.cups]
    assert any(line.endswith(("=0", "=1", "=2", "=3", "=4", "=5", "=6"))
               for line in sheets[0].log)


def test_an_unfinished_play_falls_back_to_the_generic_sheet() -> None:
    play = finished_play()
    assert play.record is not None
    play.record = {**play.record, "moves": play.record["moves"][:5]}
    sheets = play_sheets(play, "en")
    assert sheets[0].subtitle.startswith("Score sheet")


def test_companion_play_runs_bot_games_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "netxiju", "--bots", "random,greedy,mcts:weak", "--games", "2",
                     "--seed", "3", "--options", "dice=die", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 3 and lines[-1]["tally"]["games"] == 2
    for game in lines[:2]:
        assert game["options"]["dice"] == "die" and game["players"] == 3
        assert all(m["move"] == "throw" for m in game["moves"] if "seat" in m)
        assert len(game["outcome"]["winners"]) == 1


def test_companion_play_refuses_a_wrong_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "netxiju", "--options", "dice=coin"]) == 2
    assert "'coin' is not allowed" in capsys.readouterr().err


def test_companion_pdf_prints_the_blank_board(tmp_path: Path) -> None:
    out = tmp_path / "netxiju.pdf"
    assert cli.main(["pdf", "--blank", "netxiju", "--players", "4", "--lang", "en",
                     "-o", str(out)]) == 0
    sizes, text = pdf_text(out.read_bytes())
    assert len(sizes) == 2 and "Netxiju" in text
