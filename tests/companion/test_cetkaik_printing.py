"""Printed 机戦 sheets: the start diagram, the reference card, the blank season sheet and the
result sheet of a play (text read back with pypdf; the pictures were looked at as PNGs)."""

from __future__ import annotations

import io
import re
from datetime import datetime

import pytest
from pypdf import PdfReader

from companion.core.record import Game
from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets as registry_blank_sheets
from companion.export.sheets import play_sheets as registry_play_sheets
from companion.games.cetkaik.hands import standard_hands
from companion.games.cetkaik.pieces import Profession
from companion.games.cetkaik.positions import random_game
from companion.games.cetkaik.printing import (
    blank_sheets,
    play_sheets,
    reference_card,
    start_sheet,
)
from companion.games.cetkaik.words import move_text
from companion.history import PlayMode, PlayRecord, SeatResult


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def play_of(game: Game, names: tuple[str, str] = ("Ann", "花子")) -> PlayRecord:
    return PlayRecord("cetkaik", PlayMode.DIGITAL, datetime(2026, 11, 25, 19, 0),
                      [SeatResult(0, names[0]), SeatResult(1, names[1])],
                      record=game.record.to_dict(), id=9)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_start_diagram_is_one_page_with_every_square_name(lang: str) -> None:
    """English sheets carry the public names and the plain ones; Japanese sheets the plain
    ones only (the Japanese texts name squares a1–i9)."""
    pages, text = pdf_text(pdf_bytes(start_sheet(lang)))
    assert pages == 1
    public = ("K", "L", "N", "T", "Z", "X", "C", "M", "P", "AI", "AU", "IA")
    assert all(name in text for name in public) == (lang == "en")
    assert all(f"\n{f}" in text or f" {f}" in text for f in "abcdefghi")
    assert "皇" in text and ("e1" in text if lang == "ja" else "ZIA = e1" in text)
    assert ("初期配置" if lang == "ja" else "Start position") in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_reference_card_is_one_page_with_every_piece_and_hand(lang: str) -> None:
    pages, text = pdf_text(pdf_bytes(reference_card(lang)))
    squashed = text.replace(" ", "").replace("\n", "")
    assert pages == 1
    for profession in Profession:
        assert profession.kanji in text
    for spec in standard_hands():
        assert spec.name(lang).replace(" ", "") in squashed
    assert "52" in text and "撃皇" in text and "皇再来" in text
    if lang == "en":
        assert "Vessel" in text and "The Unbeatable" in text
    else:
        assert "再行" in text and "終季" in text and "Vessel" not in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_blank_kit_is_the_season_sheet_the_diagram_and_the_card(lang: str) -> None:
    pages, text = pdf_text(pdf_bytes(blank_sheets(2, ["太郎"], lang)))
    assert pages == 3
    assert "太郎" in text and "×64" in text
    for season in (("春", "夏", "秋", "冬") if lang == "ja" else
                   ("Spring", "Summer", "Autumn", "Winter")):
        assert season in text
    with pytest.raises(ValueError, match="2 players"):
        blank_sheets(3, [], lang)


def test_the_registry_offers_the_blank_kit() -> None:
    assert len(registry_blank_sheets("cetkaik", 2, ["A", "B"], "en")) == 3


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_result_sheet_shows_points_seasons_and_moves(lang: str) -> None:
    game = random_game(4)
    state = game.state
    sheets = play_sheets(play_of(game), lang)
    assert sheets is not None
    pages, text = pdf_text(pdf_bytes(sheets))
    assert pages >= 1 and "Ann" in text and "花子" in text
    for points in state.scores:
        assert str(points) in text
    assert ("結果シート" if lang == "ja" else "Result sheet") in text
    assert ("終季" in text) == bool(state.results)
    first = next(e.move for e in game.record.entries if e.seat >= 0)
    assert move_text(first, lang) in text  # Japanese: plain square names (e3→e4)
    assert (first in text) == (lang == "en")


def test_the_registry_prints_the_result_sheet_and_declines_unfinished_plays() -> None:
    game = random_game(2)
    assert registry_play_sheets(play_of(game), "ja")[0].subtitle == "結果シート · 標準机戦"
    unfinished = Game.new("cetkaik", 2, {}, 1)
    unfinished.resolve_chance()
    assert play_sheets(play_of(unfinished), "ja") is None
    assert play_sheets(PlayRecord("cetkaik", PlayMode.TABLE, datetime(2026, 1, 1)),
                       "ja") is None


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_table_play_prints_its_ledger(lang: str) -> None:
    from companion.games.cetkaik.table import SeasonLedger

    ledger = SeasonLedger(names=("太郎", "Hanako"), seasons=2).again(0).end(1, 5, ["同色獣"])
    play = ledger.end(0, 3, ["戦集"]).to_play_record(location="公民館")
    assert SeasonLedger.from_play(play).state() == ledger.end(0, 3, ["戦集"]).state()
    sheets = play_sheets(play, lang)
    assert sheets is not None
    pages, text = pdf_text(pdf_bytes(sheets))
    hands = ("同色獣", "戦集") if lang == "ja" else ("The Animals (same colour)", "The Army")
    assert pages == 1 and all(hand in text for hand in hands) and "公民館" in text
    assert lang == "ja" or "同色" not in text  # English: the calculator's names (issue 34)
    assert "27" in text and "13" in text  # 20 − 10 + 3 and 20 + 10 − 3


@pytest.mark.parametrize(("variant", "game_id"), [("standard", "cetkaik"),
                                                  ("education", "cetkaik_education"),
                                                  ("old", "cetkaik_old")])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_start_sheet_is_a_setup_card_with_every_option_to_tick(variant: str, game_id: str,
                                                                     lang: str) -> None:
    from companion.games import registry

    _, text = pdf_text(pdf_bytes([start_sheet(lang, variant)]))
    flat = text.replace("\n", "" if lang == "ja" else " ")
    for spec in registry.get(game_id).options:
        label = spec.label_ja if lang == "ja" else spec.label_en
        assert label in flat, label
    assert ("★" in text) and ("□" in text)


def fill_colours(data: bytes) -> set[tuple[float, float, float]]:
    """Every RGB fill colour the PDF's pages paint with (the `r g b rg` operators)."""
    found = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        stream = page.get_contents().get_data()
        for r, g, b in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) rg", stream):
            found.add((round(float(r), 2), round(float(g), 2), round(float(b), 2)))
    return found


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_learners_start_diagram_explains_their_own_board(lang: str) -> None:
    """教育机戦's 5 × 7 board: files a–e, ranks 1–7, the bottom king on c1, no orange 皇処 (only
    the centre and the squares round the 皇 are 皇処), like its rules text."""
    _, text = pdf_text(pdf_bytes(start_sheet(lang, "education")))
    flat = text.replace("\n", "" if lang == "ja" else " ")
    if lang == "ja":
        assert "a〜e" in flat and "1〜7" in flat and "黒王は c1" in flat
        assert "a〜i" not in flat and "1〜9" not in flat and "e1" not in flat
        assert "橙" not in flat and "皇の周囲8マスだけが皇処" in flat
    else:
        assert "files a–e" in flat and "ranks 1–7" in flat and "king is on c1" in flat
        assert "K–P" not in flat and "ZIA" not in flat and "e1" not in flat
        assert "Orange" not in flat and "only the 8 squares round the 皇 are 皇処" in flat


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_learners_reference_card_has_no_orange_squares(lang: str) -> None:
    """The card's 皇処 rule names the learners' 皇処 (the green centre, the squares round the 皇),
    and no diagram on either education sheet is painted the standard board's orange."""
    from companion.games.cetkaik.printing import HUE_RGB

    data = pdf_bytes([reference_card(lang, "education")])
    flat = pdf_text(data)[1].replace("\n", "" if lang == "ja" else " ")
    assert ("緑の中央と皇の周囲8マス" if lang == "ja" else "the green centre and the 8") in flat
    assert ("橙" if lang == "ja" else "orange") not in flat
    assert HUE_RGB not in fill_colours(pdf_bytes([start_sheet(lang, "education")])) | \
        fill_colours(data)
    standard = pdf_bytes([start_sheet(lang), reference_card(lang)])
    assert HUE_RGB in fill_colours(standard)  # the standard board keeps its orange 皇処
