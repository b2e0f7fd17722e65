"""連船之遊 moves and their notation. Ships are numbered 1–3 (their marks: one, two, three
bars); seats are written from 1.

Every turn begins with the five sticks thrown (chance); the seat's move uses the number n:

- ``move 2`` — pay n from ship 2's cargo and sail it n squares;
- ``build 3`` — pay 5 from the start stock and load 5 onto ship 3 (at the start, empty);
- ``supply 1`` — load n onto ship 1;
- ``plunder 1 2.3`` — ship 1 takes n − 1 from seat 2's ship 3 on the same square;
- ``recall 2`` — bring ship 2 back to the start and unload its cargo into the start stock.

Chance: ``=3`` (three sticks face up, 0–5) and ``first 2`` (the second seat begins).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.games.first_player import FirstPlayer, parse_seat, seat_text
from companion.games.sticks.moves import Sticks

NOTATION = ("'move <ship>', 'build <ship>', 'supply <ship>', 'recall <ship>', "
            "'plunder <ship> <seat>.<ship>', '=<0-5>' or 'first <seat>'")


def _ship(word: str, text: str) -> int:
    if word not in ("1", "2", "3"):
        raise MoveParseError(text, "a ship 1, 2 or 3")
    return int(word)


@dataclass(frozen=True)
class ShipAction(Move):
    """An action on one of the mover's ships (`ship` 1..3); `verb` names it."""

    ship: int

    verb = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.ship}"

    @classmethod
    def parse(cls, text: str) -> ShipAction:
        words = text.split()
        if len(words) != 2 or words[0].lower() != cls.verb:
            raise MoveParseError(text, f"'{cls.verb} <ship 1-3>'")
        return cls(_ship(words[1], text))


@dataclass(frozen=True)
class Sail(ShipAction):
    """移動: pay the thrown number from this ship's cargo and move it that many squares."""

    verb = "move"


@dataclass(frozen=True)
class Build(ShipAction):
    """造船: 5 from the start stock onto this empty ship at the start."""

    verb = "build"


@dataclass(frozen=True)
class Supply(ShipAction):
    """補給: load the thrown number onto this ship (cargo above 15 is lost)."""

    verb = "supply"


@dataclass(frozen=True)
class Recall(ShipAction):
    """召集: the ship returns to the start; its cargo goes into the start stock."""

    verb = "recall"


@dataclass(frozen=True)
class Plunder(Move):
    """略奪: the mover's `ship` takes from `victim`'s ship `target` on the same square."""

    ship: int
    victim: int  # seat from 0
    target: int

    def __str__(self) -> str:
        return f"plunder {self.ship} {seat_text(self.victim)}.{self.target}"

    @classmethod
    def parse(cls, text: str) -> Plunder:
        expected = "'plunder <ship> <seat>.<ship>', e.g. 'plunder 1 2.3'"
        words = text.split()
        if len(words) != 3 or words[0].lower() != "plunder" or words[2].count(".") != 1:
            raise MoveParseError(text, expected)
        seat, target = words[2].split(".")
        return cls(_ship(words[1], text), parse_seat(seat, text, expected), _ship(target, text))


ACTIONS: dict[str, type[ShipAction]] = {c.verb: c for c in (Sail, Build, Supply, Recall)}
TudeMove = Sticks | FirstPlayer | ShipAction | Plunder


def parse_move(text: str) -> TudeMove:
    """Any 連船之遊 move or chance outcome from its notation; `MoveParseError` otherwise."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head in ACTIONS:
        return ACTIONS[head].parse(text)
    if head == "plunder":
        return Plunder.parse(text)
    if head == "first":
        return FirstPlayer.parse(text)
    if head.startswith("="):
        return Sticks.parse(text)
    raise MoveParseError(text, NOTATION)
