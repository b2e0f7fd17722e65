"""机戦 as people read it: every kind of move, cast and end reason in Japanese (plain square
names, the sides by their kings) and in English (the notation), through the registry hooks
that the move list, the History and the PDFs use."""

from __future__ import annotations

import pytest

from companion.display import chance_text, end_reason, move_text
from companion.games.cetkaik.words import side_long_name, side_name, square_text


@pytest.mark.parametrize(("notation", "japanese"), [
    ("LAU-LY", "b2→b4"),
    ("ZAI-[ZO]-ZU", "e3→[e5]→e6"),
    ("ZAI-[ZO]->ZU", "e3→[e5]→e6方向"),
    ("ZAI-[ZO]", "e3→[e5]→?"),
    ("皇ZO-TY-TAU", "皇 e5→d4→d2"),
    ("皇ZO-TY-[TAI]-NAU", "皇 e5→d4→[d3]→c2"),
    ("赤兵*ZY", "赤兵 打 e4"),
    ("go LO", "進む b5"),
    ("stay", "留まる"),
    ("再行", "再行"),
    ("終季", "終季"),
])
def test_every_move_reads_in_japanese_with_plain_squares(notation: str, japanese: str) -> None:
    assert move_text("cetkaik", notation, "ja") == japanese
    assert move_text("cetkaik", notation, "en") == notation


def test_chance_outcomes_read_as_words() -> None:
    assert chance_text("cetkaik", "=3", "ja") == "投げ棒 3"
    assert chance_text("cetkaik", "=0", "en") == "sticks 0"
    assert chance_text("cetkaik", "first IA", "ja") == "黒王側が先手"
    assert chance_text("cetkaik", "first A", "en") == "A side starts"
    assert chance_text("cetkaik", "nonsense", "ja") == "nonsense"  # kept, never a traceback


@pytest.mark.parametrize(("detail", "japanese"), [
    ("A side holds all 40 points", "赤王側が 40 点すべてを得た"),
    ("IA side has no legal move", "黒王側に動かせる手がない"),
    ("4 seasons played", "4 季節が終わった"),
    ("1 season played: a draw", "1 季節が終わった(引き分け)"),
])
def test_end_reasons_read_in_japanese(detail: str, japanese: str) -> None:
    assert end_reason("cetkaik", detail, "ja") == japanese
    assert end_reason("cetkaik", detail, "en") == detail


def test_sides_and_squares_by_language() -> None:
    assert [side_name(s, "ja") for s in (0, 1)] == ["黒王側", "赤王側"]
    assert side_long_name(1, "en") == "A side (red king)"
    assert square_text("ZIA", "ja") == "e1" and square_text("ZIA", "en") == "ZIA"
    assert move_text("cetkaik", "XX-YY", "ja") == "XX-YY"  # unreadable: as it was recorded
