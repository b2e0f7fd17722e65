"""行山 (mokzo) digital play: the card-driven race to the centre of the board, 2–4 players
(lanerme-games.md §10).

Everybody's piece starts on g3 and follows the same route to e5 (皇山); reaching or passing it
wins at once. Resources: 米 (rice) and 銭 (money, worth 5 米). A turn:

1. Draw up to the hand limit (3, +1 per 兵). 2. Remove your cards carrying 3 markers.
3. Use your placed cards' effects (無 +1 米, 王 +2 銭, 皇 advance, 虎 rob an opponent, 筆 巫 将
   cast the sticks), in the order you choose; then put a marker on each of your black cards.
4. Exchange 米 for 銭 (never back). 5. Dismantle placed cards, paying their cost again.
6. Place hand cards, paying their cost (black in 米, red in 銭; at most 9 placed), or discard
   hand cards for 2 米 each (one or the other in a turn). 7. Pay 10 米 or 2 銭 to move.

Cost = the card's numeral (船 0, 王 皇 10), −1 per 車. A card acts from its owner's next turn.
Black cards go after three of their owner's turns (the markers); red cards stay until
dismantled or destroyed. A move or an advance covers 1 square, +1 on a 皇処, +1 per 弓, +2 per 馬.

Hidden information: hands. The draw pile has no order here (a draw is chance over the cards not
yet seen), so `view(seat)` hides the other hands by pooling them with the draw pile, and
`determinize` deals them back at random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome, Termination
from companion.games.first_player import FirstPlayer, first_player_outcomes
from companion.games.mokzo.board import GOAL, KOU, START
from companion.games.mokzo.cards import (
    ALL_CARDS,
    BLACK,
    CARD_ORDER,
    HIDDEN,
    NUMBERS,
    RANKS,
    Card,
    deck_counts,
)
from companion.games.mokzo.moves import (
    MONEY,
    RICE,
    Discard,
    Dismantle,
    Draw,
    EndTurn,
    Exchange,
    MovePiece,
    Place,
    Target,
    Use,
    parse_move,
)
from companion.games.sticks.moves import THROW_ODDS, Sticks

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_LIMIT = 3
MAX_PLACED = 9
MOVE_RICE, MOVE_MONEY = 10, 2
RICE_PER_MONEY = 5
DISCARD_RICE = 2
SHIP_MONEY = 2
REMOVE_AT = 3  # markers
LOW_CAST = 3  # a cast of 3 or less is "low", 4 or more "high"
DEFAULT_ROUNDS = 100
#: Cards whose effect is used in step 3; 筆 巫 将 cast the sticks.
STEP3 = frozenset({"無", "虎", "筆", "巫", "将", "王", "皇"})
CASTERS = frozenset({"筆", "巫", "将"})
#: Cards that simply pay in step 3: (resource, amount).
INCOME = {"無": ("米", 1), "王": ("銭", 2)}

# phases
FIRST, DRAWING, EFFECTS, CASTING, TARGETING, MAIN, OVER = (
    "first", "draw", "effects", "cast", "target", "main", "over")
_CHANCE_PHASES = frozenset({FIRST, DRAWING, CASTING})


def card_cost(card: Card) -> int:
    """The cost printed on the card: its numeral; 船 0; 王 and 皇 10."""
    return _COST[card.rank]


_COST = {rank: NUMBERS.get(rank, 0 if rank == "船" else 10)
         for rank in RANKS}
# The moves, made once (playouts build move lists at every step).
_DRAWS = {card: Draw(card) for card in ALL_CARDS}
_PLACES = {card: Place(card) for card in ALL_CARDS}
_DISCARDS = {card: Discard(card) for card in ALL_CARDS}
_DISMANTLES = {slot: Dismantle(slot) for slot in range(1, MAX_PLACED + 1)}
_EXCHANGES: dict[int, Exchange] = {}
_MOVES = {RICE: MovePiece(RICE), MONEY: MovePiece(MONEY)}
_END = EndTurn()


def _exchange(money: int) -> Exchange:
    move = _EXCHANGES.get(money)
    if move is None:
        move = _EXCHANGES[money] = Exchange(money)
    return move


class Placed(NamedTuple):
    """A card placed beside the board: its markers, and whether it acts yet. A tuple: rows are
    searched for free slots (`None in row`) in every playout step, which compares each card
    with None, and a tuple does it without Python code."""

    card: Card
    markers: int = 0
    active: bool = False


@dataclass(frozen=True)
class Event:
    """Something a card did this turn, for the screen: `kind` is one of rice, money, advance,
    protect, halve, take, marker, destroy, remove, cast; `seat` gained or suffered it."""

    kind: str
    seat: int
    amount: int = 0
    detail: str = ""


@dataclass
class MokzoState(GameState):
    game_id = "mokzo"

    rice: list[int] = field(default_factory=list)
    money: list[int] = field(default_factory=list)
    square: list[int] = field(default_factory=list)  # route index 0..24
    hands: list[list[Card]] = field(default_factory=list)
    rows: list[list[Placed | None]] = field(default_factory=list)  # 9 slots per seat
    deck: dict[Card, int] = field(default_factory=dict)  # a view: the unseen cards pooled
    deck_size: int = 0
    discards: dict[Card, int] = field(default_factory=dict)
    protected: list[bool] = field(default_factory=list)  # 筆 low: safe until own next turn
    first: int = -1
    mover: int = 0
    phase: str = FIRST
    draws_left: int = 0
    pending: list[int] = field(default_factory=list)  # step 3: slots still to use
    caster: int = 0  # the slot whose cast is in the air
    target_verb: str = ""  # "mark" or "destroy" after a 将 cast
    step: int = 4  # the first of steps 4–7 still open
    mode: str = ""  # "place" or "discard" once step 6 began
    halvings: int = 0  # 巫 low casts this turn
    winner: int = -1
    ended: Termination | None = None
    turn: int = 0
    round: int = 1
    events: list[Event] = field(default_factory=list)
    acting: list[dict[str, int]] = field(default_factory=list)  # ranks of acting cards
    redacted: bool = False  # a view: other hands hidden, pooled into `deck`
    viewer: int = -1  # the seat a view belongs to
    #: The legal moves, worked out once per position (a tuple: copies may share it).
    _legal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, num_players: int, options: Mapping[str, Any] | None = None) -> MokzoState:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"行山 is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {num_players}")
        state = cls(num_players, {"rounds": DEFAULT_ROUNDS, **dict(options or {})})
        state.rice = [0] * num_players
        state.money = [0] * num_players
        state.square = [START] * num_players
        state.hands = [[] for _ in range(num_players)]
        state.rows = [[None] * MAX_PLACED for _ in range(num_players)]
        state.deck = dict(deck_counts())
        state.deck_size = sum(state.deck.values())
        state.protected = [False] * num_players
        state.acting = [{} for _ in range(num_players)]
        return state

    def copy(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        d["rice"] = list(self.rice)
        d["money"] = list(self.money)
        d["square"] = list(self.square)
        d["hands"] = [list(h) for h in self.hands]
        d["rows"] = [list(r) for r in self.rows]
        d["deck"] = dict(self.deck)
        d["discards"] = dict(self.discards)
        d["protected"] = list(self.protected)
        d["pending"] = list(self.pending)
        d["events"] = list(self.events)
        d["acting"] = [dict(a) for a in self.acting]
        return other

    # --- what cards do ------------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return int(self.options.get("rounds", DEFAULT_ROUNDS))

    def placed(self, seat: int) -> list[tuple[int, Placed]]:
        """(slot from 1, card) of every card `seat` has placed."""
        return [(i + 1, p) for i, p in enumerate(self.rows[seat]) if p is not None]

    def card_at(self, seat: int, slot: int) -> Placed | None:
        return self.rows[seat][slot - 1] if 1 <= slot <= MAX_PLACED else None

    def active(self, seat: int, rank: str) -> int:
        """How many acting cards of `rank` `seat` has placed (copies add up)."""
        return self.acting[seat].get(rank, 0)

    def hand_limit(self, seat: int) -> int:
        return HAND_LIMIT + self.active(seat, "兵")

    def place_cost(self, seat: int, card: Card) -> int:
        """What placing (or dismantling) `card` costs `seat` now, in 米 (black) or 銭 (red)."""
        return max(0, _COST[card.rank] - self.acting[seat].get("車", 0))

    def can_pay(self, seat: int, card: Card) -> bool:
        have = self.rice[seat] if card.colour == BLACK else self.money[seat]
        return have >= self.place_cost(seat, card)

    def move_cost(self, seat: int, resource: str) -> int:
        """10 米 or 2 銭, halved per low 巫 cast this turn (rounded up), then −1 米 per 車."""
        cost = MOVE_RICE if resource == RICE else MOVE_MONEY
        for _ in range(self.halvings if seat == self.mover else 0):
            cost = -(-cost // 2)
        if resource == RICE:
            cost -= self.active(seat, "車")
        return max(0, cost)

    def stride(self, seat: int) -> int:
        """Squares a move or an advance covers: 1, +1 from a 皇処, +1 per 弓, +2 per 馬."""
        return (1 + (self.square[seat] in KOU) + self.active(seat, "弓")
                + 2 * self.active(seat, "馬"))

    def free_slots(self, seat: int) -> int:
        return sum(1 for p in self.rows[seat] if p is None)

    def robbable(self, seat: int) -> list[tuple[int, str]]:
        """(victim, resource) a 虎 of `seat` may take: opponents not protected, with some."""
        found = []
        for victim in range(self.num_players):
            if victim == seat or self.protected[victim]:
                continue
            if self.rice[victim]:
                found.append((victim, RICE))
            if self.money[victim]:
                found.append((victim, MONEY))
        return found

    def targets(self, seat: int) -> list[tuple[int, int]]:
        """(owner, slot) a 将 of `seat` may mark or destroy: any placed card but those of a
        protected opponent."""
        return [(owner, slot) for owner in range(self.num_players)
                if owner == seat or not self.protected[owner]
                for slot, _ in self.placed(owner)]

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (FIRST, DRAWING, CASTING):
            return CHANCE
        return self.mover

    def is_over(self) -> bool:  # the same as the API's, without a call (playouts ask often)
        return self.phase == OVER

    def is_chance(self) -> bool:
        return self.phase in _CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == FIRST:
            return first_player_outcomes(self.num_players)
        if self.phase == CASTING:
            return list(THROW_ODDS)
        if self.phase == DRAWING:
            total = sum(self.deck.values())
            return [(_DRAWS[card], n / total) for card, n in self.deck.items() if n > 0]
        return []

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return list(self._legal)

    def _compute_legal(self) -> list[Any]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (FIRST, DRAWING, CASTING):
            return [m for m, _ in self.chance_outcomes()]
        if phase == EFFECTS:
            return self._uses()
        if phase == TARGETING:
            return [Target(self.target_verb, o, s) for o, s in self.targets(self.mover)]
        return self._main_moves()

    def _uses(self) -> list[Use]:
        seat, moves, seen = self.mover, [], set()
        for slot in sorted(self.pending):
            placed = self.rows[seat][slot - 1]
            assert placed is not None
            if placed.card in seen:
                continue  # identical cards have identical effects: offer the first
            seen.add(placed.card)
            if placed.card.rank == "虎":
                victims = self.robbable(seat)
                moves += [Use(slot, v, r) for v, r in victims] if victims else [Use(slot)]
            else:
                moves.append(Use(slot))
        return moves

    def _main_moves(self) -> list[Any]:
        seat, moves = self.mover, list[Any]()
        rice, money = self.rice[seat], self.money[seat]
        discount = self.acting[seat].get("車", 0)
        if self.step <= 4:
            moves += [_exchange(k) for k in range(1, rice // RICE_PER_MONEY + 1)]
        if self.step <= 5:
            moves += [_DISMANTLES[slot] for slot, p in self.placed(seat)
                      if (rice if p.card.colour == BLACK else money)
                      >= _COST[p.card.rank] - discount]
        if self.step <= 6:
            hand = sorted({c for c in self.hands[seat] if c.rank != HIDDEN.rank},
                          key=CARD_ORDER.__getitem__)
            if self.mode != "discard":
                room = None in self.rows[seat]
                moves += [_PLACES[c] for c in hand
                          if c.rank == "船" or (room and (rice if c.colour == BLACK else money)
                                               >= _COST[c.rank] - discount)]
            if self.mode != "place":
                moves += [_DISCARDS[c] for c in hand]
        if rice >= self.move_cost(seat, RICE):
            moves.append(_MOVES[RICE])
        if money >= self.move_cost(seat, MONEY):
            moves.append(_MOVES[MONEY])
        moves.append(_END)
        return moves

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, move: Any) -> None:
        self._legal = None
        kind = type(move)
        if kind is Draw:
            self._draw(move.card)
        elif kind is Sticks:
            self._resolve_cast(move.face_up)
        elif kind is Use:
            self._use(move)
        elif kind is Target:
            self._target(move)
        elif kind is FirstPlayer:
            self.first = self.mover = move.seat
            self._begin_turn()
        else:
            self._main(move)

    def _begin_turn(self) -> None:
        seat = self.mover
        self.events = []
        self.protected[seat] = False
        self.halvings, self.step, self.mode = 0, 4, ""
        self.rows[seat] = [p if p is None or p.active else Placed(p.card, p.markers, True)
                           for p in self.rows[seat]]
        acting: dict[str, int] = {}
        for p in self.rows[seat]:
            if p is not None:
                acting[p.card.rank] = acting.get(p.card.rank, 0) + 1
        self.acting[seat] = acting
        self.draws_left = max(0, self.hand_limit(seat) - len(self.hands[seat]))
        self.phase = DRAWING
        self._continue_drawing()

    def _continue_drawing(self) -> None:
        if self.draws_left and self.deck_size == 0 and self.discards:
            self._reshuffle()
        if self.draws_left == 0 or self.deck_size == 0:
            self._after_drawing()

    def _reshuffle(self) -> None:
        """An empty draw pile takes the discards (their order is chance: drawn at random)."""
        for card, n in self.discards.items():
            self.deck[card] = self.deck.get(card, 0) + n
        self.deck_size += sum(self.discards.values())
        self.discards = {}
        self.events.append(Event("shuffle", self.mover))

    def _draw(self, card: Card) -> None:
        self.deck[card] -= 1
        if not self.deck[card]:
            del self.deck[card]
        self.deck_size -= 1
        self.hands[self.mover].append(HIDDEN if self._hidden_to_viewer() else card)
        self.draws_left -= 1
        self._continue_drawing()

    def _hidden_to_viewer(self) -> bool:
        return self.redacted and self.mover != self.viewer

    def _after_drawing(self) -> None:
        seat = self.mover
        for i, placed in enumerate(self.rows[seat]):  # step 2
            if placed is not None and placed.markers >= REMOVE_AT:
                self._to_discards(seat, i + 1, "remove")
        self.pending = []
        for slot, placed in self.placed(seat):
            rank = placed.card.rank
            if rank in INCOME:  # 無 and 王 pay out at once: their order cannot matter
                self._gain(seat, *INCOME[rank])
            elif rank in STEP3:
                self.pending.append(slot)
        self.phase = EFFECTS
        self._after_effect()

    def _after_effect(self) -> None:
        if self.phase == OVER:
            return
        if self.pending:
            self.phase = EFFECTS
            return
        seat = self.mover
        self.rows[seat] = [Placed(p.card, p.markers + 1, p.active)
                           if p is not None and p.card.colour == BLACK else p
                           for p in self.rows[seat]]
        self.phase = MAIN

    def _use(self, move: Use) -> None:
        seat = self.mover
        self.pending.remove(move.slot)
        placed = self.rows[seat][move.slot - 1]
        assert placed is not None
        rank = placed.card.rank
        if rank == "皇":
            self._advance(seat)
        elif rank == "虎":
            if move.victim is not None:
                self._take(seat, move.victim, move.resource)
        elif rank in CASTERS:
            self.caster = move.slot
            self.phase = CASTING
            return
        self._after_effect()

    def _resolve_cast(self, cast: int) -> None:
        seat = self.mover
        placed = self.rows[seat][self.caster - 1]
        assert placed is not None
        rank, low = placed.card.rank, cast <= LOW_CAST
        self.events.append(Event("cast", seat, cast, rank))
        self.phase = EFFECTS
        if rank == "筆":
            if low:
                self.protected[seat] = True
                self.events.append(Event("protect", seat))
            else:
                self._gain(seat, MONEY, 2)
        elif rank == "巫":
            if low:
                self.halvings += 1
                self.events.append(Event("halve", seat))
            else:
                self._advance(seat)
        elif self.targets(seat):  # 将
            self.target_verb = "mark" if low else "destroy"
            self.phase = TARGETING
            return
        self._after_effect()

    def _target(self, move: Target) -> None:
        placed = self.rows[move.owner][move.slot - 1]
        assert placed is not None
        if move.verb == "mark":
            self.rows[move.owner][move.slot - 1] = placed._replace(markers=placed.markers + 1)
            self.events.append(Event("marker", move.owner, move.slot, str(placed.card)))
        else:
            self._to_discards(move.owner, move.slot, "destroy")
        self.phase = EFFECTS
        self._after_effect()

    def _to_discards(self, owner: int, slot: int, kind: str) -> None:
        placed = self.rows[owner][slot - 1]
        assert placed is not None
        self.rows[owner][slot - 1] = None
        if placed.active:
            self.acting[owner][placed.card.rank] -= 1
        self._discard_card(placed.card)
        if owner == self.mover and slot in self.pending:
            self.pending.remove(slot)
        self.events.append(Event(kind, owner, slot, str(placed.card)))

    def _discard_card(self, card: Card) -> None:
        self.discards[card] = self.discards.get(card, 0) + 1

    def _gain(self, seat: int, resource: str, amount: int) -> None:
        if resource == RICE:
            self.rice[seat] += amount
        else:
            self.money[seat] += amount
        self.events.append(Event("rice" if resource == RICE else "money", seat, amount))

    def _take(self, seat: int, victim: int, resource: str) -> None:
        if resource == RICE:
            self.rice[victim] -= 1
        else:
            self.money[victim] -= 1
        self._gain(seat, resource, 1)
        self.events.append(Event("take", victim, 1, resource))

    def _advance(self, seat: int) -> None:
        steps = self.stride(seat)
        self.square[seat] = min(GOAL, self.square[seat] + steps)
        self.events.append(Event("advance", seat, steps))
        if self.square[seat] == GOAL:
            self.winner, self.ended, self.phase = seat, Termination.NORMAL, OVER

    def _main(self, move: Any) -> None:
        seat, kind = self.mover, type(move)
        if kind is Exchange:
            self.rice[seat] -= RICE_PER_MONEY * move.money
            self.money[seat] += move.money
            self.step = 5
        elif kind is Dismantle:
            placed = self.rows[seat][move.slot - 1]
            assert placed is not None
            self._pay(seat, placed.card, self.place_cost(seat, placed.card))
            self._to_discards(seat, move.slot, "dismantle")
            self.step = 5
        elif kind is Place:
            self._place(seat, move.card)
        elif kind is Discard:
            self.hands[seat].remove(move.card)
            self._discard_card(move.card)
            self.rice[seat] += DISCARD_RICE
            self.step, self.mode = 6, "discard"
        elif kind is MovePiece:
            cost = self.move_cost(seat, move.resource)
            if move.resource == RICE:
                self.rice[seat] -= cost
            else:
                self.money[seat] -= cost
            self._advance(seat)
            if self.phase != OVER:
                self._end_turn()
        elif kind is EndTurn:
            self._end_turn()

    def _pay(self, seat: int, card: Card, cost: int) -> None:
        if card.colour == BLACK:
            self.rice[seat] -= cost
        else:
            self.money[seat] -= cost

    def _place(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.step, self.mode = 6, "place"
        if card.rank == "船":
            self._discard_card(card)
            self._gain(seat, MONEY, SHIP_MONEY)
            return
        self._pay(seat, card, self.place_cost(seat, card))
        row = self.rows[seat]
        row[row.index(None)] = Placed(card)

    def _end_turn(self) -> None:
        self.turn += 1
        self.mover = (self.mover + 1) % self.num_players
        if self.mover == self.first:
            if self.round >= self.rounds:
                self.ended, self.phase = Termination.ROUND_LIMIT, OVER
                return
            self.round += 1
        self._begin_turn()

    # --- why not ------------------------------------------------------------------------------
    def why_illegal(self, move: Any) -> str:
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase in (FIRST, DRAWING, CASTING):
            return {FIRST: "the first player is drawn now", DRAWING: "cards are drawn now",
                    CASTING: "the sticks are in the air"}[phase]
        if phase == EFFECTS:
            return self._why_not_use(move)
        if phase == TARGETING:
            return (f"the 将's cast asks for '{self.target_verb} <seat>.<slot>' on a placed card "
                    "(not a protected opponent's)")
        return self._why_not_main(move)

    def _why_not_use(self, move: Any) -> str:
        if not isinstance(move, Use):
            return "first use every card whose effect acts this turn ('use <slot>')"
        placed = self.card_at(self.mover, move.slot)
        if placed is None or move.slot not in self.pending:
            return f"slot {move.slot} holds no card of yours still to use this turn"
        if placed.card.rank == "虎":
            return "虎 takes 1 米 or 1 銭 from an opponent who has it and is not protected"
        return f"{placed.card} takes no target"

    def _why_not_main(self, move: Any) -> str:
        seat = self.mover
        if isinstance(move, Exchange):
            return ("exchange comes before dismantling, placing and moving" if self.step > 4
                    else f"{RICE_PER_MONEY * move.money} 米 needed, {self.rice[seat]} held")
        if isinstance(move, Dismantle):
            placed = self.card_at(seat, move.slot)
            if self.step > 5:
                return "dismantling comes before placing"
            if placed is None:
                return f"slot {move.slot} is empty"
            return f"dismantling {placed.card} costs {self.place_cost(seat, placed.card)}"
        if isinstance(move, (Place, Discard)):
            return self._why_not_card(move)
        if isinstance(move, MovePiece):
            held = self.rice[seat] if move.resource == RICE else self.money[seat]
            return (f"a move costs {self.move_cost(seat, move.resource)} {move.resource}, "
                    f"{held} held")
        return "not a move of this step"

    def _why_not_card(self, move: Place | Discard) -> str:
        seat, card = self.mover, move.card
        if card not in self.hands[seat]:
            return f"no {card} in hand"
        if isinstance(move, Discard):
            return "cards were placed this turn: no discarding for 米 as well"
        if self.mode == "discard":
            return "cards were discarded this turn: no placing as well"
        if not self.free_slots(seat):
            return f"{MAX_PLACED} cards are placed already"
        currency = RICE if card.colour == BLACK else MONEY
        return f"placing {card} costs {self.place_cost(seat, card)} {currency}"

    # --- result -------------------------------------------------------------------------------
    def wealth(self, seat: int) -> int:
        """Resources in 米: rice plus 5 per 銭 (the tie-break after a round limit)."""
        return self.rice[seat] + RICE_PER_MONEY * self.money[seat]

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        seats = range(self.num_players)
        if self.winner >= 0:
            winners = frozenset({self.winner})
            detail = f"seat {self.winner + 1} reached 皇山"
        else:
            best = max((self.square[s], self.wealth(s)) for s in seats)
            winners = frozenset(s for s in seats if (self.square[s], self.wealth(s)) == best)
            detail = f"{self.rounds} rounds played: the furthest piece wins"
        breakdown = tuple({"square": float(self.square[s]), "rice": float(self.rice[s]),
                           "money": float(self.money[s]),
                           "placed": float(len(self.placed(s)))} for s in seats)
        return Outcome(tuple(float(self.square[s]) for s in seats), winners,
                       self.ended or Termination.NORMAL, breakdown, detail)

    # --- information --------------------------------------------------------------------------
    def has_hidden_information(self) -> bool:
        return True

    def view(self, seat: int) -> Self:
        """What `seat` sees: its own hand; the other hands only as so many hidden cards, their
        cards pooled with the draw pile (which the seat cannot tell apart)."""
        other = self.copy()
        for owner in range(self.num_players):
            if owner == seat:
                continue
            hand = other.hands[owner]
            for card in hand:
                if card != HIDDEN:
                    other.deck[card] = other.deck.get(card, 0) + 1
            other.hands[owner] = [HIDDEN] * len(hand)
        other.redacted, other.viewer = True, seat
        other._legal = None
        return other

    def determinize(self, seat: int, rng: Any) -> Self:
        """A full state consistent with what `seat` sees: the other hands dealt at random
        from the unseen cards, the rest in the draw pile."""
        other = self.view(seat) if not self.redacted else self.copy()
        unseen = [card for card in sorted(other.deck) for _ in range(other.deck[card])]
        rng.shuffle(unseen)
        for owner in range(self.num_players):
            if owner != seat:
                size = len(other.hands[owner])
                other.hands[owner], unseen = unseen[:size], unseen[size:]
        other.deck = {}
        for card in unseen:
            other.deck[card] = other.deck.get(card, 0) + 1
        other.redacted, other.viewer = False, -1
        other._legal = None
        return other

    # --- text ---------------------------------------------------------------------------------
    def describe(self) -> str:
        if self.phase == OVER:
            who = f"over, winner {self.winner + 1 if self.winner >= 0 else 'by squares'}"
        elif self.phase == FIRST:
            who = "first player to draw"
        else:
            who = f"seat {self.mover + 1} {self.phase} step {self.step}{self.mode[:1]}"
        players = " | ".join(
            f"{s + 1}: sq {self.square[s]} rice {self.rice[s]} money {self.money[s]}"
            f"{' protected' if self.protected[s] else ''} hand "
            f"{''.join(map(str, self.hands[s])) or '-'}"
            f" row " + ",".join(f"{p.card}{'*' if p.active else ''}{p.markers or ''}"
                               for _, p in self.placed(s))
            for s in range(self.num_players))
        return (f"Mokzo {self.num_players}p round {self.round}/{self.rounds}; {who}; pending "
                f"{self.pending or '-'}; halved {self.halvings}; deck {self.deck_size}, "
                f"discards {sum(self.discards.values())}; {players}")

    def invariant_errors(self) -> Sequence[str]:
        errors = []
        counts: dict[Card, int] = dict(self.deck)
        for pile in (self.discards,):
            for card, n in pile.items():
                counts[card] = counts.get(card, 0) + n
        hidden = 0
        for s in range(self.num_players):
            for card in self.hands[s]:
                if card == HIDDEN:
                    hidden += 1
                else:
                    counts[card] = counts.get(card, 0) + 1
            for _, placed in self.placed(s):
                counts[placed.card] = counts.get(placed.card, 0) + 1
                if placed.card.rank == "船":
                    errors.append(f"seat {s + 1} has a 船 placed")
            if len(self.rows[s]) != MAX_PLACED:
                errors.append(f"seat {s + 1} has {len(self.rows[s])} slots")
            if min(self.rice[s], self.money[s]) < 0 or not START <= self.square[s] <= GOAL:
                errors.append(f"seat {s + 1}: {self.rice[s]}米 {self.money[s]}銭 square "
                              f"{self.square[s]}")
        if {c: n for c, n in counts.items() if n} != dict(deck_counts()):
            errors.append("the cards do not add up to the 48 of the deck")
        if sum(self.deck.values()) != self.deck_size + hidden:
            errors.append(f"draw pile {self.deck_size} but {sum(self.deck.values())} unseen "
                          f"with {hidden} hidden")
        if hidden and not self.redacted:
            errors.append("hidden cards in a full state")
        for slot in self.pending:
            pending = self.card_at(self.mover, slot)
            if pending is None or pending.card.rank not in STEP3 or not pending.active:
                errors.append(f"slot {slot} pending without an acting card")
        for s in range(self.num_players):
            acting: dict[str, int] = {}
            for _, p in self.placed(s):
                if p.active:
                    acting[p.card.rank] = acting.get(p.card.rank, 0) + 1
            if acting != {r: n for r, n in self.acting[s].items() if n}:
                errors.append(f"seat {s + 1}: acting cards {self.acting[s]} out of step")
        if self.phase == OVER and self.ended is None:
            errors.append("over without a reason")
        if self.winner >= 0 and self.square[self.winner] != GOAL:
            errors.append(f"winner {self.winner + 1} is not on 皇山")
        return errors


def new_state(num_players: int, options: dict[str, Any]) -> MokzoState:
    """The start position (the first player still to be drawn)."""
    return MokzoState.start(num_players, options)


__all__ = ["DEFAULT_ROUNDS", "Event", "MokzoState", "Placed", "card_cost", "new_state"]
