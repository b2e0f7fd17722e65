"""Hands (役) as data and the calculator that finds them among captured pieces (手駒).

Counting rules (cetkaik.md §5.3 and §8.10):

- A hand is formed when the pieces it names are held; one piece may serve several hands.
- A hand counts once, however many times its pieces are held.
- 同色: when every piece of a hand can be taken from one colour, the hand is worth its points
  plus the 同色 bonus, and only that version counts.
- Each 王 held may stand in for one piece other than a 王, of its own colour, in any hand (both
  kings at once when both are held). A hand that names the 王 (無抗行処) needs a real one. The
  王 alone is the hand 王, worth 3 and always of one colour, so 5.

Piece counts are sequences indexed ``profession * 2 + colour`` (`count_index`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.games.cetkaik.pieces import Colour, Profession

#: Points added to a hand whose pieces are all of one colour.
FLASH_BONUS = 2
PIECE_KINDS = len(Profession) * 2

Counts = tuple[int, ...]


def count_index(colour: Colour | int, profession: Profession | int) -> int:
    return int(profession) * 2 + int(colour)


def counts_of(pieces: Iterable[tuple[Colour, Profession]]) -> Counts:
    """Piece counts from (colour, profession) pairs."""
    counts = [0] * PIECE_KINDS
    for colour, profession in pieces:
        counts[count_index(colour, profession)] += 1
    return tuple(counts)


@dataclass(frozen=True)
class HandSpec:
    """One hand: the professions it needs (with how many of each) and its points."""

    key: str
    name_ja: str
    name_en: str
    needs: tuple[tuple[Profession, int], ...]
    points: int

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    def pieces_text(self, lang: str = "ja") -> str:
        """``将兵兵`` / ``General, Pawn, Pawn``."""
        names = [p.name_in(lang) for p, n in self.needs for _ in range(n)]
        return "".join(names) if lang == "ja" else ", ".join(names)


@dataclass(frozen=True)
class HandFound:
    """A hand formed by a set of pieces; `flash` when its pieces share one colour (同色)."""

    spec: HandSpec = field(compare=False)
    flash: bool
    value: int
    key: str = field(default="")

    def name(self, lang: str = "ja") -> str:
        base = self.spec.name(lang)
        if not self.flash or self.spec.key == "io":  # the King is always of one colour
            return base
        return f"同色{base}" if lang == "ja" else f"{base} (same colour)"

    @property
    def id(self) -> str:
        """``saup1`` or ``bap1pok1 saup1`` (the 同色 version)."""
        return f"bap1pok1 {self.spec.key}" if self.flash and self.spec.key != "io" else \
            self.spec.key


@dataclass(frozen=True)
class Penalty:
    """A situational hand that costs its mover (撃皇, 皇再来)."""

    key: str
    name_ja: str
    name_en: str
    points: int

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en


STEP_ON_TAM = Penalty("kut2tam2", "撃皇", "Stepping on the Tam", -5)
TAM_AGAIN = Penalty("tam2tysak2", "皇再来", "The Futile Move", -3)

_P = Profession


def standard_hands(official_values: bool = False) -> tuple[HandSpec, ...]:
    """The hands of 標準机戦, highest first. 馬弓兵 scores 7 as the book prints it, or 5 with
    `official_values` (the official rule sheet)."""
    return (
        HandSpec("mun1mak1mok1hue", "無抗行処", "The Unbeatable",
                 tuple((p, 1) for p in Profession), 50),
        HandSpec("kua2kauk2mun1aum2", "筆兵無傾", "The Social Order",
                 ((_P.PAWN, 1), (_P.BOW, 1), (_P.GENERAL, 1), (_P.CLERK, 1), (_P.SHAMAN, 1)),
                 10),
        HandSpec("huep2hia1", "地心", "The Culture",
                 ((_P.CLERK, 1), (_P.SHAMAN, 1), (_P.GENERAL, 1)), 7),
        HandSpec("maun1gua2kauk2", "馬弓兵", "The Cavalry",
                 ((_P.HORSE, 1), (_P.BOW, 1), (_P.PAWN, 1)), 5 if official_values else 7),
        HandSpec("mok1mok1", "行行", "The Attack",
                 ((_P.VESSEL, 1), (_P.CHARIOT, 1), (_P.HORSE, 1)), 5),
        HandSpec("io", "王", "The King", ((_P.KING, 1),), 3),
        HandSpec("saup1", "獣", "The Animals", ((_P.TIGER, 1), (_P.HORSE, 1)), 3),
        HandSpec("kaikdat2", "戦集", "The Army", ((_P.GENERAL, 1), (_P.PAWN, 2)), 3),
        HandSpec("uaip2hi1", "助友", "The Comrades", ((_P.CHARIOT, 1), (_P.PAWN, 2)), 3),
        HandSpec("huetkaikadat2", "闇戦之集", "The Deadly Army", ((_P.PAWN, 5),), 3),
    )


KING_RED = count_index(Colour.RED, Profession.KING)
KING_BLACK = count_index(Colour.BLACK, Profession.KING)


def _requirements(spec: HandSpec) -> tuple[int, tuple[tuple[int, int], ...]]:
    """(real kings needed, ((count index of the red piece, how many), ...) for the rest)."""
    kings = sum(n for p, n in spec.needs if p is Profession.KING)
    return kings, tuple((int(p) * 2, n) for p, n in spec.needs if p is not Profession.KING)


def find_hand(spec: HandSpec, counts: Sequence[int],
              requirements: tuple[int, tuple[tuple[int, int], ...]] | None = None,
              ) -> HandFound | None:
    """`spec` as `counts` form it: the 同色 version when possible, else the mixed one. A king
    held fills one missing piece of its colour (or, for the mixed version, of any)."""
    kings_needed, needs = requirements or _requirements(spec)
    red_kings, black_kings = counts[KING_RED], counts[KING_BLACK]
    missing_red = missing_black = missing_any = 0
    for base, need in needs:
        red, black = counts[base], counts[base + 1]
        if red < need:
            missing_red += need - red
        if black < need:
            missing_black += need - black
        if red + black < need:
            missing_any += need - red - black
    if kings_needed + missing_red <= red_kings or kings_needed + missing_black <= black_kings:
        return HandFound(spec, True, spec.points + FLASH_BONUS, spec.key)
    if kings_needed + missing_any <= red_kings + black_kings:
        return HandFound(spec, False, spec.points, spec.key)
    return None


class HandTable:
    """The hands of one rule set, with a cache of the answers (positions repeat in search)."""

    def __init__(self, specs: Sequence[HandSpec]) -> None:
        self.specs = tuple(specs)
        self._requirements = tuple((spec, _requirements(spec)) for spec in self.specs)
        self._cache: dict[Counts, tuple[HandFound, ...]] = {}

    def hands(self, counts: Sequence[int]) -> tuple[HandFound, ...]:
        """Every hand `counts` form, in the order of the list."""
        key = tuple(counts)
        found = self._cache.get(key)
        if found is None:
            found = tuple(h for h in (find_hand(s, key, r) for s, r in self._requirements)
                          if h is not None)
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[key] = found
        return found

    def score(self, counts: Sequence[int]) -> int:
        """The points of every hand held (before the rate)."""
        return sum(h.value for h in self.hands(counts))

    def spec(self, key: str) -> HandSpec:
        for spec in self.specs:
            if spec.key == key:
                return spec
        raise KeyError(key)
