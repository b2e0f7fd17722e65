"""The 机戦 boards as data: squares, their names, water (皇水) and the fixed 皇処 squares.

Squares are indices ``row * width + column``; row 0 is the top row as the public diagrams draw
it (the A side's back rank on the standard board), column 0 the left column as the IA side
sees it. The standard board names squares by column + row, ``K L N T Z X C M P`` × ``A E I U
O Y AI AU IA`` (``ZIA`` is the IA side's king square); the plain names of the rules notes,
files ``a``… from the left and ranks ``1``… from the bottom (``e1`` = ``ZIA``), are accepted
everywhere too. Boards without public names (the 5 × 7 education board) use the plain ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from companion.core.errors import MoveParseError

FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Board:
    """One board's geometry and special squares (immutable, shared by every state)."""

    key: str
    width: int
    height: int
    #: Public column names left → right and row names top → bottom (empty: plain names only).
    columns: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    water: frozenset[int] = frozenset()
    #: Fixed 皇処 squares (the squares round the 皇 are added while playing).
    hue: frozenset[int] = frozenset()
    #: 皇山, the centre: water and 皇処 at once; the 皇 starts there.
    hill: int = -1
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _plain: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _lookup: Mapping[str, int] = field(init=False, repr=False, compare=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable and shared by every state on this board

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return board_named, (self.key,)

    def __post_init__(self) -> None:
        plain = tuple(f"{FILES[c]}{self.height - r}" for r in range(self.height)
                      for c in range(self.width))
        public = tuple(self.columns[c] + self.rows[r] for r in range(self.height)
                       for c in range(self.width)) if self.columns else plain
        lookup = {name.lower(): i for i, name in enumerate(plain)}
        lookup.update({name.lower(): i for i, name in enumerate(public)})
        object.__setattr__(self, "_names", public)
        object.__setattr__(self, "_plain", plain)
        object.__setattr__(self, "_lookup", MappingProxyType(lookup))
        object.__setattr__(self, "neighbours", tuple(
            tuple(self.offset(sq, dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and self.offset(sq, dr, dc) >= 0)
            for sq in range(self.size)))

    @property
    def size(self) -> int:
        return self.width * self.height

    def row(self, sq: int) -> int:
        return sq // self.width

    def col(self, sq: int) -> int:
        return sq % self.width

    def square(self, row: int, col: int) -> int:
        return row * self.width + col

    def offset(self, sq: int, dr: int, dc: int) -> int:
        """The square `dr` rows down and `dc` columns right of `sq`, or -1 off the board."""
        r, c = sq // self.width + dr, sq % self.width + dc
        if 0 <= r < self.height and 0 <= c < self.width:
            return r * self.width + c
        return -1

    def name(self, sq: int) -> str:
        """The square's name in the notation (public where the board has public names)."""
        return self._names[sq]

    def plain_name(self, sq: int) -> str:
        return self._plain[sq]

    def is_square_name(self, text: str) -> bool:
        return text.strip().lower() in self._lookup

    def parse_square(self, text: str) -> int:
        """A square from its public or plain name (any letter case)."""
        found = self._lookup.get(text.strip().lower())
        if found is None:
            raise MoveParseError(text, self.square_help())
        return found

    def canonical(self, text: str) -> str:
        """The notation's spelling of a square name given in any accepted spelling."""
        return self._names[self.parse_square(text)]

    def square_help(self) -> str:
        if self.columns:
            return (f"a square such as {self.name(self.size - self.width // 2 - 1)} (columns "
                    f"{' '.join(self.columns)}, rows {' '.join(self.rows)}) or its plain name "
                    f"{self.plain_name(self.size - self.width // 2 - 1)}")
        return f"a square a1–{FILES[self.width - 1]}{self.height}"

    def is_water(self, sq: int) -> bool:
        return sq in self.water

    def distance(self, a: int, b: int) -> int:
        """King-move distance (the length of a straight or diagonal line)."""
        return max(abs(self.row(a) - self.row(b)), abs(self.col(a) - self.col(b)))

    def names(self, squares: Iterable[int]) -> list[str]:
        return [self.name(sq) for sq in squares]


def _square(columns: tuple[str, ...], rows: tuple[str, ...], name: str) -> int:
    return rows.index(name[1:]) * len(columns) + columns.index(name[0])


def _squares(columns: tuple[str, ...], rows: tuple[str, ...], names: str) -> frozenset[int]:
    return frozenset(_square(columns, rows, name) for name in names.split())


COLUMNS = ("K", "L", "N", "T", "Z", "X", "C", "M", "P")
ROWS = ("A", "E", "I", "U", "O", "Y", "AI", "AU", "IA")

#: The standard 9 × 9 board (標準机戦; 古机戦 shares its shape and water).
STANDARD_BOARD = Board(
    key="9x9",
    width=9,
    height=9,
    columns=COLUMNS,
    rows=ROWS,
    water=_squares(COLUMNS, ROWS, "ZI ZU ZO ZY ZAI NO TO XO CO"),
    hue=_squares(COLUMNS, ROWS, "NI CI TU XU ZO TY XY NAI CAI"),
    hill=_square(COLUMNS, ROWS, "ZO"),
)

#: 古机戦's board: the standard shape and water (水), no 皇処 and no 皇山.
OLD_BOARD = Board(
    key="9x9-old",
    width=9,
    height=9,
    columns=COLUMNS,
    rows=ROWS,
    water=STANDARD_BOARD.water,
)

#: 教育机戦's 5 × 7 board: the middle rank is water, its centre (c4) 皇山; no fixed 皇処 besides
#: the centre. The book gives it no square names: files a–e, ranks 1–7 (cetkaik.md §1.4).
EDUCATION_BOARD = Board(
    key="5x7",
    width=5,
    height=7,
    water=frozenset(range(3 * 5, 4 * 5)),
    hue=frozenset({3 * 5 + 2}),
    hill=3 * 5 + 2,
)

#: The boards by key (a pickled `Board` comes back as the shared one).
BOARDS: dict[str, Board] = {b.key: b for b in (STANDARD_BOARD, OLD_BOARD, EDUCATION_BOARD)}


def board_named(key: str) -> Board:
    return BOARDS[key]
