"""The Equilibrium setup randomizer and its short shareable setup code (pure data).

`randomize_setup(seed, expansions, players, books, book_cost)` settles what a group decides
before shuffling the decks: the expansions, and with the Book of Powers which books are in
play — the app removes two books unseen and turns the others up in a random order; `books`
says how many of them the group wants (`Setup.with_books(n)` changes it afterwards, like
turning up one more book at the table). With two players seat 1 takes the Sognae polarity card
and starts.

A setup code is five characters, shown as ``EQ-XXXXX`` (Crockford base 32: digits and
capitals without I, L, O, U; case, dashes, spaces and the ``EQ`` prefix are ignored when read).
It holds a version, the player count, the expansions, the book cost (2, 3 or 4 cards per book)
and the books in play, and ends with a check character, so a mistyped code is refused with a
sentence saying what is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import CompanionError
from companion.games.equilibrium.cards import BOOK_IDS, MAX_BOOKS, book_name
from companion.games.equilibrium.rules import BOOK_COSTS, EXPANSIONS, HAND, check_options

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
VERSION = 1
PREFIX = "EQ-"
#: Books turned up by the randomizer when the group does not say how many.
DEFAULT_BOOKS = 3
DATA_BITS = 15


class SetupCodeError(CompanionError, ValueError):
    """A setup code that cannot be read, with the reason in a sentence."""


@dataclass(frozen=True)
class Setup:
    """What to set up at the table (or to start a digital game with)."""

    players: int = 1
    expansions: tuple[str, ...] = ()
    books: tuple[str, ...] = ()  # in play, in the order of `BOOK_IDS`
    book_cost: int = 2
    #: The six books in the order they are turned up (two removed unseen), when randomized.
    reveal_order: tuple[str, ...] = ()

    @property
    def total_cities(self) -> int:
        return 16 if "squares" in self.expansions else 12

    def with_books(self, count: int) -> Setup:
        """The same setup with the first `count` books of the reveal order in play."""
        if not self.reveal_order:
            raise ValueError("this setup has no reveal order (it was read from a code)")
        if not 0 <= count <= MAX_BOOKS:
            raise ValueError(f"between 0 and {MAX_BOOKS} books can be in play, not {count}")
        return replace(self, books=tuple(sorted(self.reveal_order[:count], key=BOOK_IDS.index)))

    def options(self) -> dict[str, Any]:
        """Game options for digital play of this setup."""
        return {"expansions": sorted(self.expansions), "book_cost": self.book_cost,
                "books": list(self.books)}

    def code(self) -> str:
        return encode(self)

    def describe(self, lang: str = "en") -> list[str]:
        """The setup as steps a person follows, one line each."""
        ja = lang == "ja"
        lines = [_players_line(self.players, ja), _expansions_line(self.expansions, ja)]
        if "squares" in self.expansions:
            lines.append("4枚の正方形の建造物を都市の山札に、8枚の高次元カードを夢の山札に混ぜる"
                         "(16都市で勝利)。" if ja else
                         "Shuffle the 4 square cities into the city deck and the 8 higher "
                         "beings into the dream deck (16 cities to win).")
        lines += _book_lines(self, ja)
        lines.append("都市の山札を混ぜ、4枚を表にして縦一列に並べる。" if ja else
                     "Shuffle the city deck and lay four cities face up in a column.")
        lines.append("各都市に夢カードを2枚ずつ表で置く: Incubiは左、Sognaeは右。混沌と高次元は"
                     "もう1枚の側へ(どちらも混沌・高次元なら好きな側)。" if ja else
                     "Seed every city with two dream cards: Incubi left, Sognae right; chaos "
                     "and higher beings go with the other card (both chaos or higher beings: "
                     "a side of your choice).")
        lines.append(f"手札を{HAND}枚引く。混沌カードはいずれかの都市の強い側に置き、引き直す。"
                     if ja else f"Draw a hand of {HAND}; a chaos card goes on a stronger side "
                     "of any city and you draw again.")
        lines.append(("準備コード: " if ja else "Setup code: ") + self.code())
        return lines


def _players_line(players: int, ja: bool) -> str:
    if players == 1:
        return "人数: 1人(ソロ)" if ja else "Players: 1 (solo)"
    return ("人数: 2人(協力)。1人目がSognaeの対極カードを取って先手、2人目はIncubi。" if ja else
            "Players: 2 (co-operative). Seat 1 takes the Sognae polarity card and starts; "
            "seat 2 takes Incubi.")


def _expansions_line(expansions: Iterable[str], ja: bool) -> str:
    names = {"books": ("力の書", "Book of Powers"),
             "squares": ("正方形の建造物と高次元なるもの", "Squares & Higher Beings")}
    chosen = [names[e][0 if ja else 1] for e in EXPANSIONS if e in set(expansions)]
    if ja:
        return "拡張: " + ("、".join(chosen) or "なし(基本ゲーム)")
    return "Expansions: " + (", ".join(chosen) or "none (base game)")


def _book_lines(setup: Setup, ja: bool) -> list[str]:
    if "books" not in setup.expansions:
        return []
    lang = "ja" if ja else "en"
    names = [book_name(b, lang) for b in setup.books]
    cards = len(setup.books) * setup.book_cost
    if ja:
        return [f"使う力の書({len(names)}冊): " + ("、".join(names) or "なし"),
                "残りの力の書は見ずに箱へ戻す。",
                f"代償: 夢カードを{cards}枚表にする(1冊{setup.book_cost}枚)。Incubi・Sognae・"
                "高次元は捨て札、混沌は山札に戻して混ぜ直す。"]
    return [f"Books in play ({len(names)}): " + (", ".join(names) or "none"),
            "Put the other books back in the box unseen.",
            f"Their price: turn up {cards} dream cards ({setup.book_cost} per book); discard the "
            "Incubi, Sognae and higher beings, shuffle the chaos cards back into the deck."]


def _expansion_list(expansions: Iterable[str]) -> tuple[str, ...]:
    chosen = {e.strip().lower() for e in expansions if e.strip()}
    unknown = sorted(chosen - set(EXPANSIONS))
    if unknown:
        raise ValueError(f"unknown expansion(s) {', '.join(unknown)}; use books, squares")
    return tuple(e for e in EXPANSIONS if e in chosen)


def randomize_setup(seed: int, expansions: Iterable[str] = (), players: int = 1,
                    books: int | None = None, book_cost: int = 2) -> Setup:
    """A random setup, the same for the same arguments. `books` is how many books are in play
    (default `DEFAULT_BOOKS` with the Book of Powers)."""
    chosen = _expansion_list(expansions)
    if players not in (1, 2):
        raise ValueError(f"Equilibrium is for 1 or 2 players, not {players}")
    if book_cost not in BOOK_COSTS:
        raise ValueError(f"the book cost is 2, 3 or 4 cards, not {book_cost}")
    rng = random.Random(seed)
    order = tuple(rng.sample(BOOK_IDS, len(BOOK_IDS))[2:])  # two removed unseen
    if "books" not in chosen:
        if books:
            raise ValueError("books are in play only with the Book of Powers")
        return Setup(players, chosen, (), book_cost)
    count = DEFAULT_BOOKS if books is None else books
    return Setup(players, chosen, (), book_cost, order).with_books(count)


def setup_from_options(players: int, options: Mapping[str, Any]) -> Setup:
    """The setup of a game started with these options (books as chosen, no reveal order)."""
    check_options(options)
    books = tuple(b for b in BOOK_IDS if b in set(options.get("books", ()) or ()))
    return Setup(players, _expansion_list(options.get("expansions", ()) or ()), books,
                 int(options.get("book_cost", 2)))


# --- the code -------------------------------------------------------------------------------
def _check_char(chars: str) -> str:
    total = sum((i + 3) * ALPHABET.index(c) for i, c in enumerate(chars))
    return ALPHABET[total % 29]


def encode(setup: Setup) -> str:
    bits = setup.players - 1
    for expansion in EXPANSIONS:
        bits = (bits << 1) | int(expansion in setup.expansions)
    bits = (bits << 2) | BOOK_COSTS.index(setup.book_cost)
    for book in BOOK_IDS:
        bits = (bits << 1) | int(book in setup.books)
    bits <<= DATA_BITS - 13  # spare bits, zero
    data = ALPHABET[VERSION] + "".join(ALPHABET[(bits >> (5 * k)) & 31] for k in (2, 1, 0))
    return PREFIX + data + _check_char(data)


def normalise_code(code: str) -> str:
    text = code.strip().upper().replace("-", "").replace(" ", "")
    if len(text) == 7 and text.startswith("EQ"):
        text = text[2:]
    return text.translate(str.maketrans("OIL", "011"))


def setup_from_code(code: str) -> Setup:
    """The setup a code describes; `SetupCodeError` with a sentence otherwise."""
    text = normalise_code(code)
    if len(text) != 5 or any(c not in ALPHABET for c in text):
        raise SetupCodeError(f"{code!r} is not an Equilibrium setup code: it has five letters "
                             "and digits after EQ-, e.g. EQ-10003.")
    if _check_char(text[:4]) != text[4]:
        raise SetupCodeError(f"The setup code {code!r} has a typing mistake: its last character "
                             "does not match the others.")
    if ALPHABET.index(text[0]) != VERSION:
        raise SetupCodeError(f"The setup code {code!r} comes from another version of the app.")
    bits = 0
    for char in text[1:4]:
        bits = (bits << 5) | ALPHABET.index(char)
    if bits & ((1 << (DATA_BITS - 13)) - 1):
        raise SetupCodeError(f"The setup code {code!r} is damaged (unused parts are not empty).")
    bits >>= DATA_BITS - 13
    books = tuple(b for k, b in enumerate(reversed(BOOK_IDS)) if bits >> k & 1)[::-1]
    bits >>= len(BOOK_IDS)
    cost_index = bits & 3
    bits >>= 2
    if cost_index >= len(BOOK_COSTS):
        raise SetupCodeError(f"The setup code {code!r} names a book price that does not exist.")
    expansions = tuple(e for k, e in enumerate(reversed(EXPANSIONS)) if bits >> k & 1)[::-1]
    players = (bits >> len(EXPANSIONS)) + 1
    if books and "books" not in expansions:
        raise SetupCodeError(f"The setup code {code!r} lists books without the Book of Powers.")
    if len(books) > MAX_BOOKS:
        raise SetupCodeError(f"The setup code {code!r} lists {len(books)} books; at most "
                             f"{MAX_BOOKS} can be in play.")
    return Setup(players, expansions, books, BOOK_COSTS[cost_index])
