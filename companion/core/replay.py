"""A record looked at position by position: the replay viewer and `companion replay`.

`Replay.of(record)` replays a record once and keeps the state at every position a person
sees — a seat to act, or the end (never the moment chance is about to act) — so stepping back
and forth never replays from the start. A record that stops replaying part-way (a move of a
newer version, an illegal move) is kept as far as it goes and `stop` says where and why; one
that cannot even begin raises `ReplayError`.

A game started from a position of another play ("play from here") carries where it came from
in its record's `meta["branch"]`: `{"play": <parent play id>, "entries": <entries kept>}`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.api import GameState
from companion.core.errors import CompanionError, IllegalMoveError, RecordError
from companion.core.record import Game, GameRecord, RecordEntry

#: Key of `GameRecord.meta` naming the play and the position a game was started from.
BRANCH = "branch"


class StopKind(enum.Enum):
    """Why a record does not replay (to the end)."""

    NO_RECORD = "no_record"  # a table play: no moves were recorded
    UNREADABLE = "unreadable"  # not a game record
    UNKNOWN_GAME = "unknown_game"  # a game this version does not know or cannot play
    BAD_SETUP = "bad_setup"  # players or options this version refuses
    BAD_MOVE = "bad_move"  # a move this version cannot read
    ILLEGAL = "illegal"  # a move that is not legal where it was recorded
    WRONG_SEAT = "wrong_seat"  # a move recorded for a seat that was not to act
    NOTHING = "nothing"  # it stops before the first position a person would see


@dataclass(frozen=True)
class ReplayStop:
    """Where and why a record stops replaying: the failing entry (0-based) and its text."""

    kind: StopKind
    detail: str = ""
    entry: int = 0
    move: str = ""
    moves_before: int = 0  # how many seats' moves replayed before it

    def sentence(self) -> str:
        """One English sentence for the command line."""
        if self.kind in (StopKind.BAD_MOVE, StopKind.ILLEGAL, StopKind.WRONG_SEAT):
            return (f"the record stops replaying after move {self.moves_before}: "
                    f"entry {self.entry + 1} ({self.move!r}) {_WHY[self.kind]} ({self.detail})")
        return f"{_WHY[self.kind]}" + (f" ({self.detail})" if self.detail else "")


_WHY = {
    StopKind.NO_RECORD: "no moves were recorded (a table play)",
    StopKind.UNREADABLE: "the saved record is not a game record",
    StopKind.UNKNOWN_GAME: "this version cannot play that game",
    StopKind.BAD_SETUP: "this version refuses the record's players or options",
    StopKind.BAD_MOVE: "cannot be read by this version",
    StopKind.ILLEGAL: "is not legal there",
    StopKind.WRONG_SEAT: "was recorded for a seat that was not to act",
    StopKind.NOTHING: "the record stops before the first position",
}


class ReplayError(CompanionError, ValueError):
    """A record that cannot be replayed at all; `stop` says why."""

    def __init__(self, stop: ReplayStop) -> None:
        self.stop = stop
        super().__init__(stop.sentence())


@dataclass(frozen=True)
class Step:
    """One position of a replay: after `at` record entries, with the chance outcomes drawn
    since the position before (a throw, a draw) in the order they happened."""

    at: int
    state: GameState
    chance: tuple[Any, ...] = ()


class Replay:
    """Every position of a record, computed once (`Replay.of`)."""

    def __init__(self, record: GameRecord, steps: Sequence[Step],
                 stop: ReplayStop | None = None) -> None:
        self.record = record
        self.steps = list(steps)
        self.stop = stop
        #: The entries that replayed (all of them unless the record stopped).
        self.entries = tuple(record.entries[:stop.entry] if stop else record.entries)

    @classmethod
    def of_dict(cls, data: Mapping[str, Any] | None) -> Replay:
        """The replay of a saved record (`PlayRecord.record`); `ReplayError` if none."""
        if data is None:
            raise ReplayError(ReplayStop(StopKind.NO_RECORD))
        try:
            record = GameRecord.from_dict(data)
        except CompanionError as exc:
            raise ReplayError(ReplayStop(StopKind.UNREADABLE, str(exc))) from exc
        return cls.of(record)

    @classmethod
    def of(cls, record: GameRecord) -> Replay:
        """Replay `record` as far as it goes (see `stop`)."""
        game = _start(record)
        steps: list[Step] = []
        drawn: list[Any] = []
        stop = None
        moves = 0
        for index in range(len(record.entries) + 1):
            if not game.state.is_chance():
                steps.append(Step(index, game.state.copy(), tuple(drawn)))
                drawn = []
            if index == len(record.entries):
                break
            entry = record.entries[index]
            try:
                move = game.replay_entry(entry)
            except (CompanionError, ValueError, KeyError, IndexError, TypeError) as exc:
                stop = ReplayStop(_kind(exc), str(exc), index, entry.move, moves)
                break
            if entry.is_chance:
                drawn.append(move)
            else:
                moves += 1
        if not steps:
            raise ReplayError(stop or ReplayStop(StopKind.NOTHING))
        return cls(record, steps, stop)

    # --- positions ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.steps)

    def state(self, index: int) -> GameState:
        """The whole state at position `index` (shared: copy it before changing it)."""
        return self.steps[index].state

    def entries_until(self, index: int) -> tuple[RecordEntry, ...]:
        return self.entries[:self.steps[index].at]

    def index_at(self, entries: int) -> int:
        """The first position at or after `entries` record entries (the last one at most)."""
        for index, step in enumerate(self.steps):
            if step.at >= entries:
                return index
        return len(self.steps) - 1

    def is_finished(self) -> bool:
        """The record replays to the end of the game."""
        return bool(self.steps[-1].state.is_over())

    def has_hidden_information(self) -> bool:
        return bool(self.steps[0].state.has_hidden_information())

    def moves_until(self, index: int) -> int:
        """How many seats' moves were made up to position `index`."""
        return sum(1 for entry in self.entries_until(index) if not entry.is_chance)

    # --- going on from a position ------------------------------------------------------------
    def game_at(self, index: int, parent_play: int | None = None) -> Game:
        """A new game at position `index` (chance goes on in step with the record's seed),
        its record noting the play it branched from."""
        at = self.steps[index].at
        cut = GameRecord(self.record.game_id, self.record.num_players, self.record.seed,
                         dict(self.record.options), list(self.entries[:at]))
        game = Game.replay(cut)
        game.record.meta[BRANCH] = {"entries": at, **({} if parent_play is None
                                                      else {"play": parent_play})}
        return game

    # --- text --------------------------------------------------------------------------------
    def step_lines(self, names: Sequence[str]) -> list[str]:
        """Per position after the start, the moves that led to it in notation:
        "3. Ann: R d4 → draw R" (seat names, chance outcomes after "→")."""
        lines: list[str] = []
        for before, step in zip(self.steps, self.steps[1:], strict=False):
            parts = []
            for entry in self.entries[before.at:step.at]:
                if entry.is_chance:
                    parts.append(f"→ {entry.move}")
                else:
                    parts.append(f"{_name(names, entry.seat)}: {entry.move}")
            lines.append(f"{len(lines) + 1}. " + " ".join(parts))
        return lines

    def notation_text(self, names: Sequence[str], title: str = "") -> str:
        """The record as text, one move per line with the seat's name, chance outcomes on
        lines of their own ("   → 3"), after an optional "# title" line."""
        lines = [f"# {title}"] if title else []
        number = 0
        for entry in self.entries:
            if entry.is_chance:
                lines.append(f"   → {entry.move}")
            else:
                number += 1
                lines.append(f"{number}. {_name(names, entry.seat)}: {entry.move}")
        return "\n".join(lines) + "\n"


def branch_of(record: GameRecord) -> tuple[int | None, int] | None:
    """(parent play id or None, entries kept) of a game started from another play's position."""
    branch = record.meta.get(BRANCH)
    if not isinstance(branch, Mapping) or not isinstance(branch.get("entries"), int):
        return None
    play = branch.get("play")
    return (play if isinstance(play, int) else None), int(branch["entries"])


def _start(record: GameRecord) -> Game:
    from companion.games import registry

    try:
        info = registry.get(record.game_id)
    except CompanionError as exc:
        raise ReplayError(ReplayStop(StopKind.UNKNOWN_GAME, str(exc))) from exc
    if info.new_state is None:
        raise ReplayError(ReplayStop(StopKind.UNKNOWN_GAME, f"{info.name_en} has no digital play"))
    try:
        return Game.new(record.game_id, record.num_players, record.options, record.seed)
    except (CompanionError, ValueError, TypeError, KeyError) as exc:
        raise ReplayError(ReplayStop(StopKind.BAD_SETUP, str(exc))) from exc


def _kind(exc: Exception) -> StopKind:
    """What a failure to replay one entry means (a game's parser may raise any ValueError)."""
    if isinstance(exc, IllegalMoveError):
        return StopKind.ILLEGAL
    if isinstance(exc, RecordError):
        return StopKind.WRONG_SEAT
    return StopKind.BAD_MOVE


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
