"""Equilibrium digital play: the rules engine on the shared `GameState` API (one or two seats,
co-operative: every seat wins or every seat loses).

The flow is a list of pending steps (`steps`). A step is a chance event (a card drawn, a book or
a city turned up), a decision of a seat, or bookkeeping that runs by itself (refilling the city
column, seeding empty cities, the draw of phase II). The head of the list decides `to_move()`.

Setup: the deck profile (``deck`` event), the Book of Powers (turn books up one at a time, or
the books fixed by the option ``books``; then pay the cost), four cities, two dream cards seeded
on each, then the hands (seat 0, then seat 1; a chaos card drawn into a starting hand goes onto a
stronger side). Seat 0 holds the Sognae polarity card and starts.

A turn: phase I plays one card or discards one for an effect (swap, balance, polarity, a book);
a balance may go on with zero-sum discards (``zero …``/``done``), then the bonus city, refilling
and seeding; phase II draws up to four, every chaos card drawn needing a penalty. The game is
won the moment every city card is claimed, and lost when phase II must draw from an empty deck.

Hidden information: the order of both decks is chance (each draw is an explicit outcome with its
probability); with two players each hand is private (`view` hides the partner's cards among the
unseen ones, `determinize` deals them again). Cards looked at with Prophecy are shown to both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome
from companion.core.errors import IllegalMoveError
from companion.games.equilibrium.cards import (
    BASE_CITIES,
    BOOK_IDS,
    CHAOS,
    HIGHER,
    INCUBI,
    LEFT,
    MAX_BOOKS,
    POWER,
    RIGHT,
    SOGNAE,
    SQUARE_CITIES,
)
from companion.games.equilibrium.moves import (
    Balance,
    BookDraw,
    CityDraw,
    ClearCity,
    DeckEvent,
    Discard,
    Done,
    Draw,
    Effect,
    Fly,
    FlyFrom,
    MoreBooks,
    Order,
    PlaceChaos,
    Play,
    Plaza,
    Polarity,
    Prophecy,
    RevealCards,
    SeedSide,
    Swap,
    SwapFrom,
    Vanish,
    Zero,
    parse_move,
)
from companion.games.equilibrium.profile import (
    DeckProfile,
    ProfileError,
    load_profile,
    profile_from_text,
)

EXPANSIONS = ("books", "squares")
HAND = 4
SIDE_CAPACITY = 3
COLUMN = 4
BOOK_COSTS = (2, 3, 4)
#: A hidden card in a view of the partner's hand.
HIDDEN = "?"
#: Polarity cards; seat 0 starts with Sognae.
POLARITIES = ("S", "I")

BALANCE, JOYFUL, DONE = Balance(False), Balance(True), Done()
SWAP, FLY, VANISH, PLAZA = Effect("swap"), Effect("fly"), Effect("vanish"), Effect("plaza")
POLARITY, PROPHECY = Polarity(), Prophecy()
MORE_BOOKS, NO_MORE_BOOKS = MoreBooks(True), MoreBooks(False)
DRAW: dict[str, Draw] = {code: Draw(code) for code in POWER}
#: Interned moves (bots create many): a play by (card, position 1–4, side), a discard by card.
PLAY: dict[tuple[str, int, int], Play] = {
    (code, pos, side): Play(code, pos, side) for code in POWER if code[0] != CHAOS
    for pos in range(1, 5) for side in (LEFT, RIGHT)}
DISCARD: dict[str, Discard] = {code: Discard(code) for code in POWER}
SWAP_FROM: dict[tuple[int, int, str], SwapFrom] = {
    (side, pos, code): SwapFrom(side, pos, code) for code in POWER for pos in range(1, 5)
    for side in (LEFT, RIGHT)}

#: The side(s) a card (or a seat's polarity) plays on.
_SIDES_OF: dict[str, tuple[int, ...]] = {INCUBI: (LEFT,), SOGNAE: (RIGHT,)}

#: The step that names the cards of an effect.
_CHOOSE_CARDS = {"swap": "swapfrom", "fly": "flyfrom", "vanish": "vanishwhich",
                 "plaza": "plazawhich"}

CHANCE_STEPS = frozenset({"deck", "book", "cost", "city", "seed", "hand", "draw", "reveal",
                          "see"})
Step = tuple[str, int]


def check_options(options: Mapping[str, Any]) -> None:
    """Books need the Book of Powers; at most six books are turned up."""
    from companion.games.registry import OptionError

    books = list(options.get("books", ()) or ())
    if books and "books" not in set(options.get("expansions", ()) or ()):
        raise OptionError("Equilibrium: choosing books needs the Book of Powers expansion",
                          "エクィリブリオン: 使う力の書を選ぶには拡張「力の書」が要ります")
    if len(books) > MAX_BOOKS:
        raise OptionError(f"Equilibrium: at most {MAX_BOOKS} books are in play (two of the "
                          f"eight are always removed unseen), not {len(books)}",
                          f"エクィリブリオン: 使える力の書は{MAX_BOOKS}冊までです（8冊のうち2冊は"
                          f"いつも見ずに除きます）。{len(books)}冊は選べません")


def zero_sets(left: Sequence[str], right: Sequence[str]) -> list[tuple[tuple[str, ...],
                                                                      tuple[str, ...]]]:
    """Every (left cards, right cards) pair of one city whose powers sum to zero, as sorted
    code tuples, without repeats (cards of one code are identical)."""
    def parts(cards: Sequence[str]) -> dict[tuple[str, ...], int]:
        found: dict[tuple[str, ...], int] = {}
        ordered = sorted(cards)
        for size in range(1, len(ordered) + 1):
            for combo in combinations(ordered, size):
                found.setdefault(combo, sum(POWER[c] for c in combo))
        return found

    if not left or not right:
        return []
    rights = parts(right)
    return [(lc, rc) for lc, ls in parts(left).items() for rc, rs in rights.items() if ls == rs]


T = TypeVar("T")


def _subset_sums(cards: Sequence[str]) -> set[int]:
    sums = {0}
    for card in cards:
        sums |= {total + POWER[card] for total in sums}
    sums.discard(0)
    return sums


def has_zero_set(left: Sequence[str], right: Sequence[str]) -> bool:
    """Whether some cards of the left and of the right side sum to zero together."""
    return bool(left and right and _subset_sums(left) & _subset_sums(right))


def _unique(items: Iterable[T]) -> list[T]:
    return list(dict.fromkeys(items))


def _count(counts: Mapping[str, int]) -> int:
    return sum(counts.values())


@dataclass
class EquilibriumState(GameState):
    game_id = "equilibrium"

    profile: DeckProfile = field(default_factory=load_profile)
    expansions: frozenset[str] = frozenset()
    book_cost: int = 2
    total_cities: int = 12
    # supplies
    deck: dict[str, int] = field(default_factory=dict)  # unseen dream cards (see `view`)
    deck_n: int = 0  # cards in the dream deck, `top` included
    top: list[str] = field(default_factory=list)  # known top of the deck (Prophecy), top first
    discards: dict[str, int] = field(default_factory=dict)
    city_deck: dict[str, int] = field(default_factory=dict)
    city_top: list[str] = field(default_factory=list)  # known order (bots' determinizations)
    book_pool: list[str] = field(default_factory=list)  # books still face down
    books: list[str] = field(default_factory=list)  # books face up
    revealed: list[str] = field(default_factory=list)  # book cost / penalty 3, to be sorted
    # the city column: positions 0..3; sides[2p + side] the cards, power[2p + side] their sum
    cities: list[str] = field(default_factory=list)
    sides: list[list[str]] = field(default_factory=list)
    power: list[int] = field(default_factory=list)
    claimed: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    polarity: list[str] = field(default_factory=list)
    # flow
    steps: list[Step] = field(default_factory=list)
    mover: int = 0
    turn: int = 0
    seed_buf: list[str] = field(default_factory=list)
    chaos: list[str] = field(default_factory=list)  # chaos cards waiting for a penalty
    vacated: list[int] = field(default_factory=list)  # positions to refill
    zero_open: list[int] = field(default_factory=list)  # positions open to a zero-sum discard
    effect: Any = None  # the effect chosen in phase I, waiting for its card
    joyful: bool = False
    over: bool = False
    won: bool = False
    _legal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def start(cls, num_players: int, options: Mapping[str, Any] | None = None,
              profile: DeckProfile | str | Path | Mapping[str, Any] | None = None,
              ) -> EquilibriumState:
        if num_players not in (1, 2):
            raise ValueError(f"Equilibrium is for 1 or 2 players, not {num_players}")
        options = dict(options or {})
        check_options(options)
        expansions = frozenset(options.get("expansions", ()) or ())
        unknown = sorted(expansions - set(EXPANSIONS))
        if unknown:
            raise ValueError(f"unknown expansion(s) {', '.join(unknown)}; use books, squares")
        cost = int(options.get("book_cost", 2))
        if cost not in BOOK_COSTS:
            raise ValueError(f"the book cost is 2, 3 or 4 cards, not {cost}")
        state = cls(num_players, options, load_profile(profile), expansions, cost)
        squares = "squares" in expansions
        state.city_deck = dict(BASE_CITIES) | (dict(SQUARE_CITIES) if squares else {})
        state.total_cities = _count(state.city_deck)
        state._fill_deck()
        state.cities = [""] * COLUMN
        state.sides = [[] for _ in range(2 * COLUMN)]
        state.power = [0] * (2 * COLUMN)
        state.hands = [[] for _ in range(num_players)]
        state.polarity = list(POLARITIES) if num_players == 2 else []
        fixed = [str(b) for b in options.get("books", ()) or ()]
        steps: list[Step] = [("deck", 0)]
        if "books" in expansions:
            if fixed:
                state.books = [b for b in BOOK_IDS if b in fixed]
                steps.append(("paycost", 0))
            else:
                state.book_pool = list(BOOK_IDS)
                steps.append(("books", 0))
        steps += [("city", p) for p in range(COLUMN)] + [("seedall", 0)]
        steps += [("deal", s) for s in range(num_players)] + [("startturn", 0)]
        state.steps = steps
        return state

    def _fill_deck(self) -> None:
        self.deck = self.profile.dream_cards("squares" in self.expansions)
        self.deck_n = _count(self.deck)

    def copy(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        d["deck"] = dict(self.deck)
        d["top"] = list(self.top)
        d["discards"] = dict(self.discards)
        d["city_deck"] = dict(self.city_deck)
        d["city_top"] = list(self.city_top)
        d["book_pool"] = list(self.book_pool)
        d["books"] = list(self.books)
        d["revealed"] = list(self.revealed)
        d["cities"] = list(self.cities)
        d["sides"] = [list(s) for s in self.sides]
        d["power"] = list(self.power)
        d["claimed"] = list(self.claimed)
        d["hands"] = [list(h) for h in self.hands]
        d["polarity"] = list(self.polarity)
        d["steps"] = list(self.steps)
        d["seed_buf"] = list(self.seed_buf)
        d["chaos"] = list(self.chaos)
        d["vacated"] = list(self.vacated)
        d["zero_open"] = list(self.zero_open)
        return other

    # --- queries for the screens and the bots -----------------------------------------------
    def side(self, pos: int, side: int) -> tuple[str, ...]:
        """Cards on `side` of the city at position `pos` (1–4)."""
        return tuple(self.sides[2 * (pos - 1) + side])

    def side_sum(self, pos: int, side: int) -> int:
        """The signed sum of one side (left ≤ 0, right ≥ 0)."""
        value = self.power[2 * (pos - 1) + side]
        return -value if side == LEFT else value

    def city(self, pos: int) -> str:
        """The city card at `pos` (1–4), "" when the position is empty."""
        return self.cities[pos - 1]

    def is_balanced(self, pos: int) -> bool:
        """Both sides sum to zero together and the city holds at least one card."""
        i = 2 * (pos - 1)
        return bool(self.cities[pos - 1]) and self.power[i] == self.power[i + 1] \
            and bool(self.sides[i] or self.sides[i + 1])

    def stronger_sides(self, pos: int) -> tuple[int, ...]:
        """The side(s) with the larger absolute sum (both on a tie)."""
        left, right = self.power[2 * (pos - 1)], self.power[2 * (pos - 1) + 1]
        if left == right:
            return (LEFT, RIGHT)
        return (LEFT,) if left > right else (RIGHT,)

    def chaos_places(self) -> list[tuple[int, int]]:
        """(pos, side) where a chaos card may go: a stronger side that is not full."""
        return [(p + 1, s) for p in range(COLUMN) if self.cities[p]
                for s in self.stronger_sides(p + 1)
                if len(self.sides[2 * p + s]) < SIDE_CAPACITY]

    def balanced_cities(self) -> list[int]:
        return [p for p in range(1, COLUMN + 1) if self.is_balanced(p)]

    def hand(self, seat: int) -> tuple[str, ...]:
        return tuple(self.hands[seat])

    def deck_size(self) -> int:
        return self.deck_n

    def discard_size(self) -> int:
        return _count(self.discards)

    def city_deck_size(self) -> int:
        return _count(self.city_deck)

    def cities_claimed(self) -> int:
        return len(self.claimed)

    def pending(self) -> str:
        """What is being decided now: "act" (phase I: a play, or the effect of a discard),
        "swapfrom" / "flyfrom" / "vanishwhich" / "plazawhich" (the card or city an effect
        works on), "swapwith" / "flyto" (the second half of a swap or flight), "pay" (the card
        discarded
        for the chosen effect), "zero", "order", "penalty", "setupchaos", "seedside", "books";
        "chance" or "over" otherwise."""
        if self.over:
            return "over"
        kind = self.steps[0][0]
        return "chance" if kind in CHANCE_STEPS else kind

    def phase(self) -> int:
        """1 while phase I is being played, 2 during the draw, 0 during setup or at the end."""
        if self.over or self.turn == 0:
            return 0
        return 2 if any(kind == "endturn" for kind, _ in self.steps) else 1

    def penalty_options(self) -> dict[str, bool]:
        """Which chaos penalties are possible now: place, clear, reveal."""
        return {"place": bool(self.chaos_places()), "clear": bool(self.balanced_cities()),
                "reveal": True}

    def prophecy_count(self) -> int:
        return 2 * sum(1 for b in self.books if b.startswith("prophecy"))

    # --- the API ----------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.over:
            return TERMINAL
        kind, arg = self.steps[0]
        if kind in CHANCE_STEPS:
            return CHANCE
        return arg if kind == "setupchaos" else self.mover

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.over or self.steps[0][0] not in CHANCE_STEPS:
            return []
        kind = self.steps[0][0]
        if kind == "deck":
            return [(DeckEvent(self.profile.text()), 1.0)]
        if kind == "book":
            share = 1.0 / len(self.book_pool)
            return [(BookDraw(b), share) for b in self.book_pool]
        if kind == "city":
            if self.city_top:
                return [(CityDraw(self.city_top[0]), 1.0)]
            total = _count(self.city_deck)
            return [(CityDraw(c), n / total) for c, n in self.city_deck.items() if n]
        if self.top and kind != "see":
            return [(DRAW[self.top[0]], 1.0)]
        share = 1.0 / _count(self.deck)
        return [(DRAW[c], n * share) for c, n in self.deck.items() if n]

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return list(self._legal)

    def _compute_legal(self) -> list[Any]:
        if self.over:
            return []
        kind, arg = self.steps[0]
        if kind in CHANCE_STEPS:
            return [m for m, _ in self.chance_outcomes()]
        return self._DECISIONS[kind](self, arg)

    def play(self, move: Any) -> None:
        """Apply `move`; `IllegalMoveError` (state unchanged) if it is not legal.

        A recorded ``deck`` event whose profile differs from the one in use is accepted when
        it is a valid profile: the record keeps the deck it was played with."""
        if move in self.legal_moves() or self._is_recorded_deck(move):
            self._apply(move)
            return
        raise IllegalMoveError(move, self.describe(), self.why_illegal(move))

    def _is_recorded_deck(self, move: Any) -> bool:
        if not isinstance(move, DeckEvent) or self.over or self.steps[0][0] != "deck":
            return False
        try:
            profile_from_text(move.profile)
        except ProfileError:
            return False
        return True

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    def _apply(self, move: Any) -> None:
        self._legal = None
        kind, arg = self.steps.pop(0)
        if kind in CHANCE_STEPS:
            self._chance(kind, arg, move)
        else:
            self._decide(kind, move)
        self._run()

    def _run(self) -> None:
        """Run bookkeeping steps until chance or a seat acts, or the game is over."""
        steps, auto = self.steps, self._AUTO
        while steps and not self.over:
            handler = auto.get(steps[0][0])
            if handler is None:
                return
            handler(self, steps.pop(0)[1])

    def _push(self, *steps: Step) -> None:
        self.steps[0:0] = steps

    # --- cards ------------------------------------------------------------------------------
    def _take(self, card: str, from_top: bool = True) -> None:
        if from_top and self.top:
            self.top.pop(0)
        else:
            self.deck[card] -= 1
        self.deck_n -= 1

    def _discard(self, card: str) -> None:
        self.discards[card] = self.discards.get(card, 0) + 1

    def _put(self, p: int, side: int, card: str) -> None:
        self.sides[2 * p + side].append(card)
        self.power[2 * p + side] += POWER[card]

    def _lift(self, p: int, side: int, card: str) -> None:
        self.sides[2 * p + side].remove(card)
        self.power[2 * p + side] -= POWER[card]

    def _empty_city(self, p: int) -> None:
        for side in (LEFT, RIGHT):
            for card in self.sides[2 * p + side]:
                self._discard(card)
            self.sides[2 * p + side] = []
            self.power[2 * p + side] = 0

    def _is_empty(self, p: int) -> bool:
        return not self.sides[2 * p] and not self.sides[2 * p + 1]

    def _check_win(self) -> bool:
        if len(self.claimed) >= self.total_cities:
            self.over, self.won = True, True
            self.steps.clear()
        return self.over

    # --- chance -----------------------------------------------------------------------------
    def _chance(self, kind: str, arg: int, move: Any) -> None:
        if kind == "deck":
            if move.profile != self.profile.text():
                self.profile = profile_from_text(move.profile)
                self._fill_deck()
            return
        if kind == "book":
            self.book_pool.remove(move.book)
            self.books.append(move.book)
            return
        if kind == "city":
            if self.city_top:
                self.city_top.pop(0)
            self.city_deck[move.city] -= 1
            if arg < 0:
                self.claimed.append(move.city)  # a bonus city
            else:
                self.cities[arg] = move.city
            return
        card = move.card
        if kind == "see":
            self.deck[card] -= 1
            self.top.append(card)
            return
        self._take(card)
        if kind == "seed":
            self.seed_buf.append(card)
        elif kind in ("cost", "reveal"):
            self.revealed.append(card)
        elif card[0] != CHAOS:
            self.hands[arg].append(card)
        elif kind == "hand":
            if self.chaos_places():
                self.chaos.append(card)
                self._push(("setupchaos", arg))
            else:
                self._discard(card)
        else:
            self.chaos.append(card)
            self._queue_penalty()

    # --- bookkeeping steps ------------------------------------------------------------------
    def _auto_paycost(self, _: int) -> None:
        cards = min(len(self.books) * self.book_cost, self.deck_n)
        self._push(*[("cost", 0)] * cards, ("costdone", 0))

    def _auto_costdone(self, _: int) -> None:
        """Book cost: Incubi, Sognae and higher beings are discarded; chaos cards go back
        into the deck, which is shuffled."""
        for card in self.revealed:
            if card[0] == CHAOS:
                self.deck[card] += 1
                self.deck_n += 1
            else:
                self._discard(card)
        self.revealed = []

    def _auto_seedall(self, _: int) -> None:
        self._push(*[("seedcity", p) for p in range(COLUMN)
                     if self.cities[p] and self._is_empty(p)])

    def _auto_seedcity(self, p: int) -> None:
        cards = min(2, self.deck_n)
        if cards and self.cities[p] and self._is_empty(p):
            self._push(*[("seed", p)] * cards, ("place", p))

    def _auto_place(self, p: int) -> None:
        """Seeded cards go by type; chaos and higher beings follow an Incubi or Sognae."""
        anchors = [c for c in self.seed_buf if c[0] in (INCUBI, SOGNAE)]
        if len(anchors) == 2 and anchors[0][0] != anchors[1][0]:
            for card in self.seed_buf:
                self._put(p, LEFT if card[0] == INCUBI else RIGHT, card)
            self.seed_buf = []
        elif anchors:
            self._seed_on(p, LEFT if anchors[0][0] == INCUBI else RIGHT)
        else:
            self._push(("seedside", p))

    def _seed_on(self, p: int, side: int) -> None:
        for card in self.seed_buf:
            self._put(p, side, card)
        self.seed_buf = []

    def _auto_deal(self, seat: int) -> None:
        if len(self.hands[seat]) < HAND and self.deck_n:
            self._push(("hand", seat), ("deal", seat))

    def _auto_startturn(self, _: int) -> None:
        self.turn += 1
        self._push(("act", 0))

    def _auto_phase2(self, _: int) -> None:
        self._push(("refillhand", self.mover), ("endturn", 0))

    def _auto_refillhand(self, seat: int) -> None:
        if len(self.hands[seat]) >= HAND:
            return
        if self.deck_n == 0:
            self.over, self.won = True, False
            self.steps.clear()
            return
        self._push(("draw", seat), ("refillhand", seat))

    def _auto_endturn(self, _: int) -> None:
        if self.num_players == 2:
            self.mover = 1 - self.mover
        self._push(("startturn", 0))

    def _auto_bonus(self, cities: int) -> None:
        drawn = min(cities, _count(self.city_deck))
        self._push(*[("city", -1)] * drawn, ("wincheck", 0))

    def _auto_wincheck(self, _: int) -> None:
        self._check_win()

    def _auto_refill(self, _: int) -> None:
        left = _count(self.city_deck)
        self._push(*[("city", p) for p in sorted(self.vacated)[:left]])
        self.vacated = []

    def _auto_revealdone(self, _: int) -> None:
        for card in self.revealed:
            if card[0] == CHAOS:
                self.chaos.append(card)
            else:
                self._discard(card)
        self.revealed = []
        self._queue_penalty()

    def _queue_penalty(self) -> None:
        """Ask for the next penalty while a chaos card waits (penalty 3 is always possible,
        even with an empty dream deck)."""
        if self.chaos:
            self._push(("penalty", 0))

    _AUTO: ClassVar[dict[str, Callable[[EquilibriumState, int], None]]] = {}

    # --- decisions: legal moves ---------------------------------------------------------------
    def _moves_books(self, _: int) -> list[Any]:
        more = len(self.books) < MAX_BOOKS and bool(self.book_pool)
        return [MORE_BOOKS, NO_MORE_BOOKS] if more else [NO_MORE_BOOKS]

    def _moves_seedside(self, p: int) -> list[Any]:
        return [SeedSide(p + 1, LEFT), SeedSide(p + 1, RIGHT)]

    def _moves_setupchaos(self, _: int) -> list[Any]:
        card = self.chaos[0]
        return [PlaceChaos(card, pos, side) for pos, side in self.chaos_places()]

    def _moves_act(self, _: int) -> list[Any]:
        return [*self.plays(_unique(self.hands[self.mover])), *self.effects()]

    def plays(self, cards: Iterable[str]) -> list[Play]:
        """Every legal play of these cards for the seat to move."""
        polarity = self.polarity[self.mover] if self.polarity else ""
        cities, sides = self.cities, self.sides
        moves = []
        for card in cards:
            kind = card[0]
            if kind == HIDDEN or (polarity and kind != polarity and kind != HIGHER):
                continue
            allowed = _SIDES_OF.get(polarity, (LEFT, RIGHT)) if kind == HIGHER else \
                _SIDES_OF[kind]
            element = card[1]
            for p in range(COLUMN):
                city = cities[p]
                if city and element in city:
                    for side in allowed:
                        if len(sides[2 * p + side]) < SIDE_CAPACITY:
                            moves.append(PLAY[card, p + 1, side])
        return moves

    def effects(self) -> list[Any]:
        """The effects a discarded card may pay for; a swap, flight, vanish or plaza names its
        cards afterwards (offered only when it has some)."""
        moves: list[Any] = [BALANCE]
        books = self.books
        if "joyful-balance" in books:
            moves.append(JOYFUL)
        if self.swap_starts():
            moves.append(SWAP)
        if self.num_players == 2:
            moves.append(POLARITY)
        if self._moves_flyfrom(0):
            moves.append(FLY)
        if self._moves_vanishwhich(0):
            moves.append(VANISH)
        if self._moves_plazawhich(0):
            moves.append(PLAZA)
        if self.prophecy_count():
            moves.append(PROPHECY)
        return moves

    def _moves_swapfrom(self, _: int) -> list[Any]:
        return list(self.swap_starts())

    def _moves_flyfrom(self, _: int) -> list[Any]:
        moves: list[Any] = []
        for side, book in ((LEFT, "flying-incubi"), (RIGHT, "flying-sognae")):
            if book in self.books:
                moves += _unique(FlyFrom(side, m.pos, m.card) for m in self._flights(side))
        return moves

    def _moves_vanishwhich(self, _: int) -> list[Any]:
        moves: list[Any] = []
        for side, book in ((LEFT, "invisible-incubi"), (RIGHT, "invisible-sognae")):
            if book in self.books:
                moves += [Vanish(side, p + 1, c) for p in range(COLUMN)
                          for c in _unique(self.sides[2 * p + side]) if c[0] != CHAOS]
        return moves

    def _moves_plazawhich(self, _: int) -> list[Any]:
        if "plaza-lover" not in self.books:
            return []
        return [Plaza(p + 1) for p in range(COLUMN) if self.cities[p] and self._is_empty(p)]

    def swap_starts(self) -> list[SwapFrom]:
        """Every card that can be the first of a swap: another city's same side holds a card
        (of any value: a swap of equal cards changes no sum but still pays a discard)."""
        moves = []
        for side in (LEFT, RIGHT):
            kinds = [_unique(self.sides[2 * p + side]) for p in range(COLUMN)]
            for a in range(COLUMN):
                if any(kinds[b] for b in range(COLUMN) if b != a):
                    moves += [SWAP_FROM[side, a + 1, x] for x in kinds[a]]
        return moves

    def swaps(self) -> list[Swap]:
        """Every swap of two cards on the same kind of side of two cities, whatever their
        values (two identical cards included)."""
        moves = []
        for side in (LEFT, RIGHT):
            kinds = [_unique(self.sides[2 * p + side]) for p in range(COLUMN)]
            for a in range(COLUMN):
                for b in range(a + 1, COLUMN):
                    moves += [Swap(side, a + 1, x, b + 1, y) for x in kinds[a] for y in kinds[b]]
        return moves

    def _flights(self, side: int) -> list[Fly]:
        moves = []
        for a in range(COLUMN):
            for card in _unique(self.sides[2 * a + side]):
                if card[0] == CHAOS:
                    continue
                moves += [Fly(side, a + 1, card, b + 1) for b in range(COLUMN)
                          if b != a and self.cities[b]
                          and len(self.sides[2 * b + side]) < SIDE_CAPACITY]
        return moves

    def _moves_swapwith(self, _: int) -> list[Any]:
        first: SwapFrom = self.effect
        side, a, x = first.side, first.pos, first.card
        moves = []
        for b in range(1, COLUMN + 1):
            if b == a:
                continue
            for y in _unique(self.sides[2 * (b - 1) + side]):
                moves.append(Swap(side, a, x, b, y) if a < b else Swap(side, b, y, a, x))
        return moves

    def _moves_flyto(self, _: int) -> list[Any]:
        first: FlyFrom = self.effect
        return [m for m in self._flights(first.side)
                if (m.pos, m.card) == (first.pos, first.card)]

    def _moves_pay(self, _: int) -> list[Any]:
        return [DISCARD[c] for c in _unique(self.hands[self.mover]) if c != HIDDEN]

    def _moves_zero(self, _: int) -> list[Any]:
        moves: list[Any] = []
        for p in self.zero_open:
            moves += [Zero(p + 1, left, right)
                      for left, right in zero_sets(self.sides[2 * p], self.sides[2 * p + 1])]
        return [*moves, DONE]

    def _moves_order(self, k: int) -> list[Any]:
        return [Order(cards) for cards in sorted(set(permutations(self.top[:k])))]

    def _moves_penalty(self, _: int) -> list[Any]:
        places = self.chaos_places()
        balanced = self.balanced_cities()
        moves: list[Any] = []
        for card in _unique(self.chaos):
            moves += [PlaceChaos(card, pos, side) for pos, side in places]
            moves += [ClearCity(card, pos) for pos in balanced]
            moves.append(RevealCards(card))  # as many cards as remain, none included
        return moves

    _DECISIONS: ClassVar[dict[str, Callable[[EquilibriumState, int], list[Any]]]] = {}

    # --- decisions: applying ----------------------------------------------------------------
    def _decide(self, kind: str, move: Any) -> None:
        self._APPLY.get(type(move), EquilibriumState._do_declare)(self, move)

    def _do_books(self, move: MoreBooks) -> None:
        if move.more:
            self._push(("book", 0), ("books", 0))
        else:
            self._push(("paycost", 0))

    def _do_seedside(self, move: SeedSide) -> None:
        self._seed_on(move.pos - 1, move.side)

    def _do_chaos(self, move: PlaceChaos) -> None:
        self.chaos.remove(move.card)
        self._put(move.pos - 1, move.side, move.card)
        self._queue_penalty()

    def _do_clear(self, move: ClearCity) -> None:
        self.chaos.remove(move.card)
        self._discard(move.card)
        self._empty_city(move.pos - 1)
        self._queue_penalty()

    def _do_reveal(self, move: RevealCards) -> None:
        self.chaos.remove(move.card)
        self._discard(move.card)
        self._push(*[("reveal", 0)] * min(HAND, self.deck_n), ("revealdone", 0))

    def _do_play(self, move: Play) -> None:
        self.hands[self.mover].remove(move.card)
        self._put(move.pos - 1, move.side, move.card)
        self._push(("phase2", 0))

    def _do_declare(self, move: Any) -> None:
        """An effect chosen: its cards are named next, then the card that pays for it."""
        if isinstance(move, Effect):
            self._push((_CHOOSE_CARDS[move.kind], 0))
            return
        self.effect = move
        follow = {SwapFrom: "swapwith", FlyFrom: "flyto"}.get(type(move), "pay")
        self._push((follow, 0))

    def _do_discard(self, move: Discard) -> None:
        self.hands[self.mover].remove(move.card)
        self._discard(move.card)
        effect, self.effect = self.effect, None
        self._EFFECTS[type(effect)](self, effect)

    def _do_swap(self, move: Swap) -> None:
        a, b = move.pos_a - 1, move.pos_b - 1
        self._lift(a, move.side, move.card_a)
        self._lift(b, move.side, move.card_b)
        self._put(a, move.side, move.card_b)
        self._put(b, move.side, move.card_a)
        self._push(("phase2", 0))

    def _do_balance(self, move: Balance) -> None:
        self.joyful = move.joyful
        claims = 0
        for p in range(COLUMN):
            if self.is_balanced(p + 1):
                self.claimed.append(self.cities[p])
                self.cities[p] = ""
                self._empty_city(p)
                self.vacated.append(p)
                claims += 1
        if self._check_win():
            return
        self.zero_open = [p for p in range(COLUMN) if self.cities[p]
                          and has_zero_set(self.sides[2 * p], self.sides[2 * p + 1])]
        after: list[Step] = [("zero", 0)] if self.zero_open else []
        if claims == COLUMN:
            after.append(("bonus", 2 if move.joyful else 1))
        self._push(*after, ("refill", 0), ("seedall", 0), ("phase2", 0))

    def _do_zero(self, move: Zero) -> None:
        p = move.pos - 1
        for side, cards in ((LEFT, move.left), (RIGHT, move.right)):
            for card in cards:
                self._lift(p, side, card)
                self._discard(card)
        self.zero_open.remove(p)
        if self.zero_open:
            self._push(("zero", 0))

    def _do_done(self, move: Done) -> None:
        self.zero_open = []

    def _do_polarity(self, move: Polarity) -> None:
        self.polarity.reverse()
        self._push(("phase2", 0))

    def _do_fly(self, move: Fly) -> None:
        self._lift(move.pos - 1, move.side, move.card)
        self._put(move.to_pos - 1, move.side, move.card)
        self._push(("phase2", 0))

    def _do_vanish(self, move: Vanish) -> None:
        self._lift(move.pos - 1, move.side, move.card)
        self._discard(move.card)
        self._push(("phase2", 0))

    def _do_plaza(self, move: Plaza) -> None:
        p = move.pos - 1
        self.claimed.append(self.cities[p])
        self.cities[p] = ""
        if self._check_win():
            return
        self.vacated = [p]
        self._push(("refill", 0), ("seedall", 0), ("phase2", 0))

    def _do_prophecy(self, move: Prophecy) -> None:
        look = min(self.prophecy_count(), self.deck_n)
        more = max(0, look - len(self.top))
        after: list[Step] = [("order", look)] if look > 1 else []
        self._push(*[("see", 0)] * more, *after, ("phase2", 0))

    def _do_order(self, move: Order) -> None:
        self.top[:len(move.cards)] = list(move.cards)

    _APPLY: ClassVar[dict[type, Callable[[EquilibriumState, Any], None]]] = {}
    _EFFECTS: ClassVar[dict[type, Callable[[EquilibriumState, Any], None]]] = {}

    # --- result -----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        claimed = float(len(self.claimed))
        seats = range(self.num_players)
        return Outcome(
            scores=tuple(claimed for _ in seats),
            winners=frozenset(seats) if self.won else frozenset(),
            breakdown=tuple({"cities": claimed, "total": float(self.total_cities),
                             "deck_left": float(self.deck_n)} for _ in seats),
            detail=self.result_text(),
        )

    def result_text(self, lang: str = "en") -> str:
        """"won (12/12)", "lost (9/12)", "in progress (3/12)" (ja: 勝利 / 敗北 / 対局中)."""
        score = f"({len(self.claimed)}/{self.total_cities})"
        if lang == "ja":
            word = "対局中" if not self.over else ("勝利" if self.won else "敗北")
            return f"{word} {score}"
        word = "in progress" if not self.over else ("won" if self.won else "lost")
        return f"{word} {score}"

    def returns(self) -> tuple[float, ...]:
        """Co-operative utility for the bots, the same for every seat: the share of the cities
        claimed (1 for a win), so that a search also tells a near miss from a rout."""
        if not self.over:
            return tuple(0.0 for _ in range(self.num_players))
        value = len(self.claimed) / self.total_cities
        return tuple(value for _ in range(self.num_players))

    # --- information ------------------------------------------------------------------------
    def has_hidden_information(self) -> bool:
        """The order of both decks is hidden (and, with two players, the partner's hand): bots
        search on determinizations."""
        return True

    def view(self, seat: int) -> Self:
        """What `seat` sees: the partner's hand is hidden among the unseen cards."""
        other = self.copy()
        if self.num_players == 2 and seat in (0, 1) and not self.over:
            partner = other.hands[1 - seat]
            for card in partner:
                if card != HIDDEN:
                    other.deck[card] += 1
            other.hands[1 - seat] = [HIDDEN] * len(partner)
            other._legal = None
        return other

    def determinize(self, seat: int, rng: Any) -> Self:
        """A full position consistent with `view(seat)`: hidden cards dealt from the unseen
        Incubi, Sognae and higher beings (a hand never holds a chaos card) and, once the game
        is under way, the order of both decks fixed (every later draw is then known)."""
        return self._world(seat, rng)

    def _world(self, seat: int, rng: Any) -> Self:
        other = self.view(seat)
        for hand in other.hands:
            hidden = hand.count(HIDDEN)
            if not hidden:
                continue
            pool = [c for c, n in other.deck.items() if c[0] != CHAOS for _ in range(n)]
            drawn = rng.sample(pool, hidden)
            hand[:] = [c for c in hand if c != HIDDEN] + drawn
            for card in drawn:
                other.deck[card] -= 1
        if other.turn and not other.over:
            unseen = [c for c, n in other.deck.items() for _ in range(n)]
            rng.shuffle(unseen)
            other.top += unseen
            other.deck = dict.fromkeys(other.deck, 0)
            cities = [c for c, n in other.city_deck.items() for _ in range(n)]
            rng.shuffle(cities)
            other.city_top = cities
        other._legal = None
        return other

    # --- text -------------------------------------------------------------------------------
    def why_illegal(self, move: Any) -> str:
        if self.over:
            return "the game is over"
        kind = self.steps[0][0]
        if kind in CHANCE_STEPS:
            return self._why_not_chance(move)
        if kind == "act" and isinstance(move, Play):
            return self._why_not_play(move)
        if kind == "act":
            return self._why_not_effect(move)
        if kind == "pay" and isinstance(move, Discard):
            return f"no {move.card} in the hand"
        if kind in ("penalty", "setupchaos") and isinstance(move, PlaceChaos):
            if move.card not in self.chaos:
                return f"no chaos card {move.card} is waiting"
            return ("a chaos card goes only on a stronger side that holds fewer than "
                    f"{SIDE_CAPACITY} cards")
        if kind == "penalty" and isinstance(move, ClearCity):
            return f"city {move.pos} is not balanced or holds no card"
        if kind == "penalty" and isinstance(move, RevealCards):
            return f"no chaos card {move.card} is waiting"
        return "now: " + {
            "swapfrom": "the first card of the swap",
            "flyfrom": "the card that flies",
            "vanishwhich": "the card that vanishes",
            "plazawhich": "the empty city to claim",
            "swapwith": f"the second card of the swap ({self.effect}), on the same kind of "
                        "side of another city",
            "flyto": f"the city the card flies to ({self.effect}), on the same side and not full",
            "pay": "discard a card from the hand to pay for the chosen effect",
            "zero": "discard cards of one unbalanced city that sum to zero, or 'done'",
            "order": "put the cards looked at back in an order ('order …')",
            "penalty": "a penalty for the chaos card",
            "setupchaos": "place the chaos card on a stronger side",
            "seedside": "choose the side for the seeded cards",
            "books": "'books more' or 'books done'"}.get(kind, "play or choose an effect")

    def _why_not_chance(self, move: Any) -> str:
        if isinstance(move, Draw):
            if self.top and self.steps[0][0] != "see":
                return f"the top of the dream deck is known: {self.top[0]}"
            return f"no {move.card} is left in the dream deck"
        if isinstance(move, CityDraw):
            return f"no city {move.city} is left in the city deck"
        if isinstance(move, BookDraw):
            return f"the book {move.book} is not among the books face down"
        return "chance acts now (a card, a city or a book is drawn)"

    def _why_not_effect(self, move: Any) -> str:
        if isinstance(move, Discard):
            return "choose the effect first (e.g. 'balance' or 'swap'), then the card"
        if isinstance(move, (SwapFrom, Swap)):
            return "say 'swap' first, then its two cards one after the other"
        if isinstance(move, Effect) and move.kind == "swap":
            return ("a swap exchanges two cards lying on the same kind of side of two "
                    "cities: there are none")
        if isinstance(move, Polarity):
            return "polarity cards are exchanged only in the two-player game"
        if isinstance(move, Balance) and move.joyful:
            return "the Book of Joyful Balance is not in play"
        if isinstance(move, (Fly, FlyFrom, Vanish, Plaza)):
            return "choose the effect first ('fly', 'vanish' or 'plaza'), then its cards"
        if isinstance(move, (Effect, Prophecy)):
            return "that book is not in play, or its effect has no target there"
        return "play a card or choose the effect of a discard"

    def _why_not_play(self, move: Play) -> str:
        card, p = move.card, move.pos - 1
        if card not in self.hands[self.mover]:
            return f"no {card} in the hand"
        polarity = self.polarity[self.mover] if self.polarity else ""
        if polarity and card[0] not in (polarity, HIGHER):
            own = "Incubi" if polarity == INCUBI else "Sognae"
            return f"with two players this seat plays only {own} cards (its polarity card)"
        if card[0] == INCUBI and move.side != LEFT:
            return "an Incubi card goes on the left side"
        if card[0] == SOGNAE and move.side != RIGHT:
            return "a Sognae card goes on the right side"
        if polarity and move.side != (LEFT if polarity == INCUBI else RIGHT):
            return "a higher being is played only on the side of the seat's polarity"
        if not self.cities[p]:
            return f"there is no city at position {move.pos}"
        if card[1] not in self.cities[p]:
            return f"city {move.pos} ({self.cities[p]}) does not show the card's element"
        return f"that side of city {move.pos} already holds {SIDE_CAPACITY} cards"

    def describe(self) -> str:
        if self.over:
            who = "won" if self.won else "lost"
        else:
            who = f"{self.steps[0][0]} for seat {self.to_move() + 1}"
        exp = ",".join(sorted(self.expansions)) or "-"
        column = " ".join(
            f"{p + 1}:{self.cities[p] or '-'}[{''.join(self.sides[2 * p]) or '.'}|"
            f"{''.join(self.sides[2 * p + 1]) or '.'}]" for p in range(COLUMN))
        pool = ",".join(f"{c}{n}" for c, n in sorted(self.deck.items()) if n)
        thrown = ",".join(f"{c}{n}" for c, n in sorted(self.discards.items()) if n)
        hands = "|".join("".join(h) for h in self.hands)
        steps = ",".join(f"{k}{a}" for k, a in self.steps)
        return (f"Equilibrium {self.num_players}p [{exp}] turn {self.turn}, {who}; column "
                f"{column}; claimed {len(self.claimed)}/{self.total_cities} "
                f"{''.join(self.claimed)}; hands {hands}; polarity {''.join(self.polarity)}; "
                f"deck {self.deck_n} top {''.join(self.top)} unseen {pool}; discards {thrown}; "
                f"cities left {_count(self.city_deck)} {''.join(self.city_top)}; books "
                f"{','.join(self.books) or '-'} "
                f"(face down {len(self.book_pool)}); pending chaos {''.join(self.chaos)}, "
                f"seed {''.join(self.seed_buf)}, revealed {''.join(self.revealed)}, zero "
                f"{self.zero_open}, vacated {self.vacated}, effect {self.effect or '-'}; "
                f"steps {steps}")

    def invariant_errors(self) -> Sequence[str]:
        errors: list[str] = []
        full = self.profile.dream_cards("squares" in self.expansions)
        seen: dict[str, int] = dict.fromkeys(full, 0)
        places: list[Iterable[str]] = [self.top, self.revealed, self.seed_buf, self.chaos,
                                       *self.hands, *self.sides]
        for cards in places:
            for card in cards:
                if card != HIDDEN:
                    seen[card] = seen.get(card, 0) + 1
        for counts in (self.deck, self.discards):
            for card, n in counts.items():
                seen[card] = seen.get(card, 0) + n
        wrong = sorted(c for c in set(seen) | set(full) if seen.get(c, 0) != full.get(c, 0))
        if wrong:
            errors.append(f"dream cards not conserved: {', '.join(wrong)}")
        if any(n < 0 for n in self.deck.values()):
            errors.append("a deck count below zero")
        hidden = sum(h.count(HIDDEN) for h in self.hands)
        if self.deck_n != len(self.top) + _count(self.deck) - hidden:
            errors.append(f"deck size {self.deck_n} does not match its cards")
        if any(self.city_top.count(c) > self.city_deck.get(c, 0) for c in set(self.city_top)):
            errors.append("the known city order holds cities that are not in the city deck")
        cities = len(self.claimed) + sum(1 for c in self.cities if c) + _count(self.city_deck)
        if cities != self.total_cities:
            errors.append(f"{cities} city cards instead of {self.total_cities}")
        if self.book_pool and len(self.book_pool) + len(self.books) != len(BOOK_IDS):
            errors.append("books are not eight")
        if len(self.books) > MAX_BOOKS:
            errors.append(f"{len(self.books)} books face up")
        for p in range(COLUMN):
            for side, allowed in ((LEFT, "ICH"), (RIGHT, "SCH")):
                cards = self.sides[2 * p + side]
                if len(cards) > SIDE_CAPACITY:
                    errors.append(f"position {p + 1} side {side} holds {len(cards)} cards")
                if any(c[0] not in allowed for c in cards):
                    errors.append(f"position {p + 1} side {side} holds a card of the wrong type")
                if sum(POWER[c] for c in cards) != self.power[2 * p + side]:
                    errors.append(f"position {p + 1} side {side}: sum out of step")
            if not self.cities[p] and not self._is_empty(p):
                errors.append(f"cards lie at the empty position {p + 1}")
        for seat, hand in enumerate(self.hands):
            if len(hand) > HAND:
                errors.append(f"seat {seat} holds {len(hand)} cards")
            if any(c[0] == CHAOS for c in hand):
                errors.append(f"seat {seat} holds a chaos card")
        if self.over and self.won != (len(self.claimed) == self.total_cities):
            errors.append("the result does not match the cities claimed")
        if not self.over and len(self.claimed) >= self.total_cities:
            errors.append("every city is claimed but the game goes on")
        return errors


EquilibriumState._AUTO = {
    name.removeprefix("_auto_"): getattr(EquilibriumState, name)
    for name in dir(EquilibriumState) if name.startswith("_auto_")
}
EquilibriumState._DECISIONS = {
    name.removeprefix("_moves_"): getattr(EquilibriumState, name)
    for name in dir(EquilibriumState) if name.startswith("_moves_")
}
EquilibriumState._APPLY = {
    MoreBooks: EquilibriumState._do_books, SeedSide: EquilibriumState._do_seedside,
    PlaceChaos: EquilibriumState._do_chaos, ClearCity: EquilibriumState._do_clear,
    RevealCards: EquilibriumState._do_reveal, Play: EquilibriumState._do_play,
    Discard: EquilibriumState._do_discard, Zero: EquilibriumState._do_zero,
    Done: EquilibriumState._do_done, Order: EquilibriumState._do_order,
}
EquilibriumState._EFFECTS = {
    Swap: EquilibriumState._do_swap, Balance: EquilibriumState._do_balance,
    Polarity: EquilibriumState._do_polarity, Fly: EquilibriumState._do_fly,
    Vanish: EquilibriumState._do_vanish, Plaza: EquilibriumState._do_plaza,
    Prophecy: EquilibriumState._do_prophecy,
}


def new_state(num_players: int, options: dict[str, Any],
              profile: DeckProfile | str | Path | Mapping[str, Any] | None = None,
              ) -> EquilibriumState:
    """The start position (the setup still to be drawn as chance and decided)."""
    return EquilibriumState.start(num_players, options, profile)

