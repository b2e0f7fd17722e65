"""Timing of sheet rendering, for `companion bench` (no assertions: figures only)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from companion.export.pdf import font_name, pdf_bytes
from companion.export.sheets import play_sheet
from companion.history import PlayMode, PlayRecord, SeatResult


def sample_play(moves: int = 60) -> PlayRecord:
    """A finished 3-seat digital play with a breakdown and a move log."""
    start = datetime(2026, 11, 22, 19, 30)
    entries: list[dict[str, object]] = []
    for i in range(moves):
        entries.append({"chance": str(i % 5 + 1)})
        entries.append({"seat": i % 3, "move": f"a{i % 7}-b{(i + 3) % 9}"})
    seats = [
        SeatResult(0, "太郎", score=12, breakdown={"race": 10, "bonus": 2}, rank=1, winner=True),
        SeatResult(1, "Hanako", score=9, breakdown={"race": 8, "bonus": 1}, rank=2),
        SeatResult(2, "Bot · MCTS", is_bot=True, score=3, breakdown={"race": 3}, rank=3),
    ]
    return PlayRecord("juusai", PlayMode.DIGITAL, start, seats,
                      finished_at=start + timedelta(minutes=20), location="公民館",
                      record={"moves": entries})


def time_one_sheet(repeat: int = 5) -> float:
    """Best-of-`repeat` milliseconds to build and render one filled sheet to bytes
    (the font is registered beforehand: that one-off cost is `time_font_load`)."""
    font_name()
    spec_play = sample_play()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        pdf_bytes(play_sheet(spec_play, "ja"))
        best = min(best, time.perf_counter() - start)
    return best * 1000


def time_font_load() -> float:
    """Milliseconds to register the Japanese font (once per process; 0 when already done)."""
    start = time.perf_counter()
    font_name()
    return (time.perf_counter() - start) * 1000


def results() -> dict[str, float]:
    return {"pdf_font_load_ms": time_font_load(), "pdf_one_sheet_ms": time_one_sheet()}
