"""値戦 makaik: three cards each and shared face-up cards, one exchange, three betting rounds.

A hand (lanerme-games.md §5 and its decisions): everyone antes 1 point into the pot; the cards
are gathered and shuffled; each seat gets three hidden cards and three cards lie face up as the
shared 公開札. In turn from the 親 each seat makes one compulsory exchange: ``swap r5 b7`` (hand
card r5 for the shared b7) or ``draw2`` (two cards from the 山札, then ``keep b3 r5``: keep the
drawn b3 in place of the hand card r5, which joins the shared cards; the other drawn card goes
face down out of play). Then three betting rounds: the 親 plays (``bet N``, a base of 1–5 that
the 親 pays) or folds (``fold``; the role of 親 passes to the next seat still in); each other
seat still in pays the base (``call``) or folds. A seat that cannot pay must fold; one seat
left takes the pot at once. After round 3 the best hand takes the pot.

Hands, strongest first: 3-set > 3-run > 2-set > single, made of any of the seat's three cards
and the shared cards (the shared cards alone included). Equal type: the larger number, then one
colour over mixed; still equal: the pot is split (odd points after the 親). The winner is the
next 親. The game ends after the agreed number of hands (option ``hands``) or when a seat
cannot ante.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import Amount, Word, seat_order
from companion.games.nincetkaik.deck import (
    COLOUR_OF,
    NUMBER_OF,
    PROFESSION_OF,
    STRENGTH_OF,
    Card,
    Profession,
    format_card,
    format_cards,
    parse_card,
)
from companion.games.nincetkaik.ledger import first_after, split_pot
from companion.games.nincetkaik.stakes import StakeGameState

ANTE = 1
HAND_SIZE = 3
SHARED = 3
ROUNDS = 3
MAX_BASE = 5
THREE_SET, THREE_RUN, TWO_SET, SINGLE = 4, 3, 2, 1
TYPE_NAMES = {THREE_SET: ("3枚セット", "3-card set"), THREE_RUN: ("3枚連番", "3-card run"),
              TWO_SET: ("2枚セット", "2-card set"), SINGLE: ("一枚", "single")}
Value = tuple[int, int, int]  # (type, number, one colour)


def hand_value(cards: Iterable[Card]) -> Value:
    """The best 値戦 hand among `cards` (a seat's three and the shared cards): (type, number —
    strength for sets and singles, the top number for runs —, 1 if it can be one colour)."""
    by_strength: dict[int, list[int]] = {}  # strength -> [red, black] tame cards
    numbers: list[set[int]] = [set(), set()]
    ships = [0, 0]
    best_single = -1
    for c in cards:
        colour = COLOUR_OF[c]
        best_single = max(best_single, STRENGTH_OF[c])
        if PROFESSION_OF[c] == Profession.SHIP:
            ships[colour] += 1
            continue
        by_strength.setdefault(STRENGTH_OF[c], [0, 0])[colour] += 1
        number = NUMBER_OF[c]
        if number is not None:
            numbers[colour].add(number)
    wild = ships[0] + ships[1]
    for size, kind in ((3, THREE_SET), (None, THREE_RUN), (2, TWO_SET)):
        if size is None:
            top = _best_run(numbers, ships)
            if top is not None:
                return (THREE_RUN, top, 1)
            continue
        found = _best_set(by_strength, ships, wild, size)
        if found is not None:
            return (kind, *found)
    return (SINGLE, best_single, 1)


def _best_set(by_strength: dict[int, list[int]], ships: list[int], wild: int,
              size: int) -> tuple[int, int] | None:
    for level in sorted(by_strength, reverse=True):
        red, black = by_strength[level]
        if red + black + wild >= size:
            one = (red and red + ships[0] >= size) or (black and black + ships[1] >= size)
            return (level, int(bool(one)))
    if size == 2 and wild >= 2:
        return (0, int(ships[0] >= 2 or ships[1] >= 2))
    return None


def _best_run(numbers: list[set[int]], ships: list[int]) -> int | None:
    best = None
    for colour in (0, 1):
        present = numbers[colour]
        if not present:
            continue
        for top in range(8, 1, -1):
            have = sum(1 for n in (top - 2, top - 1, top) if n in present)
            if have and have + ships[colour] >= 3:
                best = top if best is None else max(best, top)
                break
    return best


def value_label(value: Value, lang: str = "en") -> str:
    ja, en = TYPE_NAMES[value[0]]
    return ja if lang == "ja" else en


@dataclass(frozen=True)
class Exchange(Move):
    """``swap r5 b7`` (hand r5 for shared b7) or ``keep b3 r5`` (drawn b3 for hand r5)."""

    verb: str
    first: Card
    second: Card

    def __str__(self) -> str:
        return f"{self.verb} {format_card(self.first)} {format_card(self.second)}"

    @classmethod
    def parse(cls, text: str) -> Exchange:
        words = text.split()
        if len(words) != 3 or words[0].lower() not in ("swap", "keep"):
            raise MoveParseError(text, "'swap <hand card> <shared card>' or "
                                       "'keep <drawn card> <hand card>'")
        return cls(words[0].lower(), parse_card(words[1]), parse_card(words[2]))


@dataclass(frozen=True)
class HandResult:
    """How a hand ended, as the table saw it."""

    hand: int
    shared: tuple[Card, ...]
    shown: tuple[tuple[int, tuple[Card, ...]], ...]  # seats still in at the showdown
    winners: tuple[int, ...]
    pot: int
    shares: tuple[int, ...]
    value: Value | None  # the winning hand's value (None: won by folds)


@dataclass
class MakaikState(StakeGameState):
    game_id: ClassVar[str] = "makaik"
    round_word: ClassVar[str] = "hand"

    hands_total: int = 6
    shared: list[Card] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    phase: str = ""  # exchange, keep, lead, answer
    order: list[int] = field(default_factory=list)  # exchange order, then answer order
    turn: int = 0
    leader: int = -1
    base: int = 0
    bet_round: int = 0
    last: HandResult | None = None

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> MakaikState:
        state = cls(num_players, dict(options))
        state._init_stakes(options)
        state.hands_total = int(options.get("hands", 6))
        state.active = [True] * num_players
        return state

    def _copy_into(self, other: Self) -> None:
        super()._copy_into(other)
        other.shared = list(self.shared)
        other.active = list(self.active)
        other.order = list(self.order)

    def _table_cards(self) -> Iterable[Card]:
        return self.shared

    # --- flow -------------------------------------------------------------------------------
    def _after_chance(self) -> None:
        if self.round_no == 0:
            self._begin_hand()
        elif self.phase == "deal":
            self.phase, self.order, self.turn = "exchange", seat_order(self.parent,
                                                                       self.num_players), 0
        elif self.phase == "drawing":
            self.phase = "keep"

    def _place(self, kind: str, target: int, c: Card) -> None:
        if kind == "up":
            self.shared.append(c)
        elif kind == "aside":
            self.asides[target].append(c)
        else:
            super()._place(kind, target, c)

    def _begin_hand(self) -> None:
        if self._at_horizon():
            return
        short = [s for s in range(self.num_players) if self.points[s] < ANTE]
        if self.round_no >= self.hands_total or short:
            self.over = True
            self.reason = ("a seat cannot ante" if short else f"{self.hands_total} hands played")
            return
        self.round_no += 1
        self._gather()
        self.shared = []
        for seat in range(self.num_players):
            self._stake(seat, ANTE)
        self.active = [True] * self.num_players
        self.leader, self.base, self.bet_round = self.parent, 0, 1
        self.phase = "deal"
        self.queue = self._deal_queue(HAND_SIZE)
        self.queue += [("up", -1)] * SHARED

    def _seat_to_move(self) -> int:
        if self.phase == "lead":
            return self.leader
        return self.order[self.turn]

    def _seat_moves(self) -> list[Any]:
        seat = self._seat_to_move()
        if self.phase == "exchange":
            hand = sorted(set(self.hands[seat]))
            moves: list[Any] = [Exchange("swap", h, s) for h in hand
                                for s in sorted(set(self.shared))]
            if self.deck_size >= 2:
                moves.append(DRAW2)
            return moves
        if self.phase == "keep":
            return [Exchange("keep", d, h) for d in sorted(set(self.asides[seat]))
                    for h in sorted(set(self.hands[seat]))]
        if self.phase == "lead":
            top = min(MAX_BASE, self.points[seat])
            return [Amount("bet", k) for k in range(1, top + 1)] + [FOLD]
        return ([CALL] if self.points[seat] >= self.base else []) + [FOLD]

    def _apply_seat_move(self, move: Any) -> None:
        seat = self._seat_to_move()
        if self.phase == "exchange":
            if move == DRAW2:
                self.phase = "drawing"
                self.queue = [("aside", seat), ("aside", seat)]
                return
            self._trade(seat, move.first, move.second)
        elif self.phase == "keep":
            self.asides[seat].remove(move.first)
            self.hands[seat].remove(move.second)
            self.hands[seat].append(move.first)
            self.hands[seat].sort()
            self.shared.append(move.second)
            self.phase = "exchange"
        elif self.phase == "lead":
            self._lead(seat, move)
            return
        else:
            self._answer(seat, move)
            return
        self.turn += 1
        if self.turn == self.num_players:
            self.phase = "lead"

    def _trade(self, seat: int, give: Card, take: Card) -> None:
        self.hands[seat].remove(give)
        self.shared.remove(take)
        self.hands[seat].append(take)
        self.hands[seat].sort()
        self.shared.append(give)

    def _lead(self, seat: int, move: Any) -> None:
        if move == FOLD:
            self.active[seat] = False
            if not self._last_one():
                self.leader = self._next_active(seat)
            return
        self._stake(seat, move.amount)
        self.base = move.amount
        self.phase = "answer"
        self.order = [s for s in seat_order(seat, self.num_players)[1:] if self.active[s]]
        self.turn = 0

    def _answer(self, seat: int, move: Any) -> None:
        if move == CALL:
            self._stake(seat, self.base)
        else:
            self.active[seat] = False
        self.turn += 1
        if self._last_one() or self.turn < len(self.order):
            return
        if self.bet_round == ROUNDS:
            self._showdown()
        else:
            self.bet_round += 1
            self.phase = "lead"

    def _next_active(self, seat: int) -> int:
        return next(s for s in seat_order(seat, self.num_players)[1:] if self.active[s])

    def _last_one(self) -> bool:
        still = [s for s in range(self.num_players) if self.active[s]]
        if len(still) > 1:
            return False
        self._award(still, None, ())
        return True

    def _showdown(self) -> None:
        still = [s for s in range(self.num_players) if self.active[s]]
        values = {s: hand_value([*self.hands[s], *self.shared]) for s in still}
        best = max(values.values())
        winners = [s for s in still if values[s] == best]
        self._award(winners, best, tuple((s, tuple(self.hands[s])) for s in still))

    def _award(self, winners: list[int], value: Value | None,
               shown: tuple[tuple[int, tuple[Card, ...]], ...]) -> None:
        pot = self.pot
        shares = split_pot(pot, winners, self.leader, self.num_players)
        self._pay_out(shares)
        self.last = HandResult(self.round_no, tuple(self.shared), shown, tuple(winners), pot,
                               tuple(shares), value)
        self.parent = first_after(self.leader, winners, self.num_players)
        self.phase = ""
        self._round_over()
        self._begin_hand()

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        words = text.split()
        head = words[0].lower() if words else ""
        if head in ("swap", "keep"):
            return Exchange.parse(text)
        if head == "bet":
            return Amount.parse(text)
        if len(words) == 1 and head in ("draw2", "fold", "call"):
            return Word(head)
        raise MoveParseError(text, "a 値戦 move: 'swap r5 b7', 'draw2', 'keep b3 r5', "
                                   "'bet N', 'call' or 'fold'")

    def _why_not(self, move: Any) -> str:
        seat = self._seat_to_move()
        phase_moves = {"exchange": "an exchange ('swap' or 'draw2')",
                       "keep": "which drawn card to keep ('keep')",
                       "lead": "a base ('bet 1'–'bet 5') or 'fold'",
                       "answer": "'call' or 'fold'"}
        if isinstance(move, Exchange):
            if self.phase == "exchange" and move.verb == "swap":
                if move.first not in self.hands[seat]:
                    return f"{format_card(move.first)} is not in seat {seat + 1}'s hand"
                return f"{format_card(move.second)} is not among the shared cards"
            if self.phase == "keep" and move.verb == "keep":
                if move.first not in self.asides[seat]:
                    return f"{format_card(move.first)} is not one of the two cards drawn"
                return f"{format_card(move.second)} is not in seat {seat + 1}'s hand"
        if isinstance(move, Amount) and self.phase == "lead":
            if move.amount > self.points[seat]:
                return self._too_much(move.amount, seat)
            return f"the base is 1 to {MAX_BASE} points"
        if move == CALL and self.phase == "answer":
            return (f"seat {seat + 1} holds {self.points[seat]} points and cannot pay the base "
                    f"of {self.base}: it must fold")
        if move == DRAW2 and self.phase == "exchange":
            return "the 山札 has fewer than two cards"
        return f"seat {seat + 1} must choose {phase_moves.get(self.phase, 'a move')} now"

    # --- result -----------------------------------------------------------------------------
    def describe(self) -> str:
        active = "".join("+" if a else "-" for a in self.active)
        return (f"Makaik {self.num_players}p hand {self.round_no}/{self.hands_total}, "
                f"{self._flow_text()} ({self.phase}, round {self.bet_round}, base {self.base}); "
                f"親 {self.parent + 1} leader {self.leader + 1}; points "
                f"{','.join(map(str, self.points))} pot {self.pot}; in {active}; shared "
                f"{format_cards(self.shared) or '-'}; hands {self._hands_text()}; "
                f"deck {self.deck_size}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.stake_errors()
        if self.phase in ("lead", "answer") and sum(self.active) < 2:
            errors.append("betting goes on with fewer than two seats")
        return errors


DRAW2 = Word("draw2")
FOLD = Word("fold")
CALL = Word("call")


def new_state(num_players: int, options: dict[str, Any]) -> MakaikState:
    return MakaikState.start(num_players, options)
