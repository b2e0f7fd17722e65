"""What the 紙机戦 games share on the state API: hidden hands, chance as card draws, points.

Chance is one card at a time. The 山札 (draw pile) is held as counts per card (`stock`): its
order is unknown to everyone, so every draw is a chance event whose outcomes are the cards left
with their frequencies (a shuffled deck dealt from the top gives exactly these odds). A pending
chance event is queued as ``(kind, target)``; chance outcomes read:

- ``parent 2`` — the 親 is chosen at random: seat 2 (seats are numbered from 1 in notation);
- ``deal r5`` — a card dealt into the hand of the seat the queue names;
- ``draw r5`` — a card drawn during play (into a hand, or aside);
- ``up r5`` — a card turned face up (shared cards, a road, an indicator).

Hidden information: `view(seat)` empties every other seat's hand and private cards (`asides`)
and pours them into `stock`, which in a view means "every card this seat cannot see"; `hidden`
keeps how many cards each seat holds. `determinize` deals those counts back from the pool at
random. `deck_size` is the real size of the 山札 in both cases.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Move, Outcome, Termination
from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import RecordEntry
from companion.games.nincetkaik.deck import (
    ALL_CARDS,
    COPIES,
    DECK_SIZE,
    KINDS,
    Card,
    format_card,
    format_cards,
    full_stock,
    parse_card,
)

VERBS = ("deal", "draw", "up")


@dataclass(frozen=True)
class CardEvent(Move):
    """Chance: a card comes off the 山札 (``deal r5``, ``draw r5``, ``up r5``)."""

    verb: str
    card: Card
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"{self.verb} {format_card(self.card)}")

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> CardEvent:
        words = text.split()
        if len(words) != 2 or words[0].lower() not in VERBS:
            raise MoveParseError(text, "'deal r5', 'draw r5' or 'up r5'")
        return EVENTS[words[0].lower()][parse_card(words[1])]


EVENTS: dict[str, tuple[CardEvent, ...]] = {verb: tuple(CardEvent(verb, c) for c in ALL_CARDS)
                                            for verb in VERBS}


@dataclass(frozen=True)
class ParentDraw(Move):
    """Chance: the 親 is chosen at random (``parent 1`` is the first seat)."""

    seat: int

    def __str__(self) -> str:
        return f"parent {self.seat + 1}"

    @classmethod
    def parse(cls, text: str) -> ParentDraw:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "parent" or not words[1].isdigit() \
                or int(words[1]) < 1:
            raise MoveParseError(text, "'parent N' with a seat number from 1")
        return cls(int(words[1]) - 1)


@dataclass(frozen=True)
class Word(Move):
    """A move that is one word: ``pass``, ``fold``, ``call``, ``declare``, ``draw2`` …"""

    word: str

    def __str__(self) -> str:
        return self.word

    @classmethod
    def parse(cls, text: str) -> Word:
        words = text.split()
        if len(words) != 1:
            raise MoveParseError(text, "one word")
        return cls(words[0].lower())


@dataclass(frozen=True)
class Amount(Move):
    """A move with a number of points: ``bet 3``."""

    verb: str
    amount: int

    def __str__(self) -> str:
        return f"{self.verb} {self.amount}"

    @classmethod
    def parse(cls, text: str) -> Amount:
        words = text.split()
        if len(words) != 2 or not words[1].isdigit():
            raise MoveParseError(text, "a word and a whole number of points, e.g. 'bet 3'")
        return cls(words[0].lower(), int(words[1]))


@dataclass(frozen=True)
class CardsMove(Move):
    """A move naming cards: ``discard r5``, ``call r4r6``, ``lay r5r5b5bS`` …"""

    verb: str
    cards: tuple[Card, ...]
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"{self.verb} {format_cards(self.cards)}")

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> CardsMove:
        from companion.games.nincetkaik.deck import parse_cards

        words = text.split(maxsplit=1)
        if len(words) != 2:
            raise MoveParseError(text, "a word and cards, e.g. 'discard r5'")
        return cls(words[0].lower(), tuple(sorted(parse_cards(words[1]))))


def parse_chance(text: str) -> Move | None:
    """A chance outcome of any 紙机戦 game, or None when `text` is not one."""
    head = text.split()[0].lower() if text.split() else ""
    if head == "parent":
        return ParentDraw.parse(text)
    if head in VERBS and len(text.split()) == 2:
        return CardEvent.parse(text)
    return None


@dataclass
class CardGameState(GameState):
    """Hands, the 山札 as counts, private cards, points per seat, and queued chance."""

    game_id: ClassVar[str] = ""
    #: Name of one round (season, hand, deal) in `describe`.
    round_word: ClassVar[str] = "round"
    reward_scale: ClassVar[float] = 10.0
    #: Bots' search (`determinize`) stops after this many seat moves and judges the position
    #: with the game's evaluation (0: it plays to the end of the round).
    search_plays: ClassVar[int] = 0

    points: list[int] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)  # per card: in the 山札 (view: unseen)
    deck_size: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    asides: list[list[Card]] = field(default_factory=list)  # private cards outside the hand
    hidden: list[int] = field(default_factory=list)  # view: hand cards not shown
    hidden_asides: list[int] = field(default_factory=list)
    queue: list[tuple[str, int]] = field(default_factory=list)
    parent: int = -1
    over: bool = False
    reason: str = ""  # why the game ended
    #: Bots' search only (`determinize`): the game stops when this round is over.
    horizon: int | None = None
    horizon_points: tuple[int, ...] = ()
    truncated: bool = False  # stopped at the horizon, not by the rules
    plays: int = 0  # seat moves so far
    horizon_plays: int | None = None  # search only: stop after this many seat moves
    horizon_values: tuple[float, ...] = ()  # search only: each seat's evaluation at the start
    round_no: int = 0
    #: Points of every seat at the end of each round (season, hand, deal), oldest first.
    round_points: tuple[tuple[int, ...], ...] = ()
    _legal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    def _init_seats(self, points: int) -> None:
        n = self.num_players
        self.points = [points] * n
        self.hands = [[] for _ in range(n)]
        self.asides = [[] for _ in range(n)]
        self.hidden = [0] * n
        self.hidden_asides = [0] * n
        self.stock = full_stock()
        self.deck_size = DECK_SIZE

    def _gather(self) -> None:
        """Every card back into the 山札 (a new round is dealt from a shuffled deck)."""
        self.stock = full_stock()
        self.deck_size = DECK_SIZE
        for seat in range(self.num_players):
            self.hands[seat] = []
            self.asides[seat] = []
            self.hidden[seat] = 0
            self.hidden_asides[seat] = 0

    # --- copying ----------------------------------------------------------------------------
    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.points = list(self.points)
        other.stock = list(self.stock)
        other.hands = [list(h) for h in self.hands]
        other.asides = [list(a) for a in self.asides]
        other.hidden = list(self.hidden)
        other.hidden_asides = list(self.hidden_asides)
        other.queue = list(self.queue)
        self._copy_into(other)
        return other

    def _copy_into(self, other: Self) -> None:
        """Copy the game's own mutable fields into `other` (a shallow copy so far)."""

    # --- whose turn -------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.over:
            return TERMINAL
        if self.queue:
            return CHANCE
        return self._seat_to_move()

    def _seat_to_move(self) -> int:
        raise NotImplementedError

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            if self.over:
                self._legal = ()
            elif self.queue:
                self._legal = tuple(m for m, _ in self.chance_outcomes())
            else:
                self._legal = tuple(self._seat_moves())
        return list(self._legal)

    def _seat_moves(self) -> list[Any]:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.over or not self.queue:
            return []
        kind, _ = self.queue[0]
        if kind == "parent":
            n = self.num_players
            return [(ParentDraw(s), 1.0 / n) for s in range(n)]
        events = EVENTS[_VERB_OF.get(kind, "draw")]
        total = sum(self.stock)
        return [(events[c], k / total) for c, k in enumerate(self.stock) if k]

    def play(self, move: Any) -> None:
        if not self.is_legal(move):
            raise IllegalMoveError(move, self.describe(), self.why_illegal(move))
        self._apply(move)

    def is_legal(self, move: Any) -> bool:
        """Whether `move` may be played now: one of `legal_moves()`. A game whose moves are
        many may check the one move directly (the window checks every bot's answer, and
        listing a 24-card hand's 役 took it 5-10 ms); it must agree with the list."""
        return move in self.legal_moves()

    def _apply(self, move: Any) -> None:
        self._legal = None
        if self.queue:
            kind, target = self.queue.pop(0)
            if isinstance(move, ParentDraw):
                self.parent = move.seat
            else:
                self.stock[move.card] -= 1
                self.deck_size -= 1
                self._place(kind, target, move.card)
            if not self.queue:
                self._after_chance()
            return
        self._apply_seat_move(move)
        self.plays += 1
        if self.horizon_plays is not None and self.plays >= self.horizon_plays and not self.over:
            self.over = self.truncated = True

    def _place(self, kind: str, target: int, c: Card) -> None:
        """Put a card off the 山札 where the queued event `kind` says (hands by default)."""
        self.hands[target].append(c)
        self.hands[target].sort()

    def _after_chance(self) -> None:
        """Called when the queued chance events are all resolved."""

    def _apply_seat_move(self, move: Any) -> None:
        raise NotImplementedError

    def parse_move(self, text: str) -> Any:
        chance = parse_chance(text)
        if chance is not None:
            return chance
        return self._parse_seat_move(text)

    def _parse_seat_move(self, text: str) -> Any:
        raise NotImplementedError

    def why_illegal(self, move: Any) -> str:
        if self.over:
            return "the game is over"
        if self.queue:
            return "chance acts now (cards are dealt or drawn)"
        return self._why_not(move)

    def _why_not(self, move: Any) -> str:
        return "not a move for this seat now"

    # --- hidden information -----------------------------------------------------------------
    def has_hidden_information(self) -> bool:
        return True

    def view(self, seat: int) -> Self:
        """What `seat` sees: other seats' hands and private cards become unknown counts."""
        other = self.copy()
        for s in range(self.num_players):
            if s == seat:
                continue
            for c in other.hands[s]:
                other.stock[c] += 1
            for c in other.asides[s]:
                other.stock[c] += 1
            other.hidden[s] += len(other.hands[s])
            other.hidden_asides[s] += len(other.asides[s])
            other.hands[s] = []
            other.asides[s] = []
        other._legal = None
        return other

    def determinize(self, seat: int, rng: Any) -> Self:
        """A full state consistent with `view(seat)`: unknown cards dealt from the unseen pool
        at random. For search, it ends when the current round ends (`horizon`)."""
        state = self.view(seat)
        pool = [c for c in ALL_CARDS for _ in range(state.stock[c])]
        rng.shuffle(pool)
        for s in range(self.num_players):
            for zone, count in ((state.hands[s], state.hidden[s]),
                                (state.asides[s], state.hidden_asides[s])):
                if not count:
                    continue
                for _ in range(count):
                    c = pool.pop()
                    state.stock[c] -= 1
                    zone.append(c)
                zone.sort()
            state.hidden[s] = 0
            state.hidden_asides[s] = 0
        state.horizon = state.round_no
        state.horizon_points = tuple(state.points)
        if self.search_plays:
            state.horizon_plays = state.plays + self.search_plays
            state.horizon_values = tuple(state.judge(s) for s in range(self.num_players))
        return state

    def judge(self, seat: int) -> float:
        """The game's evaluation of `seat` (the greedy bot's), for a search cut short."""
        from companion.games.nincetkaik import bots

        value: float = getattr(bots, f"evaluate_{self.game_id}")(self, seat)
        return value

    def _round_over(self) -> None:
        """Remember the points at the end of a round (for the ledger and the sheets)."""
        self.round_points = (*self.round_points, tuple(self.points))

    def _next_season(self, seasons: int) -> bool:
        """Begin the next of `seasons` seasons: the round number advances and every card goes
        back into the 山札. False (nothing dealt) when the horizon or the last season is past.
        The last season's end comes first: a search reaching it scores the real result."""
        if self.round_no >= seasons:
            self.over, self.reason = True, f"{seasons} seasons played"
            return False
        if self._at_horizon():
            return False
        self.round_no += 1
        self._gather()
        return True

    def _deal_queue(self, cards_each: int) -> list[tuple[str, int]]:
        """The chance queue that deals `cards_each` cards one at a time, from the 親 round."""
        order = seat_order(self.parent, self.num_players)
        return [("deal", s) for _ in range(cards_each) for s in order]

    def _set_position(self, hands: Sequence[Sequence[Card]], shown: Iterable[Card] = ()) -> None:
        """Seat these hands with nothing left to deal, and take them and the `shown` cards out
        of the 山札: a position set up by hand (for tests and the table's checker)."""
        self.queue = []
        self.hands = [sorted(h) for h in hands]
        for c in [*(c for h in hands for c in h), *shown]:
            self.stock[c] -= 1
            self.deck_size -= 1

    def _first_out_outcome(self, winners: Sequence[int]) -> Outcome:
        """Shedding games: the `winners` (out of cards first) score 1, the others 0; the
        breakdown gives the cards left in every hand."""
        return Outcome(
            scores=tuple(1.0 if s in winners else 0.0 for s in range(self.num_players)),
            winners=frozenset(winners),
            breakdown=tuple({"cards_left": float(self.hand_size(s))}
                            for s in range(self.num_players)),
            detail=self.reason)

    def _at_horizon(self) -> bool:
        """True (and the game stops) when a search state has finished its horizon round."""
        if self.horizon is not None and self.round_no >= self.horizon:
            self.over = self.truncated = True
            return True
        return False

    def _points_outcome(self, breakdown: tuple[dict[str, float], ...],
                        termination: Termination) -> Outcome:
        """Most points wins; equal points share the victory."""
        best = max(self.points)
        return Outcome(scores=tuple(float(p) for p in self.points),
                       winners=frozenset(s for s, p in enumerate(self.points) if p == best),
                       termination=termination, breakdown=breakdown, detail=self.reason)

    def returns(self) -> tuple[float, ...]:
        if self.truncated and self.horizon_values:
            gains = [self.judge(s) - v for s, v in enumerate(self.horizon_values)]
            return horizon_returns(gains, self.reward_scale)
        if self.truncated:
            gains = [p - q for p, q in zip(self.points, self.horizon_points, strict=True)]
            return horizon_returns(gains, self.reward_scale)
        return super().returns()

    def hand_size(self, seat: int) -> int:
        """Cards in `seat`'s hand (known or not)."""
        return len(self.hands[seat]) + self.hidden[seat]

    # --- checks -----------------------------------------------------------------------------
    def _table_cards(self) -> Iterable[Card]:
        """Cards lying on the table or out of play (the game's own zones)."""
        return ()

    def card_errors(self) -> list[str]:
        """The 48 cards are all somewhere, each card at most as often as the deck has it."""
        seen = [0] * KINDS
        for zone in (*self.hands, *self.asides, self._table_cards()):
            for c in zone:
                seen[c] += 1
        errors = []
        unseen = sum(self.stock)
        if unseen != self.deck_size + sum(self.hidden) + sum(self.hidden_asides):
            errors.append(f"unseen cards {unseen} != deck {self.deck_size} + hidden "
                          f"{sum(self.hidden) + sum(self.hidden_asides)}")
        for c in ALL_CARDS:
            if seen[c] + self.stock[c] != COPIES[c] or self.stock[c] < 0:
                errors.append(f"{format_card(c)}: {seen[c] + self.stock[c]} cards instead of "
                              f"{COPIES[c]}")
        return errors

    def invariant_errors(self) -> Sequence[str]:
        return self.card_errors()

    # --- text -------------------------------------------------------------------------------
    def _hands_text(self) -> str:
        parts = []
        for s in range(self.num_players):
            text = format_cards(self.hands[s]) or "-"
            if self.hidden[s]:
                text += f"+{self.hidden[s]}?"
            if self.asides[s] or self.hidden_asides[s]:
                text += f"[{format_cards(self.asides[s])}{'+' if self.hidden_asides[s] else ''}"
                text += f"{self.hidden_asides[s] or ''}]"
            parts.append(text)
        return "|".join(parts)

    def _flow_text(self) -> str:
        if self.over:
            return "over"
        if self.queue:
            kind, target = self.queue[0]
            return f"chance {kind}" + (f" for seat {target + 1}" if target >= 0 else "")
        return f"seat {self._seat_to_move() + 1} to move"


_VERB_OF = {"deal": "deal", "draw": "draw", "up": "up", "board": "up", "road": "up",
            "light": "up", "aside": "draw"}


def seat_order(first: int, players: int) -> list[int]:
    """Seats clockwise starting with `first`."""
    return [(first + i) % players for i in range(players)]


def undo_reveals_nothing(entries: Sequence[RecordEntry], seat: int) -> bool:
    """Whether taking back `seat`'s last decision shows nobody a card they have not seen:
    true when no chance outcome (a card drawn or turned up) came after that decision."""
    for entry in reversed(entries):
        if entry.is_chance:
            return False
        if entry.seat == seat:
            return True
    return False


#: Bots' search rewards when a determinized game stops at its horizon: 0.5 plus half the lead
#: over the other seats' average gain in this round, in units of this many points.
REWARD_SCALE = 10.0


def horizon_returns(gains: Sequence[float], scale: float = REWARD_SCALE) -> tuple[float, ...]:
    """Rewards in 0..1 from each seat's gain over the search horizon."""
    n = len(gains)
    total = sum(gains)
    result = []
    for gain in gains:
        others = (total - gain) / (n - 1) if n > 1 else 0.0
        result.append(min(1.0, max(0.0, 0.5 + (gain - others) / (2.0 * scale))))
    return tuple(result)
