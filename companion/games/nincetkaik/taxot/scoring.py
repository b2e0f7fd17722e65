"""終季 hands and points: the winning shapes, the 終了点, ボーナス点 and payments.

A hand wins (終季) when all six cards — the laid-out 役 as they lie and the cards in hand —
split into [2-set][2-set][2-set], [2-set][4-set] or [3-set or 3-run][3-set or 3-run]. Where a
hand splits in several ways, the split that scores the most counts (§14.1); a 船 in a laid-out
役 has no number of its own until then either: it reads as whatever scores most (§14.7).

| kind | name | points |
|---|---|---|
| 終了点 | 終季 | 2, always |
| 終了点 | 同色 | 1: all six cards one colour (a 船 has its own colour) |
| 終了点 | 六連 | 1: two 3-runs covering six consecutive numbers (colours may differ) |
| 終了点 | 一周 | 3: declared before the 親's second turn |
| ボーナス | 皇王 | 1 per real 皇 or 王 |
| ボーナス | 光 | 1 per card of an indicator's profession (option; at most 1 per card) |

Payment = 終了点 × the 親の加点 (only when the 親 pays or receives) + ボーナス点.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product

from companion.games.nincetkaik.deck import (
    ALL_CARDS,
    COLOUR_OF,
    COPIES,
    NUMBER_OF,
    PROFESSION_OF,
    STRENGTH_OF,
    Card,
    Profession,
)
from companion.games.nincetkaik.hands import Combo, Kind, partitions, readings, sub_multisets
from companion.games.nincetkaik.ledger import ParentRate

HAND = 5
WINNING_SIZES = ((2, 2, 2), (2, 4), (3, 3))
END_POINTS = {"taxot": 2, "same_colour": 1, "six_run": 1, "first_round": 3}
NAMES = {
    "taxot": ("終季", "Season's end"),
    "same_colour": ("同色", "One colour"),
    "six_run": ("六連", "Six in a row"),
    "first_round": ("一周", "First round"),
    "king_tam": ("皇王", "King and Tam"),
    "light": ("光", "Light"),
}


def point_name(key: str, lang: str = "en") -> str:
    ja, en = NAMES[key]
    return ja if lang == "ja" else en


def is_group(combo: Combo) -> bool:
    """A 役 usable in 終季: a 2-, 3- or 4-set or a 3-run."""
    return (combo.kind is Kind.SET and 2 <= combo.size <= 4) or (
        combo.kind is Kind.RUN and combo.size == 3)


@lru_cache(maxsize=200_000)
def winning_splits(concealed: tuple[Card, ...],
                   meld_sizes: tuple[int, ...] = ()) -> tuple[tuple[Combo, ...], ...]:
    """Every split of the cards in hand that, with laid-out 役 of `meld_sizes`, wins."""
    found = []
    for split in partitions(concealed, is_group):
        sizes = tuple(sorted((*meld_sizes, *(c.size for c in split))))
        if sizes in WINNING_SIZES:
            found.append(split)
    return tuple(found)


def _possible(group: tuple[Card, ...]) -> bool:
    """A sorted group of 2–4 cards that the deck's copies allow."""
    return 2 <= len(group) <= 4 and all(group.count(c) <= COPIES[c] for c in set(group))


@cache
def _is_usable(group: tuple[Card, ...]) -> bool:
    """Whether a sorted group of cards reads as a 役 usable in a winning hand. Worked out per
    group when first asked (a table of every group took 0.6 s at the first discard)."""
    return _possible(group) and any(is_group(c) for c in readings(group))


@cache
def _is_callable(group: tuple[Card, ...]) -> bool:
    """Whether a sorted group of cards may be laid out by a call (3-set, 3-run, 4-set)."""
    return _possible(group) and any(
        (c.kind is Kind.SET and c.size >= 3) or (c.kind is Kind.RUN and c.size == 3)
        for c in readings(group))


def _concealed_sizes(meld_sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """The group sizes the cards in hand must make, for each winning shape the melds fit."""
    found = []
    for shape in WINNING_SIZES:
        rest = list(shape)
        for size in meld_sizes:
            if size not in rest:
                break
            rest.remove(size)
        else:
            found.append(tuple(rest))
    return found


def is_winning(concealed: Sequence[Card], melds: Sequence[Combo]) -> bool:
    """Whether the cards in hand, with the laid-out 役, make a winning hand."""
    return _wins(tuple(sorted(concealed)), tuple(sorted(m.size for m in melds)))


@lru_cache(maxsize=300_000)
def _wins(ordered: tuple[Card, ...], meld_sizes: tuple[int, ...]) -> bool:
    if _has_a_loner(ordered):
        return False
    for sizes in _concealed_sizes(meld_sizes):
        if sum(sizes) == len(ordered) and _splits_into(ordered, sizes):
            return True
    return False


@cache
def _related() -> tuple[int, ...]:
    """Per card, a bit mask of the other cards it could share a 役 with: equal strength, or
    its colour within two numbers (a 船 relates to everything)."""
    masks = []
    for c in ALL_CARDS:
        mask = 0
        for d in ALL_CARDS:
            near = NUMBER_OF[c] is not None and NUMBER_OF[d] is not None and \
                COLOUR_OF[c] == COLOUR_OF[d] and abs(NUMBER_OF[c] - NUMBER_OF[d]) <= 2  # type: ignore[operator]
            if d != c and (STRENGTH_OF[c] == STRENGTH_OF[d] or near or
                           PROFESSION_OF[d] == Profession.SHIP or
                           PROFESSION_OF[c] == Profession.SHIP):
                mask |= 1 << d
        masks.append(mask)
    return tuple(masks)


def _has_a_loner(cards: Sequence[Card]) -> bool:
    """A quick no: some card could share a 役 with no other card in hand."""
    related = _related()
    present = 0
    twice = 0
    for c in cards:
        if present >> c & 1:
            twice |= 1 << c
        present |= 1 << c
    return any(not twice >> c & 1 and not related[c] & present for c in cards)


def partners(cards: Sequence[Card], card: Card) -> int:
    """How many cards in hand could share a 役 with `card` (itself included)."""
    related = _related()[card]
    return sum(1 for c in cards if c == card or related >> c & 1)


def waiting_cards(concealed: Sequence[Card], meld_sizes: Sequence[int] = ()) -> tuple[Card, ...]:
    """The cards that would make a hand one card short (cards in hand and laid-out 役 of
    `meld_sizes`, five cards in all) a winning hand; empty when no single card does."""
    return _waits(tuple(sorted(concealed)), tuple(sorted(meld_sizes)))


@lru_cache(maxsize=50_000)
def improving_draws(concealed: tuple[Card, ...], meld_sizes: tuple[int, ...] = (),
                    ) -> tuple[tuple[Card, tuple[tuple[Card, ...], ...]], ...]:
    """For a sorted hand one card short that does not wait yet: each card that, drawn, lets
    a discard leave a waiting hand, with the waits of every such discard."""
    found = []
    for c in ALL_CARDS:
        six = tuple(sorted((*concealed, c)))
        options = set()
        for i, d in enumerate(six):
            if d == c or (i and six[i - 1] == d):
                continue
            waits = _waits((*six[:i], *six[i + 1:]), meld_sizes)
            if waits:
                options.add(waits)
        if options:
            found.append((c, tuple(sorted(options))))
    return tuple(found)


@lru_cache(maxsize=200_000)
def _waits(ordered: tuple[Card, ...], meld_sizes: tuple[int, ...]) -> tuple[Card, ...]:
    """A winning hand with the card `c` puts `c` in a 役 with one to three cards in hand (the
    `part`), the other cards splitting into the rest of the shape: so look at the parts, not
    at every card (24 full checks took about 4 ms a hand)."""
    shapes = [s for s in _concealed_sizes(meld_sizes) if sum(s) == len(ordered) + 1]
    found: set[Card] = set()
    for size in (1, 2, 3):
        fitting = [s for s in shapes if size + 1 in s]
        if not fitting:
            continue
        for part in sub_multisets(ordered, size):
            rest = list(ordered)
            for c in part:
                rest.remove(c)
            for sizes in fitting:
                left = list(sizes)
                left.remove(size + 1)
                if _splits_into(tuple(rest), tuple(left)):
                    found.update(_completions(part))
                    break
    return tuple(sorted(found))


@cache
def _completions(part: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that make a usable 役 with the sorted cards `part`."""
    return tuple(c for c in ALL_CARDS if _is_usable(tuple(sorted((*part, c)))))


@lru_cache(maxsize=200_000)
def _splits_into(cards: tuple[Card, ...], sizes: tuple[int, ...]) -> bool:
    """Whether `cards` split into usable 役 of exactly these sizes (a quick yes or no)."""
    if not cards:
        return not sizes
    first, rest = cards[0], cards[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in sub_multisets(rest, size - 1):
            if not _is_usable((first, *others)):
                continue
            remaining = list(rest)
            for c in others:
                remaining.remove(c)
            if _splits_into(tuple(remaining), tuple(left)):
                return True
    return False


@lru_cache(maxsize=200_000)
def call_options(concealed: tuple[Card, ...], card: Card) -> tuple[tuple[Card, ...], ...]:
    """The groups of hand cards that complete a 3-set, 3-run or 4-set with `card` (開),
    leaving at least one card to discard."""
    if partners(concealed, card) < 2:
        return ()
    found = []
    for size in (2, 3):
        if len(concealed) - size < 1:
            continue
        for group in sub_multisets(concealed, size):
            if _is_callable(tuple(sorted((*group, card)))):
                found.append(group)
    return tuple(found)


def four_sets(concealed: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Four-card sets in hand that may be laid out (四友), leaving a card to discard."""
    if len(concealed) < 5:
        return []
    return list(_four_sets(tuple(sorted(concealed))))


@lru_cache(maxsize=100_000)
def _four_sets(ordered: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    levels: dict[int, int] = {}
    ships = 0
    for c in ordered:
        if PROFESSION_OF[c] == Profession.SHIP:
            ships += 1
        else:
            levels[STRENGTH_OF[c]] = levels.get(STRENGTH_OF[c], 0) + 1
    if max(levels.values(), default=0) + ships < 4:
        return ()
    return tuple(g for g in sub_multisets(ordered, 4) if _is_callable(g))


@dataclass(frozen=True)
class TaxotScore:
    """The points of a winning hand: its split, the 終了点 and the ボーナス点 by name."""

    groups: tuple[Combo, ...]
    end: tuple[tuple[str, int], ...]
    bonus: tuple[tuple[str, int], ...]

    @property
    def end_points(self) -> int:
        return sum(v for _, v in self.end)

    @property
    def bonus_points(self) -> int:
        return sum(v for _, v in self.bonus)

    def payment(self, rate: ParentRate, payer: int, winner: int) -> int:
        """What `payer` pays `winner`: 終了点 × 加点 (親 involved) + ボーナス点."""
        return self.end_points * rate.multiplier(payer, winner) + self.bonus_points

    def text(self, lang: str = "en") -> str:
        parts = [f"{point_name(k, lang)} {v}" for k, v in (*self.end, *self.bonus) if v]
        return ("、" if lang == "ja" else ", ").join(parts)


def score_hand(concealed: Sequence[Card], melds: Sequence[Combo], first_round: bool = False,
               indicators: Sequence[Card] = ()) -> TaxotScore | None:
    """The best score of a winning hand (None when it does not win)."""
    splits = winning_splits(tuple(sorted(concealed)), tuple(sorted(m.size for m in melds)))
    if not splits:
        return None
    cards = [*concealed, *(c for m in melds for c in m.cards)]
    same = int(len({COLOUR_OF[c] for c in cards}) == 1)
    kings = sum(1 for c in cards if PROFESSION_OF[c] in (Profession.KING, Profession.TAM))
    lit = {PROFESSION_OF[c] for c in indicators}
    light = sum(1 for c in cards if PROFESSION_OF[c] in lit)
    bonus = (("king_tam", kings), ("light", light))
    best: TaxotScore | None = None
    for split, laid in product(splits, meld_readings(melds)):
        groups = (*laid, *split)
        runs = sorted(g.rank for g in groups if g.kind is Kind.RUN)
        six = int(len(runs) == 2 and runs[1] - runs[0] == 3)
        end = (("taxot", END_POINTS["taxot"]), ("same_colour", same),
               ("six_run", six), ("first_round", END_POINTS["first_round"] * first_round))
        score = TaxotScore(tuple(groups), end, bonus)
        if best is None or score.end_points > best.end_points:
            best = score
    return best


def meld_readings(melds: Sequence[Combo]) -> list[tuple[Combo, ...]]:
    """Every way the laid-out 役 read when the hand is judged: each keeps its cards and its
    type (a set stays a set, a run a run), but a 船 in it takes any number it can stand for
    (§14.7: 赤船 赤4 赤5 is 3-4-5 or 4-5-6), so the reading that scores most can be taken."""
    options = [[r for r in readings(m.cards) if r.kind is m.kind and is_group(r)] or [m]
               for m in melds]
    return list(product(*options))


def payments(score: TaxotScore, rate: ParentRate, winner: int, payers: Sequence[int],
             players: int) -> list[int]:
    """Per-seat change of points when `payers` pay the winner."""
    deltas = [0] * players
    for payer in payers:
        amount = score.payment(rate, payer, winner)
        deltas[payer] -= amount
        deltas[winner] += amount
    return deltas
