"""値木 makup: add card numbers onto roads; the first to empty their hand wins (for beginners).

Setup (lanerme-games.md §7 and its decisions): six cards each; two cards from the 山札 turned
up, each the start of a road (道); the 親 (drawn at random) moves first, then clockwise. A turn
is one of:

- ``play 2 r1b2r3`` — lay cards on road 2 whose numbers add up to the number of its end card;
  the card written last is laid last and becomes the road's new end;
- ``merge 1 3 b2`` — lay cards adding up to the ends of roads 1 and 3 together: one road;
- ``clear rK`` — play a 皇, 王 or 船: every road is cleared and two new roads are turned up;
- ``pass`` — turn up the top card of the 山札 as a new road (nothing when it is empty).

A road whose only card is a 皇, 王 or 船 takes any one numbered card. A merge needs two numbered
ends; a clearing card never counts in a sum; a 無 (0) road takes only 無. The game ends when a
seat empties its hand (it wins), or when everyone has passed in a row with the 山札 empty (the
fewest cards in hand win; ties share). Roads are numbered from 1 in the order they were laid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self

from companion.core.api import Move, Outcome
from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import CardGameState, CardsMove, Word
from companion.games.nincetkaik.deck import (
    NUMBER_OF,
    Card,
    format_card,
    format_cards,
    missing_from,
    parse_cards,
    remove_cards,
)
from companion.games.nincetkaik.hands import sub_multisets

HAND_SIZE = 6
ROADS_AT_START = 2


def is_clearing(c: Card) -> bool:
    """皇, 王 and 船 have no number: they clear the roads."""
    return NUMBER_OF[c] is None


@dataclass(frozen=True)
class RoadPlay(Move):
    """Cards laid on road `road` (0-based; 1-based in notation), or on two roads merged
    (`other`); `last` is laid last and becomes the end."""

    road: int
    rest: tuple[Card, ...]
    last: Card
    other: int | None = None

    def __str__(self) -> str:
        cards = format_cards((*self.rest, self.last))
        if self.other is None:
            return f"play {self.road + 1} {cards}"
        return f"merge {self.road + 1} {self.other + 1} {cards}"

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.rest, self.last)

    @classmethod
    def parse(cls, text: str) -> RoadPlay:
        words = text.split()
        head = words[0].lower() if words else ""
        count = 3 if head == "play" else 4
        if len(words) != count or not all(w.isdigit() and int(w) >= 1
                                          for w in words[1:count - 1]):
            raise MoveParseError(text, "'play <road> <cards>' or 'merge <road> <road> <cards>'"
                                       ", e.g. 'play 2 r1b2r3'")
        cards = parse_cards(words[-1])
        rest = tuple(sorted(cards[:-1]))
        if head == "play":
            return cls(int(words[1]) - 1, rest, cards[-1])
        a, b = sorted((int(words[1]) - 1, int(words[2]) - 1))
        return cls(a, rest, cards[-1], b)


@lru_cache(maxsize=65536)
def sums_of(hand: tuple[Card, ...]) -> dict[int, tuple[tuple[Card, ...], ...]]:
    """Every distinct group of numbered cards in `hand`, by the sum of their numbers."""
    numbered = [c for c in hand if not is_clearing(c)]
    result: dict[int, list[tuple[Card, ...]]] = {}
    for size in range(1, len(numbered) + 1):
        for group in sub_multisets(numbered, size):
            total = sum(NUMBER_OF[c] or 0 for c in group)
            result.setdefault(total, []).append(group)
    return {k: tuple(v) for k, v in result.items()}


def plays_onto(group: tuple[Card, ...]) -> list[tuple[tuple[Card, ...], Card]]:
    """(rest, last) for each distinct choice of the card laid last."""
    found = []
    for last in sorted(set(group)):
        rest = list(group)
        rest.remove(last)
        found.append((tuple(rest), last))
    return found


@dataclass
class MakupState(CardGameState):
    game_id: ClassVar[str] = "makup"
    round_word: ClassVar[str] = "game"

    roads: list[list[Card]] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    mover: int = 0
    empty_passes: int = 0
    dealt: bool = False
    winners: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> MakupState:
        state = cls(num_players, dict(options))
        state._init_seats(0)
        state.round_no = 1
        state.queue = [("parent", -1)]
        return state

    @classmethod
    def position(cls, hands: Sequence[Sequence[Card]], roads: Sequence[Sequence[Card]],
                 mover: int = 0) -> MakupState:
        """A game in progress with these hands and roads (the rest in the 山札): for the
        table's play checker and for tests."""
        state = cls.start(len(hands), {})
        state._set_position(hands, (c for r in roads for c in r))
        state.dealt = True
        state.parent = state.mover = mover
        state.roads = [list(r) for r in roads]
        return state

    def _copy_into(self, other: Self) -> None:
        other.roads = [list(r) for r in self.roads]
        other.discards = list(self.discards)
        other.winners = list(self.winners)

    def _table_cards(self) -> Iterable[Card]:
        return [*self.discards, *(c for road in self.roads for c in road)]

    # --- flow -------------------------------------------------------------------------------
    def _after_chance(self) -> None:
        if not self.dealt:
            self.dealt = True
            self.mover = self.parent
            self.queue = self._deal_queue(HAND_SIZE)
            self.queue += [("up", -1)] * ROADS_AT_START

    def _place(self, kind: str, target: int, c: Card) -> None:
        if kind == "up":
            self.roads.append([c])
        else:
            super()._place(kind, target, c)

    def _seat_to_move(self) -> int:
        return self.mover

    def _seat_moves(self) -> list[Any]:
        hand = self.hands[self.mover]
        sums = sums_of(tuple(hand))
        moves: list[Any] = []
        numbered = sorted({c for c in hand if not is_clearing(c)})
        ends: list[int | None] = [NUMBER_OF[road[-1]] for road in self.roads]
        for i, road in enumerate(self.roads):
            end = ends[i]
            if end is None:
                if len(road) == 1:
                    moves += [RoadPlay(i, (), c) for c in numbered]
                continue
            for group in sums.get(end, ()):
                moves += [RoadPlay(i, rest, last) for rest, last in plays_onto(group)]
        for i in range(len(self.roads)):
            for j in range(i + 1, len(self.roads)):
                a, b = ends[i], ends[j]
                if a is None or b is None:
                    continue
                for group in sums.get(a + b, ()):
                    moves += [RoadPlay(i, rest, last, j) for rest, last in plays_onto(group)]
        moves += [CardsMove("clear", (c,)) for c in sorted({c for c in hand if is_clearing(c)})]
        moves.append(PASS)
        return moves

    def _apply_seat_move(self, move: Any) -> None:
        seat = self.mover
        hand = self.hands[seat]
        if isinstance(move, RoadPlay):
            remove_cards(hand, move.cards)
            if move.other is None:
                self.roads[move.road] += move.cards
            else:
                merged = self.roads[move.road] + self.roads[move.other] + list(move.cards)
                self.roads[move.road] = merged
                del self.roads[move.other]
            self.empty_passes = 0
        elif isinstance(move, CardsMove):
            hand.remove(move.cards[0])
            self.discards += [c for road in self.roads for c in road] + [move.cards[0]]
            self.roads = []
            self.queue = [("up", -1)] * min(ROADS_AT_START, self.deck_size)
            self.empty_passes = 0
        elif self.deck_size:
            self.queue = [("up", -1)]
            self.empty_passes = 0
        else:
            self.empty_passes += 1
        if not hand:
            self._finish([seat], "a hand is empty")
        elif self.empty_passes >= self.num_players:
            sizes = [self.hand_size(s) for s in range(self.num_players)]
            fewest = min(sizes)
            self._finish([s for s in range(self.num_players) if sizes[s] == fewest],
                         "everyone passed with the 山札 empty")
        else:
            self.mover = (seat + 1) % self.num_players

    def _finish(self, winners: list[int], reason: str) -> None:
        self.over, self.winners, self.reason = True, winners, reason
        self.queue = []

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        words = text.split()
        head = words[0].lower() if words else ""
        if head in ("play", "merge"):
            return RoadPlay.parse(text)
        if head == "clear":
            move = CardsMove.parse(text)
            if len(move.cards) == 1:
                return move
        if head == "pass" and len(words) == 1:
            return PASS
        raise MoveParseError(text, "a 値木 move: 'play 2 r1b2r3', 'merge 1 3 b2', 'clear rK' "
                                   "or 'pass'")

    def _why_not(self, move: Any) -> str:
        seat = self.mover
        hand = self.hands[seat]
        cards: Sequence[Card] = move.cards if isinstance(move, (RoadPlay, CardsMove)) else ()
        short = missing_from(cards, hand)
        if short:
            return f"{format_cards(short)} not in seat {seat + 1}'s hand"
        if isinstance(move, CardsMove):
            return f"{format_card(move.cards[0])} is not a 皇, 王 or 船: it does not clear"
        if isinstance(move, RoadPlay):
            return self._why_not_road(move)
        return "not a 値木 move"

    def _why_not_road(self, move: RoadPlay) -> str:
        roads = [move.road] if move.other is None else [move.road, move.other]
        if any(r >= len(self.roads) for r in roads):
            return f"there are only {len(self.roads)} roads"
        if any(is_clearing(c) for c in move.cards):
            return "a 皇, 王 or 船 never counts in a sum"
        ends = [NUMBER_OF[self.roads[r][-1]] for r in roads]
        total = sum(NUMBER_OF[c] or 0 for c in move.cards)
        if None in ends:
            if move.other is not None:
                return "a merge needs two roads ending in numbers"
            if len(self.roads[move.road]) > 1 or len(move.cards) != 1:
                return "a road started by a 皇, 王 or 船 takes exactly one card, once"
        want = sum(e or 0 for e in ends)
        return f"the cards add up to {total}, not {want}"

    # --- result -----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return self._first_out_outcome(self.winners)

    def describe(self) -> str:
        roads = " ".join(f"{i + 1}:{format_cards(r)}" for i, r in enumerate(self.roads)) or "-"
        return (f"Makup {self.num_players}p, {self._flow_text()}; 親 {self.parent + 1}; roads "
                f"{roads}; hands {self._hands_text()}; discards {len(self.discards)}; deck "
                f"{self.deck_size}; passes {self.empty_passes}")


PASS = Word("pass")


def new_state(num_players: int, options: dict[str, Any]) -> MakupState:
    return MakupState.start(num_players, options)
