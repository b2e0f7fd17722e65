"""The geometry of a Sorani player board in the app's reconstruction: a lattice of round
spaces with a cross space in every gap between four of them.

Round spaces are numbered row by row (index = row × columns + column) and named by column
letter and row number: ``a1`` is the top-left space. Cross spaces sit between the round spaces
(r, c), (r, c+1), (r+1, c), (r+1, c+1) and are named in capitals: cross ``A1`` lies between
``a1``, ``b1``, ``a2`` and ``b2``. A cross's four arms point at those round spaces in
clockwise order NW, NE, SE, SW (bits 0..3 of an arm mask); turning a branch tile 90°
clockwise moves each line one arm on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

#: The arms of a cross space, clockwise (bit i of an arm mask is ARMS[i]).
ARMS = ("NW", "NE", "SE", "SW")
FULL = 0b1111


def turn_mask(mask: int, quarter_turns: int) -> int:
    """An arm mask turned clockwise by `quarter_turns` × 90°."""
    k = quarter_turns % 4
    return ((mask << k) | (mask >> (4 - k))) & FULL


def distinct_turns(mask: int) -> tuple[tuple[int, int], ...]:
    """(degrees, turned mask) for each way a tile lies differently: the smallest turn of
    each distinct result, e.g. a straight line has two (0 and 90)."""
    found: dict[int, int] = {}
    for k in range(4):
        found.setdefault(turn_mask(mask, k), 90 * k)
    return tuple((degrees, turned) for turned, degrees in found.items())


@dataclass(frozen=True)
class Lattice:
    """Rows × columns round spaces and (rows − 1) × (columns − 1) cross spaces, with the
    adjacency tables every rule uses."""

    rows: int
    columns: int

    @property
    def spaces(self) -> int:
        return self.rows * self.columns

    @property
    def crosses(self) -> int:
        return (self.rows - 1) * (self.columns - 1)

    # --- names ----------------------------------------------------------------------------
    def space_name(self, index: int) -> str:
        row, column = divmod(index, self.columns)
        return f"{chr(ord('a') + column)}{row + 1}"

    def cross_name(self, index: int) -> str:
        row, column = divmod(index, self.columns - 1)
        return f"{chr(ord('A') + column)}{row + 1}"

    def space_index(self, name: str) -> int | None:
        """The round space called `name` ("d4"), or None."""
        return self._index(name, "a", self.rows, self.columns)

    def cross_index(self, name: str) -> int | None:
        """The cross space called `name` ("C3"), or None."""
        return self._index(name, "A", self.rows - 1, self.columns - 1)

    @staticmethod
    def _index(name: str, first: str, rows: int, columns: int) -> int | None:
        if len(name) < 2 or not name[1:].isdigit():
            return None
        column = ord(name[0]) - ord(first)
        row = int(name[1:]) - 1
        if 0 <= column < columns and 0 <= row < rows:
            return row * columns + column
        return None

    # --- neighbours -----------------------------------------------------------------------
    def cross_spaces(self, cross: int) -> tuple[int, int, int, int]:
        """The round spaces a cross's arms point at, in the order NW, NE, SE, SW."""
        row, column = divmod(cross, self.columns - 1)
        top = row * self.columns + column
        return (top, top + 1, top + self.columns + 1, top + self.columns)

    def is_edge(self, space: int) -> bool:
        row, column = divmod(space, self.columns)
        return row in (0, self.rows - 1) or column in (0, self.columns - 1)

    def turn_space(self, space: int, quarter_turns: int) -> int:
        """Where a space lands when the whole (square) board turns clockwise."""
        row, column = divmod(space, self.columns)
        for _ in range(quarter_turns % 4):
            row, column = column, self.rows - 1 - row
        return row * self.columns + column


@dataclass(frozen=True)
class Tables:
    """Precomputed adjacency of one lattice (built once per size)."""

    lattice: Lattice
    #: per cross: the round spaces of its arms (NW, NE, SE, SW)
    arms: tuple[tuple[int, int, int, int], ...]
    #: per round space: (cross, arm bit) of every cross whose arm points at it
    around: tuple[tuple[tuple[int, int], ...], ...]
    #: per round space: the orthogonally adjacent round spaces
    orthogonal: tuple[tuple[int, ...], ...]
    #: per round space: the diagonally adjacent round spaces (they share a cross)
    diagonal: tuple[tuple[int, ...], ...]
    #: per round space: the other spaces of its row, of its column
    row: tuple[tuple[int, ...], ...]
    column: tuple[tuple[int, ...], ...]


@cache
def tables(rows: int, columns: int) -> Tables:
    lattice = Lattice(rows, columns)
    arms = tuple(lattice.cross_spaces(x) for x in range(lattice.crosses))
    around: list[list[tuple[int, int]]] = [[] for _ in range(lattice.spaces)]
    for cross, targets in enumerate(arms):
        for bit, space in enumerate(targets):
            around[space].append((cross, 1 << bit))

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < columns

    orthogonal, diagonal, row_of, column_of = [], [], [], []
    for space in range(lattice.spaces):
        r, c = divmod(space, columns)
        orthogonal.append(tuple(a * columns + b for a, b in
                                ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if inside(a, b)))
        diagonal.append(tuple(a * columns + b for a, b in
                              ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c + 1), (r + 1, c - 1))
                              if inside(a, b)))
        row_of.append(tuple(r * columns + b for b in range(columns) if b != c))
        column_of.append(tuple(a * columns + c for a in range(rows) if a != r))
    return Tables(lattice, arms, tuple(tuple(a) for a in around), tuple(orthogonal),
                  tuple(diagonal), tuple(row_of), tuple(column_of))
