"""The 連船之遊 table companion: the tracker of ships, resources and points.

The players throw their own sticks and move their ships on the physical board; the app follows
by the throw and the action typed in (or picked from `choices(log)`): it keeps every ship's
square and cargo, each start and goal stock, refuses what the rules refuse, and knows when the
last round ends and who won. Each step is a new immutable `TableLog` (undo/redo = keep the
previous value); `to_play_record()` saves the game to the history.

    log = new_table(3, ["Ann", "Bo", "Cy"]).choose_first(0)
    log = throw(log, 3)            # the player to move threw 3 ...
    log = act(log, "supply 1")     # ... and loaded 3 onto ship 1
    fleets(log)                    # one row per player
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.tudepijume.rules import SHIP_NUMBERS, TudeState
from companion.table.log import TableError, TableLog, names_or_seats


def new_table(players: int, names: Sequence[str] = (), options: dict[str, Any] | None = None,
              ) -> TableLog:
    """A new game at the table (options validated by the registry)."""
    return TableLog.new("tudepijume", players, names, options)


def state_of(log: TableLog) -> TudeState:
    state = log.state()
    assert isinstance(state, TudeState)
    return state


def throw(log: TableLog, value: int) -> TableLog:
    """The player to move threw `value` (0–5 sticks face up)."""
    state = state_of(log)
    if not state.is_chance() or state.first < 0:
        raise TableError("it is not time to throw: "
                         + ("choose who begins first" if state.first < 0 else
                            "the player to move chooses an action"),
                         "今は投げる時ではありません: " + ("先に先手を決めてください。"
                                                         if state.first < 0 else
                                                         "手番の人が行動を選びます。"))
    if not 0 <= value <= 5:
        raise TableError(f"five sticks show 0 to 5, not {value}",
                         f"投げ棒5本の出目は0〜5です({value}はありません)。")
    return log.step(f"={value}")


def act(log: TableLog, action: str) -> TableLog:
    """The player to move did `action` (notation: 'move 2', 'plunder 1 2.3', ...)."""
    return log.step(action)


def choices(log: TableLog) -> list[str]:
    """The actions open to the player to move after their throw, in notation."""
    state = state_of(log)
    return [] if state.is_chance() or state.is_over() else [str(m) for m in state.legal_moves()]


@dataclass(frozen=True)
class ShipRow:
    ship: int
    place: int  # 0 start, 1..19 squares, 20 goal
    cargo: int
    built: bool


@dataclass(frozen=True)
class FleetRow:
    """One player's line of the tracker."""

    seat: int
    name: str
    start_stock: int
    goal_stock: int
    ships: tuple[ShipRow, ...]
    to_move: bool
    can_act: bool


def fleets(log: TableLog, lang: str = "ja") -> list[FleetRow]:
    """The tracker shown at the table, one row per seat."""
    return fleet_rows(state_of(log), names_or_seats(log.names, log.players, lang))


def fleet_rows(state: TudeState, names: Sequence[str]) -> list[FleetRow]:
    """One row per seat of `state` (at the table or in a digital game)."""
    mover = state.mover if not state.is_over() and state.first >= 0 else -1
    return [FleetRow(seat, names[seat], state.stock[seat], state.goal[seat],
                     tuple(ShipRow(ship, state.place(seat, ship), state.load(seat, ship),
                                   state.is_built(seat, ship)) for ship in SHIP_NUMBERS),
                     seat == mover, state.can_ever_act(seat))
            for seat in range(state.num_players)]
