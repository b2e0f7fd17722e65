"""What the stake games (値戦, 開樽) share: a stock of points per seat, a pot, the ledger of
pots won and points staked, and the result by points held."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from companion.core.api import Outcome, Termination
from companion.games.nincetkaik.cardgame import CardGameState


@dataclass
class StakeGameState(CardGameState):
    """Points per seat plus the pot always add up to the starting stocks."""

    start_points: int = 40
    pot: int = 0
    won: list[int] = field(default_factory=list)
    staked: list[int] = field(default_factory=list)

    def _init_stakes(self, options: dict[str, Any]) -> None:
        self.start_points = int(options.get("stock", 40))
        self._init_seats(self.start_points)
        self.won = [0] * self.num_players
        self.staked = [0] * self.num_players
        self.queue = [("parent", -1)]

    def _copy_into(self, other: Self) -> None:
        other.won = list(self.won)
        other.staked = list(self.staked)

    def _stake(self, seat: int, amount: int) -> None:
        self.points[seat] -= amount
        self.pot += amount
        self.staked[seat] += amount

    def _pay_out(self, shares: Sequence[int]) -> None:
        for seat, share in enumerate(shares):
            self.points[seat] += share
            self.won[seat] += share
        self.pot -= sum(shares)

    def _too_much(self, amount: int, seat: int) -> str:
        return (f"a bet of {amount} is more than the {self.points[seat]} points seat "
                f"{seat + 1} holds")

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        breakdown = tuple({"start": float(self.start_points), "pots": float(self.won[s]),
                           "stakes": float(-self.staked[s])} for s in range(self.num_players))
        ended = Termination.ROUND_LIMIT if self.reason.endswith("played") else \
            Termination.NORMAL
        return self._points_outcome(breakdown, ended)

    def stake_errors(self) -> list[str]:
        errors = list(self.card_errors())
        total = self.start_points * self.num_players
        if sum(self.points) + self.pot != total:
            errors.append(f"points {self.points} + pot {self.pot} != {total}")
        if any(p < 0 for p in self.points):
            errors.append(f"a seat holds less than nothing: {self.points}")
        return errors
