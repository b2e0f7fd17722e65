"""Game records and the driver that plays, samples chance, replays and undoes.

A record is (game id, player count, options, seed, entries). Each entry is a move in the
game's notation with the seat that made it; chance outcomes are entries with seat `CHANCE`.
The driver consumes exactly one `rng.random()` per chance event, also while replaying, so a
replayed game continues with the same throws as the original: undo cannot re-roll chance,
and a game resumed after a crash goes on exactly as it would have.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.api import CHANCE, GameState
from companion.core.errors import CompanionError, IllegalMoveError, MoveParseError, RecordError

RECORD_FORMAT = 1


@dataclass(frozen=True)
class RecordEntry:
    """One step of a game: who acted (a seat, or `CHANCE`) and the move in notation."""

    seat: int
    move: str

    @property
    def is_chance(self) -> bool:
        return self.seat == CHANCE


@dataclass
class GameRecord:
    """Everything needed to reproduce a game exactly."""

    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    entries: list[RecordEntry] = field(default_factory=list)
    #: Facts about the record that do not change the game, kept through replay and undo
    #: (e.g. "branch": the play and position a game was started from, see core.replay).
    meta: dict[str, Any] = field(default_factory=dict)

    def moves(self) -> list[str]:
        return [e.move for e in self.entries]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game_id,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "moves": [
                {"chance": e.move} if e.is_chance else {"seat": e.seat, "move": e.move}
                for e in self.entries
            ],
        }
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        try:
            entries = [_entry_from_dict(i, raw) for i, raw in enumerate(data["moves"])]
            game_id = str(data["game"])
            return cls(
                game_id=game_id,
                num_players=int(data["players"]),
                seed=int(data["seed"]),
                options=saved_options(game_id, data.get("options", {})),
                entries=entries,
                meta=dict(data.get("meta") or {}),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a game record: {exc}") from exc

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a game record: {exc}") from exc


def saved_options(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A saved record's options as its game reads them now: an option the game added after
    the record was saved takes the value the game was played by before (the registry's
    `extras["record_defaults"]`), so the record replays as it was played."""
    from companion.games import registry

    try:
        defaults = registry.get(game_id).extras.get("record_defaults", {})
    except CompanionError:
        return dict(options)
    return {**defaults, **options}


def _entry_from_dict(index: int, raw: Mapping[str, Any]) -> RecordEntry:
    if "chance" in raw:
        return RecordEntry(CHANCE, str(raw["chance"]))
    if "seat" in raw and "move" in raw:
        return RecordEntry(int(raw["seat"]), str(raw["move"]))
    raise RecordError(f"move {index + 1}: expected 'seat' and 'move', or 'chance'")


def sample_outcome(state: GameState, rng: random.Random) -> Any:
    """Draw one chance outcome with its probability, consuming exactly one `rng.random()`."""
    u = rng.random()
    outcomes = state.chance_outcomes()
    acc = 0.0
    for outcome, probability in outcomes:
        acc += probability
        if u < acc:
            return outcome
    return outcomes[-1][0]


class Game:
    """A game in progress: its state, its record and its seeded chance."""

    def __init__(self, state: GameState, seed: int) -> None:
        self.record = GameRecord(
            game_id=state.game_id,
            num_players=state.num_players,
            seed=seed,
            options=dict(state.options),
        )
        self._initial = state.copy()
        self.state = state
        self.rng = random.Random(seed)

    # --- creating ---------------------------------------------------------------------------
    @classmethod
    def new(
        cls, game_id: str, num_players: int, options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> Game:
        from companion.games import registry

        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(registry.get(game_id).create(num_players, options), seed)

    @classmethod
    def replay(cls, record: GameRecord, upto: int | None = None) -> Game:
        """Rebuild a game from its record (the first `upto` entries if given)."""
        game = cls.new(record.game_id, record.num_players, record.options, record.seed)
        game.record.meta = dict(record.meta)
        for index, entry in enumerate(record.entries[:upto]):
            try:
                game.replay_entry(entry)
            except (IllegalMoveError, MoveParseError) as exc:
                raise RecordError(f"move {index + 1} ({entry.move}): {exc}") from exc
        return game

    def replay_entry(self, entry: RecordEntry) -> Any:
        """Play one entry of a record (chance included) and return the move played; raises
        `RecordError` for the wrong seat, `MoveParseError`/`IllegalMoveError` for the move."""
        if entry.seat != self.state.to_move():
            raise RecordError(
                f"{entry.move!r} recorded for seat {entry.seat}, "
                f"but {self.state.to_move()} is to move"
            )
        if entry.is_chance:
            self.rng.random()  # keep the chance stream in step with the original game
        move = self.state.parse_move(entry.move)
        self._play(move)
        return move

    # --- playing ----------------------------------------------------------------------------
    def _play(self, move: Any) -> None:
        seat = self.state.to_move()
        self.state.play(move)
        self.record.entries.append(RecordEntry(seat, str(move)))

    def play(self, move: Any) -> None:
        """A seat's move. Raises `IllegalMoveError` for chance turns or illegal moves."""
        if self.state.is_chance():
            raise IllegalMoveError(move, self.state.describe(), "chance acts now")
        self._play(move)

    def resolve_chance(self) -> list[Any]:
        """Sample and play chance outcomes until a seat acts or the game ends."""
        drawn = []
        while self.state.is_chance():
            outcome = sample_outcome(self.state, self.rng)
            self._play(outcome)
            drawn.append(outcome)
        return drawn

    def play_and_resolve(self, move: Any) -> list[Any]:
        self.play(move)
        return self.resolve_chance()

    # --- undo -------------------------------------------------------------------------------
    def last_decision_index(self, seats: Iterable[int] | None = None) -> int | None:
        """Index of the last non-chance entry (made by one of `seats` if given)."""
        wanted = None if seats is None else set(seats)
        for index in range(len(self.record.entries) - 1, -1, -1):
            entry = self.record.entries[index]
            if not entry.is_chance and (wanted is None or entry.seat in wanted):
                return index
        return None

    def undo(self, seats: Iterable[int] | None = None) -> bool:
        """Take back the last decision (of one of `seats`) and everything after it.

        Returns False when there is nothing to undo. Chance is not re-rolled: the same
        throws come again, because the chance stream is replayed in step.
        """
        index = self.last_decision_index(seats)
        if index is None:
            return False
        rebuilt = Game.replay(self.record, upto=index)
        self.state, self.record, self.rng = rebuilt.state, rebuilt.record, rebuilt.rng
        return True
