"""連友 neki: lay a 役 that beats the one on the table, or pass; first to empty their hand wins.

A game (lanerme-games.md §6 and its decisions, §14.1, §14.8): every card is dealt, as many to
each player as divide evenly (the rest lies aside unseen); the 親 (drawn at random) leads.
Colours do not matter. The 役: a single, a set (two or more cards of one strength; 王 and 皇
are one strength), a run (three or more consecutive numbers, 無 0 … 将 8) and a run of sets
(three or more consecutive numbers with the same number of cards each, ``r1b1r2b2r3b3``). The
船 is wild inside a 役 of two or more cards (any card); alone it is the weakest single, and a 役
of 船 only is a set of 船.

- ``play r5b5`` lays a single or a set, ``run r3r4r5`` a run or a run of sets (a group that
  reads both ways — two 船 and one card — is a set when played with ``play``);
- on a 役 the next players lay the same shape (type, number of cards, cards per number),
  stronger (sets and singles by strength, runs by their top number), or ``pass``; passing does
  not shut a player out. A set of three or more cards may be laid on one's turn on top of
  anything; after it the next 役 beats it or is itself a set of three or more;
- when everyone else has passed after a 役, its player clears the table (the cards go to 捨札)
  and leads again;
- for each real 将 in a 役 laid, its player chooses: ``remove 5`` (every card of that strength
  leaves the game, from every hand and from 捨札; ``remove K`` takes 王 and 皇, ``remove S`` the
  船) or ``take r5`` (one card from 捨札 into the hand);
- the first player whose hand is empty wins; a removal that empties hands makes the 将's player
  the winner if theirs is empty, else the next such player in turn order.

Moves name cards of the hand; as colours do not matter, the engine offers one choice of cards
per strength (the first in hand order) and reads any other choice as it (``play b5`` with r5
and b5 in hand is ``play r5``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self

from companion.core.api import Move, Outcome
from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import CardGameState, CardsMove, Word, seat_order
from companion.games.nincetkaik.deck import (
    PROFESSION_OF,
    STRENGTH_OF,
    Card,
    Profession,
    format_cards,
    missing_from,
    parse_cards,
    remove_cards,
)
from companion.games.nincetkaik.hands import Combo, Kind

LEVELS = 11  # 船 0, 無 1 … 将 9, 王 and 皇 10
GENERAL = Profession.GENERAL
#: A strength named for the 将 effect, in notation: S (船), 0–8 (無 … 将), K (王 and 皇).
LEVEL_CODES = ("S", "0", "1", "2", "3", "4", "5", "6", "7", "8", "K")


def level_code(level: int) -> str:
    return LEVEL_CODES[level]


def is_big_set(combo: Combo) -> bool:
    """A set of three or more cards: it may be laid on top of anything."""
    return combo.kind is Kind.SET and combo.size >= 3


@dataclass(frozen=True)
class Remove(Move):
    """The 将 effect: every card of one strength leaves the game (``remove 5``)."""

    level: int

    def __str__(self) -> str:
        return f"remove {LEVEL_CODES[self.level]}"

    @classmethod
    def parse(cls, text: str) -> Remove:
        words = text.split()
        if len(words) != 2 or words[1].upper() not in LEVEL_CODES:
            raise MoveParseError(text, "'remove' and a strength: S (船), 0-8, or K (王 and 皇)")
        return REMOVES[LEVEL_CODES.index(words[1].upper())]


REMOVES = tuple(Remove(level) for level in range(LEVELS))
PASS = Word("pass")


# --- the 役 a hand can lay ---------------------------------------------------------------------
def _by_level(hand: Sequence[Card]) -> list[list[Card]]:
    levels: list[list[Card]] = [[] for _ in range(LEVELS)]
    for c in sorted(hand):
        levels[STRENGTH_OF[c]].append(c)
    return levels


def _sets(levels: list[list[Card]]) -> list[tuple[CardsMove, Combo]]:
    """Singles and sets: per strength, every number of real cards with every number of 船."""
    ships = levels[0]
    found: list[tuple[CardsMove, Combo]] = []
    if ships:
        found.append(_entry("play", Kind.SINGLE, (ships[0],), 0))
    if len(ships) >= 2:
        found.append(_entry("play", Kind.SET, tuple(ships[:2]), 0))
    for level in range(1, LEVELS):
        real = levels[level]
        for j in range(1, len(real) + 1):
            for w in range(len(ships) + 1):
                if j + w == 1:
                    found.append(_entry("play", Kind.SINGLE, (real[0],), level))
                else:
                    found.append(_entry("play", Kind.SET, tuple(sorted(real[:j] + ships[:w])),
                                        level))
    return found


def _runs(levels: list[list[Card]]) -> list[tuple[CardsMove, Combo]]:
    """Runs (width 1) and runs of sets: three or more consecutive numbers, each with `width`
    cards; 船 fill any of them (each way of spending them once)."""
    ships = levels[0]
    numbers = levels[1:10]  # 無 0 … 将 8
    found: list[tuple[CardsMove, Combo]] = []
    most = max(len(n) for n in numbers) + len(ships)
    for width in range(1, most + 1):
        for low in range(0, 7):
            for high in range(low + 2, 9):
                need = sum(max(0, width - len(numbers[n])) for n in range(low, high + 1))
                if need > len(ships):
                    break
                for gaps in _gap_choices(numbers[low:high + 1], width, len(ships)):
                    cards = [c for n, gap in enumerate(gaps)
                             for c in numbers[low + n][:width - gap]]
                    cards += ships[:sum(gaps)]
                    kind = Kind.RUN if width == 1 else Kind.RUN_OF_SETS
                    found.append(_entry("run", kind, tuple(sorted(cards)), high, width))
    return found


def _gap_choices(numbers: Sequence[Sequence[Card]], width: int, ships: int) -> list[list[int]]:
    """Per number, how many of its `width` cards are 船 (at most `ships` in all)."""
    if not numbers:
        return [[]]
    least = max(0, width - len(numbers[0]))
    result = []
    for gap in range(least, min(width, ships) + 1):
        for rest in _gap_choices(numbers[1:], width, ships - gap):
            result.append([gap, *rest])
    return result


_MOVES: dict[tuple[str, tuple[Card, ...]], CardsMove] = {}


def _entry(verb: str, kind: Kind, cards: tuple[Card, ...], rank: int,
           width: int = 1) -> tuple[CardsMove, Combo]:
    move = _MOVES.get((verb, cards))
    if move is None:
        move = _MOVES[(verb, cards)] = CardsMove(verb, cards)
    return move, Combo(kind, cards, rank, width)


@lru_cache(maxsize=20_000)
def groups_of(hand: tuple[Card, ...]) -> dict[CardsMove, Combo]:
    """Every 役 the hand can lay (one choice of cards per strength), with its reading."""
    levels = _by_level(hand)
    found: dict[CardsMove, Combo] = {}
    for move, combo in [*_sets(levels), *_runs(levels)]:
        known = found.get(move)
        if known is None or combo.rank > known.rank:  # read as strongly as it can be
            found[move] = combo
    return found


@lru_cache(maxsize=20_000)
def reading(move: CardsMove) -> Combo | None:
    """The 役 `move`'s cards make as its verb says (read as strongly as they can be), or None:
    from those cards alone, as a hand's other cards add no reading to the same cards. Kept
    apart from `groups_of`'s (these small sets would push whole hands out)."""
    return groups_of.__wrapped__(move.cards).get(move)


@lru_cache(maxsize=20_000)
def follow_index(hand: tuple[Card, ...]) -> tuple[dict[tuple[Kind, int, int],
                                                       list[tuple[int, CardsMove]]],
                                                  tuple[CardsMove, ...]]:
    """The hand's 役 by shape (with their strength), and its sets of three or more."""
    by_shape: dict[tuple[Kind, int, int], list[tuple[int, CardsMove]]] = {}
    big: list[CardsMove] = []
    for move, combo in groups_of(hand).items():
        by_shape.setdefault(combo.shape, []).append((combo.rank, move))
        if is_big_set(combo):
            big.append(move)
    return by_shape, tuple(big)


def canonical(cards: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, ...] | None:
    """The engine's choice of cards for `cards` (same strengths, first in hand order); None when
    the hand lacks some."""
    levels = _by_level(hand)
    wanted = [0] * LEVELS
    for c in cards:
        wanted[STRENGTH_OF[c]] += 1
    if any(wanted[level] > len(levels[level]) for level in range(LEVELS)):
        return None
    return tuple(sorted(c for level in range(LEVELS) for c in levels[level][:wanted[level]]))


@dataclass(frozen=True)
class Played:
    """The 役 on the table and who laid it."""

    seat: int
    combo: Combo


@dataclass
class NekiState(CardGameState):
    game_id: ClassVar[str] = "neki"
    round_word: ClassVar[str] = "game"
    reward_scale: ClassVar[float] = 5.0
    search_plays: ClassVar[int] = 16

    top: Played | None = None
    table: list[Card] = field(default_factory=list)  # every card laid since the table cleared
    discards: list[Card] = field(default_factory=list)  # 捨札
    removed: list[Card] = field(default_factory=list)  # out of the game (将 effect)
    mover: int = 0
    passes: int = 0
    effects: int = 0  # 将 effects the mover still chooses
    dealt: bool = False
    winners: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> NekiState:
        state = cls(num_players, dict(options))
        state._init_seats(0)
        state.round_no = 1
        state.queue = [("parent", -1)]
        return state

    @classmethod
    def position(cls, hands: Sequence[Sequence[Card]], discards: Sequence[Card] = (),
                 mover: int = 0) -> NekiState:
        """A game in progress with these hands and 捨札 (the rest aside): for tests and the
        table's checker."""
        state = cls.start(len(hands), {})
        state._set_position(hands, discards)
        state.dealt = True
        state.parent = state.mover = mover
        state.discards = list(discards)
        return state

    def _copy_into(self, other: Self) -> None:
        other.table = list(self.table)
        other.discards = list(self.discards)
        other.removed = list(self.removed)
        other.winners = list(self.winners)

    def _table_cards(self) -> Iterable[Card]:
        return [*self.table, *self.discards, *self.removed]

    # --- flow -------------------------------------------------------------------------------
    def _after_chance(self) -> None:
        if not self.dealt:
            self.dealt = True
            each = 48 // self.num_players
            self.queue = self._deal_queue(each)
        else:
            self.mover = self.parent

    def _seat_to_move(self) -> int:
        return self.mover

    def _seat_moves(self) -> list[Any]:
        hand = tuple(self.hands[self.mover])
        if self.effects:
            takes = {self._take(c) for c in self.discards}
            return [*REMOVES, *sorted(takes, key=lambda m: m.cards)]
        if self.top is None:
            return list(groups_of(hand))
        top = self.top.combo
        by_shape, big_sets = follow_index(hand)
        moves: list[Any] = [m for level, m in by_shape.get(top.shape, ()) if level > top.rank]
        moves += [m for m in big_sets if m not in moves]
        return [*moves, PASS]

    def is_legal(self, move: Any) -> bool:
        """A 役 laid from the hand is checked alone: its cards are the hand's first of each
        strength (`canonical`), they make that 役 by themselves (the hand's other cards add
        no reading to the same cards), and it beats the table's 役 as `_seat_moves` asks."""
        if self._legal is not None or self.over or self.queue or self.effects or \
                not isinstance(move, CardsMove) or move.verb not in ("play", "run"):
            return super().is_legal(move)
        if canonical(move.cards, self.hands[self.mover]) != move.cards:
            return False
        combo = reading(move)
        if combo is None:
            return False
        if self.top is None:
            return True
        top = self.top.combo
        return (combo.shape == top.shape and combo.rank > top.rank) or is_big_set(combo)

    @staticmethod
    def _take(c: Card) -> CardsMove:
        return CardsMove("take", (c,))

    def _apply_seat_move(self, move: Any) -> None:
        seat = self.mover
        if isinstance(move, Remove):
            self._remove(seat, move.level)
        elif isinstance(move, CardsMove) and move.verb == "take":
            self.discards.remove(move.cards[0])
            self.hands[seat].append(move.cards[0])
            self.hands[seat].sort()
            self._effect_done(seat)
        elif move == PASS:
            self.passes += 1
            self._next(seat)
        else:
            self._lay(seat, move)

    def _lay(self, seat: int, move: CardsMove) -> None:
        combo = reading(move)
        assert combo is not None  # a legal move
        remove_cards(self.hands[seat], move.cards)
        self.table += move.cards
        self.top = Played(seat, combo)
        self.passes = 0
        if not self.hands[seat] and self.hidden[seat] == 0:
            self._finish([seat], "a hand is empty")
            return
        self.effects = sum(1 for c in move.cards if PROFESSION_OF[c] == GENERAL)
        if not self.effects:
            self._next(seat)

    def _remove(self, seat: int, level: int) -> None:
        for s in range(self.num_players):
            gone = [c for c in self.hands[s] if STRENGTH_OF[c] == level]
            for c in gone:
                self.hands[s].remove(c)
            self.removed += gone
        gone = [c for c in self.discards if STRENGTH_OF[c] == level]
        for c in gone:
            self.discards.remove(c)
        self.removed += gone
        empty = [s for s in seat_order(seat, self.num_players) if self.hand_size(s) == 0]
        if empty:
            self._finish([empty[0]], "a hand is empty")
            return
        self._effect_done(seat)

    def _effect_done(self, seat: int) -> None:
        self.effects -= 1
        if not self.effects:
            self._next(seat)

    def _next(self, seat: int) -> None:
        following = (seat + 1) % self.num_players
        if self.top is not None and self.passes >= self.num_players - 1:
            self.discards += self.table
            self.table = []
            self.passes = 0
            following = self.top.seat
            self.top = None
        self.mover = following

    def _finish(self, winners: list[int], reason: str) -> None:
        self.over, self.winners, self.reason = True, winners, reason
        self.effects = 0
        self.queue = []

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        words = text.split()
        head = words[0].lower() if words else ""
        if head == "pass" and len(words) == 1:
            return PASS
        if head == "remove":
            return Remove.parse(text)
        if head in ("play", "run", "take") and len(words) == 2:
            cards = tuple(sorted(parse_cards(words[1])))
            if head == "take":
                if len(cards) == 1:
                    return self._take(cards[0])
            else:
                if not self.queue and not self.over and self.dealt:
                    cards = canonical(cards, self.hands[self.mover]) or cards
                return CardsMove(head, cards)
        raise MoveParseError(text, "a 連友 move: 'play r5b5' (a single or a set), 'run r3r4r5' "
                                   "(a run or a run of sets), 'pass', 'remove 5' or 'take r5'")

    def _why_not(self, move: Any) -> str:
        seat = self.mover
        if self.effects:
            if isinstance(move, CardsMove) and move.verb == "take":
                return f"{format_cards(move.cards)} is not in 捨札"
            return f"seat {seat + 1} chooses a 将 effect now: 'remove …' or 'take …'"
        if isinstance(move, Remove) or (isinstance(move, CardsMove) and move.verb == "take"):
            return "a 将 effect follows only a 役 with a 将 in it"
        if move == PASS:
            return "the leader lays a 役 (nothing to pass on)"
        if not isinstance(move, CardsMove):
            return "not a 連友 move"
        short = missing_from(move.cards, self.hands[seat])
        if short:
            return f"{format_cards(short)} not in seat {seat + 1}'s hand"
        what = "a single or a set" if move.verb == "play" else "a run or a run of sets"
        if move not in groups_of(tuple(self.hands[seat])):
            return f"{format_cards(move.cards)} is not {what}"
        assert self.top is not None
        top = self.top.combo
        return (f"{format_cards(move.cards)} does not beat {format_cards(top.cards)} (the same "
                "shape, stronger) and is no set of three or more")

    # --- result -----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return self._first_out_outcome(self.winners)

    def describe(self) -> str:
        top = (f"{self.top.seat + 1}:{format_cards(self.top.combo.cards)}"
               if self.top is not None else "-")
        return (f"Neki {self.num_players}p, {self._flow_text()}; 親 {self.parent + 1}; top "
                f"{top}; passes {self.passes}; effects {self.effects}; hands "
                f"{self._hands_text()}; table {format_cards(self.table) or '-'}; discards "
                f"{format_cards(self.discards) or '-'}; removed "
                f"{format_cards(self.removed) or '-'}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.card_errors()
        if self.top is None and self.table:
            errors.append("cards on the table without a 役 on top")
        if self.effects and self.top is None:
            errors.append("a 将 effect pending with no 役 laid")
        return errors


def new_state(num_players: int, options: dict[str, Any]) -> NekiState:
    return NekiState.start(num_players, options)
