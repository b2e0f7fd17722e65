"""The 紙机戦 cards as 行山 needs them: 48 cards, two colours of 24 (lanerme-games.md §2).

This is the only module of 行山 that knows the deck. When the shared deck
(`companion.games.nincetkaik.deck`) exists, this module becomes an adapter over it: keep the
names below (`Card`, `RANKS`, `COLOURS`, `deck`, `parse_card`, `number`) and 行山 is unchanged.

A card is written with its colour and its glyph: ``黒馬`` (black horse), ``赤船`` (the red
vessel, the wild card of the card games). The parser also reads ASCII: a colour letter (R/B)
and the piece's pekzep name (``Bmaun``, ``Rnuak``), case ignored.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from companion.core.errors import MoveParseError

RED, BLACK = "赤", "黒"
COLOURS = (RED, BLACK)
#: The ranks, weakest first (strength order of the card games).
RANKS = ("船", "無", "兵", "弓", "車", "虎", "馬", "筆", "巫", "将", "王", "皇")
#: Copies of each rank per colour: 1 + 3 + 4 + 7 × 2 + 1 + 1 = 24.
COPIES = {"船": 1, "無": 3, "兵": 4, "弓": 2, "車": 2, "虎": 2, "馬": 2, "筆": 2, "巫": 2,
          "将": 2, "王": 1, "皇": 1}
#: The tally numeral printed on the numbered cards (船, 王 and 皇 carry a word instead).
NUMBERS = {"無": 0, "兵": 1, "弓": 2, "車": 3, "虎": 4, "馬": 5, "筆": 6, "巫": 7, "将": 8}
#: The pieces' pekzep names (ASCII notation); 無 has no piece: its word is "mun".
ROMAJI = {"船": "nuak", "無": "mun", "兵": "kauk", "弓": "gua", "車": "kaun", "虎": "dau",
          "馬": "maun", "筆": "kua", "巫": "tuk", "将": "uai", "王": "io", "皇": "tam"}
_ASCII_COLOUR = {"R": RED, "B": BLACK}
_BY_ROMAJI = {word: rank for rank, word in ROMAJI.items()}


class Card(NamedTuple):
    """One card: `colour` 赤 or 黒, `rank` one of `RANKS`. A tuple: cards key the draw pile and
    are hashed and compared in every playout step, which a tuple does without Python code."""

    colour: str
    rank: str

    def __str__(self) -> str:
        return self.colour + self.rank

    @property
    def is_red(self) -> bool:
        return self.colour == RED

    @property
    def is_black(self) -> bool:
        return self.colour == BLACK


#: A card whose face the viewer cannot see (another player's hand).
HIDDEN = Card("", "?")


def number(card: Card) -> int | None:
    """The card's numeral (None for 船, 王, 皇)."""
    return NUMBERS.get(card.rank)


ALL_CARDS: tuple[Card, ...] = tuple(Card(c, r) for c in COLOURS for r in RANKS)
#: A card's place in `ALL_CARDS` (red first, weakest first): a quick sort key.
CARD_ORDER: dict[Card, int] = {card: i for i, card in enumerate(ALL_CARDS)}


def deck() -> list[Card]:
    """The 48 cards, red first, each rank in strength order."""
    return [card for card in ALL_CARDS for _ in range(COPIES[card.rank])]


def deck_counts() -> Counter[Card]:
    return Counter(deck())


_BY_TEXT = {str(card): card for card in ALL_CARDS}


def parse_card(text: str) -> Card:
    """``黒馬`` (or ``Bmaun``) → the card; `MoveParseError` otherwise."""
    word = text.strip()
    if word in _BY_TEXT:
        return _BY_TEXT[word]
    colour = _ASCII_COLOUR.get(word[:1].upper())
    rank = _BY_ROMAJI.get(word[1:].lower())
    if colour is None or rank is None:
        raise MoveParseError(text, "a card such as 黒馬 or 赤船 (or Bmaun, Rnuak)")
    return _BY_TEXT[colour + rank]  # the same object as every other copy of it
