"""Seats in move notation and the chance event that picks who begins, for games whose seats
are simply numbered (六裁, 行山, 連船之遊).

- `seat_text(seat)` / `parse_seat(word, text, expected)`: a seat is written from 1 in notation
  ("2" is the second seat), held from 0 in code.
- `FirstPlayer`: the chance event ``first 2`` (the second seat begins), drawn at random in a
  digital game or entered at the table; `first_player_outcomes(n)` gives every seat the same odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.api import Move
from companion.core.errors import MoveParseError

MAX_SEATS = 6


def seat_text(seat: int) -> str:
    """Seat 0 is written "1"."""
    return str(seat + 1)


def parse_seat(word: str, text: str, expected: str) -> int:
    """A seat written from 1 (1..6) → its index from 0; `MoveParseError` otherwise."""
    if not word.isdigit() or not 1 <= int(word) <= MAX_SEATS:
        raise MoveParseError(text, expected)
    return int(word) - 1


@dataclass(frozen=True)
class FirstPlayer(Move):
    """Chance: the seat that begins the game (drawn at random, or entered at the table)."""

    seat: int

    def __str__(self) -> str:
        return f"first {seat_text(self.seat)}"

    @classmethod
    def parse(cls, text: str) -> FirstPlayer:
        expected = "'first <seat 1-6>', e.g. 'first 2'"
        words = text.split()
        if len(words) != 2 or words[0].lower() != "first":
            raise MoveParseError(text, expected)
        return cls(parse_seat(words[1], text, expected))


def first_player_outcomes(num_players: int) -> list[tuple[Any, float]]:
    """Every seat equally likely to begin."""
    return [(FirstPlayer(s), 1.0 / num_players) for s in range(num_players)]


def first_player_text(seat: int, lang: str) -> str:
    """``first 2`` as a log reads it: "2番席が先手" / "seat 2 begins"."""
    return f"{seat_text(seat)}番席が先手" if lang == "ja" else f"seat {seat_text(seat)} begins"
