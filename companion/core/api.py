"""The state API shared by every game (modelled on OpenSpiel's State and python-chess's Board).

A game is a `GameState` subclass. Chance is explicit: when `to_move()` returns `CHANCE`, the
legal moves are the chance outcomes and `chance_outcomes()` gives their probabilities. A driver
(`companion.core.record.Game`) samples them from a seeded `random.Random` and records them, so a
game is reproduced exactly from (game id, options, seed, moves).
"""

from __future__ import annotations

import copy as _copy
import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.core.errors import IllegalMoveError

#: `to_move()` value while chance acts (a throw, a draw, a shuffle).
CHANCE = -1
#: `to_move()` value once the game is over.
TERMINAL = -2


class Move(ABC):
    """A move: a frozen dataclass with a short text notation (`str(m)`) and a parser."""

    @classmethod
    @abstractmethod
    def parse(cls, text: str) -> Self:
        """Read a move from its notation; raise `MoveParseError` for anything else."""

    @abstractmethod
    def __str__(self) -> str: ...


class Termination(enum.Enum):
    """Why a game ended."""

    NORMAL = "normal"  # the rules' end condition
    ELIMINATION = "elimination"  # all but the winners are out
    ROUND_LIMIT = "round_limit"  # the agreed number of rounds was played
    ABANDONED = "abandoned"  # stopped by the players


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: scores per seat, winning seats, the reason."""

    scores: tuple[float, ...]
    winners: frozenset[int]
    termination: Termination = Termination.NORMAL
    breakdown: tuple[Mapping[str, float], ...] = ()
    detail: str = ""

    def ranks(self) -> tuple[int, ...]:
        """Competition ranks ("1, 2, 2, 4") by score, winners always first."""
        order = [
            (0 if seat in self.winners else 1, -score) for seat, score in enumerate(self.scores)
        ]
        return tuple(1 + sum(1 for other in order if other < mine) for mine in order)

    def is_shared_victory(self) -> bool:
        return len(self.winners) > 1


@dataclass
class GameState(ABC):
    """A position of one game. Subclasses are dataclasses holding plain, copyable data."""

    #: Registry id of the game this state belongs to.
    game_id: ClassVar[str] = ""

    num_players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    # --- whose turn -------------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> int:
        """The seat to act, `CHANCE` while chance acts, or `TERMINAL` when the game is over."""

    def is_over(self) -> bool:
        return self.to_move() == TERMINAL

    def is_chance(self) -> bool:
        return self.to_move() == CHANCE

    # --- moves ------------------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every legal move now (chance outcomes while `is_chance()`); empty when over."""

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """(outcome, probability) pairs while `is_chance()`; probabilities sum to 1."""
        return []

    @abstractmethod
    def _apply(self, move: Any) -> None:
        """Apply a move already known to be legal."""

    def play(self, move: Any) -> None:
        """Apply `move`; raise `IllegalMoveError` (state unchanged) if it is not legal."""
        if move not in self.legal_moves():
            raise IllegalMoveError(move, self.describe(), self.why_illegal(move))
        self._apply(move)

    def why_illegal(self, move: Any) -> str:
        """A short human reason for an illegal move (override for better messages)."""
        if self.is_over():
            return "the game is over"
        return "not among the legal moves"

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """Read a move (or chance outcome) of this game from its notation."""

    # --- result -----------------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    def returns(self) -> tuple[float, ...]:
        """Per-seat utility for bots: 1 for a sole win, 1/k for a k-way shared win, else 0."""
        result = self.outcome()
        if result is None or not result.winners:
            return tuple(0.0 for _ in range(self.num_players))
        share = 1.0 / len(result.winners)
        return tuple(share if s in result.winners else 0.0 for s in range(self.num_players))

    # --- information ------------------------------------------------------------------------
    def view(self, seat: int) -> Self:
        """What `seat` may see. Games with hidden information override this to redact it."""
        return self.copy()

    def has_hidden_information(self) -> bool:
        return False

    def determinize(self, seat: int, rng: Any) -> Self:
        """A full state consistent with `view(seat)`, hidden parts sampled from `rng`."""
        return self.copy()

    def copy(self) -> Self:
        return _copy.deepcopy(self)

    @abstractmethod
    def describe(self) -> str:
        """A one-line text description of the position (used in error messages and logs)."""

    def invariant_errors(self) -> Sequence[str]:
        """Broken invariants (piece counts, ledgers); empty when all hold. Used by tests."""
        return ()
