"""Equilibrium's cards as short codes: elements, dream cards, city cards and the books.

Dream cards are written ``<type><element><power>``: ``IE2`` is an Incubi of earth with power
−2, ``SW4`` a Sognae of water with +4, ``HF2`` a higher being of fire (±2, Squares & Higher
Beings), and chaos cards, which show all four elements, are ``C5`` (−5 on a left side, +5 on a
right side). Powers are magnitudes 1–9; the sign comes from the side a card lies on. Cards of
one code are identical, so a deck is a multiset of codes.

City cards are their elements: ``EW`` (earth and water) … ``FA``; a square city (Squares &
Higher Beings) shows all four and is ``EWFA``. Book cards have ids such as ``prophecy-2``.
"""

from __future__ import annotations

#: The four elements in a fixed order: letter, English name, Japanese name.
ELEMENTS: tuple[tuple[str, str, str], ...] = (
    ("E", "earth", "大地"),
    ("W", "water", "水"),
    ("F", "fire", "火"),
    ("A", "air", "大気"),
)
ELEMENT_LETTERS = "EWFA"
ELEMENT_KEYS: tuple[str, ...] = tuple(en for _, en, _ in ELEMENTS)

INCUBI, SOGNAE, CHAOS, HIGHER = "I", "S", "C", "H"
LEFT, RIGHT = 0, 1
SIDE_LETTERS = "LR"
MAX_POWER = 9

#: The six element pairs of the base game's city cards (each printed twice).
CITY_PAIRS: tuple[str, ...] = ("EW", "EF", "EA", "WF", "WA", "FA")
SQUARE = "EWFA"
BASE_CITIES: dict[str, int] = {pair: 2 for pair in CITY_PAIRS}
SQUARE_CITIES: dict[str, int] = {SQUARE: 4}

#: The eight Book of Powers cards (Prophecy is printed twice), with names (en, ja).
BOOKS: tuple[tuple[str, str, str], ...] = (
    ("flying-incubi", "Book of Flying Incubi", "空飛ぶIncubiの書"),
    ("flying-sognae", "Book of Flying Sognae", "空飛ぶSognaeの書"),
    ("invisible-incubi", "Book of Invisible Incubi", "見えざるIncubiの書"),
    ("invisible-sognae", "Book of Invisible Sognae", "見えざるSognaeの書"),
    ("plaza-lover", "Book of the Plaza Lover", "広場愛好の書"),
    ("joyful-balance", "Book of Joyful Balance", "悦ばしい均衡の書"),
    ("prophecy-1", "Book of Prophecy", "予言の書"),
    ("prophecy-2", "Book of Prophecy (second copy)", "予言の書(2枚目)"),
)
BOOK_IDS: tuple[str, ...] = tuple(book for book, _, _ in BOOKS)
#: Books revealed at most: two of the eight are always removed unseen.
MAX_BOOKS = 6


def _all_codes() -> tuple[str, ...]:
    codes = [f"{kind}{e}{p}" for kind in (INCUBI, SOGNAE, HIGHER) for e in ELEMENT_LETTERS
             for p in range(1, MAX_POWER + 1)]
    return (*codes, *(f"{CHAOS}{p}" for p in range(1, MAX_POWER + 1)))


#: Every dream-card code that can exist (any power 1–9).
DREAM_CODES: tuple[str, ...] = _all_codes()
#: Power (magnitude) of every dream-card code.
POWER: dict[str, int] = {code: int(code[-1]) for code in DREAM_CODES}


def is_dream_code(text: str) -> bool:
    return text in POWER


def is_city_code(text: str) -> bool:
    return text in BASE_CITIES or text == SQUARE


def element_name(letter: str, lang: str = "en") -> str:
    for code, en, ja in ELEMENTS:
        if code == letter:
            return ja if lang == "ja" else en
    raise KeyError(letter)


_TYPE_NAMES = {INCUBI: ("Incubi", "Incubi"), SOGNAE: ("Sognae", "Sognae"),
               CHAOS: ("chaos", "混沌"), HIGHER: ("higher being", "高次元")}


def card_name(code: str, lang: str = "en", side: int | None = None) -> str:
    """"earth Incubi −2", "混沌 +5" … (the sign shown when the side is known or fixed)."""
    kind = code[0]
    en, ja = _TYPE_NAMES[kind]
    power = POWER[code]
    if kind == INCUBI or (side == LEFT and kind != SOGNAE):
        value = f"−{power}"
    elif kind == SOGNAE or side == RIGHT:
        value = f"+{power}"
    else:
        value = f"±{power}"
    if kind == CHAOS:
        return f"{ja} {value}" if lang == "ja" else f"{en} {value}"
    element = element_name(code[1], lang)
    return f"{element}の{ja} {value}" if lang == "ja" else f"{element} {en} {value}"


def city_name(city: str, lang: str = "en") -> str:
    """"earth · water", "大地・水", and for a square city "square (all four)"."""
    if city == SQUARE:
        return "正方形の建造物(全シンボル)" if lang == "ja" else "square (all four elements)"
    sep = "・" if lang == "ja" else " · "
    return sep.join(element_name(e, lang) for e in city)


def book_name(book: str, lang: str = "en", short: bool = False) -> str:
    """"Book of Prophecy" / "予言の書"; `short`: "Prophecy" / "予言"."""
    for book_id, en, ja in BOOKS:
        if book_id == book:
            name = ja if lang == "ja" else en
            if short:
                name = name.replace("Book of the ", "").replace("Book of ", "").replace("の書", "")
            return name
    raise KeyError(book)


def side_name(side: int, lang: str = "en") -> str:
    if lang == "ja":
        return "左(Incubi)" if side == LEFT else "右(Sognae)"
    return "left" if side == LEFT else "right"
