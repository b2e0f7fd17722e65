"""Etariya moves and their notation.

Seat moves:

- ``R d4`` — place a red stone from the hand on d4 (a stack on a red stone is written the same);
- ``power e5`` — place the power chip in hand on e5 (expansion D);
- ``accel`` — acceleration: discard an acceleration chip for one more stone (C);
- ``set 2`` — choose open set 1, 2 or 3 (A);
- ``end left`` / ``end right`` — take the stones from that end of the line (B).

Chance outcomes (seat `CHANCE` in a record):

- ``first L`` / ``first D`` — the small-sheet draw: the first player's faction;
- ``map 1 3B~ DLLL/LLDD/LDDD`` — slot 1 gets sheet 3 side B, ``~`` when turned 180°, and the
  face's cells as it was printed (so a record keeps its map even if the faces are edited later);
- ``pair R 4`` — the score chip of value 4 lies on the red dominance chip (E);
- ``chip W`` / ``chip B`` — a power chip turned face up for the player (D);
- ``draw R`` — a red stone out of the bag (into a hand, a set or the line).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.core.notation import expect_keyword, move_words
from companion.games.etariya.board import CODES, FACTIONS, Cell, cell_name, parse_cell

ENDS = ("left", "right")
POWER = ("W", "B")  # white makes a cell Light, black makes it Dark


@dataclass(frozen=True)
class Place(Move):
    """Place a stone of `colour` (one-letter code) from the hand on `cell`."""

    colour: str
    cell: Cell
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"{self.colour} {cell_name(self.cell)}")

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> Place:
        words = text.split()
        if len(words) != 2 or words[0].upper() not in CODES:
            raise MoveParseError(text, "a stone and a cell, e.g. 'R d4'")
        return cls(words[0].upper(), parse_cell(words[1]))


@dataclass(frozen=True)
class PowerChip(Move):
    """Place the power chip in hand on `cell` (D)."""

    cell: Cell
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"power {cell_name(self.cell)}")

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> PowerChip:
        words = move_words(text, "power", 2, "'power <cell>', e.g. 'power e5'")
        return cls(parse_cell(words[1]))


@dataclass(frozen=True)
class Accelerate(Move):
    """Discard an acceleration chip and take one more stone this turn (C)."""

    def __str__(self) -> str:
        return "accel"

    @classmethod
    def parse(cls, text: str) -> Accelerate:
        expect_keyword(text, "accel")
        return cls()


@dataclass(frozen=True)
class ChooseSet(Move):
    """Take open set `number` (1..3) (A)."""

    number: int

    def __str__(self) -> str:
        return f"set {self.number}"

    @classmethod
    def parse(cls, text: str) -> ChooseSet:
        words = move_words(text, "set", 2, "'set 1', 'set 2' or 'set 3'")
        if words[1] not in ("1", "2", "3"):
            raise MoveParseError(text, "'set 1', 'set 2' or 'set 3'")
        return cls(int(words[1]))


@dataclass(frozen=True)
class TakeEnd(Move):
    """Take the stones from the `end` ("left" or "right") of the line (B)."""

    end: str

    def __str__(self) -> str:
        return f"end {self.end}"

    @classmethod
    def parse(cls, text: str) -> TakeEnd:
        words = move_words(text, "end", 2, "'end left' or 'end right'")
        if words[1].lower() not in ENDS:
            raise MoveParseError(text, "'end left' or 'end right'")
        return cls(words[1].lower())


# --- chance ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(Move):
    """Chance: a stone of `colour` comes out of the bag."""

    colour: str

    def __str__(self) -> str:
        return f"draw {self.colour}"

    @classmethod
    def parse(cls, text: str) -> Draw:
        words = move_words(text, "draw", 2, "'draw <colour>', e.g. 'draw R'")
        if words[1].upper() not in CODES:
            raise MoveParseError(text, "'draw' and one of " + " ".join(CODES))
        return cls(words[1].upper())


@dataclass(frozen=True)
class DrawPower(Move):
    """Chance: a power chip turned face up ("W" white or "B" black) (D)."""

    chip: str

    def __str__(self) -> str:
        return f"chip {self.chip}"

    @classmethod
    def parse(cls, text: str) -> DrawPower:
        words = move_words(text, "chip", 2, "'chip W' or 'chip B'")
        if words[1].upper() not in POWER:
            raise MoveParseError(text, "'chip W' or 'chip B'")
        return cls(words[1].upper())


@dataclass(frozen=True)
class FirstFaction(Move):
    """Chance (or the players' choice): the faction of the first player, "L" or "D"."""

    faction: str

    def __str__(self) -> str:
        return f"first {self.faction}"

    @classmethod
    def parse(cls, text: str) -> FirstFaction:
        words = move_words(text, "first", 2, "'first L' or 'first D'")
        if words[1].upper() not in FACTIONS:
            raise MoveParseError(text, "'first L' or 'first D'")
        return cls(words[1].upper())


@dataclass(frozen=True)
class MapEvent(Move):
    """Chance: slot `slot` (1..4) gets face `face_id` (e.g. "3B"), turned 180° or not; `rows`
    is the face as printed (3 rows of 4 'L'/'D')."""

    slot: int
    face_id: str
    turned: bool
    rows: tuple[str, ...]

    def __str__(self) -> str:
        return f"map {self.slot} {self.face_id}{'~' if self.turned else ''} {'/'.join(self.rows)}"

    @classmethod
    def parse(cls, text: str) -> MapEvent:
        expected = "'map <slot> <face>[~] <rows>', e.g. 'map 1 3B~ DLLL/LLDD/LDDD'"
        words = move_words(text, "map", 4, expected)
        face = words[2].upper()
        turned = face.endswith("~")
        face = face.rstrip("~")
        if words[1] not in ("1", "2", "3", "4") or len(face) != 2 or face[0] not in "12345678" \
                or face[1] not in "AB":
            raise MoveParseError(text, expected)
        rows = tuple(words[3].upper().split("/"))
        return cls(int(words[1]), face, turned, rows)


@dataclass(frozen=True)
class Pair(Move):
    """Chance: the score chip of `value` lies on the dominance chip of `colour` (E)."""

    colour: str
    value: int

    def __str__(self) -> str:
        return f"pair {self.colour} {self.value}"

    @classmethod
    def parse(cls, text: str) -> Pair:
        words = move_words(text, "pair", 3, "'pair <colour> <value>', e.g. 'pair R 4'")
        if words[1].upper() not in CODES or not words[2].isdigit():
            raise MoveParseError(text, "'pair <colour> <value>', e.g. 'pair R 4'")
        return cls(words[1].upper(), int(words[2]))


PARSERS: dict[str, type[Move]] = {
    "power": PowerChip, "accel": Accelerate, "set": ChooseSet, "end": TakeEnd,
    "draw": Draw, "chip": DrawPower, "first": FirstFaction, "map": MapEvent, "pair": Pair,
}


def parse_move(text: str) -> Move:
    """Any Etariya move or chance outcome from its notation; `MoveParseError` otherwise."""
    words = text.split()
    if not words:
        raise MoveParseError(text, "an Etariya move such as 'R d4', 'power e5', 'accel', "
                                   "'set 2' or 'end left'")
    head = words[0].lower()
    if head in PARSERS:
        return PARSERS[head].parse(text)
    if words[0].upper() in CODES:
        return Place.parse(text)
    raise MoveParseError(text, "an Etariya move such as 'R d4', 'power e5', 'accel', "
                               "'set 2' or 'end left'")
