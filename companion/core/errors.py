"""Narrow error classes whose messages carry the offending input."""

from __future__ import annotations


class CompanionError(Exception):
    """Base class of every error the core raises on purpose."""


class IllegalMoveError(CompanionError, ValueError):
    """A move that is not legal in the given position. The position is left unchanged."""

    def __init__(self, move: object, position: str, reason: str = "") -> None:
        self.move = move
        self.position = position
        self.reason = reason
        detail = f" ({reason})" if reason else ""
        super().__init__(f"illegal move {move!s}{detail} in position: {position}")


class MoveParseError(CompanionError, ValueError):
    """Text that is not a move in the game's notation."""

    def __init__(self, text: str, expected: str = "") -> None:
        self.text = text
        hint = f"; expected {expected}" if expected else ""
        super().__init__(f"cannot read move {text!r}{hint}")


class RecordError(CompanionError, ValueError):
    """A game record that cannot be replayed (unknown game, bad option, illegal move...)."""
