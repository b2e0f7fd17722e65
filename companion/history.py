"""Plays, seats and statistics as plain data: what the database stores and export writes."""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.timer import whole_minutes


def is_cooperative(game_id: str) -> bool:
    """Every seat wins or every seat loses together: the game's registry extras say
    "cooperative" (a game the app does not know is not co-operative)."""
    try:
        from companion.games import registry

        return bool(registry.get(game_id).extras.get("cooperative", False))
    except Exception:
        return False


def new_play_uid() -> str:
    """A new play's identity: a random UUID in its 36-character text form."""
    return str(uuid.uuid4())


class PlayMode(enum.Enum):
    DIGITAL = "digital"  # played in the app, rules enforced
    TABLE = "table"  # played on a physical copy, results entered


class WinMode(enum.Enum):
    """How a game is won (companion/winning.py ranks the seats by it)."""

    HIGHEST = "highest"  # the highest total wins
    LOWEST = "lowest"  # the lowest total wins
    NO_SCORE = "no_score"  # no score: the winners are ticked
    COOPERATIVE = "cooperative"  # the team of every seat wins or loses together
    TEAMS = "teams"  # teams: a team's players share its total, rank and result


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
    #: The seat's team in a game played in teams ("" when none).
    team: str = ""


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
    #: Seconds of play: the play timer, or a duration typed in; None when nobody timed it.
    duration_s: int | None = None
    #: The play's identity, made when the play is created and kept through export, backup and
    #: import (two records of one play share it); None: read from an older file that had none.
    #: Not part of equality: it says which play this is, not what happened in it.
    uid: str | None = field(default_factory=new_play_uid, compare=False)
    #: Not empty: the stored row could not be read (db/reading.py) and this is a stand-in that
    #: says so; it names the column at fault ("mode", "seats.score"...).
    unreadable: str = field(default="", compare=False)
    #: How this play was won; None: the game's own way (`companion.winning.play_win_mode`).
    win_mode: WinMode | None = None

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def duration_minutes(self) -> int | None:
        """How long the play took, in whole minutes: the timed duration, else the time from
        start to end (a digital game); None when neither says anything."""
        if self.duration_s is not None:
            return whole_minutes(self.duration_s)
        if self.finished_at is not None and self.finished_at > self.started_at:
            return whole_minutes((self.finished_at - self.started_at).total_seconds())
        return None

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


@dataclass(frozen=True)
class GameTally:
    """One player's finished plays of one game (for the player page)."""

    game_id: str
    plays: int
    wins: int
    best_score: float | None
    last_played: datetime | None
    #: A co-operative game: every seat wins or every seat loses, so the wins are the team's.
    cooperative: bool = False

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class TeamTally:
    """A co-operative game's finished plays in one configuration: the expansions in play and
    the number of seats (for the Statistics page)."""

    expansions: tuple[str, ...]
    players: int
    plays: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class HeadToHead:
    """A player against one other person over the finished plays both sat in."""

    opponent: str
    plays: int
    wins: int  # the player finished ahead of the opponent
    losses: int  # the opponent finished ahead

    @property
    def shared(self) -> int:
        """Plays where neither finished ahead: a tie, or a co-operative game (won or lost
        together)."""
        return self.plays - self.wins - self.losses


@dataclass(frozen=True)
class PlayerProfile:
    """What the player page shows: results per game and against each other person."""

    name: str
    games: tuple[GameTally, ...] = ()
    rivals: tuple[HeadToHead, ...] = ()

    @property
    def plays(self) -> int:
        return sum(g.plays for g in self.games)

    @property
    def wins(self) -> int:
        return sum(g.wins for g in self.games)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def last_played(self) -> datetime | None:
        return max((g.last_played for g in self.games if g.last_played), default=None)
