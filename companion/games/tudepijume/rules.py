"""連船之遊 (tude-pijume) digital play: ships carry resources from the start to the goal,
2–4 players (lanerme-games.md §12).

- Each player has three ships (1, 2, 3) on the start, a start stock of 20, ship 1 loaded with
  5, the other ships and the goal stock at 0. The first player is drawn (``first n``); turns go
  round in seat order.
- A turn begins with the five sticks thrown (chance, ``=n``, n = 0–5). With n = 0, or an empty
  start stock, or nothing possible, the turn passes by itself. Otherwise one action:
  ``move`` a ship n squares paying n from its own cargo (it must hold n; past the goal it stops
  on the goal); ``build`` (5 from the start stock onto an empty ship at the start);
  ``supply`` n onto a ship (cargo is capped at 15, the rest is lost); ``plunder`` n − 1 (n ≥ 2)
  from another player's ship on the same square (1–19) onto yours there, as much as that ship
  holds and yours has room for; ``recall`` a ship away from the start: it comes back and its
  cargo goes into the start stock.
- A ship reaching the goal unloads everything into the goal stock at once and stays there until
  recalled; it can do nothing else. A ship on the squares whose cargo drops to 0 goes back to
  the start at once. A ship at the start with no cargo is not built: it can only be built.
- When a player has 20 in the goal stock, the round is finished so that everyone has had the
  same number of turns; then most goal resources wins; ties: larger start stock + cargo; still
  equal: shared.
- Companion decisions: a player who can do nothing whatever the throw (empty start stock, or
  only empty ships at the start and less than 5 in stock) passes without throwing; if nobody can
  act any more the game ends; the game also ends after the option ``rounds`` (default 150).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome, Termination
from companion.games.first_player import FirstPlayer, first_player_outcomes
from companion.games.sticks.moves import THROW_ODDS, Sticks
from companion.games.tudepijume.board import (
    BUILD_COST,
    CARGO_CAP,
    FIRST_CARGO,
    GOAL,
    SHIPS,
    START,
    START_STOCK,
    WIN_GOAL,
)
from companion.games.tudepijume.moves import (
    Build,
    Plunder,
    Recall,
    Sail,
    ShipAction,
    Supply,
    parse_move,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_ROUNDS = 150
SHIP_NUMBERS = tuple(range(1, SHIPS + 1))
SAIL = {ship: Sail(ship) for ship in SHIP_NUMBERS}
BUILD = {ship: Build(ship) for ship in SHIP_NUMBERS}
SUPPLY = {ship: Supply(ship) for ship in SHIP_NUMBERS}
RECALL = {ship: Recall(ship) for ship in SHIP_NUMBERS}


@dataclass(frozen=True)
class TurnReport:
    """What the last turn did, for the screen: the throw and the action (or why it passed)."""

    seat: int
    cast: int | None  # None: passed without throwing
    action: str  # the move's notation, or "" for a pass
    reason: str = ""  # why the turn passed
    delivered: int = 0  # unloaded into the goal stock this turn
    plundered: int = 0


@dataclass
class TudeState(GameState):
    game_id = "tudepijume"

    stock: list[int] = field(default_factory=list)  # start stock per seat
    goal: list[int] = field(default_factory=list)  # goal stock per seat
    places: list[list[int]] = field(default_factory=list)  # [seat][ship-1] 0..20
    cargo: list[list[int]] = field(default_factory=list)  # [seat][ship-1] 0..15
    first: int = -1
    mover: int = 0
    cast: int | None = None  # the throw of the turn in progress (None while casting)
    casting: bool = False  # the sticks are in the air: chance acts
    round: int = 1
    turns: int = 0  # turns finished (passes included)
    closing: bool = False  # someone has 20 at the goal: the round is being finished
    ended: Termination | None = None
    created: int = 0  # resources that came from supply (for the ledger check)
    spent: int = 0  # resources paid for moves
    last: TurnReport | None = None
    #: The legal moves, worked out once per position (a tuple: copies may share it).
    _legal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, num_players: int, options: Mapping[str, Any] | None = None) -> TudeState:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"連船之遊 is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {num_players}")
        state = cls(num_players, {"rounds": DEFAULT_ROUNDS, **dict(options or {})})
        state.stock = [START_STOCK] * num_players
        state.goal = [0] * num_players
        state.places = [[START] * SHIPS for _ in range(num_players)]
        state.cargo = [[FIRST_CARGO] + [0] * (SHIPS - 1) for _ in range(num_players)]
        return state

    def copy(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        d["stock"] = list(self.stock)
        d["goal"] = list(self.goal)
        d["places"] = [list(p) for p in self.places]
        d["cargo"] = [list(c) for c in self.cargo]
        return other

    # --- queries ------------------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return int(self.options.get("rounds", DEFAULT_ROUNDS))

    def place(self, seat: int, ship: int) -> int:
        return self.places[seat][ship - 1]

    def load(self, seat: int, ship: int) -> int:
        return self.cargo[seat][ship - 1]

    def is_built(self, seat: int, ship: int) -> bool:
        """False for an empty ship at the start (it must be built before it can sail)."""
        return self.place(seat, ship) != START or self.load(seat, ship) > 0

    def cargo_total(self, seat: int) -> int:
        return sum(self.cargo[seat])

    def can_ever_act(self, seat: int) -> bool:
        """Whether some throw would give `seat` an action (else it passes without throwing)."""
        if self.stock[seat] == 0:
            return False
        if self.stock[seat] >= BUILD_COST:
            return True
        return any(self.is_built(seat, ship) for ship in SHIP_NUMBERS)

    def actions(self, seat: int, n: int) -> list[Any]:
        """Every action `seat` may take with a throw of `n` (empty: the turn passes)."""
        stock = self.stock[seat]
        if n == 0 or stock == 0:
            return []
        places, cargo = self.places[seat], self.cargo[seat]
        sails, builds, supplies, recalls = [], [], [], []
        for i, ship in enumerate(SHIP_NUMBERS):
            where, load = places[i], cargo[i]
            if where == GOAL:
                recalls.append(RECALL[ship])
            elif where == START and load == 0:
                if stock >= BUILD_COST:
                    builds.append(BUILD[ship])
            else:
                if load >= n:
                    sails.append(SAIL[ship])
                supplies.append(SUPPLY[ship])
                if where != START:
                    recalls.append(RECALL[ship])
        if n >= 2 and any(START < where < GOAL for where in places):
            return sails + builds + supplies + self._plunders(seat, n) + recalls
        return sails + builds + supplies + recalls

    def _plunders(self, seat: int, n: int) -> list[Plunder]:
        found = []
        places, cargo = self.places[seat], self.cargo[seat]
        for i, ship in enumerate(SHIP_NUMBERS):
            where = places[i]
            if where in (START, GOAL) or cargo[i] >= CARGO_CAP:
                continue
            for victim in range(self.num_players):
                if victim != seat:
                    found += [Plunder(ship, victim, j + 1)
                              for j, there in enumerate(self.places[victim]) if there == where]
        return found

    def plunder_amount(self, seat: int, move: Plunder, n: int) -> int:
        """n − 1, no more than the victim's ship holds and the plundering ship has room for."""
        return min(n - 1, self.load(move.victim, move.target),
                   CARGO_CAP - self.load(seat, move.ship))

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.ended is not None:
            return TERMINAL
        if self.first < 0 or self.casting:
            return CHANCE
        return self.mover

    def is_over(self) -> bool:  # the same as the API's, without a call (playouts ask often)
        return self.ended is not None

    def is_chance(self) -> bool:
        return self.ended is None and (self.casting or self.first < 0)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.ended is not None:
            return []
        if self.first < 0:
            return first_player_outcomes(self.num_players)
        if self.casting:
            return list(THROW_ODDS)
        return []

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return list(self._legal)

    def _compute_legal(self) -> list[Any]:
        if self.ended is not None:
            return []
        if self.first < 0 or self.casting:
            return [m for m, _ in self.chance_outcomes()]
        return self.actions(self.mover, self.cast or 0)

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    def why_illegal(self, move: Any) -> str:
        if self.ended is not None:
            return "the game is over"
        if self.first < 0 or self.casting:
            return "chance acts now: the sticks are thrown at the start of a turn"
        if isinstance(move, (ShipAction, Plunder)):
            return self._why_not_action(move, self.cast or 0)
        return "not a move for a seat now"

    def _why_not_action(self, move: ShipAction | Plunder, n: int) -> str:
        seat, ship = self.mover, move.ship
        where, load = self.place(seat, ship), self.load(seat, ship)
        built = self.is_built(seat, ship)
        if isinstance(move, Sail):
            if where == GOAL:
                return f"ship {ship} is at the goal: it can only be recalled"
            return f"ship {ship} holds {load}, less than the {n} a move of {n} costs"
        if isinstance(move, Build):
            if built:
                return f"ship {ship} is already built"
            return f"building costs {BUILD_COST} from the start stock, which holds " \
                   f"{self.stock[seat]}"
        if isinstance(move, Supply):
            if where == GOAL:
                return f"ship {ship} is at the goal: it can only be recalled"
            return f"ship {ship} is not built yet"
        if isinstance(move, Recall):
            return f"ship {ship} is already at the start"
        if not isinstance(move, Plunder):
            return "not a move of 連船之遊"
        if n < 2:
            return "plunder needs a throw of 2 or more"
        if where in (START, GOAL):
            return f"ship {ship} is not on a square between start and goal"
        if move.victim == seat or self.place(move.victim, move.target) != where:
            return f"no ship of another player with that mark stands with ship {ship}"
        return f"ship {ship} has no room left"

    def _apply(self, move: Any) -> None:
        self._legal = None
        kind = type(move)
        if kind is Sticks:
            self.casting = False
            self.cast = move.face_up
            actions = self.actions(self.mover, self.cast)
            if actions:
                self._legal = tuple(actions)
            else:
                reason = "threw 0" if self.cast == 0 else "no action possible"
                self._end_turn(TurnReport(self.mover, self.cast, "", reason))
        elif kind is FirstPlayer:
            self.first = self.mover = move.seat
            self._begin_turn()
        else:
            report = self._act(self.mover, move, self.cast or 0)
            self._end_turn(report)

    def _act(self, seat: int, move: Any, n: int) -> TurnReport:
        ship = move.ship
        i = ship - 1
        delivered = plundered = 0
        kind = type(move)
        if kind is Sail:
            self.cargo[seat][i] -= n
            self.spent += n
            self.places[seat][i] = min(GOAL, self.places[seat][i] + n)
            if self.places[seat][i] == GOAL:
                delivered = self.cargo[seat][i]
                self.goal[seat] += delivered
                self.cargo[seat][i] = 0
            elif self.cargo[seat][i] == 0:
                self.places[seat][i] = START
        elif kind is Build:
            self.stock[seat] -= BUILD_COST
            self.cargo[seat][i] = BUILD_COST
        elif kind is Supply:
            added = min(n, CARGO_CAP - self.cargo[seat][i])
            self.cargo[seat][i] += added
            self.created += added
        elif kind is Recall:
            self.stock[seat] += self.cargo[seat][i]
            self.cargo[seat][i] = 0
            self.places[seat][i] = START
        elif kind is Plunder:
            plundered = self.plunder_amount(seat, move, n)
            self.cargo[seat][i] += plundered
            j = move.target - 1
            self.cargo[move.victim][j] -= plundered
            if self.cargo[move.victim][j] == 0:
                self.places[move.victim][j] = START
        return TurnReport(seat, n, str(move), delivered=delivered, plundered=plundered)

    def _end_turn(self, report: TurnReport) -> None:
        self.last = report
        self.cast = None
        self.turns += 1
        if max(self.goal) >= WIN_GOAL:
            self.closing = True
        last_of_round = (self.mover + 1) % self.num_players == self.first
        if last_of_round:
            if self.closing:
                self.ended = Termination.NORMAL
                return
            if self.round >= self.rounds:
                self.ended = Termination.ROUND_LIMIT
                return
            self.round += 1
        self.mover = (self.mover + 1) % self.num_players
        self._begin_turn()

    def _begin_turn(self) -> None:
        if self.can_ever_act(self.mover):
            self.casting = True
            return
        if not any(self.can_ever_act(s) for s in range(self.num_players)):
            self.ended = Termination.ELIMINATION
            self.last = TurnReport(self.mover, None, "", "nobody can act any more")
            return
        reason = "start stock is empty" if self.stock[self.mover] == 0 else \
            "only unbuilt ships and too little stock to build"
        self._end_turn(TurnReport(self.mover, None, "", reason))

    # --- result -------------------------------------------------------------------------------
    def tie_break(self, seat: int) -> int:
        """Start stock plus cargo on the ships: decides between equal goal stocks."""
        return self.stock[seat] + self.cargo_total(seat)

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        seats = range(self.num_players)
        best = max((self.goal[s], self.tie_break(s)) for s in seats)
        winners = frozenset(s for s in seats if (self.goal[s], self.tie_break(s)) == best)
        breakdown = tuple({"goal": float(self.goal[s]), "start": float(self.stock[s]),
                           "cargo": float(self.cargo_total(s))} for s in seats)
        reasons = {Termination.NORMAL: f"{WIN_GOAL} resources reached the goal",
                   Termination.ROUND_LIMIT: f"{self.rounds} rounds played",
                   Termination.ELIMINATION: "nobody could act any more"}
        return Outcome(tuple(float(g) for g in self.goal), winners, self.ended, breakdown,
                       reasons[self.ended])

    # --- text ---------------------------------------------------------------------------------
    def describe(self) -> str:
        if self.ended is not None:
            who = f"over ({self.ended.value})"
        elif self.first < 0:
            who = "first player to draw"
        elif self.casting:
            who = f"seat {self.mover + 1} casting"
        else:
            who = f"seat {self.mover + 1} threw {self.cast}"
        fleets = " | ".join(
            f"{s + 1}: stock {self.stock[s]} goal {self.goal[s]} ships "
            + ",".join(f"{p}/{c}" for p, c in zip(self.places[s], self.cargo[s], strict=True))
            for s in range(self.num_players))
        return f"Tude-pijume {self.num_players}p round {self.round}/{self.rounds}; {who}; {fleets}"

    def invariant_errors(self) -> Sequence[str]:
        errors = []
        for s in range(self.num_players):
            if self.stock[s] < 0 or self.goal[s] < 0:
                errors.append(f"seat {s + 1}: negative stock {self.stock[s]}/{self.goal[s]}")
            for ship in SHIP_NUMBERS:
                where, load = self.place(s, ship), self.load(s, ship)
                if not START <= where <= GOAL or not 0 <= load <= CARGO_CAP:
                    errors.append(f"seat {s + 1} ship {ship}: place {where} cargo {load}")
                if START < where < GOAL and load == 0:
                    errors.append(f"seat {s + 1} ship {ship}: empty on square {where}")
                if where == GOAL and load:
                    errors.append(f"seat {s + 1} ship {ship}: cargo {load} left at the goal")
        total = sum(self.stock) + sum(self.goal) + sum(sum(c) for c in self.cargo)
        expected = self.num_players * (START_STOCK + FIRST_CARGO) + self.created - self.spent
        if total != expected:
            errors.append(f"resources {total} != {expected} (start + supplied - paid)")
        if self.ended is None and self.first >= 0 and not self.can_ever_act(self.mover):
            errors.append(f"seat {self.mover + 1} has the turn but can never act")
        if self.ended is None and self.first >= 0 and not self.casting and not self.legal_moves():
            errors.append(f"seat {self.mover + 1} has the turn and no action")
        return errors


def new_state(num_players: int, options: dict[str, Any]) -> TudeState:
    """The start position (the first player still to be drawn)."""
    return TudeState.start(num_players, options)


__all__ = ["DEFAULT_ROUNDS", "TudeState", "TurnReport", "new_state"]
