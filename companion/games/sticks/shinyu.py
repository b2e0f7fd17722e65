"""新遊 (shinyu, ルートゥー): the players bet on a number 0..5, the banker throws the sticks.

A session of rounds. Each round:

1. The banker is the next seat round the table (option `rotate_banker`; otherwise seat 1
   stays banker). A banker with no points passes the role to the next seat with points.
2. Every other seat with points, in turn after the banker, bets ``bet NxA``: `A` points
   (1 .. min(own points, `max_bet`)) on the number `N`. Bets lie on the table (the pot).
3. The banker throws (``throw``; the outcome ``=k`` follows the five-stick odds).
4. Losing bets go to the banker. A winning bet returns its stake and the banker pays
   stake × 8, 4, 2, 2, 4, 8 for the numbers 0, 1, 2, 3, 4, 5. The banker first collects the
   losing bets, then pays the winners in turn order; a banker who runs out pays what it has
   left and the rest is lost (points never go below zero) — the companion's choice.

The session ends after `laps` × players rounds (each seat banks `laps` times when the banker
rotates), or earlier when fewer than two seats have points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Self

from companion.core.api import CHANCE, TERMINAL, GameState
from companion.core.chance import STICKS, stick_probability
from companion.games.sticks.ledger import Ledger, ShinyuResult
from companion.games.sticks.moves import (
    ALL_THROWS,
    THROW_ODDS,
    Bet,
    StickMove,
    Sticks,
    Throw,
    parse_move,
)
from companion.games.sticks.session import PointsSession

#: The banker pays stake × PAYOUT[n] on a winning bet on n (the stake itself comes back too).
PAYOUT: tuple[int, ...] = (8, 4, 2, 2, 4, 8)


def expected_values() -> dict[int, Fraction]:
    """Exact expected gain per point staked on each number: (multiplier + 1) · p − 1."""
    return {n: (PAYOUT[n] + 1) * stick_probability(n) - 1 for n in range(STICKS + 1)}


@dataclass
class ShinyuState(PointsSession):
    """A 新遊 session."""

    game_id: ClassVar[str] = "shinyu"

    # pot: the bets lying on the table
    banker: int = 0
    bettors: list[int] = field(default_factory=list)  # this round's betting order
    turn: int = 0  # index into bettors; == len(bettors): the banker throws
    bets: list[Bet | None] = field(default_factory=list)
    awaiting: bool = False
    last: ShinyuResult | None = None

    @property
    def rounds(self) -> int:
        return int(self.options["laps"]) * self.num_players

    @property
    def max_bet(self) -> int:
        return int(self.options["max_bet"])

    def _begin_round(self) -> None:
        wanted = self.round % self.num_players if self.options["rotate_banker"] else 0
        order = self._next_round_order(wanted)
        if order is None:
            return
        self.banker = order[0]
        self.bettors = order[1:]
        self.turn = 0
        self.bets = [None] * self.num_players
        self.awaiting = False

    # --- whose turn -------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.ended is not None:
            return TERMINAL
        if self.awaiting:
            return CHANCE
        if self.turn < len(self.bettors):
            return self.bettors[self.turn]
        return self.banker

    def legal_moves(self) -> list[Any]:
        if self.ended is not None:
            return []
        if self.awaiting:
            return list(ALL_THROWS)
        if self.turn == len(self.bettors):
            return [Throw()]
        seat = self.bettors[self.turn]
        top = min(self.points[seat], self.max_bet)
        return [Bet(n, a) for n in range(STICKS + 1) for a in range(1, top + 1)]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.is_chance():
            return []
        return list(THROW_ODDS)

    def parse_move(self, text: str) -> StickMove:
        return parse_move(text)

    def why_illegal(self, move: Any) -> str:
        if self.ended is None and not self.awaiting:
            if isinstance(move, Bet) and self.turn == len(self.bettors):
                return "every bet is placed: the banker throws now"
            if isinstance(move, Bet):
                seat = self.bettors[self.turn]
                top = min(self.points[seat], self.max_bet)
                return f"a bet is 1 to {top} points on a number 0 to {STICKS}"
            if isinstance(move, Throw):
                return "the banker throws after every bet is placed"
        return super().why_illegal(move)

    def _apply(self, move: Any) -> None:
        if isinstance(move, Bet):
            seat = self.bettors[self.turn]
            self.points[seat] -= move.amount
            self.pot += move.amount
            self.bets[seat] = move
            self.turn += 1
        elif isinstance(move, Throw):
            self.awaiting = True
        elif isinstance(move, Sticks):
            self.awaiting = False
            self.last_throw = move.face_up
            self._settle(move.face_up)

    def _settle(self, thrown: int) -> None:
        before = list(self.points)
        before_bets = [0 if b is None else b.amount for b in self.bets]
        winners = []
        for seat in self.bettors:
            bet = self.bets[seat]
            assert bet is not None
            self.pot -= bet.amount
            if bet.number == thrown:
                self.points[seat] += bet.amount
                winners.append(seat)
            else:
                self.points[self.banker] += bet.amount
        shortfall = 0
        for seat in winners:
            bet = self.bets[seat]
            assert bet is not None
            owed = bet.amount * PAYOUT[thrown]
            paid = min(owed, self.points[self.banker])
            self.points[self.banker] -= paid
            self.points[seat] += paid
            shortfall += owed - paid
        deltas = tuple(self.points[s] - before[s] - before_bets[s]
                       for s in range(self.num_players))
        self.last = ShinyuResult(self.round, self.banker, thrown, deltas, shortfall)
        self.bets = [None] * self.num_players
        self._begin_round()

    def copy(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.points = list(self.points)
        other.bettors = list(self.bettors)
        other.bets = list(self.bets)
        return other

    def ledger(self) -> Ledger:
        seat = None if self.ended is not None else (
            self.bettors[self.turn] if self.turn < len(self.bettors) else self.banker)
        return Ledger(
            points=tuple(self.points),
            pot=self.pot,
            round=self.round,
            rounds=self.rounds,
            contenders=tuple(self.bettors) if self.ended is None else (),
            seat=seat,
            last_throw=self.last_throw,
            last=self.last,
            banker=None if self.ended is not None else self.banker,
            bets=tuple(None if b is None else (b.number, b.amount) for b in self.bets),
        )

    def describe(self) -> str:
        if self.ended is not None:
            state = f"over ({self.ended.value})"
        elif self.awaiting:
            state = "banker throwing"
        else:
            state = f"seat {self.to_move() + 1} to move"
        bets = ",".join("-" if b is None else f"{b.number}x{b.amount}" for b in self.bets)
        return (f"shinyu round {self.round}/{self.rounds} banker {self.banker + 1} points "
                f"{','.join(map(str, self.points))} bets [{bets}]; {state}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.points_errors("bets")
        on_table = sum(b.amount for b in self.bets if b is not None)
        if self.ended is None and on_table != self.pot:
            errors.append(f"bets {on_table} != pot {self.pot}")
        return errors


def evaluate_shinyu(state: GameState, seat: int) -> float:
    """Points held plus the expected return of the bets on the table this round."""
    assert isinstance(state, ShinyuState)
    value = float(state.points[seat])
    if state.ended is not None:
        return value
    evs = expected_values()
    for bettor, bet in enumerate(state.bets):
        if bet is None:
            continue
        back = float(bet.amount * (1 + evs[bet.number]))  # expected return of the stake
        if bettor == seat:
            value += back
        elif seat == state.banker:
            value += bet.amount - back
    return value
