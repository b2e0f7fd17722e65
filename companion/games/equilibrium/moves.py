"""Equilibrium moves and chance outcomes, and their notation.

Positions are the four places of the city column, 1 (top) to 4; a side is ``L`` (left, the
Incubi side, negative) or ``R`` (right, the Sognae side, positive). A card lying on a city is
written ``<position><side>:<card>``, e.g. ``3L:IE2``. Card codes: see `cards`.

Seat moves:

- ``IE2 3L`` — phase I: play a dream card from the hand on a side of the city at a position (a
  higher being names the side it is played as: ``HF2 1R``);
- phase I, an effect paid for with a card of the hand: first the effect, then ``discard IE2``
  (the card paid). Effects: ``balance`` (establish balance), ``swap`` then ``swap 1L:IE1`` then
  ``swap 1L:IE1 3L:C5`` (exchange two played cards on the same kind of side of two cities,
  chosen one after the other), ``polarity`` (two players: exchange the polarity cards), and the
  books' ``joyful`` (balance with Joyful Balance), ``fly`` then ``fly 1L:IE2`` then ``fly 1L:IE2
  3`` (Flying Incubi / Sognae: the card moves to the same side of city 3), ``vanish`` then
  ``vanish 2R:SW3`` (Invisible Incubi / Sognae), ``plaza`` then ``plaza 3`` (Plaza Lover claims
  the empty city 3), ``prophecy``;
- after a balance: ``zero 2 L:IE1+IE2 R:SE3`` discards cards of one unbalanced city that sum to
  zero, one set per city; ``done`` ends the balance;
- ``order SW1 IE2`` — Prophecy: the cards looked at go back in this order, top first;
- ``chaos C5 3L`` — a chaos card on the stronger side of city 3 (penalty 1, and a chaos card
  drawn into a starting hand); ``chaos C5 clear 2`` — penalty 2: discard it and every card of
  the balanced city 2; ``chaos C5 reveal`` — penalty 3: discard it and reveal up to four cards;
- ``seed 2L`` — the side for seeded cards that do not decide it themselves (two chaos, two
  higher beings, a higher being with a chaos, a lone chaos or higher being);
- ``books more`` / ``books done`` — Book of Powers setup: turn up another book, or stop.

Chance outcomes (seat `CHANCE` in a record): ``deck I:…`` (the deck profile in use, first),
``book prophecy-2`` (a book turned up), ``city EW`` (a city card from the city deck), ``draw
IE2`` (a dream card from the deck: into a hand, onto a city, revealed or looked at).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.games.equilibrium.cards import (
    BOOK_IDS,
    SIDE_LETTERS,
    is_city_code,
    is_dream_code,
)
from companion.games.equilibrium.profile import ProfileError, profile_from_text

POSITIONS = 4
EXAMPLES = ("an Equilibrium move such as 'IE2 3L', 'discard SW1', 'balance', "
            "'swap 1L:IE1 3L:C5' or 'chaos C5 2R'")


class _Text(Move):
    """Moves cache their notation: bots key their search trees by it."""

    def _format(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        cached: str | None = self.__dict__.get("_text")
        if cached is None:
            cached = self._format()
            object.__setattr__(self, "_text", cached)
        return cached


# --- pieces of notation ---------------------------------------------------------------------
def side_letter(side: int) -> str:
    return SIDE_LETTERS[side]


def parse_card(text: str, whole: str) -> str:
    code = text.strip().upper()
    if not is_dream_code(code):
        raise MoveParseError(whole, f"a dream card such as IE2, SW4, HF2 or C5, not {text!r}")
    return code


def parse_position(text: str, whole: str) -> int:
    if len(text) != 1 or not "1" <= text <= str(POSITIONS):
        raise MoveParseError(whole, f"a city position 1–{POSITIONS}, not {text!r}")
    return int(text)


def parse_place(text: str, whole: str) -> tuple[int, int]:
    """``3L`` → (3, LEFT)."""
    text = text.strip().upper()
    if len(text) != 2 or text[1] not in SIDE_LETTERS:
        raise MoveParseError(whole, f"a position and side such as 3L or 1R, not {text!r}")
    return parse_position(text[0], whole), SIDE_LETTERS.index(text[1])


def format_ref(pos: int, side: int, card: str) -> str:
    return f"{pos}{side_letter(side)}:{card}"


def parse_ref(text: str, whole: str) -> tuple[int, int, str]:
    """``3L:IE2`` → (3, LEFT, "IE2")."""
    place, sep, card = text.partition(":")
    if not sep:
        raise MoveParseError(whole, f"a card on a city such as 3L:IE2, not {text!r}")
    pos, side = parse_place(place, whole)
    return pos, side, parse_card(card, whole)


def _words(text: str, head: str, counts: tuple[int, ...], expected: str) -> list[str]:
    words = text.split()
    if len(words) not in counts or words[0].lower() != head:
        raise MoveParseError(text, expected)
    return words


# --- seat moves -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Play(_Text):
    """Play `card` from the hand on `side` of the city at `pos` (1–4)."""

    card: str
    pos: int
    side: int

    def _format(self) -> str:
        return f"{self.card} {self.pos}{side_letter(self.side)}"

    @classmethod
    def parse(cls, text: str) -> Play:
        words = text.split()
        if len(words) != 2:
            raise MoveParseError(text, "a card and a place, e.g. 'IE2 3L'")
        pos, side = parse_place(words[1], text)
        return cls(parse_card(words[0], text), pos, side)


@dataclass(frozen=True)
class Discard(_Text):
    """Discard `card` from the hand to pay for the effect just chosen."""

    card: str

    def _format(self) -> str:
        return f"discard {self.card}"

    @classmethod
    def parse(cls, text: str) -> Discard:
        words = _words(text, "discard", (2,), "'discard <card>', e.g. 'discard SW1'")
        return cls(parse_card(words[1], text))


#: Effects whose cards are chosen after the effect: swap, flight, vanish, plaza.
EFFECT_KINDS = ("swap", "fly", "vanish", "plaza")


@dataclass(frozen=True)
class Effect(_Text):
    """Phase I: the effect chosen, its cards next (``swap``, ``fly``, ``vanish``, ``plaza``)."""

    kind: str

    def _format(self) -> str:
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Effect:
        word = text.strip().lower()
        if word not in EFFECT_KINDS:
            raise MoveParseError(text, "one of " + ", ".join(EFFECT_KINDS))
        return cls(word)


@dataclass(frozen=True)
class SwapFrom(_Text):
    """The first card of a swap: `card` on `side` of the city at `pos`."""

    side: int
    pos: int
    card: str

    def _format(self) -> str:
        return f"swap {format_ref(self.pos, self.side, self.card)}"

    @classmethod
    def parse(cls, text: str) -> SwapFrom:
        words = _words(text, "swap", (2,), "'swap <pos><side>:<card>', e.g. 'swap 1L:IE1'")
        pos, side, card = parse_ref(words[1], text)
        return cls(side, pos, card)


@dataclass(frozen=True)
class Swap(_Text):
    """Exchange two played cards on `side` of the cities at `pos_a` < `pos_b`."""

    side: int
    pos_a: int
    card_a: str
    pos_b: int
    card_b: str

    def _format(self) -> str:
        return (f"swap {format_ref(self.pos_a, self.side, self.card_a)} "
                f"{format_ref(self.pos_b, self.side, self.card_b)}")

    @classmethod
    def parse(cls, text: str) -> Swap:
        expected = "'swap <pos><side>:<card> <pos><side>:<card>', e.g. 'swap 1L:IE1 3L:C5'"
        words = _words(text, "swap", (3,), expected)
        a, b = sorted([parse_ref(words[1], text), parse_ref(words[2], text)])
        if a[1] != b[1]:
            raise MoveParseError(text, "two cards on the same kind of side (L with L, R with R)")
        return cls(a[1], a[0], a[2], b[0], b[2])


@dataclass(frozen=True)
class Balance(_Text):
    """Establish balance (`joyful`: with the Book of Joyful Balance, two bonus cities)."""

    joyful: bool = False

    def _format(self) -> str:
        return "joyful" if self.joyful else "balance"

    @classmethod
    def parse(cls, text: str) -> Balance:
        word = text.strip().lower()
        if word not in ("balance", "joyful"):
            raise MoveParseError(text, "'balance' or 'joyful'")
        return cls(word == "joyful")


@dataclass(frozen=True)
class Zero(_Text):
    """During a balance: discard cards of the city at `pos` whose powers sum to zero."""

    pos: int
    left: tuple[str, ...]
    right: tuple[str, ...]

    def _format(self) -> str:
        return f"zero {self.pos} L:{'+'.join(self.left)} R:{'+'.join(self.right)}"

    @classmethod
    def parse(cls, text: str) -> Zero:
        expected = "'zero <pos> L:<cards> R:<cards>', e.g. 'zero 2 L:IE1+IE2 R:SE3'"
        words = _words(text, "zero", (4,), expected)
        if not words[2].upper().startswith("L:") or not words[3].upper().startswith("R:"):
            raise MoveParseError(text, expected)
        left = tuple(sorted(parse_card(c, text) for c in words[2][2:].split("+")))
        right = tuple(sorted(parse_card(c, text) for c in words[3][2:].split("+")))
        return cls(parse_position(words[1], text), left, right)


@dataclass(frozen=True)
class Done(_Text):
    """End the balance (no more zero-sum discards)."""

    def _format(self) -> str:
        return "done"

    @classmethod
    def parse(cls, text: str) -> Done:
        if text.strip().lower() != "done":
            raise MoveParseError(text, "'done'")
        return cls()


@dataclass(frozen=True)
class Polarity(_Text):
    """Two players: exchange the polarity cards."""

    def _format(self) -> str:
        return "polarity"

    @classmethod
    def parse(cls, text: str) -> Polarity:
        if text.strip().lower() != "polarity":
            raise MoveParseError(text, "'polarity'")
        return cls()


@dataclass(frozen=True)
class FlyFrom(_Text):
    """The card a Flying book moves: `card` on `side` of the city at `pos`."""

    side: int
    pos: int
    card: str

    def _format(self) -> str:
        return f"fly {format_ref(self.pos, self.side, self.card)}"

    @classmethod
    def parse(cls, text: str) -> FlyFrom:
        words = _words(text, "fly", (2,), "'fly <pos><side>:<card>', e.g. 'fly 1L:IE2'")
        pos, side, card = parse_ref(words[1], text)
        return cls(side, pos, card)


@dataclass(frozen=True)
class Fly(_Text):
    """Flying Incubi (left) / Sognae (right): move `card` from `pos` to the same side of
    `to_pos`."""

    side: int
    pos: int
    card: str
    to_pos: int

    def _format(self) -> str:
        return f"fly {format_ref(self.pos, self.side, self.card)} {self.to_pos}"

    @classmethod
    def parse(cls, text: str) -> Fly:
        words = _words(text, "fly", (3,), "'fly <pos><side>:<card> <pos>', e.g. 'fly 1L:IE2 3'")
        pos, side, card = parse_ref(words[1], text)
        return cls(side, pos, card, parse_position(words[2], text))


@dataclass(frozen=True)
class Vanish(_Text):
    """Invisible Incubi (left) / Sognae (right): discard a played card."""

    side: int
    pos: int
    card: str

    def _format(self) -> str:
        return f"vanish {format_ref(self.pos, self.side, self.card)}"

    @classmethod
    def parse(cls, text: str) -> Vanish:
        words = _words(text, "vanish", (2,), "'vanish <pos><side>:<card>', e.g. 'vanish 2R:SW3'")
        pos, side, card = parse_ref(words[1], text)
        return cls(side, pos, card)


@dataclass(frozen=True)
class Plaza(_Text):
    """Plaza Lover: claim the empty city at `pos`."""

    pos: int

    def _format(self) -> str:
        return f"plaza {self.pos}"

    @classmethod
    def parse(cls, text: str) -> Plaza:
        words = _words(text, "plaza", (2,), "'plaza <pos>', e.g. 'plaza 3'")
        return cls(parse_position(words[1], text))


@dataclass(frozen=True)
class Prophecy(_Text):
    """Prophecy: look at the top cards of the dream deck (an `Order` follows)."""

    def _format(self) -> str:
        return "prophecy"

    @classmethod
    def parse(cls, text: str) -> Prophecy:
        if text.strip().lower() != "prophecy":
            raise MoveParseError(text, "'prophecy'")
        return cls()


@dataclass(frozen=True)
class Order(_Text):
    """Prophecy: put the cards looked at back in this order, top first."""

    cards: tuple[str, ...]

    def _format(self) -> str:
        return "order " + " ".join(self.cards)

    @classmethod
    def parse(cls, text: str) -> Order:
        words = _words(text, "order", (2, 3, 4, 5), "'order <cards, top first>', e.g. "
                                                    "'order SW1 IE2'")
        return cls(tuple(parse_card(w, text) for w in words[1:]))


@dataclass(frozen=True)
class PlaceChaos(_Text):
    """A chaos card on `side` of the city at `pos` (it must be a stronger side)."""

    card: str
    pos: int
    side: int

    def _format(self) -> str:
        return f"chaos {self.card} {self.pos}{side_letter(self.side)}"

    @classmethod
    def parse(cls, text: str) -> PlaceChaos:
        return _parse_kind(cls, text)


@dataclass(frozen=True)
class ClearCity(_Text):
    """Penalty 2: discard the chaos card and every card of the balanced city at `pos`."""

    card: str
    pos: int

    def _format(self) -> str:
        return f"chaos {self.card} clear {self.pos}"

    @classmethod
    def parse(cls, text: str) -> ClearCity:
        return _parse_kind(cls, text)


@dataclass(frozen=True)
class RevealCards(_Text):
    """Penalty 3: discard the chaos card and reveal up to four cards of the deck."""

    card: str

    def _format(self) -> str:
        return f"chaos {self.card} reveal"

    @classmethod
    def parse(cls, text: str) -> RevealCards:
        return _parse_kind(cls, text)


def _parse_kind(kind: Any, text: str) -> Any:
    move = parse_chaos(text)
    if not isinstance(move, kind):
        raise MoveParseError(text, f"a {kind.__name__} move")
    return move


def parse_chaos(text: str) -> Move:
    """``chaos C5 3L`` / ``chaos C5 clear 2`` / ``chaos C5 reveal``."""
    expected = "'chaos <card> <pos><side>', 'chaos <card> clear <pos>' or 'chaos <card> reveal'"
    words = _words(text, "chaos", (3, 4), expected)
    card = parse_card(words[1], text)
    if not card.startswith("C"):
        raise MoveParseError(text, "a chaos card such as C5")
    if len(words) == 4:
        if words[2].lower() != "clear":
            raise MoveParseError(text, expected)
        return ClearCity(card, parse_position(words[3], text))
    if words[2].lower() == "reveal":
        return RevealCards(card)
    pos, side = parse_place(words[2], text)
    return PlaceChaos(card, pos, side)


@dataclass(frozen=True)
class SeedSide(_Text):
    """The side for seeded cards that do not decide it by their type."""

    pos: int
    side: int

    def _format(self) -> str:
        return f"seed {self.pos}{side_letter(self.side)}"

    @classmethod
    def parse(cls, text: str) -> SeedSide:
        words = _words(text, "seed", (2,), "'seed <pos><side>', e.g. 'seed 2L'")
        pos, side = parse_place(words[1], text)
        return cls(pos, side)


@dataclass(frozen=True)
class MoreBooks(_Text):
    """Book of Powers setup: turn up another book (`more`), or stop."""

    more: bool

    def _format(self) -> str:
        return "books more" if self.more else "books done"

    @classmethod
    def parse(cls, text: str) -> MoreBooks:
        words = _words(text, "books", (2,), "'books more' or 'books done'")
        if words[1].lower() not in ("more", "done"):
            raise MoveParseError(text, "'books more' or 'books done'")
        return cls(words[1].lower() == "more")


# --- chance ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckEvent(_Text):
    """The deck profile in use (`DeckProfile.text()`), the first entry of a record."""

    profile: str

    def _format(self) -> str:
        return f"deck {self.profile}"

    @classmethod
    def parse(cls, text: str) -> DeckEvent:
        words = text.split(maxsplit=1)
        expected = "'deck I:… S:… C:… H:…', the deck profile with powers as digits"
        if len(words) != 2 or words[0].lower() != "deck":
            raise MoveParseError(text, expected)
        try:
            profile = profile_from_text(words[1])
        except ProfileError:
            raise MoveParseError(text, expected) from None
        return cls(profile.text())


@dataclass(frozen=True)
class BookDraw(_Text):
    """A book of powers turned face up."""

    book: str

    def _format(self) -> str:
        return f"book {self.book}"

    @classmethod
    def parse(cls, text: str) -> BookDraw:
        words = _words(text, "book", (2,), "'book <id>', e.g. 'book prophecy-1'")
        if words[1].lower() not in BOOK_IDS:
            raise MoveParseError(text, "a book id: " + ", ".join(BOOK_IDS))
        return cls(words[1].lower())


@dataclass(frozen=True)
class CityDraw(_Text):
    """A city card from the top of the city deck."""

    city: str

    def _format(self) -> str:
        return f"city {self.city}"

    @classmethod
    def parse(cls, text: str) -> CityDraw:
        words = _words(text, "city", (2,), "'city <elements>', e.g. 'city EW' or 'city EWFA'")
        if not is_city_code(words[1].upper()):
            raise MoveParseError(text, "a city card: EW, EF, EA, WF, WA, FA or EWFA")
        return cls(words[1].upper())


@dataclass(frozen=True)
class Draw(_Text):
    """A dream card from the top of the dream deck."""

    card: str

    def _format(self) -> str:
        return f"draw {self.card}"

    @classmethod
    def parse(cls, text: str) -> Draw:
        words = _words(text, "draw", (2,), "'draw <card>', e.g. 'draw IE2'")
        return cls(parse_card(words[1], text))


_FIXED: dict[str, Move] = {**{kind: Effect(kind) for kind in EFFECT_KINDS},
                           "balance": Balance(False), "joyful": Balance(True), "done": Done(),
                           "polarity": Polarity(), "prophecy": Prophecy()}
_PARSERS: dict[str, Any] = {
    "discard": Discard.parse, "zero": Zero.parse,
    "swap": lambda text: (SwapFrom if len(text.split()) == 2 else Swap).parse(text),
    "fly": lambda text: (FlyFrom if len(text.split()) == 2 else Fly).parse(text),
    "vanish": Vanish.parse, "plaza": Plaza.parse, "order": Order.parse, "chaos": parse_chaos,
    "seed": SeedSide.parse, "books": MoreBooks.parse, "deck": DeckEvent.parse,
    "book": BookDraw.parse, "city": CityDraw.parse, "draw": Draw.parse,
}


def parse_move(text: str) -> Move:
    """Any Equilibrium move or chance outcome from its notation; `MoveParseError` otherwise."""
    words = text.split()
    if not words:
        raise MoveParseError(text, EXAMPLES)
    head = words[0].lower()
    if len(words) == 1 and head in _FIXED:
        return _FIXED[head]
    if head in _PARSERS:
        move: Move = _PARSERS[head](text)
        return move
    if is_dream_code(words[0].upper()):
        return Play.parse(text)
    raise MoveParseError(text, EXAMPLES)

