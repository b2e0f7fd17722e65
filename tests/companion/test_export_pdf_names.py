"""Names a font cannot draw: Arabic and emoji in a Japanese sheet are drawn with a fallback
font, right-to-left names read right to left and keep their place in a sentence, and a
character no font has is named in the page's footer instead of printing as an empty box."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from pypdf import PdfReader

from companion.display import names_text
from companion.export import pdf
from companion.export.sheets import play_sheets
from companion.history import PlayMode, PlayRecord, SeatResult

SARA, ALI = "سارة", "علي"
#: Japanese, Arabic, an emoji DejaVu Sans draws and one that no shipped font draws.
MIXED = f"花子 {SARA} 😀🎲"
#: Arabic letters as drawn: joined forms, right to left ("سارة" -> ﺓﺭﺎﺳ).
SARA_DRAWN, ALI_DRAWN = "\ufe93\ufead\ufe8e\ufeb3", "\ufef2\ufee0\ufecb"


def mixed_play() -> PlayRecord:
    seats = [SeatResult(0, MIXED, score=12, winner=True, rank=1),
             SeatResult(1, ALI, score=12, winner=True, rank=1),
             SeatResult(2, "Bot · Greedy", is_bot=True, bot_kind="greedy", score=3, rank=3)]
    return PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 11, 2, 19), seats,
                      finished_at=datetime(2026, 11, 2, 20), id=3)


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def only_the_japanese_font(monkeypatch):
    """A machine without any fallback font."""
    monkeypatch.setattr(pdf, "fallback_font_paths", lambda: [])
    pdf.fonts.cache_clear()
    pdf.font_runs.cache_clear()
    yield
    monkeypatch.undo()
    pdf.fonts.cache_clear()
    pdf.font_runs.cache_clear()


def test_arabic_and_emoji_are_drawn_and_the_missing_character_is_named() -> None:
    data = pdf.pdf_bytes(play_sheets(mixed_play(), "ja"))
    text = text_of(data)  # pypdf reads right-to-left runs back in reading order
    assert "花子" in text and SARA_DRAWN[::-1] in text and ALI_DRAWN[::-1] in text
    assert "ボット · 貪欲" in text
    assert "描けない文字を省きました: U+1F3B2" in text  # 🎲: no font here draws it
    assert "U+0633" not in text and "U+1F600" not in text  # Arabic and 😀 are drawn
    assert b"DejaVuSans" in data  # by the fallback font that ships with matplotlib


def test_right_to_left_names_keep_their_order_in_a_japanese_sentence() -> None:
    isolated = pdf.visual(f"勝者: {names_text([SARA, ALI], 'ja')}")
    assert isolated == f"勝者: {SARA_DRAWN}、{ALI_DRAWN}"
    plain = pdf.visual(f"勝者: {SARA}、{ALI}")  # what isolation prevents: the names swap
    assert plain.index(ALI_DRAWN) < plain.index(SARA_DRAWN)


def test_without_a_fallback_font_the_page_says_what_was_left_out(only_the_japanese_font) -> None:
    assert pdf.undrawable(MIXED) == [*SARA, "😀", "🎲"]  # as read, plain letters
    text = text_of(pdf.pdf_bytes(play_sheets(mixed_play(), "en")))
    assert "花子" in text
    assert "Left out, no font on this computer draws them: U+0633 U+0627 U+0631 U+0629" in text
    assert "🎲" not in text and SARA_DRAWN not in text
