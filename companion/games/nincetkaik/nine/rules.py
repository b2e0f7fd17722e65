"""小猫 nine: join the 役 on the table with a stronger card of a shared colour or a bigger set,
or stay out and draw three; an empty hand scores the largest hand at that moment.

A season (lanerme-games.md §9 and its decisions, §14.9): 12 cards each with 2 or 3 players, 9
with 4; the rest is the 山札. The 親 (drawn at random) leads a 役 — a single or a set — with
``play r5``. Clockwise, every player still in the round either joins — ``play …`` one card that
shares a colour with the 役 on the table and is stronger, or a set of the same strength with
more cards — or stays out with ``out`` and draws three cards (fewer when the 山札 has fewer).
A player out stays out until the round ends; a player with no cards must stay out. When all
but one player are out, that player takes every card on the table into their hand, becomes
親 and leads the next round.

Order in 小猫: 無 < 兵 < 弓 < 車 < 虎 < 馬 < 筆 < 巫 < 将 < 王 < 皇; the 船 beats the 皇 (sharing a
colour, as always) and nothing else. The 無 is wild inside a set (it stands in for the set's
strength, keeping its own colour); a set of 無 only is a set of strength 0; alone it is the
weakest numbered card. 王 and 皇 make no set together.

A player whose hand empties scores at once as many points as the largest hand at that moment
(it may happen several times). The season ends the moment the 山札 runs out. The winner has
the most points (then the fewest cards in hand; still equal: shared) and gets 1 more if they
are the 親. Seasons: option ``seasons`` (1); the 親 stays 親 into the next season.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self

from companion.core.api import Outcome, Termination
from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import CardGameState, CardsMove, Word
from companion.games.nincetkaik.deck import (
    COLOUR_OF,
    PROFESSION_OF,
    Card,
    Profession,
    format_cards,
    missing_from,
    remove_cards,
)
from companion.games.nincetkaik.hands import sub_multisets

DRAW = 3
BLANK_CARD = 2  # r0, for the strength of 無
SHIP_RANK = -1
TAM_RANK = 11
OUT = Word("out")


def hand_size(players: int) -> int:
    """12 cards each with 2 or 3 players, 9 with 4 (12 would leave no 山札)."""
    return 9 if players >= 4 else 12


def rank(c: Card) -> int:
    """小猫's strength of a card: 無 1 … 将 9, 王 10, 皇 11; the 船 −1 (it beats only 皇)."""
    p = PROFESSION_OF[c]
    if p == Profession.SHIP:
        return SHIP_RANK
    return TAM_RANK if p == Profession.TAM else p


def is_blank(c: Card) -> bool:
    return PROFESSION_OF[c] == Profession.BLANK


@dataclass(frozen=True)
class Nine:
    """A 役 in 小猫: its cards, its strength (a set's real cards; 無 only: 無) and size."""

    cards: tuple[Card, ...]
    rank: int

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def colours(self) -> frozenset[int]:
        return frozenset(COLOUR_OF[c] for c in self.cards)


def read(cards: Sequence[Card]) -> Nine | None:
    """The 役 these cards make in 小猫, or None: one card, or cards of one strength with any
    number of 無 (wild), or 無 only."""
    ordered = tuple(sorted(cards))
    if len(ordered) == 1:
        return Nine(ordered, rank(ordered[0]))
    real = {rank(c) for c in ordered if not is_blank(c)}
    if not ordered or len(real) > 1:
        return None
    return Nine(ordered, real.pop() if real else rank(ordered[0]))


def beats(card: Card, top: Nine) -> bool:
    """One card joins `top`: it shares a colour with it and is stronger (a 船 beats only 皇)."""
    if COLOUR_OF[card] not in top.colours:
        return False
    if rank(card) == SHIP_RANK:
        return top.rank == TAM_RANK
    return rank(card) > top.rank


@lru_cache(maxsize=4096)
def _choices(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every distinct sub-multiset of `cards` (the empty one included)."""
    return tuple(group for size in range(len(cards) + 1) for group in sub_multisets(cards, size))


@lru_cache(maxsize=20_000)
def sets_of(hand: tuple[Card, ...]) -> tuple[tuple[tuple[Card, ...], int], ...]:
    """Every distinct set the hand can lay (two or more cards), with its strength: real cards
    of one strength with any 無, or 無 only."""
    levels = sorted({rank(c) for c in hand})
    return tuple(entry for level in levels for entry in sets_at(hand, level))


@lru_cache(maxsize=20_000)
def sets_at(hand: tuple[Card, ...], level: int) -> tuple[tuple[tuple[Card, ...], int], ...]:
    """The sets of one strength the hand can lay (無 joining any; 無 only at 無's strength)."""
    blanks = tuple(c for c in hand if is_blank(c))
    wild = _choices(blanks)
    if level == rank(BLANK_CARD):
        return tuple((group, level) for group in wild if len(group) >= 2)
    cards = tuple(c for c in hand if rank(c) == level)
    return tuple((tuple(sorted(real + extra)), level) for real in _choices(cards) if real
                 for extra in wild if len(real) + len(extra) >= 2)


_MOVES: dict[tuple[Card, ...], CardsMove] = {}


def play_move(cards: tuple[Card, ...]) -> CardsMove:
    move = _MOVES.get(cards)
    if move is None:
        move = _MOVES[cards] = CardsMove("play", cards)
    return move


@dataclass(frozen=True)
class Scored:
    """A hand emptied: who, and the points (the largest hand then)."""

    seat: int
    points: int


@dataclass
class NineState(CardGameState):
    game_id: ClassVar[str] = "nine"
    round_word: ClassVar[str] = "season"
    reward_scale: ClassVar[float] = 8.0
    #: 8 plays keep a decision within 250 ms of CPU now that the search weighs more moves.
    search_plays: ClassVar[int] = 8

    seasons: int = 1
    top: Nine | None = None
    top_seat: int = -1
    table: list[Card] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    mover: int = 0
    bonus: list[int] = field(default_factory=list)  # the 親's +1 per seat
    scored: tuple[Scored, ...] = ()
    season_winners: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> NineState:
        state = cls(num_players, dict(options))
        state.seasons = int(options.get("seasons", 1))
        state._init_seats(0)
        state.out = [False] * num_players
        state.bonus = [0] * num_players
        state.queue = [("parent", -1)]
        return state

    @classmethod
    def position(cls, hands: Sequence[Sequence[Card]], parent: int = 0) -> NineState:
        """A season in progress with these hands (the rest in the 山札), the 親 to lead: for
        tests and the table's checker."""
        state = cls.start(len(hands), {})
        state._set_position(hands)
        state.round_no = 1
        state.parent = state.mover = parent
        return state

    def _copy_into(self, other: Self) -> None:
        other.table = list(self.table)
        other.out = list(self.out)
        other.bonus = list(self.bonus)

    def _table_cards(self) -> Iterable[Card]:
        return self.table

    # --- seasons ----------------------------------------------------------------------------
    def _after_chance(self) -> None:
        if self.round_no == 0:
            self._begin_season()
        elif self.top is None and not self.table and self.mover < 0:
            self.mover = self.parent  # dealt: the 親 leads
        elif self.deck_size == 0:
            self._end_season()

    def _begin_season(self) -> None:
        if not self._next_season(self.seasons):
            return
        self.table, self.top, self.top_seat = [], None, -1
        self.out = [False] * self.num_players
        self.mover = -1
        self.queue = self._deal_queue(hand_size(self.num_players))

    def _end_season(self) -> None:
        winners = self.leaders()
        if self.parent in winners:
            self.points[self.parent] += 1
            self.bonus[self.parent] += 1
        self.season_winners = (*self.season_winners, tuple(winners))
        self.mover = -1
        self._round_over()
        self._begin_season()

    def leaders(self) -> list[int]:
        """Most points, then the fewest cards in hand; equal: all of them."""
        key = [(self.points[s], -self.hand_size(s)) for s in range(self.num_players)]
        best = max(key)
        return [s for s in range(self.num_players) if key[s] == best]

    # --- turns ------------------------------------------------------------------------------
    def _seat_to_move(self) -> int:
        return self.mover

    def _seat_moves(self) -> list[Any]:
        hand = tuple(self.hands[self.mover])
        if self.top is None:
            return [*(play_move((c,)) for c in sorted(set(hand))),
                    *(play_move(g) for g, _ in sets_of(hand))]
        top = self.top
        moves: list[Any] = [play_move((c,)) for c in sorted(set(hand)) if beats(c, top)]
        moves += [play_move(g) for g, _ in sets_at(hand, top.rank) if len(g) > top.size]
        return [*moves, OUT]

    def _apply_seat_move(self, move: Any) -> None:
        seat = self.mover
        if move == OUT:
            self._stay_out(seat)
            return
        remove_cards(self.hands[seat], move.cards)
        self.table += move.cards
        self.top, self.top_seat = read(move.cards), seat
        if not self.hands[seat]:
            largest = max(self.hand_size(s) for s in range(self.num_players))
            self.points[seat] += largest
            self.scored = (*self.scored, Scored(seat, largest))
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """The next player still in; when only one is left, they take the table and lead."""
        left = [s for s in range(self.num_players) if not self.out[s]]
        if len(left) <= 1:
            taker = left[0] if left else self.top_seat
            self.hands[taker] += self.table
            self.hands[taker].sort()
            self.table, self.top, self.top_seat = [], None, -1
            self.out = [False] * self.num_players
            self.parent = self.mover = taker
            return
        following = (seat + 1) % self.num_players
        while self.out[following]:
            following = (following + 1) % self.num_players
        self.mover = following
        if self.top is not None and self.hand_size(following) == 0:
            self._stay_out(following)  # no cards: it must stay out (and draws)

    def _stay_out(self, seat: int) -> None:
        """Out until the round ends; draw three (what is left of the 山札)."""
        self.out[seat] = True
        self.queue += [("draw", seat)] * min(DRAW, self.deck_size - self._queued_draws())
        self._advance(seat)

    def _queued_draws(self) -> int:
        return sum(1 for kind, _ in self.queue if kind == "draw")

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        words = text.split()
        head = words[0].lower() if words else ""
        if head == "out" and len(words) == 1:
            return OUT
        if head == "play":
            move = CardsMove.parse(text)
            return play_move(move.cards)
        raise MoveParseError(text, "a 小猫 move: 'play r5' (a card or a set) or 'out' (stay out "
                                   "and draw three)")

    def _why_not(self, move: Any) -> str:
        seat = self.mover
        if move == OUT:
            return "the leader lays a 役"
        if not isinstance(move, CardsMove):
            return "not a 小猫 move"
        short = missing_from(move.cards, self.hands[seat])
        if short:
            return f"{format_cards(short)} not in seat {seat + 1}'s hand"
        combo = read(move.cards)
        if combo is None:
            return (f"{format_cards(move.cards)} is no 役 (one card, or a set of one strength "
                    "with 無 as wild)")
        assert self.top is not None
        return (f"{format_cards(move.cards)} does not join {format_cards(self.top.cards)}: one "
                "stronger card sharing a colour, or a set of the same strength with more cards")

    # --- result -----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        winners = frozenset(self.leaders())
        breakdown = tuple({"points": float(self.points[s] - self.bonus[s]),
                           "parent": float(self.bonus[s])} for s in range(self.num_players))
        return Outcome(scores=tuple(float(p) for p in self.points), winners=winners,
                       termination=Termination.ROUND_LIMIT, breakdown=breakdown,
                       detail=self.reason)

    def describe(self) -> str:
        top = format_cards(self.top.cards) if self.top is not None else "-"
        outs = "".join("x" if o else "." for o in self.out)
        return (f"Nine {self.num_players}p season {self.round_no}/{self.seasons}, "
                f"{self._flow_text()}; 親 {self.parent + 1}; points "
                f"{','.join(map(str, self.points))}; hands {self._hands_text()}; top {top} by "
                f"{self.top_seat + 1 if self.top_seat >= 0 else '-'}; table "
                f"{format_cards(self.table) or '-'}; out {outs}; deck "
                f"{self.deck_size}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.card_errors()
        if (self.top is None) != (not self.table):
            errors.append("a 役 on top exactly when cards lie on the table")
        if not self.over and not self.queue and self.mover >= 0 and self.out[self.mover]:
            errors.append(f"seat {self.mover + 1} is out but to move")
        return errors


def new_state(num_players: int, options: dict[str, Any]) -> NineState:
    return NineState.start(num_players, options)
