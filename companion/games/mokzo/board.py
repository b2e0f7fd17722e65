"""The 行山 board (the book's p.18 diagram, confirmed by the author's vector file).

Only the central 5 × 5 block of the 9 × 9 机戦 board is used: files c–g, ranks 3–7 (files a–i
from left to right, ranks 1–9 from bottom to top). Its two diagonals cross at the centre e5
(皇山, the goal); the nine squares on them are 皇処: a piece standing on one moves a square
further. The route spirals anticlockwise inwards from g3 (the start, lower right) to e5.

Geometry for drawing: `square_cell(i)` is (column, row) on the 9 × 9 board with column 0 = file
a at the left and row 0 = rank 9 at the top; `BLOCK` is the used block as (first column, first
row, columns, rows).
"""

from __future__ import annotations

#: The route, start first, goal last (cetkaik plain coordinates).
ROUTE: tuple[str, ...] = (
    "g3", "g4", "g5", "g6", "g7", "f7", "e7", "d7", "c7", "c6", "c5", "c4", "c3",
    "d3", "e3", "f3", "f4", "f5", "f6", "e6", "d6", "d5", "d4", "e4", "e5",
)
START = 0
GOAL = len(ROUTE) - 1
FILES = "abcdefghi"
SIZE = 9
BLOCK = (2, 2, 5, 5)  # columns c–g, rows of ranks 7–3


def _on_diagonal(name: str) -> bool:
    column, rank = FILES.index(name[0]) - 2, int(name[1]) - 3
    return column == rank or column + rank == 4


#: 皇処: the squares on the block's diagonals (nine, the goal included).
KOU: frozenset[int] = frozenset(i for i, name in enumerate(ROUTE) if _on_diagonal(name))
#: Marks drawn at the ends of the water cross (e7, e3, c5, g5): no role in 行山.
WATER_ENDS = ("e7", "e3", "c5", "g5")


def square_cell(index: int) -> tuple[int, int]:
    """(column from file a, row from rank 9) of route square `index`."""
    name = ROUTE[index]
    return FILES.index(name[0]), SIZE - int(name[1])


def square_name(index: int) -> str:
    return ROUTE[index]


def is_kou(index: int) -> bool:
    return index in KOU
