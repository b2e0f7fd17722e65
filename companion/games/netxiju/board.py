"""The 六裁 board (the separate board sheet and p.19 of the book): 8 columns × 4 rows.

Squares are numbered along the track from 0 (the start, lower right, halved by a diagonal) to
31 (the goal, upper right): left along the bottom row, right along the third, left along the
second, right along the top. Some squares have 2 or 3 lines drawn across them; landing there
costs that many cups. All lines together are 22, the "twenty-two cups" of the legend.

Geometry for drawing: `cell(i)` is (row, column) with row 0 at the top and column 0 at the left.
"""

from __future__ import annotations

ROWS = 4
COLUMNS = 8
SQUARES = ROWS * COLUMNS
START = 0
GOAL = SQUARES - 1
#: Lines drawn across the square at each track index (0 for most squares).
LINES: tuple[int, ...] = tuple(
    {3: 2, 6: 2, 9: 2, 12: 2, 15: 2, 19: 3, 23: 3, 27: 3, 31: 3}.get(i, 0)
    for i in range(SQUARES))
#: The lined squares in track order; 牛行 needs a stop on each of them.
LINED: tuple[int, ...] = tuple(i for i in range(SQUARES) if LINES[i])
ALL_LINED_MASK = sum(1 << i for i in LINED)

Cell = tuple[int, int]


def cell(index: int) -> Cell:
    """(row from the top, column from the left) of track square `index`."""
    if not 0 <= index < SQUARES:
        raise ValueError(f"六裁 has squares 0 to {GOAL}, not {index}")
    lap, step = divmod(index, COLUMNS)
    row = ROWS - 1 - lap
    column = COLUMNS - 1 - step if lap % 2 == 0 else step
    return row, column


def index_at(row: int, column: int) -> int:
    """The track index of the square at (row, column)."""
    lap = ROWS - 1 - row
    step = COLUMNS - 1 - column if lap % 2 == 0 else column
    return lap * COLUMNS + step


TRACK: tuple[Cell, ...] = tuple(cell(i) for i in range(SQUARES))


def square_name(index: int) -> str:
    """"R4C8" style: row 1 at the top, column 1 at the left (as the rules notes write it)."""
    row, column = cell(index)
    return f"R{row + 1}C{column + 1}"
