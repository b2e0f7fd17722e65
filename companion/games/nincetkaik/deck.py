"""The 紙机戦 deck: 48 cards, 12 professions in two colours, and the card notation.

A card is a small int: ``profession * 2 + colour``, so sorting cards sorts them by strength
order and then red before black. Per colour: 船 1, 無 3, 兵 4, 弓 車 虎 馬 筆 巫 将 2 each,
王 1, 皇 1 (24 cards). Numbers: 無 0, 兵 1 … 将 8; 船, 王 and 皇 have none. Strength:
船 < 無 < 兵 < … < 将 < 王 = 皇. The 船 is the wild card of most games (`hands`).

Notation: colour letter ``r`` (赤 red) or ``b`` (黒 black) and the number ``0``–``8``, or ``S``
for 船, ``K`` for 王, ``T`` for 皇: ``r5`` is the red 馬, ``bT`` the black 皇. Several cards are
written one after another (``r5b5rS``). The parser also reads the kanji form (``赤馬黒馬``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.core.errors import MoveParseError

Card = int


class Colour(enum.IntEnum):
    RED = 0
    BLACK = 1


class Profession(enum.IntEnum):
    SHIP = 0  # 船, the wild card
    BLANK = 1  # 無, 0
    PAWN = 2  # 兵, 1
    BOW = 3  # 弓, 2
    CHARIOT = 4  # 車, 3
    TIGER = 5  # 虎, 4
    HORSE = 6  # 馬, 5
    CLERK = 7  # 筆, 6
    SHAMAN = 8  # 巫, 7
    GENERAL = 9  # 将, 8
    KING = 10  # 王
    TAM = 11  # 皇


@dataclass(frozen=True)
class ProfessionInfo:
    """One profession as data: what a card face and the rules need."""

    kanji: str
    code: str  # the notation character after the colour letter
    number: int | None  # 0..8, None for 船 王 皇
    strength: int  # 0 (船) .. 10 (王, 皇)
    per_colour: int
    name_ja: str
    name_en: str
    numeral: str  # the centre of the face: a tally numeral, or a word on 船 王 皇


PROFESSIONS: tuple[ProfessionInfo, ...] = (
    ProfessionInfo("船", "S", None, 0, 1, "船", "Vessel", "船"),
    ProfessionInfo("無", "0", 0, 1, 3, "無", "Blank", "、"),
    ProfessionInfo("兵", "1", 1, 2, 4, "兵", "Pawn", "|"),
    ProfessionInfo("弓", "2", 2, 3, 2, "弓", "Bow", "‖"),
    ProfessionInfo("車", "3", 3, 4, 2, "車", "Chariot", "|||"),
    ProfessionInfo("虎", "4", 4, 5, 2, "虎", "Tiger", "メ"),
    ProfessionInfo("馬", "5", 5, 6, 2, "馬", "Horse", "一"),
    ProfessionInfo("筆", "6", 6, 7, 2, "筆", "Clerk", "十"),
    ProfessionInfo("巫", "7", 7, 8, 2, "巫", "Shaman", "卄"),
    ProfessionInfo("将", "8", 8, 9, 2, "将", "General", "卌"),
    ProfessionInfo("王", "K", None, 10, 1, "王", "King", "王"),
    ProfessionInfo("皇", "T", None, 10, 1, "皇", "Tam", "皇"),
)

COLOUR_CODES = ("r", "b")
COLOUR_KANJI = ("赤", "黒")
COLOUR_NAMES = (("赤", "red"), ("黒", "black"))

KINDS = 2 * len(PROFESSIONS)  # 24 different cards
ALL_CARDS: tuple[Card, ...] = tuple(range(KINDS))
#: How many copies of each card the deck holds, indexed by card.
COPIES: tuple[int, ...] = tuple(PROFESSIONS[c // 2].per_colour for c in ALL_CARDS)
DECK_SIZE = sum(COPIES)  # 48

#: Per card, for speed: profession, colour, number (None) and standard strength.
PROFESSION_OF: tuple[int, ...] = tuple(c // 2 for c in ALL_CARDS)
COLOUR_OF: tuple[int, ...] = tuple(c % 2 for c in ALL_CARDS)
NUMBER_OF: tuple[int | None, ...] = tuple(PROFESSIONS[c // 2].number for c in ALL_CARDS)
STRENGTH_OF: tuple[int, ...] = tuple(PROFESSIONS[c // 2].strength for c in ALL_CARDS)


def card(profession: Profession | int, colour: Colour | int) -> Card:
    return int(profession) * 2 + int(colour)


def profession(c: Card) -> Profession:
    return Profession(c // 2)


def colour(c: Card) -> Colour:
    return Colour(c % 2)


def number(c: Card) -> int | None:
    """0..8, or None for 船 王 皇."""
    return NUMBER_OF[c]


def strength(c: Card) -> int:
    """The standard strength: 船 0, 無 1 … 将 9, 王 and 皇 10."""
    return STRENGTH_OF[c]


def is_wild(c: Card) -> bool:
    return c // 2 == Profession.SHIP


def full_stock() -> list[int]:
    """The whole deck as counts per card."""
    return list(COPIES)


# --- notation --------------------------------------------------------------------------------
_TEXT: tuple[str, ...] = tuple(COLOUR_CODES[c % 2] + PROFESSIONS[c // 2].code for c in ALL_CARDS)
_BY_TEXT: dict[str, Card] = {t.lower(): c for c, t in enumerate(_TEXT)}
_BY_KANJI: dict[str, Card] = {COLOUR_KANJI[c % 2] + PROFESSIONS[c // 2].kanji: c
                              for c in ALL_CARDS}
CARD_HELP = ("a card is a colour letter r (red) or b (black) and 0-8, S (船), K (王) or T (皇), "
             "e.g. r5, or in kanji, e.g. 赤馬")


def format_card(c: Card) -> str:
    return _TEXT[c]


def format_cards(cards: Iterable[Card]) -> str:
    return "".join(_TEXT[c] for c in cards)


def card_kanji(c: Card) -> str:
    """赤馬, 黒皇 …"""
    return COLOUR_KANJI[c % 2] + PROFESSIONS[c // 2].kanji


def parse_card(text: str) -> Card:
    """One card from ``r5`` / ``bT`` / ``赤馬``; `MoveParseError` otherwise."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise MoveParseError(text, "one card; " + CARD_HELP)
    return cards[0]


def parse_cards(text: str) -> list[Card]:
    """Cards written one after another (spaces, commas and + may separate them)."""
    found: list[Card] = []
    rest = "".join(ch for ch in text if ch not in " ,+")
    i = 0
    while i < len(rest):
        pair = rest[i:i + 2]
        c = _BY_TEXT.get(pair.lower(), _BY_KANJI.get(pair))
        if c is None:
            raise MoveParseError(text, CARD_HELP)
        found.append(c)
        i += 2
    if not found:
        raise MoveParseError(text, "at least one card; " + CARD_HELP)
    return found


def counts_of(cards: Iterable[Card]) -> list[int]:
    result = [0] * KINDS
    for c in cards:
        result[c] += 1
    return result


def missing_from(cards: Sequence[Card], held: Sequence[Card]) -> list[Card]:
    """The cards of `cards` that `held` cannot supply (copies counted)."""
    left = counts_of(held)
    short = []
    for c in cards:
        if left[c]:
            left[c] -= 1
        else:
            short.append(c)
    return short


def remove_cards(held: list[Card], cards: Iterable[Card]) -> None:
    for c in cards:
        held.remove(c)


# --- faces for the card pictures -------------------------------------------------------------
@dataclass(frozen=True)
class CardFace:
    """What a card picture shows (the UI draws it from this). The tally numerals 卄 (7) and
    卌 (8) are not in the bundled IPAex Gothic font: draw them as strokes or show `number`."""

    card: Card
    text: str  # notation, e.g. "r5"
    kanji: str  # profession glyph, e.g. 馬
    colour: Colour
    number: int | None
    strength: int
    numeral: str  # centre of the face: tally numeral or word
    name_ja: str  # 赤の馬
    name_en: str  # red Horse

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en


def face(c: Card) -> CardFace:
    info = PROFESSIONS[c // 2]
    ja_colour, en_colour = COLOUR_NAMES[c % 2]
    suffix = f" {info.number}" if info.number is not None else ""
    return CardFace(c, _TEXT[c], info.kanji, Colour(c % 2), info.number, info.strength,
                    info.numeral, f"{ja_colour}の{info.name_ja}",
                    f"{en_colour} {info.name_en}{suffix}")


def card_name(c: Card, lang: str = "en") -> str:
    return face(c).name(lang)
