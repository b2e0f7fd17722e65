"""六裁 moves and their notation.

- ``throw`` — the player to move throws the six sticks (or rolls the die): their only move;
- ``=4`` — chance: the sticks show 4 face up (0–6), or the die shows 4 (1–6);
- ``first 2`` — chance: the second seat begins the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from companion.core.api import Move
from companion.core.chance import stick_distribution
from companion.core.errors import MoveParseError
from companion.games.first_player import FirstPlayer
from companion.games.sticks.moves import Throw

#: The six throwing sticks of 六裁 (the name: 六 six, 裁 cast).
STICKS = 6
DIE_FACES = 6
NOTATION = "'throw', '=<0-6>' or 'first <seat>'"


@dataclass(frozen=True)
class Cast(Move):
    """Chance: how many sticks landed face up (0–6), or the die's face (1–6)."""

    value: int

    def __str__(self) -> str:
        return f"={self.value}"

    @classmethod
    def parse(cls, text: str) -> Cast:
        match = re.fullmatch(r"\s*=\s*(\d)\s*", text)
        if match is None or int(match.group(1)) > STICKS:
            raise MoveParseError(text, f"=0 .. ={STICKS}")
        return cls(int(match.group(1)))


CASTS: tuple[Cast, ...] = tuple(Cast(k) for k in range(STICKS + 1))
#: (outcome, probability) of six fair sticks: 1, 6, 15, 20, 15, 6, 1 in 64.
STICK_ODDS: tuple[tuple[Cast, float], ...] = tuple(
    (CASTS[k], p) for k, p in stick_distribution(STICKS))
DIE_ODDS: tuple[tuple[Cast, float], ...] = tuple(
    (CASTS[k], float(Fraction(1, DIE_FACES))) for k in range(1, DIE_FACES + 1))

NetxijuMove = Throw | Cast | FirstPlayer


def parse_move(text: str) -> NetxijuMove:
    """Any 六裁 move or chance outcome from its notation; `MoveParseError` otherwise."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head == "throw":
        return Throw.parse(text)
    if head == "first":
        return FirstPlayer.parse(text)
    if head.startswith("="):
        return Cast.parse(text)
    raise MoveParseError(text, NOTATION)


__all__ = ["CASTS", "DIE_ODDS", "STICKS", "STICK_ODDS", "Cast", "FirstPlayer", "NetxijuMove",
           "Throw", "parse_move"]
