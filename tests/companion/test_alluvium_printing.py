"""Printable Alluvium sheets: blank per player, filled from a scored game."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets as generic_blank_sheets
from companion.games.alluvium.notation import parse_sheets
from companion.games.alluvium.printing import (
    blank_sheets,
    filled_sheets,
    filled_views,
)
from companion.games.alluvium.scoring import score_game
from tests.companion.test_alluvium_notation import _game


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_blank_sheets_one_page_per_player(players: int) -> None:
    specs = blank_sheets(players, ["太郎", "<b>&amp;"], "ja")
    assert len(specs) == players
    pages = _pages(pdf_bytes(specs))
    assert len(pages) == players
    assert "太郎" in pages[0] and "<b>&amp;" in pages[1]
    assert all("アルヴィウム" in page for page in pages)


def test_blank_sheet_goes_through_the_registry_hook() -> None:
    specs = generic_blank_sheets("alluvium", 4, ["Ann"], "en")
    assert len(specs) == 4
    assert "Ann" in _pages(pdf_bytes(specs))[0]


def test_blank_sheet_refuses_wrong_counts() -> None:
    with pytest.raises(ValueError, match="3–5 players"):
        blank_sheets(2, [], "en")
    with pytest.raises(ValueError, match="4 names"):
        blank_sheets(3, ["a", "b", "c", "d"], "en")


def test_filled_sheets_show_every_score() -> None:
    parsed = parse_sheets(_game(4))
    game = score_game(parsed.sheets)
    specs = filled_sheets(parsed.sheets, game, "en")
    pages = _pages(pdf_bytes(specs))
    assert len(pages) == 5  # the score table, then each player's sheet
    for player in game.players:
        assert player.name in pages[0]
        assert str(player.total) in pages[0]
    views = filled_views(parsed.sheets, game, "en")
    assert [v.total for v in views] == [p.total for p in game.players]
    assert all(len(v.tracks) == 3 for v in views)
    assert "largest rectangle: 18" in pages[1]
    assert "checks, rank" in pages[1]


def test_three_player_filled_sheet_marks_the_virtual_track() -> None:
    parsed = parse_sheets(_game(3))
    game = score_game(parsed.sheets, parsed.virtual)
    views = filled_views(parsed.sheets, game, "ja")
    assert all(sum(t.virtual for t in v.tracks) == 1 for v in views)
    pages = _pages(pdf_bytes(filled_sheets(parsed.sheets, game, "ja")))
    assert "仮想" in pages[1]


def test_play_sheets_replay_a_digital_record() -> None:
    import random
    from datetime import datetime

    from companion.core.record import Game
    from companion.games import registry
    from companion.history import PlayMode, PlayRecord, SeatResult

    game = Game.new("alluvium", 3, seed=2)
    rng = random.Random(2)
    while not game.state.is_over():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(rng.choice(game.state.legal_moves()))
    play = PlayRecord("alluvium", PlayMode.DIGITAL, datetime(2026, 11, 22),
                      [SeatResult(i, n) for i, n in enumerate(["Ann", "Ben", "Cy"])],
                      record=game.record.to_dict())
    specs = registry.get("alluvium").extras["play_sheets"](play, "en")
    assert specs is not None and len(specs) == 4
    pages = _pages(pdf_bytes(specs))
    outcome = game.state.outcome()
    assert outcome is not None
    for score in outcome.scores:
        assert str(int(score)) in pages[0]
    assert "Ann" in pages[1] and "Cy" in pages[3]
    table_play = PlayRecord("alluvium", PlayMode.TABLE, datetime(2026, 11, 22))
    assert registry.get("alluvium").extras["play_sheets"](table_play, "en") is None


def test_pdf_command_blank_alluvium(tmp_path) -> None:
    import argparse

    from ui.commands import pdf

    out = tmp_path / "blank.pdf"
    args = argparse.Namespace(blank="alluvium", play=None, players=5, names="太郎,Hanako,C,D,E",
                              sheet_lang="ja", output=out)
    assert pdf.run(args) == 0
    pages = _pages(out.read_bytes())
    assert len(pages) == 5 and "太郎" in pages[0] and "Hanako" in pages[1]
    args.players = 2
    assert pdf.run(args) == 2


@pytest.mark.parametrize(("players", "struck"), [(3, 0), (4, 0), (5, 1)])
def test_round_box_four_is_struck_through_for_five(players: int, struck: int) -> None:
    from unittest.mock import MagicMock

    from companion.export.pdf import Rect
    from companion.games.alluvium.printing import SheetView, TrackView, draw_sheet

    canvas = MagicMock()
    tracks = [TrackView() for _ in range(3 if players == 3 else players - 1)]
    draw_sheet(SheetView(players, "en", tracks=tracks), canvas, Rect(40, 60, 515, 700))
    diagonals = [c.args for c in canvas.line.call_args_list
                 if c.args[2] - c.args[0] == 40 and c.args[3] - c.args[1] == 40]
    assert len(diagonals) == struck
    circles = canvas.circle.call_count
    assert circles == len(tracks) * 24
