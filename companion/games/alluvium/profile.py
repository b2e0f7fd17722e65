"""The sheet and card profiles of Alluvium, read from `resources/profiles/` (editable JSON).

The sheet profile gives the grid size, the two outlined start cells, the colours (the letter a
sheet file uses, names, print colour, symbol) and the rounds per player count. The card profile
gives the six shapes every colour's deck holds; rotations and mirror images are derived here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.resources import load_json

Cell = tuple[int, int]  # (row, column), 0-indexed from the top left
Shape = frozenset[Cell]  # cells normalised so that the smallest row and column are 0

SHEET_PROFILE = "alluvium_sheet.json"
CARD_PROFILE = "alluvium_cards.json"


class ProfileError(ValueError):
    """A profile file that does not describe a sheet or a deck; the message says what."""


@dataclass(frozen=True)
class Colour:
    letter: str
    en: str
    ja: str
    rgb: tuple[float, float, float]
    symbol: str

    def name(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class SheetProfile:
    rows: int
    cols: int
    start_cells: tuple[Cell, Cell]
    colours: tuple[Colour, ...]
    rounds: Mapping[int, int]

    def colour(self, letter: str) -> Colour:
        for colour in self.colours:
            if colour.letter == letter:
                return colour
        raise KeyError(f"no colour {letter!r} (known: {self.letters()})")

    def letters(self) -> str:
        return "".join(c.letter for c in self.colours)

    def rounds_for(self, players: int) -> int:
        try:
            return self.rounds[players]
        except KeyError:
            raise ProfileError(f"Alluvium takes 3–5 players, not {players}") from None

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols


@dataclass(frozen=True)
class Card:
    id: str
    shape: Shape

    @property
    def size(self) -> int:
        return len(self.shape)

    def orientations(self) -> tuple[Shape, ...]:
        return orientations(self.shape)


def normalise(cells: Sequence[Cell] | frozenset[Cell]) -> Shape:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


@cache
def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotations and mirror images of a shape, in a fixed order."""
    found: list[Shape] = []
    current = list(shape)
    for mirror in (False, True):
        cells = [(r, -c) for r, c in current] if mirror else current
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            norm = normalise(cells)
            if norm not in found:
                found.append(norm)
    return tuple(sorted(found, key=lambda s: sorted(s)))


def shape_from_rows(rows: Sequence[str]) -> Shape:
    cells = [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
    if not cells:
        raise ProfileError(f"a card shape has no cells: {list(rows)!r}")
    return normalise(cells)


def _pair(value: Any) -> Cell:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) for v in value)):
        raise ProfileError(f"a start cell must be [row, column], not {value!r}")
    return (value[0], value[1])


def sheet_profile_from(data: Mapping[str, Any]) -> SheetProfile:
    """A sheet profile from its JSON data; `ProfileError` names what is wrong."""
    try:
        rows, cols = int(data["rows"]), int(data["cols"])
        starts = [_pair(v) for v in data["start_cells"]]
        colours = tuple(
            Colour(c["letter"], c["en"], c["ja"], tuple(c["rgb"]), c.get("symbol", ""))
            for c in data["colours"]
        )
        rounds = {int(k): int(v) for k, v in data["rounds"].items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise ProfileError(f"the Alluvium sheet profile is incomplete or wrong: {exc}") from None
    if not (2 <= rows <= 40 and 2 <= cols <= 40):
        raise ProfileError(f"the grid must be 2–40 cells each way, not {rows} × {cols}")
    if len(starts) != 2 or starts[0] == starts[1]:
        raise ProfileError("the sheet needs exactly two different start cells")
    for r, c in starts:
        if not (0 <= r < rows and 0 <= c < cols):
            raise ProfileError(f"start cell ({r}, {c}) is outside the {rows} × {cols} grid")
    letters = [c.letter for c in colours]
    if len(colours) < 4 or len(set(letters)) != len(letters) or any(
            len(x) != 1 or not x.isalpha() or not x.isupper() for x in letters):
        raise ProfileError("the sheet needs at least 4 colours with different capital letters")
    return SheetProfile(rows, cols, (starts[0], starts[1]), colours, rounds)


def deck_from(data: Mapping[str, Any]) -> tuple[Card, ...]:
    try:
        cards = tuple(Card(str(c["id"]), shape_from_rows(c["shape"])) for c in data["cards"])
    except (KeyError, TypeError) as exc:
        raise ProfileError(f"the Alluvium card profile is incomplete or wrong: {exc}") from None
    ids = [c.id for c in cards]
    if not cards or len(set(ids)) != len(ids):
        raise ProfileError("the deck needs cards with different ids")
    return cards


@cache
def sheet_profile() -> SheetProfile:
    """The sheet profile in `resources/profiles/alluvium_sheet.json`."""
    return sheet_profile_from(load_json("profiles", SHEET_PROFILE))


@cache
def deck() -> tuple[Card, ...]:
    """The six cards of one colour from `resources/profiles/alluvium_cards.json`."""
    return deck_from(load_json("profiles", CARD_PROFILE))


def card(card_id: str) -> Card:
    for item in deck():
        if item.id == card_id:
            return item
    raise KeyError(f"no card {card_id!r}")
