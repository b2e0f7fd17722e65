"""獣裁 (juusai) and 連撃獣裁 (rengeki): every seat stakes, throws, the highest takes the pot.

A session of rounds. Each round:

1. Every seat with points left stakes `stake` points into the pot (a seat holding less stakes
   all it has — the companion's choice). A seat with no points is bankrupt and sits out.
2. The seats throw in turn, starting one seat further round the table each round.
   獣裁: one ``throw`` each. 連撃獣裁: ``throw``, then ``again`` (throw and add; a 0 or 1 on a
   re-throw loses the running total, the result is 0 and the turn ends) or ``bank``.
3. The highest result takes the whole pot. On a tie for highest only the tied seats stake
   again and throw again, until one wins. A tied seat that cannot pay (no points left) throws
   anyway without staking (the companion's choice).

The session ends after `rounds` rounds, or earlier when fewer than two seats have points.
Chance outcomes are `Sticks(k)` (``=k``) drawn with the five-stick odds C(5,k)/32.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.core.api import CHANCE, TERMINAL
from companion.games.sticks.ledger import Ledger, RoundResult
from companion.games.sticks.moves import (
    ALL_THROWS,
    THROW_ODDS,
    Again,
    Bank,
    StickMove,
    Sticks,
    Throw,
    parse_move,
)
from companion.games.sticks.session import PointsSession

#: A re-throw showing one of these loses the running total (連撃獣裁).
LOSING_RETHROWS = frozenset({0, 1})


@dataclass
class PotState(PointsSession):
    """A 獣裁 session (and, with `repeated`, a 連撃獣裁 session)."""

    game_id: ClassVar[str] = "juusai"
    #: 連撃獣裁: a seat may throw again and add, until it banks or busts.
    repeated: ClassVar[bool] = False

    contenders: list[int] = field(default_factory=list)  # throwing order of this throw-off
    turn: int = 0  # index into `contenders` of the seat to throw
    results: list[int | None] = field(default_factory=list)  # fixed results, per seat
    running: int = 0  # 連撃獣裁: running total of the seat at turn
    thrown: bool = False  # 連撃獣裁: the seat at turn has thrown at least once
    awaiting: bool = False  # sticks in the air: chance acts
    throwoff: int = 0  # re-throws after ties in this round
    last: RoundResult | None = None

    # --- creating ---------------------------------------------------------------------------
    @property
    def stake(self) -> int:
        return int(self.options["stake"])

    @property
    def rounds(self) -> int:
        return int(self.options["rounds"])

    def _begin_round(self) -> None:
        order = self._next_round_order(self.round % self.num_players)
        if order is None:
            return
        self.throwoff = 0
        self._collect(order)
        self._start_throwoff(order)

    def _collect(self, seats: Sequence[int]) -> None:
        """Each seat stakes `stake`, or all it has when it holds less."""
        for seat in seats:
            paid = min(self.stake, self.points[seat])
            self.points[seat] -= paid
            self.pot += paid

    def _start_throwoff(self, order: Sequence[int]) -> None:
        self.contenders = list(order)
        self.turn = 0
        self.results = [None] * self.num_players
        self.running = 0
        self.thrown = False
        self.awaiting = False

    # --- whose turn -------------------------------------------------------------------------
    def current_seat(self) -> int | None:
        """The seat throwing now (also while its sticks are in the air)."""
        if self.ended is not None:
            return None
        return self.contenders[self.turn]

    def to_move(self) -> int:
        if self.ended is not None:
            return TERMINAL
        if self.awaiting:
            return CHANCE
        return self.contenders[self.turn]

    # --- moves ------------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        if self.ended is not None:
            return []
        if self.awaiting:
            return list(ALL_THROWS)
        if self.repeated and self.thrown:
            return [Again(), Bank()]
        return [Throw()]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.is_chance():
            return []
        return list(THROW_ODDS)

    def parse_move(self, text: str) -> StickMove:
        return parse_move(text)

    def why_illegal(self, move: Any) -> str:
        if self.is_chance():
            return "the sticks are in the air: only a throw result (=0 .. =5) can come"
        if self.ended is None and isinstance(move, (Again, Bank)) and not self.thrown:
            return "throw first"
        return super().why_illegal(move)

    def _apply(self, move: Any) -> None:
        if isinstance(move, (Throw, Again)):
            self.awaiting = True
        elif isinstance(move, Bank):
            self._fix(self.running)
        elif isinstance(move, Sticks):
            self._land(move.face_up)

    def _land(self, face_up: int) -> None:
        self.awaiting = False
        self.last_throw = face_up
        if not self.repeated:
            self._fix(face_up)
        elif not self.thrown:
            self.thrown = True
            self.running = face_up
        elif face_up in LOSING_RETHROWS:
            self._fix(0)
        else:
            self.running += face_up

    def _fix(self, result: int) -> None:
        self.results[self.contenders[self.turn]] = result
        self.turn += 1
        self.running = 0
        self.thrown = False
        if self.turn == len(self.contenders):
            self._settle()

    def _settle(self) -> None:
        best = max(self.results[s] or 0 for s in self.contenders)
        top = [s for s in self.contenders if self.results[s] == best]
        if len(top) > 1:
            self.throwoff += 1
            self.last = RoundResult(self.round, None, 0, tuple(self.results), tuple(top),
                                    self.throwoff)
            self._collect(top)
            self._start_throwoff(top)
            return
        winner = top[0]
        self.last = RoundResult(self.round, winner, self.pot, tuple(self.results), (),
                                self.throwoff)
        self.points[winner] += self.pot
        self.pot = 0
        self._begin_round()

    # --- information ------------------------------------------------------------------------
    def copy(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.points = list(self.points)
        other.contenders = list(self.contenders)
        other.results = list(self.results)
        return other

    def ledger(self) -> Ledger:
        """What the table shows: points, pot, this throw-off's results, whose turn."""
        seat = self.current_seat()
        return Ledger(
            points=tuple(self.points),
            pot=self.pot,
            round=self.round,
            rounds=self.rounds,
            contenders=tuple(self.contenders) if self.ended is None else (),
            results=tuple(self.results),
            seat=seat,
            running=self.running if self.repeated and self.thrown else None,
            last_throw=self.last_throw,
            last=self.last,
        )

    def describe(self) -> str:
        if self.ended is not None:
            state = f"over ({self.ended.value})"
        elif self.awaiting:
            state = f"seat {self.contenders[self.turn] + 1} throwing"
        else:
            state = f"seat {self.contenders[self.turn] + 1} to move"
        results = ",".join("-" if r is None else str(r) for r in self.results)
        running = f" running {self.running}" if self.repeated and self.thrown else ""
        tie = f" throw-off {self.throwoff}" if self.throwoff else ""
        return (f"{self.game_id} round {self.round}/{self.rounds}{tie} points "
                f"{','.join(map(str, self.points))} pot {self.pot} results [{results}]"
                f"{running}; {state}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.points_errors("pot")
        if self.ended is None and not 0 <= self.turn < len(self.contenders):
            errors.append(f"turn {self.turn} outside contenders {self.contenders}")
        return errors


@dataclass
class JuusaiState(PotState):
    """獣裁: one throw per seat, highest takes the pot."""

    game_id: ClassVar[str] = "juusai"
    repeated: ClassVar[bool] = False


@dataclass
class RengekiState(PotState):
    """連撃獣裁: throw, then again (add; 0/1 on a re-throw loses all) or bank."""

    game_id: ClassVar[str] = "rengeki"
    repeated: ClassVar[bool] = True
