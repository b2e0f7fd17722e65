"""Moves of the stick games as frozen dataclasses with a text notation (see the package doc)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Self

from companion.core.api import Move
from companion.core.chance import STICKS, stick_distribution
from companion.core.errors import MoveParseError

NOTATION = "throw, again, bank, bet <number>x<amount> or =<sticks face up>"


def _word(cls: type, word: str, text: str) -> None:
    if text.strip().lower() != word:
        raise MoveParseError(text, word)


@dataclass(frozen=True)
class Throw(Move):
    """Throw the five sticks."""

    @classmethod
    def parse(cls, text: str) -> Self:
        _word(cls, "throw", text)
        return cls()

    def __str__(self) -> str:
        return "throw"


@dataclass(frozen=True)
class Again(Move):
    """連撃獣裁: throw once more and add the result to the running total."""

    @classmethod
    def parse(cls, text: str) -> Self:
        _word(cls, "again", text)
        return cls()

    def __str__(self) -> str:
        return "again"


@dataclass(frozen=True)
class Bank(Move):
    """連撃獣裁: fix the running total as this seat's result."""

    @classmethod
    def parse(cls, text: str) -> Self:
        _word(cls, "bank", text)
        return cls()

    def __str__(self) -> str:
        return "bank"


@dataclass(frozen=True)
class Sticks(Move):
    """A chance outcome: how many of the five sticks landed face up."""

    face_up: int

    @classmethod
    def parse(cls, text: str) -> Self:
        match = re.fullmatch(r"\s*=\s*(\d)\s*", text)
        if match is None or int(match.group(1)) > STICKS:
            raise MoveParseError(text, f"=0 .. ={STICKS}")
        return cls(int(match.group(1)))

    def __str__(self) -> str:
        return f"={self.face_up}"


@dataclass(frozen=True)
class Bet(Move):
    """新遊: a player's stake of `amount` points on `number` (0..5)."""

    number: int
    amount: int

    @classmethod
    def parse(cls, text: str) -> Self:
        match = re.fullmatch(r"\s*bet\s+(\d)\s*[x×*]\s*(\d+)\s*", text, flags=re.IGNORECASE)
        if match is None or int(match.group(1)) > STICKS:
            raise MoveParseError(text, "bet <number 0-5>x<amount>, e.g. bet 3x2")
        return cls(int(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        return f"bet {self.number}x{self.amount}"


StickMove = Throw | Again | Bank | Sticks | Bet

_PARSERS: tuple[type[Throw] | type[Again] | type[Bank] | type[Sticks] | type[Bet], ...] = (
    Throw, Again, Bank, Sticks, Bet,
)


def parse_move(text: str) -> StickMove:
    """Read any stick-game move; `MoveParseError` naming the notation otherwise."""
    for kind in _PARSERS:
        try:
            return kind.parse(text)
        except MoveParseError:
            continue
    raise MoveParseError(text, NOTATION)


#: One chance outcome per possible throw.
ALL_THROWS: tuple[Sticks, ...] = tuple(Sticks(k) for k in range(STICKS + 1))
#: The chance outcomes of a throw with their probabilities (computed once).
THROW_ODDS: tuple[tuple[Sticks, float], ...] = tuple(
    (ALL_THROWS[k], p) for k, p in stick_distribution()
)
