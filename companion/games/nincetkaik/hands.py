"""Hand types (役) shared by the 紙机戦 games: 一枚, セット/友, 連番/連 and 連番のセット.

- **一枚** (single): one card; its strength.
- **セット / 友** (set): two or more cards of equal strength, colours free (王 + 皇 is a set).
- **連番 / 連** (run): consecutive numbers 0–8 in one colour (王/皇 are never 9, 船 never −1).
- **連番のセット** (run of sets, 連友 only): e.g. [1][1][2][2][3][3].

The wild card (船 by default) becomes any non-wild card of its own colour, but only inside a
役 of two or more cards with at least one other card; a 役 of wild cards only is a set of
them, and a lone wild card is itself, the weakest single. `readings` lists every way a group
of cards reads as one 役; `strongest` takes the strongest (lanerme-games.md §2, §14.1).
Two 役 compare only when they have the same shape (type and size): sets and singles by
strength, runs by their top number (§2 DECISION 2).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from companion.games.nincetkaik.deck import (
    COLOUR_OF,
    NUMBER_OF,
    PROFESSION_OF,
    STRENGTH_OF,
    Card,
    Profession,
    format_cards,
)


class Kind(enum.IntEnum):
    SINGLE = 1
    SET = 2
    RUN = 3
    RUN_OF_SETS = 4


KIND_NAMES = {Kind.SINGLE: ("一枚", "single"), Kind.SET: ("セット", "set"),
              Kind.RUN: ("連番", "run"), Kind.RUN_OF_SETS: ("連番のセット", "run of sets")}


@dataclass(frozen=True)
class HandRules:
    """What a game allows: its wild card, whether runs keep one colour, which types exist."""

    wild: int | None = Profession.SHIP
    run_one_colour: bool = True
    min_run: int = 3
    runs: bool = True
    runs_of_sets: bool = False
    #: Strength per profession (the standard order unless a game says otherwise).
    strength: tuple[int, ...] = field(default=tuple(STRENGTH_OF[p * 2] for p in range(12)))


STANDARD = HandRules()


@dataclass(frozen=True)
class Combo:
    """One 役 as read: its type, its cards (sorted), and its rank within the shape."""

    kind: Kind
    cards: tuple[Card, ...]
    rank: int  # strength for singles and sets, the top number for runs
    width: int = 1  # cards per number in a run of sets

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def shape(self) -> tuple[Kind, int, int]:
        return (self.kind, self.size, self.width)

    @property
    def colours(self) -> tuple[int, ...]:
        """The colours as played, sorted (a wild card keeps its own colour)."""
        return tuple(sorted(COLOUR_OF[c] for c in self.cards))

    def is_one_colour(self) -> bool:
        return len({COLOUR_OF[c] for c in self.cards}) == 1

    def same_shape(self, other: Combo) -> bool:
        return self.shape == other.shape

    def beats(self, other: Combo) -> bool:
        """Same type and size, strictly stronger."""
        return self.shape == other.shape and self.rank > other.rank

    def name(self, lang: str = "en") -> str:
        ja, en = KIND_NAMES[self.kind]
        if self.kind is Kind.SINGLE:
            return ja if lang == "ja" else en
        if lang == "ja":
            return f"{self.size}枚{ja}"
        return f"{self.size}-card {en}"

    def __str__(self) -> str:
        return format_cards(self.cards)


def _is_wild(c: Card, rules: HandRules) -> bool:
    return rules.wild is not None and PROFESSION_OF[c] == rules.wild


def readings(cards: Sequence[Card], rules: HandRules = STANDARD) -> list[Combo]:
    """Every reading of exactly these cards as one 役 (empty when they make none)."""
    return list(_readings(tuple(sorted(cards)), rules))


@lru_cache(maxsize=100_000)
def _readings(ordered: tuple[Card, ...], rules: HandRules) -> tuple[Combo, ...]:
    n = len(ordered)
    if n == 0:
        return ()
    strength = rules.strength
    if n == 1:
        return (Combo(Kind.SINGLE, ordered, strength[PROFESSION_OF[ordered[0]]]),)
    tame = [c for c in ordered if not _is_wild(c, rules)]
    found: list[Combo] = []
    if not tame:
        return (Combo(Kind.SET, ordered, strength[PROFESSION_OF[ordered[0]]]),)
    levels = {strength[PROFESSION_OF[c]] for c in tame}
    if len(levels) == 1:
        found.append(Combo(Kind.SET, ordered, levels.pop()))
    if rules.runs and n >= rules.min_run:
        found += [Combo(Kind.RUN, ordered, top) for top in _run_tops(ordered, tame, 1, rules)]
    if rules.runs_of_sets:
        for width in range(2, n // rules.min_run + 1):
            if n % width == 0:
                found += [Combo(Kind.RUN_OF_SETS, ordered, top, width)
                          for top in _run_tops(ordered, tame, width, rules)]
    return tuple(found)


def _run_tops(cards: Sequence[Card], tame: Sequence[Card], width: int,
              rules: HandRules) -> list[int]:
    """Possible top numbers of a run (of sets of `width`) made of `cards`."""
    length = len(cards) // width
    if length < rules.min_run:
        return []
    if rules.run_one_colour and len({COLOUR_OF[c] for c in cards}) != 1:
        return []
    numbers = [NUMBER_OF[c] for c in tame]
    per: dict[int, int] = {}
    for value in numbers:
        if value is None:
            return []
        per[value] = per.get(value, 0) + 1
        if per[value] > width:
            return []
    low, high = min(per), max(per)
    first = max(high, length - 1)
    last = min(8, low + length - 1)
    return list(range(first, last + 1))


def strongest(cards: Sequence[Card], rules: HandRules = STANDARD) -> Combo | None:
    """The strongest reading (highest type value, then rank), or None."""
    found = readings(cards, rules)
    if not found:
        return None
    return max(found, key=lambda c: (c.kind, c.rank))


def is_hand(cards: Sequence[Card], rules: HandRules = STANDARD) -> bool:
    return bool(readings(cards, rules))


def sub_multisets(cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Distinct sub-multisets of `size` cards (sorted tuples), each once."""
    seen: set[tuple[Card, ...]] = set()
    for combo in combinations(sorted(cards), size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def partitions(cards: Sequence[Card], accept: Callable[[Combo], bool],
               rules: HandRules = STANDARD, max_size: int = 4) -> Iterator[tuple[Combo, ...]]:
    """Every way to split all of `cards` into 役 that `accept` allows (each split once per
    reading; groups of at most `max_size` cards)."""
    ordered = tuple(sorted(cards))
    if not ordered:
        yield ()
        return
    first, rest = ordered[0], ordered[1:]
    for extra in range(min(max_size, len(ordered))):
        for others in sub_multisets(rest, extra):
            group = (first, *others)
            remaining = list(rest)
            for c in others:
                remaining.remove(c)
            for combo in readings(group, rules):
                if accept(combo):
                    for tail in partitions(remaining, accept, rules, max_size):
                        yield (combo, *tail)
