"""Printed Etariya sheets: the setup card, the result sheet of a digital play, the tally sheet."""

from __future__ import annotations

import io
import random
from datetime import datetime

import pytest
from pypdf import PdfReader

from companion.core.record import Game
from companion.export.pdf import pdf_bytes
from companion.games.etariya.printing import (
    blank_tracker_sheet,
    play_sheets,
    result_sheet,
    setup_card,
    setup_lines,
)
from companion.games.etariya.setup import randomize_setup
from companion.history import PlayMode, PlayRecord, SeatResult


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def finished_game(seed: int, expansions: list[str]) -> Game:
    game = Game.new("etariya", 2, {"expansions": expansions}, seed)
    rng = random.Random(seed)
    game.resolve_chance()
    while not game.state.is_over():
        game.play(rng.choice(game.state.legal_moves()))
        game.resolve_chance()
    return game


def play_of(game: Game, names: tuple[str, str] = ("Ann", "花子")) -> PlayRecord:
    outcome = game.state.outcome()
    assert outcome is not None
    seats = [SeatResult(i, names[i], score=outcome.scores[i], winner=i in outcome.winners)
             for i in range(2)]
    return PlayRecord("etariya", PlayMode.DIGITAL, datetime(2026, 11, 22, 20, 0), seats,
                      finished_at=datetime(2026, 11, 22, 20, 15), seed=game.record.seed,
                      options=dict(game.record.options), record=game.record.to_dict(), id=7)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_setup_card_has_the_code_the_steps_and_one_page(lang: str) -> None:
    setup = randomize_setup(42, ("C", "E"))
    pages, text = pdf_text(pdf_bytes(setup_card(setup, lang)))
    assert pages == 1
    assert setup.code() in text
    squashed = text.replace(" ", "")
    if lang == "ja":
        assert "準備カード" in text and "先手" in text
        for p in setup.placements:
            assert f"シート{p.face.sheet}{p.face.side}" in squashed  # the slot labels
    else:
        assert "Setup card" in text and "First player" in text
        for p in setup.placements:
            assert f"Sheet{p.face.sheet}{p.face.side}" in squashed
    assert "E" in text


def test_setup_lines_name_every_slot_and_the_corners() -> None:
    setup = randomize_setup(3)
    lines = setup_lines(setup, "en")
    for p in setup.placements:
        assert any(f"sheet {p.face.sheet} side {p.face.side}" in line for line in lines)
    assert lines[-1].startswith("The four corners")


def test_result_sheet_of_a_saved_play() -> None:
    game = finished_game(5, ["D", "E"])
    play = play_of(game)
    specs = play_sheets(play, "en")
    assert specs is not None and len(specs) == 1
    spec = specs[0]
    assert spec.columns == ["Ann", "花子"]
    winners = game.state.outcome().winners
    assert spec.highlight_columns == frozenset(winners)
    assert spec.extra_rows[0][1] == ["★" if s in winners else "" for s in range(2)]
    moves = [e for e in game.record.entries if not e.is_chance]
    assert len(spec.log) == len(moves)
    assert spec.log[0].endswith(moves[0].move)
    pages, text = pdf_text(pdf_bytes(specs))
    assert pages >= 1
    assert "Result sheet" in text and "Moves" in text and "花子" in text
    assert "#" in text and "7" in text


def test_result_sheet_rows_give_each_dominance_chip_to_its_side() -> None:
    game = finished_game(8, [])
    state = game.state
    spec = result_sheet(state, ["L-side", "D-side"], "en")
    chips_row = spec.rows.index("Dominance chips")
    assert spec.cells is not None
    assert [int(v or 0) for v in spec.cells[chips_row]] == [state.chips(0), state.chips(1)]
    marked = sum(1 for row in spec.cells[1:chips_row] for v in row if v)
    assert marked == len(state.dominance)


def test_play_sheets_is_none_without_a_finished_etariya_game() -> None:
    game = Game.new("etariya", 2, {"expansions": []}, 3)
    game.resolve_chance()
    unfinished = PlayRecord("etariya", PlayMode.DIGITAL, datetime(2026, 1, 1),
                            record=game.record.to_dict())
    assert play_sheets(unfinished, "en") is None
    table = PlayRecord("etariya", PlayMode.TABLE, datetime(2026, 1, 1))
    assert play_sheets(table, "en") is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_blank_tally_sheet(lang: str) -> None:
    pages, text = pdf_text(pdf_bytes(blank_tracker_sheet(lang, names=["Ann"])))
    assert pages == 1
    if lang == "ja":
        assert "集計シート" in text and "赤" in text and "紫" in text
    else:
        assert "Tally sheet" in text and "Red" in text and "Violet" in text and "Ann" in text


def test_history_pdfs_use_the_result_sheet_through_the_registry() -> None:
    from companion.export.sheets import play_sheets as any_play_sheets
    from companion.games import registry

    if "play_sheets" not in registry.get("etariya").extras:
        pytest.skip("the registry entry does not offer extras['play_sheets'] yet")
    specs = any_play_sheets(play_of(finished_game(6, ["C"])), "en")
    assert specs[0].subtitle == "Result sheet"
