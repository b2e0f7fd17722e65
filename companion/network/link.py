"""What the table session needs from the server: the rows and the calls that write them.

`db.network.TableClient` is the real one (PostgreSQL); the tests use an in-memory double. The
row kinds and the meaning of `next_seats` (the seats that may write the next row, `CHANCE` = -1
for a server draw, deal or reveal) are the contract in the ARCHITECTURE notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

#: Row kinds.
MOVE, CHANCE_ROW, DEAL, REVEAL, FAULT, PAUSE, RESUME, END = (
    "move", "chance", "deal", "reveal", "fault", "pause", "resume", "end")
#: A `next_seats` entry meaning "chance acts next: any seated laptop asks the server".
CHANCE_SEAT = -1


class Row(Protocol):
    """One row of a table (db.network.NetRow has these attributes)."""

    @property
    def n(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def payload(self) -> Any: ...
    @property
    def next_seats(self) -> Sequence[int]: ...


@dataclass(frozen=True)
class Hidden:
    """A private part of a row that this laptop may read: `items` of `zone` (for `seat`)."""

    n: int
    zone: str
    seat: int | None
    items: tuple[str, ...]


class RowTaken(Exception):
    """Another laptop wrote that row number first (nothing of this call was stored)."""


class NotPlaying(Exception):
    """The table is paused (or not started yet): nothing was written; wait and try again."""


class TableLink(Protocol):
    """The server calls of one laptop at one table."""

    def rows(self, after: int = 0) -> Sequence[Row]: ...
    def hidden(self) -> Sequence[Hidden]: ...
    def play(self, n: int, seat: int, payload: dict[str, Any],
             next_seats: Sequence[int]) -> None: ...
    def end(self, n: int, seat: int, payload: dict[str, Any]) -> None: ...
    def draw(self, n: int, seat: int | None, weights: Sequence[float],
             next_seats: Sequence[int]) -> int: ...
    def deal(self, n: int, items: Sequence[str], zones: Sequence[dict[str, Any]],
             next_seats: Sequence[int]) -> None: ...
    def reveal(self, n: int, from_zone: str, count: int, to_seat: int | None,
               next_seats: Sequence[int]) -> list[str] | None: ...
    def finish(self) -> None: ...
    def wait(self, timeout_s: float) -> bool: ...
