"""The state API every game implements, and the seeded-chance and record helpers."""

from companion.core.api import (
    CHANCE,
    TERMINAL,
    GameState,
    Move,
    Outcome,
    Termination,
)
from companion.core.errors import CompanionError, IllegalMoveError, MoveParseError
from companion.core.record import Game, GameRecord

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CompanionError",
    "Game",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "Move",
    "MoveParseError",
    "Outcome",
    "Termination",
]
