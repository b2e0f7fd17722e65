"""Plays, seats and statistics as plain data: what the database stores and export writes."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class PlayMode(enum.Enum):
    DIGITAL = "digital"  # played in the app, rules enforced
    TABLE = "table"  # played on a physical copy, results entered


@dataclass
class SeatResult:
    """One seat of a play: who sat there and how they did."""

    seat: int  # 0-based seat order
    player: str  # the player's name (bots get a display name such as "Bot · MCTS")
    is_bot: bool = False
    bot_kind: str = ""  # "random", "greedy", "mcts:strong"...
    faction: str = ""  # colour or faction, where the game has one
    score: float | None = None
    breakdown: dict[str, float] = field(default_factory=dict)
    rank: int | None = None
    winner: bool = False
    start_player: bool = False


@dataclass
class PlayRecord:
    """A play, digital or at the table, finished or (digital only) in progress."""

    game_id: str
    mode: PlayMode
    started_at: datetime
    seats: list[SeatResult] = field(default_factory=list)
    finished_at: datetime | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    record: dict[str, Any] | None = None  # GameRecord.to_dict() for digital plays
    location: str = ""
    notes: str = ""
    id: int | None = None

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def winners(self) -> list[str]:
        return [s.player for s in self.seats if s.winner]


@dataclass(frozen=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True)
class PlayerStats:
    """Aggregates for one player in one game (or all games when game_id is "")."""

    player: str
    game_id: str
    plays: int
    wins: int
    average_score: float | None
    best_score: float | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class PeriodCount:
    """Plays and wins of a player in one period (e.g. a month "2026-11")."""

    period: str
    player: str
    plays: int
    wins: int


@dataclass(frozen=True)
class ScorePoint:
    """One finished play's score of a player, for "scores over time" charts."""

    when: datetime
    player: str
    game_id: str
    score: float
