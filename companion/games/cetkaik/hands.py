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

Regional rules of the book (issue 13), options of `Scoring`:

- hand systems (`hand_system`): the standard list, 連獣連体系 (王, 将巫筆, 馬虎, 車弓兵, 船車馬),
  三連体系 (王 and seven runs of three neighbouring professions, scored by the book's
  figures, in tenths; no 同色 bonus);
- 古計算法 (`counting`): every piece held has a value (船 0.1 … 王 1.0); 終季 pays their sum
  plus, per hand, 2× (a hand with 兵, or of two pieces) or 4× (any other) the values of its
  pieces (``old24``); ``old35`` uses 3× and 5×; ``old35_unused`` 3× and 5× plus only the pieces
  in no hand. Values are in tenths then (`Scoring.scale` 10); no 同色 bonus;
- the same hand more than once (`same_hand`): ``once`` (standard), ``twice`` (a hand held two
  or more times counts twice), ``copies`` (once per disjoint copy); copies past the first count
  their plain points.
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
    #: The points in tenths when the rulebook gives a fraction (三連体系: 5.6 -> 56).
    tenths: int | None = None

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    @property
    def size(self) -> int:
        return sum(n for _, n in self.needs)

    def names(self, profession: Profession) -> bool:
        return any(p is profession for p, _ in self.needs)

    def pieces_text(self, lang: str = "ja") -> str:
        """``将兵兵`` / ``General, Pawn, Pawn``."""
        names = [p.name_in(lang) for p, n in self.needs for _ in range(n)]
        return "".join(names) if lang == "ja" else ", ".join(names)


@dataclass(frozen=True)
class HandFound:
    """A hand formed by a set of pieces; `flash` when its pieces share one colour (同色)."""

    spec: HandSpec = field(compare=False)
    flash: bool
    value: int  # in the scoring's units (points, or tenths under 古計算法)
    key: str = field(default="")
    copies: int = 1  # how many times it counts (the regional rules for the same hand twice)

    def name(self, lang: str = "ja") -> str:
        base = self.spec.name(lang)
        if self.flash and self.spec.key != "io":  # the King is always of one colour
            base = f"同色{base}" if lang == "ja" else f"{base} (same colour)"
        return f"{base} ×{self.copies}" if self.copies > 1 else base

    @property
    def is_hand(self) -> bool:
        """False for the 古計算法 entry of the pieces' own values."""
        return self.spec.key != PIECES.key

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


#: 古計算法: the value of each profession in tenths (船 0.1 … 王 1.0).
PIECE_TENTHS: dict[Profession, int] = {
    Profession.VESSEL: 1, Profession.PAWN: 2, Profession.CLERK: 3, Profession.BOW: 4,
    Profession.HORSE: 4, Profession.CHARIOT: 5, Profession.SHAMAN: 5, Profession.TIGER: 6,
    Profession.GENERAL: 6, Profession.KING: 10,
}
#: 古計算法's multipliers: (a hand with 兵 or of two pieces, any other hand).
MULTIPLIERS = {"old24": (2, 4), "old35": (3, 5), "old35_unused": (3, 5)}
COUNTINGS = ("modern", "old24", "old35", "old35_unused")
SAME_HAND = ("once", "twice", "copies")

#: The 古計算法 entry for the pieces' own values (not a hand: it never calls a declaration).
PIECES = HandSpec("pieces", "駒の点", "the pieces' own values", (), 0)

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


def renjuren_hands() -> tuple[HandSpec, ...]:
    """連獣連体系: 王, 将巫筆, 馬虎, 車弓兵 and 船車馬 (the book names them; it gives no points,
    so each scores as the same pieces do in the modern lists: 地心 7, 獣 3, 教育机戦's 車弓兵 5,
    行行 5)."""
    return (
        HandSpec("io", "王", "The King", ((_P.KING, 1),), 3),
        HandSpec("uai1tuk2kua2", "将巫筆", "General, Shaman, Clerk",
                 ((_P.GENERAL, 1), (_P.SHAMAN, 1), (_P.CLERK, 1)), 7),
        HandSpec("maun1dau2", "馬虎", "Horse, Tiger", ((_P.HORSE, 1), (_P.TIGER, 1)), 3),
        HandSpec("kaun1gua2kauk2", "車弓兵", "Chariot, Bow, Pawn",
                 ((_P.CHARIOT, 1), (_P.BOW, 1), (_P.PAWN, 1)), 5),
        HandSpec("nuak1kaun1maun1", "船車馬", "Vessel, Chariot, Horse",
                 ((_P.VESSEL, 1), (_P.CHARIOT, 1), (_P.HORSE, 1)), 5),
    )


#: 三連体系: the runs of three and the book's figures in tenths (虎車弓, missing from the book's
#: list of seven figures, gets 6.0 by the rule the others follow: 4 × its pieces' 1.5).
_SANREN = (("uai1tuk2kua2", (_P.GENERAL, _P.SHAMAN, _P.CLERK), 56),
           ("tuk2kua2maun1", (_P.SHAMAN, _P.CLERK, _P.HORSE), 48),
           ("kua2maun1dau2", (_P.CLERK, _P.HORSE, _P.TIGER), 52),
           ("maun1dau2kaun1", (_P.HORSE, _P.TIGER, _P.CHARIOT), 60),
           ("dau2kaun1gua2", (_P.TIGER, _P.CHARIOT, _P.BOW), 60),
           ("kaun1gua2kauk2", (_P.CHARIOT, _P.BOW, _P.PAWN), 44),
           ("gua2kauk2nuak1", (_P.BOW, _P.PAWN, _P.VESSEL), 28))


def sanren_hands() -> tuple[HandSpec, ...]:
    """三連体系: 王 (2.0) and the seven runs 将巫筆 … 弓兵船, with the book's figures."""
    runs = tuple(HandSpec(key, "".join(p.kanji for p in pieces),
                          ", ".join(p.name_in("en") for p in pieces),
                          tuple((p, 1) for p in pieces), tenths // 10, tenths)
                 for key, pieces, tenths in _SANREN)
    return (HandSpec("io", "王", "The King", ((_P.KING, 1),), 2, 20), *runs)


def education_hands() -> tuple[HandSpec, ...]:
    """The four hands of 教育机戦 (cetkaik.md §5.2)."""
    return (
        HandSpec("uai1tuk2kauk2", "将巫兵", "General, Shaman, Pawn",
                 ((_P.GENERAL, 1), (_P.SHAMAN, 1), (_P.PAWN, 1)), 5),
        HandSpec("kaun1gua2kauk2", "車弓兵", "Chariot, Bow, Pawn",
                 ((_P.CHARIOT, 1), (_P.BOW, 1), (_P.PAWN, 1)), 5),
        HandSpec("io", "王", "The King", ((_P.KING, 1),), 3),
        HandSpec("nuak1kauk2kauk2", "船兵兵", "Vessel, Pawn, Pawn",
                 ((_P.VESSEL, 1), (_P.PAWN, 2)), 3),
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


def copies_of(spec: HandSpec, counts: Sequence[int]) -> int:
    """How many disjoint copies of `spec` the pieces form (kings standing in for one missing
    piece each; colours not asked)."""
    kings_needed, needs = _requirements(spec)
    kings = counts[KING_RED] + counts[KING_BLACK]
    copies = 0
    while True:
        n = copies + 1
        missing = sum(max(0, n * need - counts[base] - counts[base + 1]) for base, need in needs)
        if n * kings_needed + missing > kings:
            return copies
        copies = n


def _piece_tenths(profession: Profession | int) -> int:
    return PIECE_TENTHS[Profession(profession)]


class HandTable:
    """The hands of one rule set and how they score (`counting`, `same_hand`; see the module
    doc), with a cache of the answers (positions repeat in search). Values are in `scale`
    units: points, or tenths of a point."""

    def __init__(self, specs: Sequence[HandSpec], counting: str = "modern",
                 same_hand: str = "once") -> None:
        if counting not in COUNTINGS or same_hand not in SAME_HAND:
            raise ValueError(f"unknown counting {counting!r} or same-hand rule {same_hand!r}")
        self.specs = tuple(specs)
        self.counting, self.same_hand = counting, same_hand
        tenths = counting != "modern" or any(spec.tenths is not None for spec in self.specs)
        self.scale = 10 if tenths else 1
        self._requirements = tuple((spec, _requirements(spec)) for spec in self.specs)
        self._cache: dict[Counts, tuple[HandFound, ...]] = {}

    def hands(self, counts: Sequence[int]) -> tuple[HandFound, ...]:
        """Every hand `counts` form, in the order of the list (under 古計算法, then the entry of
        the pieces' own values)."""
        key = tuple(counts)
        found = self._cache.get(key)
        if found is None:
            found = self._hands(key)
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[key] = found
        return found

    def _hands(self, counts: Counts) -> tuple[HandFound, ...]:
        found = []
        for spec, requirements in self._requirements:
            hand = find_hand(spec, counts, requirements)
            if hand is not None:
                found.append(self._valued(hand, counts))
        if self.counting != "modern" and any(counts):
            found.append(HandFound(PIECES, False, self._own_values(counts, found), PIECES.key))
        return tuple(found)

    def _valued(self, hand: HandFound, counts: Counts) -> HandFound:
        """`hand` with its value under this scoring (and its copies)."""
        spec = hand.spec
        # 同色 is the modern lists' bonus: 古計算法 and 三連体系's figures have none
        flash = hand.flash and self.counting == "modern" and spec.tenths is None
        if self.counting != "modern":
            small, big = MULTIPLIERS[self.counting]
            factor = small if spec.names(Profession.PAWN) or spec.size == 2 else big
            plain = one = factor * sum(_piece_tenths(p) * n for p, n in spec.needs)
        else:
            plain = spec.tenths if spec.tenths is not None else spec.points * self.scale
            one = plain + FLASH_BONUS * self.scale if flash else plain
        copies = 1
        if self.same_hand != "once":
            copies = copies_of(spec, counts)
            if self.same_hand == "twice":
                copies = min(copies, 2)
        return HandFound(spec, flash, one + (copies - 1) * plain, spec.key, max(copies, 1))

    def _own_values(self, counts: Counts, hands: Sequence[HandFound]) -> int:
        """古計算法: the values of the pieces held (``old35_unused``: only of those no hand
        uses, counted by profession)."""
        held = [counts[2 * p] + counts[2 * p + 1] for p in range(len(Profession))]
        if self.counting == "old35_unused":
            for profession in Profession:
                used = max((n * h.copies for h in hands for p, n in h.spec.needs
                            if p is profession), default=0)
                held[profession] = max(0, held[profession] - used)
        return sum(n * _piece_tenths(p) for p, n in enumerate(held))

    def score(self, counts: Sequence[int]) -> int:
        """The points of every hand held (before the rate), in `scale` units."""
        return sum(h.value for h in self.hands(counts))

    def hand_ids(self, counts: Sequence[int]) -> frozenset[tuple[str, bool, int]]:
        """The hands held, as (key, 同色, copies): what a new hand changes (the pieces' own
        values under 古計算法 are no hand)."""
        return frozenset((h.key, h.flash, h.copies) for h in self.hands(counts) if h.is_hand)

    def spec(self, key: str) -> HandSpec:
        for spec in self.specs:
            if spec.key == key:
                return spec
        raise KeyError(key)


def points_text(value: float, scale: int = 1) -> str:
    """Points in `scale` units as people write them: ``5``, ``5.6``, ``-3``."""
    points = value / scale
    return str(int(points)) if float(points).is_integer() else f"{points:.1f}"


def _english_names() -> dict[str, str]:
    """Every hand's and penalty's Japanese name → the English name the calculator shows."""
    specs = (*standard_hands(), *renjuren_hands(), *sanren_hands(), *education_hands(), PIECES)
    names = {spec.name_ja: spec.name_en for spec in specs}
    names.update({p.name_ja: p.name_en for p in (STEP_ON_TAM, TAM_AGAIN)})
    return names


def hand_name_in(name_ja: str, lang: str) -> str:
    """A hand written down by its Japanese name (as a ledger keeps it: 同色獣, 地心 ×2, 撃皇)
    in `lang`, as the calculator names it ("The Animals (same colour)"); a name it does not
    know stays as it is."""
    if lang == "ja":
        return name_ja
    base, _, copies = name_ja.partition(" ×")
    names = _english_names()
    flash = base.startswith("同色") and base[2:] in names
    english = names.get(base[2:] if flash else base)
    if english is None:
        return name_ja
    english = f"{english} (same colour)" if flash else english
    return f"{english} ×{copies}" if copies else english
