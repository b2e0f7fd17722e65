"""六裁 (netxiju) digital play: the drinking race on the 32-square zigzag track, 2–6 players.

Rules (lanerme-games.md §11, §14.11):

- One piece each, all on the start (square 0). The first player is drawn at random
  (``first n``); turns go round the table in seat order, skipping players who have finished.
- A turn: ``throw`` (the only move), then chance shows 0–6 sticks face up (option ``dice`` =
  "die": 1–6). The piece advances that many squares.
- A throw that would pass the goal (square 31) means no move and no cup.
- Landing on another player's piece sends that piece back to the start. The start holds any
  number of pieces and is never "landed on".
- Stopping on a lined square costs as many cups as it has lines (2 or 3), also when a 0 leaves
  the piece where it stood.
- Landing exactly on the goal finishes: the player drinks the goal's 3 cups and the piece leaves
  the board. Players finish one after the other until one is left, who is last.
- 牛行 (the ox walk): finishing having stopped on all nine lined squares and never having been
  sent back. It is flagged on the result; it changes no rank.

The tally is "cups": drinks or, by default (option ``tally`` = "penalty"), penalty points.
Result: rank = finishing order; score = how many players finished after you.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome
from companion.games.first_player import FirstPlayer, first_player_outcomes
from companion.games.netxiju.board import ALL_LINED_MASK, GOAL, LINED, LINES, START
from companion.games.netxiju.moves import DIE_ODDS, STICK_ODDS, Cast, parse_move
from companion.games.sticks.moves import Throw

#: `positions[seat]` once the piece has reached the goal and left the board.
OFF = GOAL + 1
MIN_PLAYERS, MAX_PLAYERS = 2, 6
THROW = Throw()

DICE_CHOICES = ("sticks", "die")
TALLY_CHOICES = ("penalty", "drinks")


@dataclass(frozen=True)
class TurnReport:
    """What the last throw did, for the screen and the table: who threw what, where the piece
    went, whom it sent back, the cups it cost."""

    seat: int
    cast: int
    start: int
    end: int  # OFF when the piece finished
    cups: int
    sent_back: int | None = None  # the seat whose piece went back to the start
    overshoot: bool = False
    finished: bool = False
    ox: bool = False  # finished with 牛行


@dataclass
class NetxijuState(GameState):
    game_id = "netxiju"

    positions: list[int] = field(default_factory=list)
    cups: list[int] = field(default_factory=list)
    stops: list[int] = field(default_factory=list)  # bit i: stopped on lined square i
    sent_back: list[int] = field(default_factory=list)  # times each piece was sent back
    ox: list[bool] = field(default_factory=list)
    finish: list[int] = field(default_factory=list)  # seats in finishing order
    first: int = -1  # -1 until drawn
    mover: int = 0
    casting: bool = False  # the sticks are in the air: chance acts
    throws: int = 0
    last: TurnReport | None = None

    @classmethod
    def start(cls, num_players: int, options: Mapping[str, Any] | None = None) -> NetxijuState:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"六裁 is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {num_players}")
        chosen = {"dice": "sticks", "tally": "penalty", **dict(options or {})}
        state = cls(num_players, chosen)
        state.positions = [START] * num_players
        state.cups = [0] * num_players
        state.stops = [0] * num_players
        state.sent_back = [0] * num_players
        state.ox = [False] * num_players
        return state

    def copy(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        d["positions"] = list(self.positions)
        d["cups"] = list(self.cups)
        d["stops"] = list(self.stops)
        d["sent_back"] = list(self.sent_back)
        d["ox"] = list(self.ox)
        d["finish"] = list(self.finish)
        return other

    # --- queries ------------------------------------------------------------------------------
    @property
    def uses_die(self) -> bool:
        return self.options.get("dice") == "die"

    @property
    def over(self) -> bool:
        return len(self.finish) == self.num_players

    def is_finished(self, seat: int) -> bool:
        return self.positions[seat] == OFF

    def stopped_on(self, seat: int) -> tuple[int, ...]:
        """The lined squares `seat` has stopped on so far, in track order."""
        return tuple(i for i in LINED if self.stops[seat] >> i & 1)

    def place(self, seat: int) -> int | None:
        """1 for the first to finish, … (None while still racing)."""
        return self.finish.index(seat) + 1 if seat in self.finish else None

    def piece_at(self, square: int) -> int | None:
        """The seat whose piece stands on `square` (None for the start or an empty square)."""
        if square == START:
            return None
        for seat, position in enumerate(self.positions):
            if position == square:
                return seat
        return None

    def target(self, seat: int, cast: int) -> int | None:
        """Where a throw of `cast` takes the piece of `seat` (None: past the goal, no move)."""
        end = self.positions[seat] + cast
        return end if end <= GOAL else None

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.over:
            return TERMINAL
        if self.first < 0 or self.casting:
            return CHANCE
        return self.mover

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.over:
            return []
        if self.first < 0:
            return first_player_outcomes(self.num_players)
        if self.casting:
            return list(DIE_ODDS if self.uses_die else STICK_ODDS)
        return []

    def legal_moves(self) -> list[Any]:
        if self.over:
            return []
        if self.first < 0 or self.casting:
            return [m for m, _ in self.chance_outcomes()]
        return [THROW]

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    def why_illegal(self, move: Any) -> str:
        if self.over:
            return "the game is over"
        if self.first < 0:
            return "the first player is drawn first"
        if self.casting:
            odds = "1 to 6 (the die)" if self.uses_die else "0 to 6 (six sticks)"
            return f"the sticks are in the air: the outcome is {odds}"
        return f"seat {self.mover + 1} throws now: 'throw' is the only move"

    def _apply(self, move: Any) -> None:
        if type(move) is Throw:
            self.casting = True
        elif type(move) is Cast:
            self.casting = False
            self.throws += 1
            self._advance(self.mover, move.value)
            self._next_turn()
        elif type(move) is FirstPlayer:
            self.first = self.mover = move.seat

    def _advance(self, seat: int, cast: int) -> None:
        start = self.positions[seat]
        end = self.target(seat, cast)
        if end is None:
            self.last = TurnReport(seat, cast, start, start, 0, overshoot=True)
            return
        victim = self.piece_at(end) if end != start else None
        if victim is not None:
            self.positions[victim] = START
            self.sent_back[victim] += 1
        cups = LINES[end]
        self.cups[seat] += cups
        if cups:
            self.stops[seat] |= 1 << end
        finished = end == GOAL
        if finished:
            self.positions[seat] = OFF
            self.finish.append(seat)
            self.ox[seat] = self.sent_back[seat] == 0 and self.stops[seat] == ALL_LINED_MASK
        else:
            self.positions[seat] = end
        self.last = TurnReport(seat, cast, start, OFF if finished else end, cups, victim,
                               finished=finished, ox=finished and self.ox[seat])

    def _next_turn(self) -> None:
        racing = [s for s in range(self.num_players) if not self.is_finished(s)]
        if len(racing) == 1:
            self.finish.append(racing[0])  # the last one left is last
            return
        for step in range(1, self.num_players + 1):
            seat = (self.mover + step) % self.num_players
            if not self.is_finished(seat):
                self.mover = seat
                return

    # --- result -------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        n = self.num_players
        scores = tuple(float(n - self.finish.index(s) - 1) for s in range(n))
        breakdown = tuple({"place": float(self.finish.index(s) + 1), "cups": float(self.cups[s]),
                           "ox": 1.0 if self.ox[s] else 0.0,
                           "sent_back": float(self.sent_back[s])} for s in range(n))
        detail = f"seat {self.finish[0] + 1} reached the goal first"
        return Outcome(scores, frozenset({self.finish[0]}), breakdown=breakdown, detail=detail)

    # --- text ---------------------------------------------------------------------------------
    def describe(self) -> str:
        if self.over:
            who = "over"
        elif self.first < 0:
            who = "first player to draw"
        elif self.casting:
            who = f"seat {self.mover + 1} casting"
        else:
            who = f"seat {self.mover + 1} to throw"
        pieces = ",".join("off" if p == OFF else str(p) for p in self.positions)
        order = ",".join(str(s + 1) for s in self.finish) or "-"
        return (f"Netxiju {self.num_players}p {self.options.get('dice', 'sticks')}; {who}; "
                f"throws {self.throws}; pieces {pieces}; cups "
                f"{','.join(map(str, self.cups))}; sent back "
                f"{','.join(map(str, self.sent_back))}; finished {order}")

    def invariant_errors(self) -> Sequence[str]:
        errors = []
        racing = [p for p in self.positions if p not in (START, OFF)]
        if len(racing) != len(set(racing)):
            errors.append(f"two pieces share a square: {self.positions}")
        for seat, position in enumerate(self.positions):
            if not START <= position <= OFF:
                errors.append(f"seat {seat + 1} stands on {position}")
            left_last = self.over and seat == self.finish[-1]
            if (position == OFF) != (seat in self.finish) and not left_last:
                errors.append(f"seat {seat + 1}: piece {position} but finish {self.finish}")
            if self.stops[seat] & ~ALL_LINED_MASK:
                errors.append(f"seat {seat + 1} stopped on an unlined square")
            lowest = sum(LINES[i] for i in self.stopped_on(seat))
            if self.cups[seat] < lowest:
                errors.append(f"seat {seat + 1}: {self.cups[seat]} cups, fewer than its stops")
            if self.ox[seat] and (self.sent_back[seat] or self.stops[seat] != ALL_LINED_MASK):
                errors.append(f"seat {seat + 1} has 牛行 without its conditions")
        if len(set(self.finish)) != len(self.finish):
            errors.append(f"a seat finished twice: {self.finish}")
        if not self.over and self.first >= 0 and self.is_finished(self.mover):
            errors.append(f"seat {self.mover + 1} is to move but has finished")
        return errors


def new_state(num_players: int, options: dict[str, Any]) -> NetxijuState:
    """The start position (the first player still to be drawn)."""
    return NetxijuState.start(num_players, options)


__all__ = ["DICE_CHOICES", "OFF", "TALLY_CHOICES", "NetxijuState", "TurnReport", "new_state"]
