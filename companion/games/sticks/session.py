"""What 獣裁, 連撃獣裁 and 新遊 share: a session of rounds over a fixed stock of points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from companion.core.api import GameState, Outcome, Termination


@dataclass
class PointsSession(GameState):
    """Points per seat plus what lies on the table (`pot`) always add up to the stock."""

    points: list[int] = field(default_factory=list)
    pot: int = 0
    round: int = 0  # rounds started so far (1-based number of the current round)
    last_throw: int | None = None  # the most recent throw shown by the sticks
    ended: Termination | None = None

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> Self:
        state = cls(num_players=num_players, options=dict(options))
        state.points = [int(options["start_points"])] * num_players
        state._begin_round()
        return state

    @property
    def rounds(self) -> int:
        raise NotImplementedError

    def _begin_round(self) -> None:
        raise NotImplementedError

    @property
    def total_points(self) -> int:
        return int(self.options["start_points"]) * self.num_players

    def solvent_seats(self) -> list[int]:
        """Seats with points left (the others are bankrupt and sit out)."""
        return [s for s in range(self.num_players) if self.points[s] > 0]

    def _next_round_order(self, first: int) -> list[int] | None:
        """Start the next round: the solvent seats clockwise from `first`, or None when the
        session ends here (fewer than two seats with points, or the last round played)."""
        solvent = self.solvent_seats()
        if len(solvent) < 2:
            self.ended = Termination.ELIMINATION
            return None
        if self.round >= self.rounds:
            self.ended = Termination.ROUND_LIMIT
            return None
        self.round += 1
        order = [(first + i) % self.num_players for i in range(self.num_players)]
        return [s for s in order if s in solvent]

    def outcome(self) -> Outcome | None:
        """Most points wins (ties share the win)."""
        if self.ended is None:
            return None
        best = max(self.points)
        reason = ("only one seat has points left" if self.ended is Termination.ELIMINATION
                  else f"{self.round} rounds played")
        return Outcome(
            scores=tuple(float(p) for p in self.points),
            winners=frozenset(s for s, p in enumerate(self.points) if p == best),
            termination=self.ended,
            breakdown=tuple({"points": float(p)} for p in self.points),
            detail=reason,
        )

    def points_errors(self, table: str) -> list[str]:
        """Broken conservation of points (`table` names what lies on the table)."""
        errors = []
        if sum(self.points) + self.pot != self.total_points:
            errors.append(f"points {self.points} + {table} {self.pot} != {self.total_points}")
        if any(p < 0 for p in self.points) or self.pot < 0:
            errors.append(f"negative points: {self.points}, {table} {self.pot}")
        if self.ended is not None and self.pot != 0:
            errors.append(f"session over with {self.pot} left on the table")
        return errors

    def invariant_errors(self) -> Sequence[str]:
        return self.points_errors("pot")
