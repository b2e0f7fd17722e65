"""Timing of sheet rendering, for `companion bench` (no assertions: figures only)."""

from __future__ import annotations

import io
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


#: Plays in a season's PDF (issue 35: 50 filled sheets of mixed games in at most 1 s).
SEASON_PLAYS = 50


def finished_play(game_id: str, seed: int, started: datetime) -> PlayRecord | None:
    """A digital play of `game_id` at its fewest seats played to its end by the random bot
    (None when it does not end within 20,000 steps): the record and scores a sheet prints."""
    import random

    from companion.bots import make_bot
    from companion.core.record import Game
    from companion.games import registry

    info = registry.get(game_id)
    game = Game.new(game_id, info.min_players, seed=seed)
    bot, rng = make_bot("random"), random.Random(seed)
    for _ in range(20_000):
        game.resolve_chance()
        if game.state.is_over():
            break
        seat = game.state.to_move()
        game.play(bot.choose(game.state.view(seat), seat, rng))
    outcome = game.state.outcome()
    if outcome is None:
        return None
    ranks = outcome.ranks()
    seats = [SeatResult(i, f"Player {i + 1}", score=float(outcome.scores[i]), rank=ranks[i],
                        winner=i in outcome.winners) for i in range(info.min_players)]
    return PlayRecord(game_id, PlayMode.DIGITAL, started, seats,
                      finished_at=started + timedelta(minutes=30), seed=seed,
                      record=game.record.to_dict(), notes=outcome.detail)


def season_plays(count: int = SEASON_PLAYS) -> list[PlayRecord]:
    """`count` finished plays, every playable game in turn, a week apart."""
    from companion.games import registry

    games = [info.id for info in registry.playable_games()]
    start = datetime(2026, 4, 1, 19, 0)
    plays: list[PlayRecord] = []
    for index in range(count * 2):
        if len(plays) == count:
            break
        play = finished_play(games[index % len(games)], index, start + timedelta(days=index))
        if play is not None:
            play.id = index + 1
            plays.append(play)
    return plays


def time_season_pdf(plays: list[PlayRecord], lang: str = "ja") -> tuple[float, float, int]:
    """Milliseconds (wall clock and CPU) to make one PDF of every play's filled sheets (each
    game's own), and the number of pages. The font is registered beforehand (as in
    `time_one_sheet`); the text measures kept from an earlier PDF are forgotten, so that each
    run starts as the first."""
    from companion.export import pdf
    from companion.export.pdf import render_sheets
    from companion.export.sheets import play_sheets

    font_name()
    for kept in (pdf.text_width, pdf.visual, pdf.font_runs, pdf._undrawable):
        kept.cache_clear()
    start, cpu = time.perf_counter(), time.process_time()
    specs = [spec for play in plays for spec in play_sheets(play, lang)]
    out = io.BytesIO()
    render_sheets(specs, out)
    return ((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000,
            out.getvalue().count(b"/Type /Page\n"))
