"""What the three race games of 『我々の遊戯』 (六裁, 行山, 連船之遊) share.

- `FirstPlayer`: the chance event ``first 2`` that picks who begins (seats are written from 1 in
  notation, from 0 in code), and `first_player_outcomes`.
- `parse_seat` / `seat_text`: a seat in notation.
- `TableLog`: a game at the table driven by its engine: the players type what the physical
  sticks showed and what they did; the engine moves the pieces, checks the rules and keeps the
  tallies. It is an immutable value (each step gives a new log), so undo/redo is keeping the
  previous value, and it becomes a `PlayRecord` for the history.
- `bench_figures`: the figures `companion bench` prints for a race game.
- `lazy`: a registry hook that imports its module only when called (start-up stays fast).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from companion.core.api import GameState, Move
from companion.core.errors import CompanionError, IllegalMoveError, MoveParseError
from companion.core.record import Game, GameRecord, RecordEntry
from companion.history import PlayMode, PlayRecord, SeatResult


def lazy(path: str, *bound: Any) -> Callable[..., Any]:
    """The function at `path` ("package.module.name"), imported on the first call, with
    `bound` arguments put first."""
    module, _, name = path.rpartition(".")

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*bound, *args)

    call.__qualname__ = call.__name__ = name
    return call


def seat_text(seat: int) -> str:
    """Seat 0 is written "1"."""
    return str(seat + 1)


def parse_seat(word: str, text: str, expected: str) -> int:
    """A seat written from 1 (1..6) → its index from 0; `MoveParseError` otherwise."""
    if not word.isdigit() or not 1 <= int(word) <= 6:
        raise MoveParseError(text, expected)
    return int(word) - 1


@dataclass(frozen=True)
class FirstPlayer(Move):
    """Chance: the seat that begins the game (drawn at random, or entered at the table)."""

    seat: int

    def __str__(self) -> str:
        return f"first {seat_text(self.seat)}"

    @classmethod
    def parse(cls, text: str) -> FirstPlayer:
        expected = "'first <seat 1-6>', e.g. 'first 2'"
        words = text.split()
        if len(words) != 2 or words[0].lower() != "first":
            raise MoveParseError(text, expected)
        return cls(parse_seat(words[1], text, expected))


def first_player_outcomes(num_players: int) -> list[tuple[Any, float]]:
    """Every seat equally likely to begin."""
    return [(FirstPlayer(s), 1.0 / num_players) for s in range(num_players)]


def names_or_seats(names: Sequence[str], players: int, lang: str) -> list[str]:
    """The players' names, "player n" (プレイヤーn) where a name is missing."""
    given = [*names, *[""] * players][:players]
    return [n.strip() or (f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}")
            for i, n in enumerate(given)]


class TableError(CompanionError, ValueError):
    """A step at the table that the rules refuse, with the reason and the position."""


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
            raise TableError(f"the game is over: {state.describe()}")
        seat = state.to_move()
        try:
            move = state.parse_move(text)
            state.play(move)
        except (IllegalMoveError, MoveParseError) as exc:
            raise TableError(str(exc)) from exc
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


def finished_play(play: PlayRecord, game_id: str, lang: str,
                  ) -> tuple[Game, list[str], list[tuple[str, str]]] | None:
    """A saved play of `game_id` replayed to its end, with the seats' names and the date (and
    id) for a result sheet; None when the play has no finished record of that game."""
    from companion.export.pdf import label
    from companion.export.sheets import format_when

    if not play.record or not play.record.get("moves"):
        return None
    record = GameRecord.from_dict(play.record)
    if record.game_id != game_id:
        return None
    game = Game.replay(record)
    if not game.state.is_over():
        return None
    by_seat = {s.seat: s.player for s in play.seats}
    names = names_or_seats([by_seat.get(i, "") for i in range(record.num_players)],
                           record.num_players, lang)
    meta = [(label("date", lang), format_when(play.started_at))]
    if play.id is not None:
        meta.append(("#", str(play.id)))
    return game, names, meta


def bench_figures(game_id: str, players: int, quick: bool) -> dict[str, float]:
    """Steps per random playout and the mean MCTS (default strength) and greedy decision times
    in ms, over seeded games (names ending in `_ms` are milliseconds)."""
    from companion.bots.bench import bot_decision_time
    from companion.bots.playout import playout
    from companion.games import registry

    start = registry.get(game_id).create(players)
    rng = random.Random(0)
    count, steps = 0, 0
    began = time.perf_counter()
    while time.perf_counter() - began < (0.3 if quick else 1.0):
        steps += playout(start.copy(), rng)
        count += 1
    figures = {"steps_per_playout": steps / count}
    for kind in ("mcts", "greedy"):
        ms, _timed = bot_decision_time(game_id, kind, players, 2 if quick else 10)
        if ms is not None:
            figures[f"{kind}_decision_ms"] = ms
    return figures
