"""A game played on the physical board, followed step by step by its engine (the table
companion of games whose engine can check a table's moves: 六裁, 連船之遊).

The players type what the physical sticks showed and what they did; the engine moves the mirrored
pieces, checks the rules and keeps the tallies. `TableLog` is an immutable value (each step gives
a new log), so undo/redo is keeping the previous value, and it becomes a `PlayRecord` for the
history. `names_or_seats` fills in "Player n" for a seat without a name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from companion.core.api import GameState
from companion.core.errors import CompanionError, IllegalMoveError, MoveParseError
from companion.core.record import Game, GameRecord, RecordEntry
from companion.games.first_player import seat_text
from companion.history import PlayMode, PlayRecord, SeatResult


def names_or_seats(names: Sequence[str], players: int, lang: str) -> list[str]:
    """The players' names, "player n" (プレイヤーn) where a name is missing."""
    given = [*names, *[""] * players][:players]
    return [n.strip() or (f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}")
            for i, n in enumerate(given)]


class TableError(CompanionError, ValueError):
    """A step at the table that the rules refuse, with the reason (and, for the screens, the
    reason in Japanese: `text("ja")`)."""

    def __init__(self, message: str, ja: str = "") -> None:
        super().__init__(message)
        self.ja = ja

    def text(self, lang: str) -> str:
        """The reason in `lang` (English where no Japanese was given)."""
        return self.ja if lang == "ja" and self.ja else str(self)


@dataclass(frozen=True)
class TableLog:
    """A game played on the physical board, followed step by step by its engine.

    `entries` are the game's record entries (chance outcomes as the sticks showed them, the
    players' moves); `state()` replays them. Every step returns a new `TableLog`.
    """

    game_id: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    entries: tuple[RecordEntry, ...] = ()
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))

    @classmethod
    def new(cls, game_id: str, players: int, names: Sequence[str] = (),
            options: dict[str, Any] | None = None) -> TableLog:
        """A new game at the table; players and options checked by the registry."""
        from companion.games import registry

        info = registry.get(game_id)
        info.check_players(players)
        return cls(game_id, players, info.validate_options(options or {}), tuple(names))

    def record(self) -> GameRecord:
        return GameRecord(self.game_id, self.players, 0, dict(self.options), list(self.entries))

    def choose_first(self, seat: int) -> TableLog:
        """The players chose who begins (`seat` from 0)."""
        return self.step(f"first {seat_text(seat)}")

    def draw_first(self, rng: random.Random) -> TableLog:
        """The app draws who begins."""
        return self.choose_first(rng.randrange(self.players))

    def state(self) -> GameState:
        """The position after every step so far."""
        return Game.replay(self.record()).state

    def step(self, text: str) -> TableLog:
        """The log with one more step in notation (a move, or what chance showed)."""
        state = self.state()
        if state.is_over():
            raise TableError(f"the game is over: {state.describe()}", "ゲームは終わっています。")
        seat = state.to_move()
        try:
            move = state.parse_move(text)
            state.play(move)
        except (IllegalMoveError, MoveParseError) as exc:
            raise TableError(str(exc), "ルール上できません。") from exc
        return replace(self, entries=(*self.entries, RecordEntry(seat, str(move))))

    def steps(self, *texts: str) -> TableLog:
        log = self
        for text in texts:
            log = log.step(text)
        return log

    def undo(self) -> TableLog:
        """The log without its last step (unchanged when empty)."""
        return replace(self, entries=self.entries[:-1])

    def to_play_record(self, location: str = "", notes: str = "",
                       finished_at: datetime | None = None) -> PlayRecord:
        """The play for the history (mode TABLE): scores and breakdown from the engine's
        outcome (None while unfinished), the steps as the record."""
        state = self.state()
        outcome = state.outcome()
        ranks = outcome.ranks() if outcome is not None else (None,) * self.players
        seats = []
        for seat in range(self.players):
            name = self.names[seat] if seat < len(self.names) else ""
            seats.append(SeatResult(
                seat=seat, player=name.strip(),
                score=outcome.scores[seat] if outcome is not None else None,
                breakdown=dict(outcome.breakdown[seat]) if outcome is not None else {},
                rank=ranks[seat], winner=outcome is not None and seat in outcome.winners))
        finished = (finished_at or datetime.now().replace(microsecond=0)) \
            if outcome is not None else None
        return PlayRecord(self.game_id, PlayMode.TABLE, self.started_at, seats,
                          finished_at=finished, options=dict(self.options),
                          record=self.record().to_dict(), location=location, notes=notes)
