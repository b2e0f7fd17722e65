"""The 六裁 table companion: the physical board, the app keeps the tally.

The players throw their own sticks (or use the app's thrower, `thrower()`, six sticks) and type
each result; the engine moves the mirrored pieces, sends pieces back, counts the cups (or
penalty points) and the finishing order, and flags 牛行. Each step is a new immutable
`TableLog`: undo/redo is keeping the previous value; `to_play_record()` saves it to the history.

    log = new_table(3, ["Ann", "Bo", "Cy"], {})
    log = log.choose_first(1)        # or log.draw_first(rng)
    log = throw(log, 4)               # the player to move threw 4
    tally(log)                        # one row per player
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.netxiju.board import LINED
from companion.games.netxiju.moves import DIE_FACES, STICKS
from companion.games.netxiju.rules import NetxijuState
from companion.table.log import TableError, TableLog, names_or_seats
from companion.table.thrower import ThrowLog


def new_table(players: int, names: Sequence[str] = (), options: dict[str, Any] | None = None,
              ) -> TableLog:
    """A new game at the table (options validated by the registry)."""
    return TableLog.new("netxiju", players, names, options)


def state_of(log: TableLog) -> NetxijuState:
    state = log.state()
    assert isinstance(state, NetxijuState)
    return state


def throw(log: TableLog, value: int) -> TableLog:
    """The player to move threw `value` (sticks face up 0–6, or the die 1–6)."""
    state = state_of(log)
    if state.first < 0:
        raise TableError("choose who begins first", "先に先手を決めてください。")
    low = 1 if state.uses_die else 0
    high = DIE_FACES if state.uses_die else STICKS
    if not low <= value <= high:
        raise TableError(f"a throw shows {low} to {high}, not {value}",
                         f"出目は{low}〜{high}です({value}はありません)。")
    return log.steps("throw", f"={value}")


def thrower() -> ThrowLog:
    """The app's six throwing sticks (the shared thrower with six sticks)."""
    return ThrowLog(sticks=STICKS)


def roll_die(rng: random.Random) -> int:
    return rng.randint(1, DIE_FACES)


@dataclass(frozen=True)
class TallyRow:
    """One player's line of the tally."""

    seat: int
    name: str
    square: int | None  # None once finished
    cups: int
    place: int | None
    stopped_on: tuple[int, ...]  # lined squares stopped on so far
    sent_back: int
    ox: bool
    to_move: bool

    @property
    def ox_still_possible(self) -> bool:
        """No send-back so far and every lined square still ahead or stopped on."""
        if self.sent_back or self.place is not None:
            return self.ox
        square = self.square or 0
        return all(i in self.stopped_on or i > square for i in LINED)


def tally(log: TableLog, lang: str = "ja") -> list[TallyRow]:
    """The tally shown at the table, one row per seat."""
    return tally_rows(state_of(log), names_or_seats(log.names, log.players, lang))


def tally_rows(state: NetxijuState, names: Sequence[str]) -> list[TallyRow]:
    """One row per seat of `state` (at the table or in a digital game)."""
    rows = []
    for seat in range(state.num_players):
        finished = state.is_finished(seat)
        rows.append(TallyRow(
            seat, names[seat], None if finished else state.positions[seat], state.cups[seat],
            state.place(seat), state.stopped_on(seat),
            state.sent_back[seat], state.ox[seat], state.to_move() == seat))
    return rows
