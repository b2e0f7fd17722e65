"""The professions and colours of the 机戦 pieces, as plain data (no engine needed).

Shared with anything that names the pieces (the 紙机戦 card games use the same professions).
`Profession` values are ordered as the 紙机戦 card numbers: 船 0, 兵 1, 弓 2, 車 3, 虎 4, 馬 5,
筆 6, 巫 7, 将 8, then 王 (the strongest). The 皇 is no profession: it has no colour and no owner.
"""

from __future__ import annotations

import enum


class Colour(enum.IntEnum):
    """The colour printed on a piece; in the modern rules it says nothing about the owner."""

    RED = 0  # 赤 kok1
    BLACK = 1  # 黒 huok2

    @property
    def kanji(self) -> str:
        return "赤" if self is Colour.RED else "黒"

    @property
    def letter(self) -> str:
        """The ASCII letter the notation accepts instead of the kanji: ``r`` or ``b``."""
        return "r" if self is Colour.RED else "b"

    def name_in(self, lang: str) -> str:
        if lang == "ja":
            return self.kanji
        return "red" if self is Colour.RED else "black"


class Profession(enum.IntEnum):
    """A piece's profession (職業)."""

    VESSEL = 0  # 船 nuak1
    PAWN = 1  # 兵 kauk2
    BOW = 2  # 弓 gua2
    CHARIOT = 3  # 車 kaun1
    TIGER = 4  # 虎 dau2
    HORSE = 5  # 馬 maun1
    CLERK = 6  # 筆 kua2
    SHAMAN = 7  # 巫 tuk2
    GENERAL = 8  # 将 uai1
    KING = 9  # 王 io

    @property
    def kanji(self) -> str:
        return _KANJI[self]

    @property
    def letter(self) -> str:
        """The ASCII letter the notation accepts instead of the kanji."""
        return _LETTERS[self]

    @property
    def pekzep(self) -> str:
        """The romanised name of the culture's own script (e.g. ``kauk2``)."""
        return _PEKZEP[self]

    @property
    def reading(self) -> str:
        """The reading in katakana, as the book gives it."""
        return _READINGS[self]

    def name_in(self, lang: str) -> str:
        """The kanji in Japanese, the English name otherwise."""
        return self.kanji if lang == "ja" else _ENGLISH[self]


_KANJI = dict(zip(Profession, "船兵弓車虎馬筆巫将王", strict=True))
_LETTERS = dict(zip(Profession, "VPBCTHLSGK", strict=True))
_PEKZEP = dict(zip(Profession, ("nuak1", "kauk2", "gua2", "kaun1", "dau2", "maun1", "kua2",
                                "tuk2", "uai1", "io"), strict=True))
_READINGS = dict(zip(Profession, ("ヌアーㇰ", "カーウㇰ", "グヮー", "カーゥン", "ダーウ",
                                  "マーゥン", "クヮー", "トゥーㇰ", "ワーイ", "ヨウ"),
                     strict=True))
_ENGLISH = dict(zip(Profession, ("Vessel", "Pawn", "Bow", "Chariot", "Tiger", "Horse", "Clerk",
                                 "Shaman", "General", "King"), strict=True))

#: The 皇 (tam2): moved by either player, never captured, no colour.
TAM_KANJI = "皇"
TAM_NAMES = {"ja": "皇", "en": "Tam"}

#: Every spelling the notation accepts for a profession (kanji, ASCII letter, pekzep name).
PROFESSION_ALIASES: dict[str, Profession] = {
    **{p.kanji: p for p in Profession},
    "獣": Profession.TIGER,  # 古机戦's name for the piece on the 虎's square
    **{p.letter.lower(): p for p in Profession},
    **{p.pekzep: p for p in Profession},
}
#: Every spelling the notation accepts for a colour.
COLOUR_ALIASES: dict[str, Colour] = {
    "赤": Colour.RED, "r": Colour.RED, "red": Colour.RED, "kok1": Colour.RED,
    "黒": Colour.BLACK, "b": Colour.BLACK, "black": Colour.BLACK, "huok2": Colour.BLACK,
}


def piece_name(colour: Colour, profession: Profession, lang: str = "ja") -> str:
    """``赤兵`` / ``red Pawn``."""
    if lang == "ja":
        return colour.kanji + profession.kanji
    return f"{colour.name_in('en')} {profession.name_in('en')}"
