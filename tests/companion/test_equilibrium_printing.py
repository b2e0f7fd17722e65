"""Printed Equilibrium sheets: the setup card, the result sheet (digital and table plays, through
the registry's hooks) and the blank result log, read back with pypdf."""

from __future__ import annotations

import io
import random
from datetime import datetime

import pytest
from pypdf import PdfReader

from companion.core.record import Game
from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets
from companion.export.sheets import play_sheets as any_play_sheets
from companion.games.equilibrium.bots import playout_move
from companion.games.equilibrium.printing import (
    PrintCity,
    blank_result_log,
    card_label,
    column_of,
    play_sheets,
    setup_card,
)
from companion.games.equilibrium.setup import randomize_setup
from companion.games.equilibrium.texts import move_text
from companion.games.equilibrium.tracker import ResultSheet
from companion.history import PlayMode, PlayRecord, SeatResult


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def finished_game(seed: int, players: int = 2, expansions: tuple[str, ...] = ("books",)) -> Game:
    books = ["prophecy-1", "plaza-lover"] if "books" in expansions else []
    game = Game.new("equilibrium", players, {"expansions": list(expansions), "books": books},
                    seed)
    rng = random.Random(seed)
    while not game.state.is_over():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(playout_move(game.state, rng))
    return game


def digital_play(game: Game, names: tuple[str, ...] = ("Ann", "花子")) -> PlayRecord:
    outcome = game.state.outcome()
    assert outcome is not None
    seats = [SeatResult(i, names[i], score=outcome.scores[i], winner=i in outcome.winners)
             for i in range(game.state.num_players)]
    return PlayRecord("equilibrium", PlayMode.DIGITAL, datetime(2026, 11, 22, 20, 0), seats,
                      finished_at=datetime(2026, 11, 22, 20, 25), seed=game.record.seed,
                      options=dict(game.record.options), record=game.record.to_dict(), id=7)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_setup_card_is_one_page_with_the_code_books_and_steps(lang: str) -> None:
    setup = randomize_setup(5, ["books", "squares"], 2, books=2, book_cost=3)
    pages, text = pdf_text(pdf_bytes(setup_card(setup, lang)))
    squashed = text.replace(" ", "").replace("\n", "")
    assert pages == 1 and setup.code() in text
    if lang == "ja":
        assert "準備カード" in text and "16都市" in squashed and "Sognaeの対極カード" in squashed
        assert "2冊" in text and "3枚" in squashed
    else:
        assert "Setup card" in text and "16cities" in squashed and "Sognaepolaritycard" in \
            squashed
        assert "Price per book" in text and "Incubi (−)" in text


def test_result_sheet_of_a_digital_play_with_the_column_and_the_moves() -> None:
    game = finished_game(3)
    specs = play_sheets(digital_play(game), "en")
    assert specs is not None and len(specs) == 1
    spec = specs[0]
    state = game.state
    assert spec.columns == ["Ann & 花子"] and spec.cells is not None
    assert spec.cells[0] == ["won" if state.won else "lost"]
    assert spec.cells[1] == [f"{len(state.claimed)} / 12"]
    assert spec.cells[2] == [str(state.deck_size())]
    assert spec.cells[4] == ["Plaza Lover, Prophecy"]
    seat_moves = [e for e in game.record.entries if not e.is_chance]
    assert len(spec.log) == len(seat_moves)
    assert spec.log[0].endswith(move_text(seat_moves[0].move, "en"))  # in words
    _, text = pdf_text(pdf_bytes(specs))
    assert "Result sheet" in text and "The city column at the end" in text and "Moves" in text
    assert "花子" in text and "#" in text


def test_result_sheet_in_japanese_has_no_english_words_but_names_and_notation() -> None:
    spec = play_sheets(digital_play(finished_game(4)), "ja")[0]
    _, text = pdf_text(pdf_bytes(spec))
    assert "結果シート" in text and "獲得した都市" in text and "終了時の都市の列" in text
    table = "\n".join(spec.rows + [v or "" for row in spec.cells or [] for v in row])
    for word in ("won", "lost", "Cities", "Result", "Books", "none"):
        assert word not in table


def test_result_sheet_of_a_table_play_from_the_stored_result() -> None:
    setup = randomize_setup(2, ["books"], 1, books=1)
    sheet = ResultSheet(("Ann",), True, 12, 12, 9, ("books",), setup.books)
    play = sheet.to_play_record(finished_at=datetime(2026, 2, 1, 21, 0))
    specs = play_sheets(play, "en")
    assert specs is not None
    assert specs[0].cells is not None and specs[0].cells[:3] == [["won"], ["12 / 12"], ["9"]]
    assert specs[0].highlight_columns == frozenset({0}) and specs[0].drawings == []
    pages, text = pdf_text(pdf_bytes(specs))
    assert pages == 1 and "Ann" in text


def test_unfinished_or_foreign_plays_have_no_equilibrium_sheet() -> None:
    game = Game.new("equilibrium", 1, {}, 3)
    game.resolve_chance()
    unfinished = PlayRecord("equilibrium", PlayMode.DIGITAL, datetime(2026, 1, 1),
                            [SeatResult(0, "Ann")], record=game.record.to_dict())
    assert play_sheets(unfinished, "en") is None
    assert play_sheets(PlayRecord("etariya", PlayMode.TABLE, datetime(2026, 1, 1)), "en") is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_blank_result_log_is_one_landscape_page_of_rows_to_fill(lang: str) -> None:
    spec = blank_result_log(lang, ["Ann"])
    assert spec.is_blank and spec.landscape and len(spec.rows) == 12
    pages, text = pdf_text(pdf_bytes(spec))
    assert pages == 1
    if lang == "ja":
        assert "卓上プレイの結果記録" in text and "勝敗" in text and "ゲーム" in text
    else:
        assert "Result log" in text and "Won / lost" in text and "Game" in text


def test_registry_hooks_print_our_sheets() -> None:
    specs = any_play_sheets(digital_play(finished_game(5)), "en")
    assert specs[0].subtitle == "Result sheet"
    assert blank_sheets("equilibrium", 2, ["Ann"], "en")[0].subtitle.startswith("Result log")


def test_cards_print_their_signed_power_and_element() -> None:
    assert card_label("IE2", 0, "en") == ("−2", "earth")
    assert card_label("C5", 1, "ja") == ("+5", "混沌")
    assert card_label("HW2", 0, "en") == ("−2", "water · higher")
    city = PrintCity(1, "EW", ("IE2", "C5"), ("SE3", "SW4"))
    assert city.sums() == (-7, 7) and city.is_balanced()
    assert not PrintCity(2, "EF").is_balanced()
    state = finished_game(6, 1, ()).state
    assert [c.city for c in column_of(state)] == state.cities
