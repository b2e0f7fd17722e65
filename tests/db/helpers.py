"""Plays to store in database tests."""

from __future__ import annotations

from datetime import datetime, timedelta

from companion.history import PlayMode, PlayRecord, SeatResult

START = datetime(2026, 3, 14, 19, 30)


def play(names: list[str], scores: list[float | None], *, game: str = "juusai", day: int = 0,
         finished: bool = True, bots: tuple[str, ...] = ()) -> PlayRecord:
    """A play where the best score wins (ties share the win)."""
    known = [s for s in scores if s is not None]
    best = max(known) if known else None
    seats = [SeatResult(seat=i, player=n, is_bot=n in bots, bot_kind="mcts" if n in bots else "",
                        score=s, breakdown={} if s is None else {"points": s},
                        rank=None if s is None else 1 + sum(o > s for o in known),
                        winner=s is not None and s == best, start_player=i == 0)
             for i, (n, s) in enumerate(zip(names, scores, strict=True))]
    start = START + timedelta(days=day)
    return PlayRecord(game_id=game, mode=PlayMode.TABLE if not bots else PlayMode.DIGITAL,
                      started_at=start,
                      finished_at=start + timedelta(hours=1) if finished else None,
                      seats=seats, options={"rounds": 3}, seed=day, location="部室",
                      notes=f"night {day}",
                      record={"moves": [{"seat": 0, "move": "bank"}]} if bots else None)
